/** `pi auth` without a network: help, the login menu, logout listing and usage errors of the built CLI. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AUTH_HELP } from "../../src/cli/auth-texts.js";
import { runPi, useCliWorld } from "./harness.js";

const cli = useCliWorld();

describe("pi auth", () => {
	it("--help and no subcommand print the usage on stdout", async () => {
		for (const args of [["auth"], ["auth", "--help"], ["auth", "check", "--help"]]) {
			const result = await runPi(cli.world, args);
			expect({ code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
				code: 0,
				stdout: AUTH_HELP,
				stderr: "",
			});
		}
	});

	it("login without a provider lists subscriptions, then API-key providers, and exits 2 when not asked on a terminal", async () => {
		const result = await runPi(cli.world, ["auth", "login"]);
		expect(result.code).toBe(2);
		const lines = result.stdout.split("\n");
		expect(lines[0]).toBe("Sign in with a subscription:");
		expect(lines[1]).toMatch(/^ {2} 1\. anthropic +Claude Pro\/Max$/);
		expect(lines.indexOf("Or store an API key for:")).toBe(4);
		expect(result.stdout).toMatch(/\. openai +OpenAI API key\n/);
	});

	it("logout without a provider lists what is stored, OAuth entries by subscription name", async () => {
		writeFileSync(
			join(cli.world.agentDir, "auth.json"),
			JSON.stringify({
				anthropic: { type: "oauth", access: "a", refresh: "r", expires: 1 },
				openai: { type: "api_key", key: "sk-1" },
			}),
		);
		const result = await runPi(cli.world, ["auth", "logout"]);
		expect(result.stdout).toBe(
			"Stored credentials:\n  anthropic  Claude Pro/Max\n  openai  API key\nRun pi auth logout <provider>.\n",
		);
		const missing = await runPi(cli.world, ["auth", "logout", "google"]);
		expect({ code: missing.code, stderr: missing.stderr }).toEqual({
			code: 1,
			stderr: "Error: No credentials are stored for google.\n",
		});
	});

	it("usage errors exit 2 with one Error line", async () => {
		const unknown = await runPi(cli.world, ["auth", "frobnicate"]);
		expect(unknown.code).toBe(2);
		expect(unknown.stderr).toMatch(/^Error: Unknown auth command "frobnicate"/);
		const option = await runPi(cli.world, ["auth", "check", "openai", "--bogus"]);
		expect({ code: option.code, stderr: option.stderr }).toEqual({
			code: 2,
			stderr: "Error: Unknown option for pi auth check: --bogus\n",
		});
		const duration = await runPi(cli.world, ["auth", "print-bearer-token", "anthropic", "--min-expiry", "soon"]);
		expect(duration.code).toBe(2);
		expect(duration.stdout).toBe("");
	});
});

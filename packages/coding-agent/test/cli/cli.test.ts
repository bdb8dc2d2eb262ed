import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MOCK_MODEL, runPi, useCliWorld } from "./harness.js";

const cli = useCliWorld();

const version = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).version;

describe("pi information flags", () => {
	it("prints the version and the grouped help on stdout", async () => {
		expect(await runPi(cli.world, ["--version"])).toEqual({
			code: 0,
			signal: null,
			stdout: `${version}\n`,
			stderr: "",
		});
		const help = await runPi(cli.world, ["-h"]);
		expect(help.code).toBe(0);
		for (const text of ["Usage: pi [options]", "Model:", "Session:", "-nt, --no-tools", "Examples:", "Exit codes:"]) {
			expect(help.stdout).toContain(text);
		}
	});

	it("lists available models as a table, filtered by a search term", async () => {
		const result = await runPi(cli.world, ["--list-models", "anthropic"]);
		expect(result.code).toBe(0);
		const lines = result.stdout.trimEnd().split("\n");
		expect(lines[0]).toMatch(/^provider\s+model\s+context\s+maxOut\s+thinking\s+images$/);
		expect(lines.slice(1)).toEqual([
			expect.stringMatching(/^mock-anthropic\s+mock-model\s+128K\s+16\.4K\s+yes\s+yes$/),
		]);
	});

	it("prints the system prompt this invocation would use", async () => {
		const result = await runPi(cli.world, ["--print-system-prompt", "--model", MOCK_MODEL, "--tools", "read", "-nc"]);
		expect(result.code).toBe(0);
		expect(result.stdout).toContain(`Current working directory: ${cli.world.cwd}`);
		expect(result.stdout).toContain("read");
	});

	it("exports a session file written by a print run", async () => {
		cli.server.enqueue({ text: "exported answer" });
		const sessionFile = join(cli.world.cwd, "s.jsonl");
		expect((await runPi(cli.world, ["-p", "--model", MOCK_MODEL, "--session", sessionFile, "hi"])).code).toBe(0);
		const result = await runPi(cli.world, ["--export", "s.jsonl", "out.html"]);
		expect(result).toMatchObject({ code: 0, stdout: `Exported to: ${join(cli.world.cwd, "out.html")}\n` });
		expect(readFileSync(join(cli.world.cwd, "out.html"), "utf8")).toContain("exported answer");
		const missing = await runPi(cli.world, ["--export", "nope.jsonl"]);
		expect(missing).toMatchObject({
			code: 1,
			stdout: "",
			stderr: `Error: Session file not found: ${join(cli.world.cwd, "nope.jsonl")}\n`,
		});
		expect(existsSync(join(cli.world.cwd, "pi-session-nope.html"))).toBe(false);
	});
});

describe("pi usage errors (exit 2, nothing on stdout)", () => {
	it.each([
		[["--frobnicate"], "Error: Unknown option: --frobnicate\n"],
		[["--mode", "xml", "hi"], 'Error: Invalid value for --mode: "xml". Use one of: text, json, rpc\n'],
		[
			["--thinking", "loud", "-p", "hi"],
			'Error: Invalid value for --thinking: "loud". Use one of: off, minimal, low, medium, high, xhigh\n',
		],
		[
			["-p", "--resume", "hi"],
			"Error: --resume needs a terminal to pick a session; use --continue or --session <path|id> instead\n",
		],
	])("%j", async (args, stderr) => {
		expect(await runPi(cli.world, args)).toEqual({ code: 2, signal: null, stdout: "", stderr });
	});

	it("runs the package subcommand words as commands, never as a prompt (test/cli/packages.test.ts)", async () => {
		const result = await runPi(cli.world, ["update"]);
		expect(result).toEqual({ code: 0, signal: null, stdout: "No packages to update\n", stderr: "" });
	});
});

import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { tempDir, warningSink, writeFile } from "./helpers.js";

describe("AuthStorage", () => {
	it("creates nothing when reading; creates the dir 0700 and the file 0600 when saving", () => {
		const agentDir = join(tempDir(), "agent");
		const auth = AuthStorage.create({ agentDir });
		expect(auth.get("anthropic")).toBeUndefined();
		expect(existsSync(agentDir)).toBe(false);
		auth.setApiKey("anthropic", "sk-ant-123456789");
		const file = join(agentDir, "auth.json");
		expect(statSync(agentDir).mode & 0o777).toBe(0o700);
		expect(statSync(file).mode & 0o777).toBe(0o600);
		expect(readFileSync(file, "utf8")).toBe(
			`${JSON.stringify({ anthropic: { type: "api_key", key: "sk-ant-123456789" } }, null, 2)}\n`,
		);
	});

	it("changes one entry per write, keeping unknown entry types and concurrent edits", () => {
		const agentDir = tempDir();
		const file = join(agentDir, "auth.json");
		const custom = { type: "device-code", token: "t", extra: { a: 1 } };
		writeFile(file, { weird: custom, openai: { type: "api_key", key: "OPENAI_KEY" } });
		const auth = AuthStorage.create({ agentDir });
		writeFile(file, {
			weird: custom,
			openai: { type: "api_key", key: "OPENAI_KEY" },
			added: { type: "api_key", key: "x" },
		});
		auth.remove("openai");
		auth.set("github-copilot", { type: "oauth", access: "a", refresh: "r", expires: 5, enterpriseUrl: "e" });
		expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
			weird: custom,
			added: { type: "api_key", key: "x" },
			"github-copilot": { type: "oauth", access: "a", refresh: "r", expires: 5, enterpriseUrl: "e" },
		});
		expect(auth.get("weird")).toEqual(custom);
	});

	it("ignores an unparseable file and never overwrites it", () => {
		const agentDir = tempDir();
		const file = writeFile(join(agentDir, "auth.json"), "{nope");
		const sink = warningSink();
		const auth = AuthStorage.create({ agentDir, onWarning: sink.onWarning });
		expect(sink.warnings[0]).toMatch(/^Ignoring .*auth\.json: /);
		auth.setApiKey("openai", "k");
		expect(sink.warnings[1]).toBe(
			`Could not save credentials: ${file} is not valid JSON; change kept for this session only`,
		);
		expect(readFileSync(file, "utf8")).toBe("{nope");
		expect(auth.get("openai")).toEqual({ type: "api_key", key: "k" });
	});
});

describe("AuthStorage: wrong-typed entries", () => {
	it("names the file and field of each wrong entry, ignores those entries and keeps the good ones", () => {
		const agentDir = tempDir();
		const file = join(agentDir, "auth.json");
		const content = {
			anthropic: "sk-ant-pasted-as-a-string",
			openai: { type: "api_key", key: 12345 },
			google: { key: "AIza-no-type" },
			groq: { type: "api_key", key: "" },
			copilot: { type: "oauth", access: "a", refresh: "r", expires: "tomorrow" },
			codex: { type: "oauth", access: 7, refresh: "r", expires: 5 },
			mistral: { type: "api_key", key: "MISTRAL_KEY" },
			device: { type: "device-code", token: 42 },
		};
		writeFile(file, content);
		const sink = warningSink();
		const auth = AuthStorage.create({ agentDir, onWarning: sink.onWarning });
		expect(sink.warnings).toEqual([
			`Ignoring credential "anthropic" in ${file}: expected an object such as {"type": "api_key", "key": "..."}`,
			`Ignoring credential "openai.key" in ${file}: expected a non-empty string`,
			`Ignoring credential "google.type" in ${file}: expected a string ("api_key" or "oauth")`,
			`Ignoring credential "groq.key" in ${file}: expected a non-empty string`,
			`Ignoring credential "copilot.expires" in ${file}: expected a number (epoch milliseconds)`,
			`Ignoring credential "codex.access" in ${file}: expected a non-empty string`,
		]);
		for (const provider of ["anthropic", "openai", "google", "groq", "copilot", "codex"]) {
			expect(auth.get(provider)).toBeUndefined();
		}
		expect(auth.list()).toEqual(["mistral", "device"]);
		expect(auth.get("mistral")).toEqual({ type: "api_key", key: "MISTRAL_KEY" });
		// Types pi does not know are kept unchecked.
		expect(auth.get("device")).toEqual({ type: "device-code", token: 42 });
	});

	it("loses nothing: saving another entry leaves the wrong ones in the file for the user to fix", () => {
		const agentDir = tempDir();
		const file = writeFile(join(agentDir, "auth.json"), { openai: { type: "api_key", key: ["x"] } });
		const sink = warningSink();
		const auth = AuthStorage.create({ agentDir, onWarning: sink.onWarning });
		auth.setApiKey("anthropic", "sk-ant-123456789");
		expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
			openai: { type: "api_key", key: ["x"] },
			anthropic: { type: "api_key", key: "sk-ant-123456789" },
		});
		expect(auth.get("openai")).toBeUndefined();
		expect(sink.warnings).toHaveLength(1);
		// Fixing the entry by saving it replaces it.
		auth.setApiKey("openai", "OPENAI_KEY");
		expect(auth.get("openai")).toEqual({ type: "api_key", key: "OPENAI_KEY" });
	});
});

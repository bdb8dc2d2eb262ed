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

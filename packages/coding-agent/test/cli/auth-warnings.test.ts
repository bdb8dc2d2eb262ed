/**
 * A wrong-typed auth.json entry is reported like every other malformed config (issue 21 point 4): one "Ignoring …"
 * line on stderr naming the file and the field, never the value (it may be a secret), and the run goes on.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MOCK_MODEL, runPi, useCliWorld } from "./harness.js";

const cli = useCliWorld({ resetServerEachTest: true });

describe("auth.json with wrong-typed entries", () => {
	it("pi -p names each ignored entry on stderr without its value and still answers", async () => {
		const file = join(cli.world.agentDir, "auth.json");
		writeFileSync(
			file,
			JSON.stringify({ anthropic: "sk-ant-secret-pasted-bare", openai: { type: "api_key", key: 9876543210 } }),
		);
		cli.server.enqueue({ text: "answered" });
		const result = await runPi(cli.world, ["-p", "--no-session", "--model", MOCK_MODEL, "hi"]);
		expect(result).toMatchObject({ code: 0, stdout: "answered\n" });
		expect(result.stderr).toBe(
			`Ignoring credential "anthropic" in ${file}: expected an object such as {"type": "api_key", "key": "..."}\n` +
				`Ignoring credential "openai.key" in ${file}: expected a non-empty string\n`,
		);
		expect(result.stderr).not.toContain("sk-ant-secret-pasted-bare");
		expect(result.stderr).not.toContain("9876543210");
	});
});

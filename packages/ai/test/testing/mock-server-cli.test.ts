import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const cli = fileURLToPath(new URL("../../dist/testing/mock-server/cli.js", import.meta.url));

describe.runIf(existsSync(cli))("mock server CLI", () => {
	it("serves a script file, prints its URL and logs requests to stderr", async () => {
		const dir = mkdtempSync(join(tmpdir(), "pi-mock-cli-"));
		const script = join(dir, "turns.json");
		writeFileSync(script, JSON.stringify([{ text: "scripted answer" }]));
		const child = spawn(process.execPath, [cli, "--script", script], { stdio: ["ignore", "pipe", "pipe"] });
		try {
			let stderr = "";
			child.stderr.on("data", (chunk) => {
				stderr += chunk;
			});
			const url = await new Promise<string>((resolve) => {
				child.stdout.once("data", (chunk) => resolve(String(chunk).trim()));
			});
			expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
			const response = await fetch(`${url}/v1/messages`, { method: "POST", body: '{"model":"m"}' });
			const body = await response.text();
			expect(body).toContain('"text":"scripted answer"');
			expect(body).toContain("event: message_stop");
			const empty = await fetch(`${url}/v1/messages`, { method: "POST", body: "{}" });
			expect(empty.status).toBe(500);
			expect(stderr).toContain('POST /v1/messages (anthropic-messages) {"model":"m"}');
		} finally {
			child.kill();
		}
	});

	it("rejects a script that is not a JSON array", async () => {
		const dir = mkdtempSync(join(tmpdir(), "pi-mock-cli-"));
		const script = join(dir, "bad.json");
		writeFileSync(script, '{"text":"x"}');
		const child = spawn(process.execPath, [cli, "--script", script], { stdio: ["ignore", "pipe", "pipe"] });
		let stderr = "";
		child.stderr.on("data", (chunk) => {
			stderr += chunk;
		});
		const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
		expect(code).toBe(2);
		expect(stderr).toContain("The script must be a JSON array of turns.");
	});
});

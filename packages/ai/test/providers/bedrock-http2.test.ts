/**
 * The transport real AWS endpoints get: the SDK's HTTP/2 handler over TLS (the other Bedrock tests use the plain-HTTP
 * mock, which takes HTTP/1.1). Runs the built package in a child process that trusts the loopback certificate.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const dist = fileURLToPath(new URL("../../dist", import.meta.url));
const probe = fileURLToPath(new URL("../fixtures/bedrock-h2-probe.mjs", import.meta.url));
const cert = fileURLToPath(new URL("../fixtures/loopback-cert.pem", import.meta.url));

describe.runIf(existsSync(`${dist}/providers/bedrock.js`))("bedrock over HTTP/2", () => {
	it("streams an answer from an https endpoint with the SDK's default HTTP/2 transport", () => {
		const output = execFileSync(process.execPath, [probe, dist], {
			encoding: "utf8",
			env: { PATH: process.env.PATH, NODE_EXTRA_CA_CERTS: cert },
			timeout: 30_000,
		});
		const { seen, message } = JSON.parse(output);
		expect(seen).toEqual([
			{
				path: "/model/anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream",
				authorization: "Bearer tok",
				alpn: "h2",
			},
		]);
		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([{ type: "text", text: "hello over h2" }]);
	});
});

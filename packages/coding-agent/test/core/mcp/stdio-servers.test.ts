/**
 * MCP servers from npm over stdio, through the agent loop with the faux model: server-everything (round trip,
 * images, secrets from env kept out of the session file) and server-filesystem (an error result).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { sessionMessages } from "../../../src/core/session/index.js";
import {
	createMcpSession,
	everythingServer,
	filesystemServer,
	type McpTestSession,
	offeredTools,
	toolResultsSeen,
} from "./helpers.js";

let t: McpTestSession | undefined;
afterEach(async () => {
	await t?.cleanup();
	t = undefined;
});

describe("server-everything over stdio", () => {
	it("offers its tools as mcp__everything__<tool> and runs a call round trip through the agent loop", async () => {
		const secret = "sk-mcp-test-0123456789abcdef";
		t = await createMcpSession({ user: { everything: everythingServer({ env: { MCP_TEST_TOKEN: secret } }) } });
		t.faux.enqueue(
			{ toolCalls: [{ name: "mcp__everything__echo", arguments: { message: "hello mcp" } }] },
			{ toolCalls: [{ name: "mcp__everything__get-env", arguments: {} }] },
			{ text: "done" },
		);
		await t.session.prompt("use the tools");

		const tools = offeredTools(t.faux, 0);
		expect(tools).toEqual(expect.arrayContaining(["mcp__everything__echo", "mcp__everything__get-env"]));
		expect(tools.every((name) => name.startsWith("mcp__everything__"))).toBe(true);
		// The echo came back from the server process, not from pi.
		expect(toolResultsSeen(t.faux, 1)).toEqual([
			{ name: "mcp__everything__echo", text: "Echo: hello mcp", isError: false },
		]);
		// The env value reached the server (get-env returns its environment) and the model, but not the file.
		expect(toolResultsSeen(t.faux, 2)[1]?.text).toContain(secret);
		const file = readFileSync(t.session.sessionFile!, "utf8");
		expect(file).not.toContain(secret);
		expect(file).toContain(sessionMessages.redacted);
		// The HTML export is built from the entries in memory: redacted as well.
		const html = readFileSync(await t.session.exportToHtml(join(t.root, "export.html")), "utf8");
		expect(html).toContain("Echo: hello mcp");
		expect(html).not.toContain(secret);
		expect(t.warnings).toEqual([]);
	});

	it("maps image content to an image block of the tool result", async () => {
		t = await createMcpSession({ user: { everything: everythingServer() } });
		t.faux.enqueue({ toolCalls: [{ name: "mcp__everything__get-tiny-image", arguments: {} }] }, { text: "ok" });
		await t.session.prompt("show me");
		const result = t.fileLines().find((line) => line.message?.role === "toolResult")?.message;
		expect(result.isError).toBe(false);
		const image = result.content.find((block: { type: string }) => block.type === "image");
		expect(image.mimeType).toBe("image/png");
		expect(image.data.length).toBeGreaterThan(100);
	});

	it("rejects arguments that do not match the tool's schema before calling the server, like built-in tools", async () => {
		t = await createMcpSession({ user: { everything: everythingServer() } });
		t.faux.enqueue(
			{ toolCalls: [{ name: "mcp__everything__echo", arguments: { text: "wrong name" } }] },
			{ text: "ok" },
		);
		await t.session.prompt("go");
		const [result] = toolResultsSeen(t.faux, 1);
		expect(result?.isError).toBe(true);
		expect(result?.text).toContain('Invalid arguments for tool "mcp__everything__echo"');
		expect(result?.text).toContain("message: Expected required property");
	});
});

describe("server-filesystem over stdio", () => {
	it("keeps isError: a read outside the allowed directory is an error result with the server's text", async () => {
		const allowed = mkdtempSync(join(tmpdir(), "pi-mcp-fs-"));
		onTestFinished(() => rmSync(allowed, { recursive: true, force: true }));
		writeFileSync(join(allowed, "note.txt"), "inside");
		t = await createMcpSession({ user: { fs: filesystemServer(allowed) } });
		t.faux.enqueue(
			{ toolCalls: [{ name: "mcp__fs__read_text_file", arguments: { path: join(allowed, "note.txt") } }] },
			{ toolCalls: [{ name: "mcp__fs__read_text_file", arguments: { path: "/etc/hostname" } }] },
			{ text: "ok" },
		);
		await t.session.prompt("read");
		expect(toolResultsSeen(t.faux, 1)).toEqual([{ name: "mcp__fs__read_text_file", text: "inside", isError: false }]);
		const denied = toolResultsSeen(t.faux, 2)[1];
		expect(denied?.isError).toBe(true);
		expect(denied?.text).toMatch(/Access denied|outside allowed/i);
	});
});

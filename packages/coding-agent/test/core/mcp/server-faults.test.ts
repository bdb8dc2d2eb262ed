/**
 * Server behaviour pi must survive, with the test's own stdio server (fixtures/fake-server.mjs): progress
 * notifications as tool updates, a crash in the middle of a call, a call that never answers, a server that never
 * finishes its handshake, garbage on stdout, a tool schema providers would reject, an abort during a call, and a
 * prompt sent while a server is still starting.
 */
import { afterEach, describe, expect, it } from "vitest";
import { mcpTexts } from "../../../src/core/mcp/index.js";
import { MCP_MAX_TEXT_BYTES } from "../../../src/core/mcp/tools.js";
import { createMcpSession, fakeServer, type McpTestSession, offeredTools, toolResultsSeen } from "./helpers.js";

let t: McpTestSession | undefined;
afterEach(async () => {
	await t?.cleanup();
	t = undefined;
});

describe("MCP tool calls", () => {
	it("turns progress notifications into tool updates and ends with the result", async () => {
		t = await createMcpSession({ user: { fake: fakeServer("ok") } });
		t.faux.enqueue({ toolCalls: [{ name: "mcp__fake__progress", arguments: {} }] }, { text: "ok" });
		await t.session.prompt("go");
		const updates = t.events.flatMap((event) =>
			event.type === "tool_execution_update" ? [(event.partialResult.content[0] as { text?: string })?.text] : [],
		);
		expect(updates).toEqual(["step 1 (1/2)", "step 2 (2/2)"]);
		expect(toolResultsSeen(t.faux, 1)).toEqual([
			{ name: "mcp__fake__progress", text: "progress done", isError: false },
		]);
	});

	it("cuts a result's text to 50 KB with a notice for the model", async () => {
		t = await createMcpSession({ user: { fake: fakeServer("ok") } });
		t.faux.enqueue(
			{ toolCalls: [{ name: "mcp__fake__shout", arguments: { text: "ab", repeat: 40_000 } }] },
			{ text: "ok" },
		);
		await t.session.prompt("go");
		const [result] = toolResultsSeen(t.faux, 1);
		const notice = mcpTexts.truncated(MCP_MAX_TEXT_BYTES, 80_000);
		expect(result?.text).toBe(`${"AB".repeat(MCP_MAX_TEXT_BYTES / 2)}${notice}`);
	});

	it("a crash mid-call is an error result naming the server's last stderr line; reported once, tools gone, pi keeps working", async () => {
		t = await createMcpSession({ user: { fake: fakeServer("ok") } });
		t.faux.enqueue(
			{ toolCalls: [{ name: "mcp__fake__crash", arguments: {} }] },
			{ text: "it crashed" },
			{ text: "still here" },
		);
		await t.session.prompt("crash it");
		const [result] = toolResultsSeen(t.faux, 1);
		expect(result?.isError).toBe(true);
		expect(result?.text).toContain('MCP server "fake" failed during the call');
		expect(result?.text).toContain("fake server: simulated crash");

		await t.session.prompt("next");
		expect(offeredTools(t.faux, 2)).toEqual([]);
		expect(t.warnings).toEqual([mcpTexts.died("fake", "the connection closed (stderr: fake server: simulated crash)")]);
		expect(t.session.mcp?.getStatus()).toMatchObject([{ name: "fake", state: "failed", tools: [] }]);
		expect(t.session.getLastAssistantText()).toBe("still here");
	});

	it("a call without an answer ends after the server's timeout with an error result", async () => {
		t = await createMcpSession({ user: { fake: fakeServer("ok", { timeout: 200 }) } });
		t.faux.enqueue({ toolCalls: [{ name: "mcp__fake__hang", arguments: {} }] }, { text: "gave up" });
		await t.session.prompt("wait");
		expect(toolResultsSeen(t.faux, 1)).toEqual([
			{ name: "mcp__fake__hang", text: mcpTexts.callTimeout("fake", "hang", 200), isError: true },
		]);
		// The server is fine: only the call timed out.
		expect(t.session.mcp?.getStatus()[0]?.state).toBe("connected");
	});

	it("an abort cancels a running call", async () => {
		t = await createMcpSession({ user: { fake: fakeServer("ok") } });
		t.faux.enqueue({ toolCalls: [{ name: "mcp__fake__hang", arguments: {} }] });
		const started = new Promise<void>((resolve) => {
			t!.session.subscribe((event) => {
				if (event.type === "tool_execution_start") resolve();
			});
		});
		const run = t.session.prompt("wait");
		await started;
		await t.session.abort();
		await run;
		const end = t.events.find((event) => event.type === "tool_execution_end");
		expect(end).toMatchObject({ isError: true, result: { content: [{ text: mcpTexts.callCancelled }] } });
	});
});

describe("MCP server start-up", () => {
	it("a prompt sent while a server is starting waits for it and gets its tools", async () => {
		t = await createMcpSession({ user: { slow: fakeServer("slow") } });
		expect(t.session.mcp?.getStatus()[0]?.state).toBe("starting");
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("hi");
		expect(offeredTools(t.faux, 0)).toEqual([
			"mcp__slow__shout",
			"mcp__slow__crash",
			"mcp__slow__hang",
			"mcp__slow__progress",
		]);
	});

	it("a server that never answers the handshake fails after its startup timeout; the prompt goes without it", async () => {
		t = await createMcpSession({
			user: { mute: fakeServer("mute", { startupTimeout: 300 }), fake: fakeServer("ok") },
		});
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("hi");
		expect(offeredTools(t.faux, 0)).toEqual([
			"mcp__fake__shout",
			"mcp__fake__crash",
			"mcp__fake__hang",
			"mcp__fake__progress",
		]);
		expect(t.warnings).toEqual([mcpTexts.startFailed("mute", mcpTexts.startupTimeout(300))]);
		expect(t.session.mcp?.getStatus().map((server) => server.state)).toEqual(["failed", "connected"]);
	});

	it("an abort while a prompt waits for a starting server ends the wait: no request is sent", async () => {
		t = await createMcpSession({ user: { mute: fakeServer("mute", { startupTimeout: 60_000 }) } });
		t.faux.enqueue({ text: "never sent" });
		const run = t.session.prompt("hi");
		// Accepted (busy) means the run is waiting for the server.
		while (!t.session.isStreaming) await new Promise((resolve) => setTimeout(resolve, 5));
		await t.session.abort();
		await run;
		// Still starting: the prompt did not sit out the 60 s start-up timeout.
		expect(t.session.mcp?.getStatus()[0]?.state).toBe("starting");
		expect(t.faux.requests).toHaveLength(0);
		expect(t.session.isStreaming).toBe(false);
	});

	it("a command that does not exist is reported with its name", async () => {
		t = await createMcpSession({ user: { missing: { command: "/nonexistent/mcp-server-binary" } } });
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("hi");
		expect(t.warnings).toHaveLength(1);
		expect(t.warnings[0]).toContain(
			'MCP server "missing" could not start: could not run "/nonexistent/mcp-server-binary"',
		);
	});

	it("a secret the server writes to stderr is redacted from the failure report and the state", async () => {
		const token = "leaky-secret-value-123";
		t = await createMcpSession({ user: { leak: fakeServer("leak", { env: { LEAK_TOKEN: token } }) } });
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("hi");
		const reason = "the connection closed (stderr: refusing to start with token=[REDACTED])";
		expect(t.warnings).toEqual([mcpTexts.startFailed("leak", reason)]);
		expect(t.session.mcp?.getStatus()[0]?.error).toBe(reason);
	});

	it("a working directory that does not exist is named as such", async () => {
		t = await createMcpSession({ user: { lost: fakeServer("ok", { cwd: "/nonexistent/mcp-dir" }) } });
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("hi");
		expect(t.warnings).toEqual([mcpTexts.startFailed("lost", mcpTexts.noCwd("/nonexistent/mcp-dir"))]);
	});

	it("garbage on stdout is reported once and ignored; the server still works", async () => {
		t = await createMcpSession({ user: { noisy: fakeServer("noisy") } });
		t.faux.enqueue({ toolCalls: [{ name: "mcp__noisy__shout", arguments: { text: "hey" } }] }, { text: "ok" });
		await t.session.prompt("go");
		expect(toolResultsSeen(t.faux, 1)).toEqual([{ name: "mcp__noisy__shout", text: "HEY", isError: false }]);
		expect(t.warnings).toEqual([mcpTexts.garbage("noisy")]);
	});

	it("a tool whose schema providers would reject is reported and skipped; the others stay", async () => {
		t = await createMcpSession({ user: { odd: fakeServer("bad-schema") } });
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("hi");
		expect(offeredTools(t.faux, 0)).toEqual(["mcp__odd__shout"]);
		expect(t.warnings).toEqual([mcpTexts.toolSkipped("odd", "broken", mcpTexts.schemaNotObject)]);
	});
});

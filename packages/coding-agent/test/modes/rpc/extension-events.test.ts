/**
 * Extension events through the built CLI: the same fixture in print mode and in RPC mode hears the run's events in
 * order, and its results (input transform, system prompt, tool_call block, payload replacement, supplied
 * compaction) reach the model and the session.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { MOCK_MODEL, type RawRpc, runPi, startRawRpc, useCliWorld } from "../../cli/harness.js";

const TRACE = fileURLToPath(new URL("../../fixtures/extensions/events-trace.mjs", import.meta.url));

const cli = useCliWorld({ resetServerEachTest: true, settings: { compaction: { keepRecentTokens: 1 } } });
let raw: RawRpc | undefined;
afterEach(() => {
	raw?.kill("SIGKILL");
	raw = undefined;
});

function readTrace(file: string): Record<string, any>[] {
	return readFileSync(file, "utf8")
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line));
}

/** The run the mock server plays: a write of a blocked path, then an answer. */
function enqueueBlockedWrite(): void {
	cli.server.enqueue(
		{ toolCalls: [{ id: "call-1", name: "write", arguments: { file_path: "blocked.txt", content: "x" } }] },
		{ text: "done" },
	);
}

/** What the first request to the model shows of the fixture's results. */
function expectResultsReachedTheModel(userText: string): void {
	const body = cli.server.requests[0]!.body;
	expect(body.temperature).toBe(0.5);
	expect(JSON.stringify(body.messages[0])).toContain("TRACE-MARK");
	expect(JSON.stringify(body.messages.at(-1))).toContain(userText);
	const second = JSON.stringify(cli.server.requests[1]!.body.messages);
	expect(second).toContain("Tool call blocked: not this one");
}

/** The events of one prompt with a blocked tool call, as the fixture records them. */
function runEvents(source: string, userText: string) {
	return [
		{ type: "input", text: expect.any(String), source },
		{ type: "before_agent_start" },
		{ type: "agent_start" },
		{ type: "turn_start", turnIndex: 0 },
		{ type: "message_start", role: "user" },
		{ type: "message_end", role: "user" },
		{ type: "context" },
		{ type: "before_provider_request" },
		{ type: "message_start", role: "assistant" },
		{ type: "message_end", role: "assistant" },
		{ type: "tool_execution_start", args: { path: "blocked.txt", content: "x" } },
		{ type: "tool_call", input: { path: "blocked.txt", content: "x" } },
		{ type: "tool_execution_end" },
		{ type: "message_start", role: "toolResult" },
		{ type: "message_end", role: "toolResult" },
		{ type: "turn_end", turnIndex: 0 },
		{ type: "turn_start", turnIndex: 1 },
		{ type: "context" },
		{ type: "before_provider_request" },
		{ type: "message_start", role: "assistant" },
		{ type: "message_end", role: "assistant" },
		{ type: "turn_end", turnIndex: 1 },
		{ type: "agent_end" },
	].map((event) => (event.type === "input" ? { ...event, text: userText } : event));
}

describe("extension events in print and RPC mode", () => {
	it("print mode: the run's events fire in order between session_start and session_shutdown", async () => {
		const trace = join(cli.world.cwd, "print-trace.jsonl");
		enqueueBlockedWrite();
		const result = await runPi(
			cli.world,
			["-p", "--model", MOCK_MODEL, "--tools", "write", "-e", TRACE, "shout: make it so"],
			{ env: { PI_TEST_EVENTS_TRACE: trace } },
		);
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("done\n");
		expect(readTrace(trace)).toEqual([
			{ type: "session_start", reason: "startup" },
			{ type: "resources_discover", reason: "startup" },
			...runEvents("interactive", "shout: make it so"),
			{ type: "session_shutdown", reason: "quit" },
		]);
		expectResultsReachedTheModel("MAKE IT SO");
	});

	it("JSON mode: the same events fire and the event stream shows the extension's results", async () => {
		const trace = join(cli.world.cwd, "json-trace.jsonl");
		enqueueBlockedWrite();
		const result = await runPi(
			cli.world,
			["--mode", "json", "--model", MOCK_MODEL, "--tools", "write", "-e", TRACE, "shout: as json"],
			{ env: { PI_TEST_EVENTS_TRACE: trace } },
		);
		expect(result.code).toBe(0);
		expect(readTrace(trace)).toEqual([
			{ type: "session_start", reason: "startup" },
			{ type: "resources_discover", reason: "startup" },
			...runEvents("interactive", "shout: as json"),
			{ type: "session_shutdown", reason: "quit" },
		]);
		const events = result.stdout
			.split("\n")
			.filter(Boolean)
			.map((line) => JSON.parse(line));
		const user = events.find((event) => event.type === "message_end" && event.message.role === "user");
		expect(user.message.content[0].text).toBe("AS JSON");
		const toolEnd = events.find((event) => event.type === "tool_execution_end");
		expect(toolEnd).toMatchObject({
			isError: true,
			result: { content: [{ text: "Tool call blocked: not this one" }] },
		});
	});

	it("RPC mode: prompts come from source rpc, a compaction is supplied by the extension, EOF ends with quit", async () => {
		const trace = join(cli.world.cwd, "rpc-trace.jsonl");
		raw = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--tools", "write", "-e", TRACE], {
			env: { PI_TEST_EVENTS_TRACE: trace },
		});
		enqueueBlockedWrite();
		raw.write(`${JSON.stringify({ id: "p1", type: "prompt", message: "shout: over the wire" })}\n`);
		await raw.waitFor((line) => line.type === "agent_end");
		raw.write(`${JSON.stringify({ id: "c1", type: "compact" })}\n`);
		const compacted = await raw.waitFor((line) => line.type === "response" && line.id === "c1");
		expect(compacted).toMatchObject({ success: true, data: { summary: "summary by the trace extension" } });
		raw.endInput();
		expect((await raw.exited).code).toBe(0);
		expect(readTrace(trace)).toEqual([
			{ type: "session_start", reason: "startup" },
			{ type: "resources_discover", reason: "startup" },
			...runEvents("rpc", "shout: over the wire"),
			{ type: "session_before_compact" },
			{ type: "session_compact", fromExtension: true },
			{ type: "session_shutdown", reason: "quit" },
		]);
		expectResultsReachedTheModel("OVER THE WIRE");
		// Two model requests for the run, none for the supplied compaction.
		expect(cli.server.requests).toHaveLength(2);
	});
});

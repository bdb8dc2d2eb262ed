/** RPC lifecycle over a real process (rpc.md §8): stdin EOF waits for the work under way; signals abort it. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createWorld, MOCK_MODEL, startRawRpc, useCliWorld } from "../../cli/harness.js";

const cli = useCliWorld({ resetServerEachTest: true });

function sessionMessages(file: string): Record<string, any>[] {
	return readFileSync(file, "utf8")
		.trimEnd()
		.split("\n")
		.map((line) => JSON.parse(line))
		.filter((entry) => entry.type === "message")
		.map((entry) => entry.message);
}

describe("pi --mode rpc lifecycle", () => {
	it("on stdin EOF waits for a running bash command and writes its response before exiting 0", async () => {
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session"]);
		rpc.write('{"id":"b","type":"bash","command":"sleep 0.3; echo finished"}\n');
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		expect(rpc.lines).toEqual([
			{
				id: "b",
				type: "response",
				command: "bash",
				success: true,
				data: { output: "finished", exitCode: 0, cancelled: false, truncated: false },
			},
		]);
	});

	it("on stdin EOF lets the finishing run deliver a queued follow-up before exiting 0", async () => {
		cli.server.enqueue({ text: "first reply", eventDelayMs: 60, chunkSize: 2 }, { text: "follow-up reply" });
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session"]);
		rpc.write('{"id":"p","type":"prompt","message":"start"}\n');
		await rpc.waitFor((line) => line.type === "agent_start");
		rpc.write('{"id":"f","type":"follow_up","message":"and then?"}\n');
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		expect(rpc.lines.find((line) => line.id === "f")).toMatchObject({ success: true });
		const last = rpc.lines.at(-1)!;
		expect(last.type).toBe("agent_end");
		expect(last.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);
		expect(last.messages.at(-1).content).toEqual([{ type: "text", text: "follow-up reply" }]);
	});

	it("rejects a prompt whose provider has no key with one failure response, no run and no session file", async () => {
		const rpc = startRawRpc(cli.world, ["--model", "anthropic/claude-sonnet-4-5"]);
		rpc.write('{"id":"p","type":"prompt","message":"hi"}\n{"id":"s","type":"get_state"}\n');
		await rpc.waitFor((line) => line.id === "s");
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		expect(rpc.lines[0]).toEqual({
			id: "p",
			type: "response",
			command: "prompt",
			success: false,
			error:
				'No API key found for provider "anthropic". Set ANTHROPIC_OAUTH_TOKEN or ANTHROPIC_API_KEY, or add a key to auth.json.',
		});
		expect(rpc.lines).toHaveLength(2);
		const state = rpc.lines[1]!.data;
		expect(state).toMatchObject({ isStreaming: false, messageCount: 0 });
		expect(existsSync(state.sessionFile)).toBe(false);
	});

	it("SIGINT aborts the run, fsyncs the aborted reply into the session file and exits 130", async () => {
		cli.server.enqueue({ text: "never sent", delayMs: 10_000 });
		const sessionFile = join(cli.world.cwd, "rpc-sigint.jsonl");
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--session", sessionFile]);
		rpc.write('{"id":"p","type":"prompt","message":"long task"}\n');
		await rpc.waitFor((line) => line.type === "message_end" && line.message.role === "user");
		rpc.kill("SIGINT");
		expect(await rpc.exited).toEqual({ code: 130, signal: null });
		expect(rpc.lines.at(-1)).toMatchObject({ type: "agent_end" });
		expect(sessionMessages(sessionFile)).toEqual([
			expect.objectContaining({ role: "user", content: [{ type: "text", text: "long task" }] }),
			expect.objectContaining({ role: "assistant", stopReason: "aborted" }),
		]);
	});

	it("SIGHUP kills a running bash command, answers it as cancelled and exits 129", async () => {
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session"]);
		rpc.write('{"id":"b","type":"bash","command":"echo started; sleep 10"}\n');
		// The get_state response proves the bash command was started (lines are handled in order).
		rpc.write('{"id":"s","type":"get_state"}\n');
		await rpc.waitFor((line) => line.id === "s");
		rpc.kill("SIGHUP");
		expect(await rpc.exited).toEqual({ code: 129, signal: null });
		expect(rpc.lines.find((line) => line.id === "b")).toMatchObject({
			type: "response",
			command: "bash",
			success: true,
			data: { cancelled: true },
		});
		expect(rpc.lines.find((line) => line.id === "b")!.data).not.toHaveProperty("exitCode");
	});

	it("SIGTERM cancels a pending retry wait and exits 143 without sending the retry", async () => {
		const waiting = createWorld(cli.server, { retry: { baseDelayMs: 10_000, maxRetries: 1 } });
		try {
			// retry-after makes the wait exactly 10 s (the settings' backoff is jittered and may be short).
			cli.server.enqueue({ httpError: { status: 529, message: "overloaded", retryAfter: "10" } });
			const rpc = startRawRpc(waiting, ["--model", MOCK_MODEL, "--no-session"]);
			rpc.write('{"id":"p","type":"prompt","message":"retry me"}\n');
			await rpc.waitFor((line) => line.type === "auto_retry_start");
			rpc.kill("SIGTERM");
			expect(await rpc.exited).toEqual({ code: 143, signal: null });
			expect(rpc.lines.at(-1)).toEqual({
				type: "auto_retry_end",
				success: false,
				attempt: 1,
				finalError: "Retry cancelled",
			});
			expect(cli.server.requests).toHaveLength(1);
		} finally {
			waiting.cleanup();
		}
	});
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionTexts } from "../../../src/core/session-events.js";
import {
	compactableSession,
	createGateTool,
	createTestSession,
	createUntilAbortedTool,
	messageRoles,
	nextEvent,
	readSessionLines,
	type TestSession,
} from "./helpers.js";

let t: TestSession | undefined;
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

const SUMMARY = "## Goal\nShip it.\n\n## Progress\nDone.";

describe("AgentSession idle and shutdown", () => {
	it("waitForIdle ignores a running user command unless includeBash, which waits until it is recorded", async () => {
		t = await createTestSession();
		const { session } = t;
		const bash = session.executeBash("sleep 0.3; echo done");
		await session.waitForIdle();
		expect(session.isBashRunning).toBe(true);
		await session.waitForIdle({ includeBash: true });
		expect(session.isBashRunning).toBe(false);
		expect(session.messages.at(-1)).toMatchObject({ role: "bashExecution", output: "done", exitCode: 0 });
		await bash;
	});

	it("shutdown() waits for the run and a running command, then fsyncs; later work is refused", async () => {
		const gate = createGateTool();
		t = await createTestSession({ customTools: [gate.tool] });
		const { session, faux } = t;
		faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "finished" });
		const sync = vi.spyOn(session.sessionManager, "sync");
		const run = session.prompt("start");
		await gate.started;
		const bash = session.executeBash("sleep 0.2; echo late");
		const order: string[] = [];
		const shutdown = session
			.shutdown({ beforeFlush: () => void order.push(`beforeFlush idle=${!session.isStreaming}`) })
			.then(() => order.push("shutdown resolved"));
		expect(session.isShutDown).toBe(true);
		await expect(session.prompt("more")).rejects.toThrow(sessionTexts.shutDown);
		await expect(session.executeBash("echo more")).rejects.toThrow(sessionTexts.shutDown);
		await expect(session.compact()).rejects.toThrow(sessionTexts.shutDown);
		await expect(session.newSession()).rejects.toThrow(sessionTexts.shutDown);
		const syncsBefore = sync.mock.calls.length;
		gate.release();
		await Promise.all([run, bash, shutdown]);
		expect(order).toEqual(["beforeFlush idle=true", "shutdown resolved"]);
		// The run's agent_end fsync plus the final one.
		expect(sync.mock.calls.length).toBeGreaterThan(syncsBefore + 1);
		const roles = messageRoles(t.fileLines());
		// The run finished normally and the command was recorded after it.
		expect(roles).toEqual(["user", "assistant", "toolResult", "assistant", "bashExecution"]);
		expect(session.getLastAssistantText()).toBe("finished");
		// A second call is the same shutdown.
		await session.shutdown();
	});

	it("shutdown({abort: true}) aborts the run and the user command, then fsyncs", async () => {
		const waiting = createUntilAbortedTool();
		t = await createTestSession({ customTools: [waiting.tool] });
		const { session, faux } = t;
		faux.enqueue({ toolCalls: [{ name: "wait", arguments: {} }] }, { text: "never sent" });
		const run = session.prompt("start");
		await waiting.started;
		const bash = session.executeBash("sleep 5");
		const sync = vi.spyOn(session.sessionManager, "sync");
		await session.shutdown({ abort: true });
		await run;
		expect((await bash).cancelled).toBe(true);
		expect(session.isStreaming).toBe(false);
		expect(faux.requests).toHaveLength(1);
		expect(sync).toHaveBeenCalled();
		expect(session.messages.at(-1)).toMatchObject({ role: "bashExecution", cancelled: true });
	});

	it("shutdown({abort: true}) cancels a pending retry wait with auto_retry_end Retry cancelled", async () => {
		t = await createTestSession({ settingsJson: { retry: { baseDelayMs: 60_000, maxDelayMs: 0 } } });
		const { session, faux } = t;
		// The server's wait is exact; the settings' backoff alone is jittered and may be short.
		faux.enqueue({ error: "overloaded", errorInfo: { code: "overloaded", retryable: true, retryAfterMs: 60_000 } });
		const retryStarted = nextEvent(session, "auto_retry_start");
		const run = session.prompt("hello");
		await retryStarted;
		await session.shutdown({ abort: true });
		await run;
		expect(t.events.at(-1)).toEqual({
			type: "auto_retry_end",
			success: false,
			attempt: 1,
			finalError: "Retry cancelled",
		});
		expect(session.isStreaming).toBe(false);
		expect(faux.requests).toHaveLength(1);
	});

	it("shutdown({abort: true}) cancels a running compaction", async () => {
		t = await compactableSession();
		const { session, faux } = t;
		faux.enqueue({ text: SUMMARY, delayMs: 50 });
		const compaction = session.compact();
		await session.shutdown({ abort: true });
		await expect(compaction).rejects.toThrow("Compaction cancelled");
		expect(t.events.at(-1)).toEqual({ type: "compaction_end", reason: "manual", aborted: true, willRetry: false });
		expect(t.fileLines().some((l) => l.type === "compaction")).toBe(false);
	});

	it("with timeoutMs, shutdown stops waiting for work that does not settle and still fsyncs", async () => {
		const gate = createGateTool();
		t = await createTestSession({ customTools: [gate.tool] });
		const { session, faux } = t;
		faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "done" });
		const run = session.prompt("start");
		await gate.started;
		const sync = vi.spyOn(session.sessionManager, "sync");
		// The gate tool ignores the abort signal: the run cannot settle until released.
		await session.shutdown({ abort: true, timeoutMs: 20 });
		expect(sync).toHaveBeenCalledTimes(1);
		expect(session.isStreaming).toBe(true);
		gate.release();
		await run;
	});
});

describe("AgentSession abort", () => {
	it("abort() cancels a running manual compaction: compaction_end aborted, Compaction cancelled", async () => {
		t = await compactableSession();
		const { session, faux } = t;
		faux.enqueue({ text: SUMMARY, delayMs: 50 });
		const compaction = session.compact();
		await session.abort();
		await expect(compaction).rejects.toThrow("Compaction cancelled");
		expect(session.isCompacting).toBe(false);
		expect(t.events.at(-1)).toEqual({ type: "compaction_end", reason: "manual", aborted: true, willRetry: false });
	});

	it("an abort while the prompt is being accepted still stops its run", async () => {
		t = await createTestSession();
		const { session, faux } = t;
		faux.enqueue({ text: "should not complete" });
		let aborted: Promise<void> | undefined;
		await session.prompt("hello", {
			onAccepted: () => {
				aborted = session.abort();
			},
		});
		await aborted;
		expect(session.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "aborted" });
		expect(session.isStreaming).toBe(false);
	});

	it("newSession during a run aborts it and waits: the old file keeps the aborted reply, the new one is empty", async () => {
		const waiting = createUntilAbortedTool();
		t = await createTestSession({ customTools: [waiting.tool] });
		const { session, faux } = t;
		faux.enqueue({ toolCalls: [{ name: "wait", arguments: {} }] }, { text: "never" });
		const run = session.prompt("start");
		await waiting.started;
		const oldFile = session.sessionFile!;
		const events: string[] = [];
		session.subscribe((event) => void events.push(event.type));
		await session.newSession();
		// The run ended (agent_end delivered) before newSession resolved, and nothing ran after it.
		expect(events.at(-1)).toBe("agent_end");
		expect(session.isStreaming).toBe(false);
		expect(session.messages).toEqual([]);
		expect(session.sessionFile).not.toBe(oldFile);
		await run;
		expect(faux.requests).toHaveLength(1);
		// The stopped tool call was recorded in the old session, not the new one.
		const old = readSessionLines(oldFile);
		expect(messageRoles(old)).toEqual(["user", "assistant", "toolResult"]);
		expect(old.at(-1).message).toMatchObject({ isError: true });
		expect(session.sessionManager.isPersisted()).toBe(false);
	});
});

describe("AgentSession queueing order", () => {
	it("a queued prompt is answered (onAccepted) before its queue_update", async () => {
		const gate = createGateTool();
		t = await createTestSession({ customTools: [gate.tool] });
		const { session, faux } = t;
		faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "done" });
		const run = session.prompt("start");
		await gate.started;
		const order: string[] = [];
		session.subscribe((event) => {
			if (event.type === "queue_update") order.push(`queue_update ${event.followUp.join(",")}`);
		});
		await session.prompt("later", { streamingBehavior: "followUp", onAccepted: () => void order.push("accepted") });
		expect(order).toEqual(["accepted", "queue_update later"]);
		gate.release();
		await run;
	});

	it("getState reports isStreaming between a failed run's agent_end and its retry", async () => {
		t = await createTestSession({ settingsJson: { retry: { baseDelayMs: 1 } } });
		const { session, faux } = t;
		faux.enqueue({ error: "overloaded", errorInfo: { code: "overloaded", retryable: true } }, { text: "ok" });
		const states: boolean[] = [];
		const retryStarted = nextEvent(session, "auto_retry_start");
		session.subscribe((event) => {
			if (event.type === "agent_end" || event.type === "auto_retry_start") states.push(session.getState().isStreaming);
		});
		await session.prompt("hello");
		await retryStarted;
		expect(states).toEqual([true, true, true]);
		expect(session.getState().isStreaming).toBe(false);
		expect(session.getLastAssistantText()).toBe("ok");
	});
});

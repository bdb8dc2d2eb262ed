import { type MockServer, startMockServer } from "@pi/ai/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestSession, nextEvent, type TestSession } from "./helpers.js";

let server: MockServer;
let t: TestSession | undefined;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(async () => {
	await server.close();
});
afterEach(() => {
	server.reset();
	t?.cleanup();
	t = undefined;
});

/** A session on the mock server's Anthropic endpoint through the real SDK. */
function mockSession(retry: Record<string, unknown>) {
	return createTestSession({
		modelsJson: {
			providers: {
				mock: {
					baseUrl: server.url,
					api: "anthropic-messages",
					apiKey: "mock-key-0123456789",
					models: [{ id: "mock-model" }],
				},
			},
		},
		model: "mock/mock-model",
		settingsJson: { retry },
	});
}

const overloaded = { httpError: { status: 529, type: "overloaded_error", message: "Overloaded" } };

describe("AgentSession automatic retry", () => {
	it("retries 529 twice with backoff, then succeeds: two auto_retry_start, one auto_retry_end success", async () => {
		t = await mockSession({ baseDelayMs: 1 });
		server.enqueue(overloaded, overloaded, { text: "Finally." });
		const streamingAtAgentEnd: boolean[] = [];
		t.session.subscribe((event) => {
			if (event.type === "agent_end") streamingAtAgentEnd.push(t!.session.isStreaming);
		});
		await t.session.prompt("hello");
		const retryEvents = t.events.filter((e) => e.type.startsWith("auto_retry"));
		expect(retryEvents).toEqual([
			{
				type: "auto_retry_start",
				attempt: 1,
				maxAttempts: 3,
				delayMs: 1,
				errorMessage: expect.stringContaining("529"),
			},
			{
				type: "auto_retry_start",
				attempt: 2,
				maxAttempts: 3,
				delayMs: 2,
				errorMessage: expect.stringContaining("529"),
			},
			{ type: "auto_retry_end", success: true, attempt: 2 },
		]);
		// Each auto_retry_start comes right after the failed run's agent_end, while the session is still busy.
		const types = t.types();
		for (const [i, type] of types.entries()) if (type === "auto_retry_start") expect(types[i - 1]).toBe("agent_end");
		expect(streamingAtAgentEnd).toEqual([true, true, true]);
		expect(types.filter((type) => type === "agent_start")).toHaveLength(3);
		expect(t.session.getLastAssistantText()).toBe("Finally.");
		expect(t.session.isStreaming).toBe(false);
		// The failed replies stay in the file; the re-sent requests do not contain them.
		const roles = t
			.fileLines()
			.filter((l) => l.type === "message")
			.map((l) => [l.message.role, l.message.stopReason]);
		expect(roles).toEqual([
			["user", undefined],
			["assistant", "error"],
			["assistant", "error"],
			["assistant", "stop"],
		]);
		expect(server.requests[2]!.body.messages).toHaveLength(1);
		// The context no longer holds the failed replies.
		expect(t.session.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
	});

	it("gives up after retry.maxRetries with auto_retry_end {success: false}", async () => {
		t = await mockSession({ baseDelayMs: 1, maxRetries: 2 });
		server.enqueue(overloaded, overloaded, overloaded);
		await t.session.prompt("hello");
		expect(t.events.filter((e) => e.type === "auto_retry_end")).toEqual([
			{ type: "auto_retry_end", success: false, attempt: 2, finalError: expect.stringContaining("Overloaded") },
		]);
		expect(server.requests).toHaveLength(3);
	});

	it("does not retry a non-retryable error (400)", async () => {
		t = await mockSession({ baseDelayMs: 1 });
		server.enqueue({ httpError: { status: 400, type: "invalid_request_error", message: "Bad request" } });
		await t.session.prompt("hello");
		expect(t.types().filter((type) => type.startsWith("auto_retry"))).toEqual([]);
		expect(server.requests).toHaveLength(1);
	});

	it("abortRetry cancels the wait: auto_retry_end with Retry cancelled, session idle", async () => {
		t = await mockSession({ baseDelayMs: 60_000, maxDelayMs: 0 });
		server.enqueue(overloaded);
		t.session.subscribe((event) => {
			if (event.type === "auto_retry_start") t!.session.abortRetry();
		});
		await t.session.prompt("hello");
		expect(t.events.filter((e) => e.type.startsWith("auto_retry"))).toEqual([
			expect.objectContaining({ type: "auto_retry_start", attempt: 1, delayMs: 60_000 }),
			{ type: "auto_retry_end", success: false, attempt: 1, finalError: "Retry cancelled" },
		]);
		expect(t.session.isStreaming).toBe(false);
		expect(server.requests).toHaveLength(1);
	});

	it("abort during the retry wait also ends it with Retry cancelled", async () => {
		t = await mockSession({ baseDelayMs: 60_000, maxDelayMs: 0 });
		server.enqueue(overloaded);
		const started = nextEvent(t.session, "auto_retry_start");
		const run = t.session.prompt("hello");
		await started;
		expect(t.session.getState().isStreaming).toBe(true);
		await t.session.abort();
		await run;
		expect(t.events.at(-1)).toEqual({
			type: "auto_retry_end",
			success: false,
			attempt: 1,
			finalError: "Retry cancelled",
		});
	});

	it("a requested wait above retry.maxDelayMs is final without retry events", async () => {
		t = await mockSession({ baseDelayMs: 1, maxDelayMs: 1000 });
		server.enqueue({ httpError: { status: 429, type: "rate_limit_error", message: "Slow down", retryAfter: "30" } });
		await t.session.prompt("hello");
		expect(t.types().filter((type) => type.startsWith("auto_retry"))).toEqual([]);
		expect(server.requests).toHaveLength(1);
	});
});

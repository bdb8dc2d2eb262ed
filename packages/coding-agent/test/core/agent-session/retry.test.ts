import { describe, expect, it } from "vitest";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { createAgentSession } from "../../../src/sdk.js";
import { createTestSession, nextEvent, useMockServer } from "./helpers.js";

const fx = useMockServer();

/** The four wire APIs, each a models.json provider on the mock server reached through its official SDK. */
const APIS = {
	"anthropic-messages": "",
	"openai-completions": "/v1",
	"openai-responses": "/v1",
	"google-generative-ai": "/v1beta",
} as const;
type MockApi = keyof typeof APIS;

/** The top of the jitter range: with it, every backoff wait is its whole window. */
const HIGHEST_DRAW = () => 0.999999999;

/**
 * A session on the mock server (Anthropic unless `api` says otherwise) through the real SDK. `random` feeds the
 * retry jitter; the default draws the top of the range so backoff delays are the windows themselves.
 */
function mockSession(retry: Record<string, unknown>, options: { api?: MockApi; random?: () => number } = {}) {
	const api = options.api ?? "anthropic-messages";
	return createTestSession({
		modelsJson: {
			providers: {
				mock: {
					baseUrl: `${fx.server.url}${APIS[api]}`,
					api,
					apiKey: "mock-key-0123456789",
					models: [{ id: "mock-model" }],
				},
			},
		},
		model: "mock/mock-model",
		settingsJson: { retry },
		retryRandom: options.random ?? HIGHEST_DRAW,
	});
}

const overloaded = { httpError: { status: 529, type: "overloaded_error", message: "Overloaded" } };

describe("AgentSession automatic retry", () => {
	it("retries 529 twice with backoff (windows of 1 and 2 ms, top draw), then succeeds", async () => {
		fx.t = await mockSession({ baseDelayMs: 1 });
		fx.server.enqueue(overloaded, overloaded, { text: "Finally." });
		const streamingAtAgentEnd: boolean[] = [];
		fx.t.session.subscribe((event) => {
			if (event.type === "agent_end") streamingAtAgentEnd.push(fx.t!.session.isStreaming);
		});
		await fx.t.session.prompt("hello");
		const retryEvents = fx.t.events.filter((e) => e.type.startsWith("auto_retry"));
		expect(retryEvents).toEqual([
			{
				type: "auto_retry_start",
				attempt: 1,
				maxAttempts: 10,
				delayMs: 1,
				errorMessage: expect.stringContaining("529"),
			},
			{
				type: "auto_retry_start",
				attempt: 2,
				maxAttempts: 10,
				delayMs: 2,
				errorMessage: expect.stringContaining("529"),
			},
			{ type: "auto_retry_end", success: true, attempt: 2 },
		]);
		// Each auto_retry_start comes right after the failed run's agent_end, while the session is still busy.
		const types = fx.t.types();
		for (const [i, type] of types.entries()) if (type === "auto_retry_start") expect(types[i - 1]).toBe("agent_end");
		expect(streamingAtAgentEnd).toEqual([true, true, true]);
		expect(types.filter((type) => type === "agent_start")).toHaveLength(3);
		expect(fx.t.session.getLastAssistantText()).toBe("Finally.");
		expect(fx.t.session.isStreaming).toBe(false);
		// The failed replies stay in the file; the re-sent requests do not contain them.
		const roles = fx.t
			.fileLines()
			.filter((l) => l.type === "message")
			.map((l) => [l.message.role, l.message.stopReason]);
		expect(roles).toEqual([
			["user", undefined],
			["assistant", "error"],
			["assistant", "error"],
			["assistant", "stop"],
		]);
		expect(fx.server.requests[2]!.body.messages).toHaveLength(1);
		// The context no longer holds the failed replies.
		expect(fx.t.session.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
	});

	it("gives up after retry.maxRetries with auto_retry_end {success: false}", async () => {
		fx.t = await mockSession({ baseDelayMs: 1, maxRetries: 2 });
		fx.server.enqueue(overloaded, overloaded, overloaded);
		await fx.t.session.prompt("hello");
		expect(fx.t.events.filter((e) => e.type === "auto_retry_end")).toEqual([
			{ type: "auto_retry_end", success: false, attempt: 2, finalError: expect.stringContaining("Overloaded") },
		]);
		expect(fx.server.requests).toHaveLength(3);
	});

	it("does not retry a non-retryable error (400)", async () => {
		fx.t = await mockSession({ baseDelayMs: 1 });
		fx.server.enqueue({ httpError: { status: 400, type: "invalid_request_error", message: "Bad request" } });
		await fx.t.session.prompt("hello");
		expect(fx.t.types().filter((type) => type.startsWith("auto_retry"))).toEqual([]);
		expect(fx.server.requests).toHaveLength(1);
	});

	it("abortRetry cancels the wait: auto_retry_end with Retry cancelled, session idle", async () => {
		fx.t = await mockSession({ baseDelayMs: 60_000, maxDelayMs: 0 });
		fx.server.enqueue(overloaded);
		fx.t.session.subscribe((event) => {
			if (event.type === "auto_retry_start") fx.t!.session.abortRetry();
		});
		await fx.t.session.prompt("hello");
		expect(fx.t.events.filter((e) => e.type.startsWith("auto_retry"))).toEqual([
			expect.objectContaining({ type: "auto_retry_start", attempt: 1, delayMs: 60_000 }),
			{ type: "auto_retry_end", success: false, attempt: 1, finalError: "Retry cancelled" },
		]);
		expect(fx.t.session.isStreaming).toBe(false);
		expect(fx.server.requests).toHaveLength(1);
	});

	it("abort during the retry wait also ends it with Retry cancelled", async () => {
		fx.t = await mockSession({ baseDelayMs: 60_000, maxDelayMs: 0 });
		fx.server.enqueue(overloaded);
		const started = nextEvent(fx.t.session, "auto_retry_start");
		const run = fx.t.session.prompt("hello");
		await started;
		expect(fx.t.session.getState().isStreaming).toBe(true);
		await fx.t.session.abort();
		await run;
		expect(fx.t.events.at(-1)).toEqual({
			type: "auto_retry_end",
			success: false,
			attempt: 1,
			finalError: "Retry cancelled",
		});
	});

	it("a requested wait above retry.maxDelayMs is final without retry events", async () => {
		fx.t = await mockSession({ baseDelayMs: 1, maxDelayMs: 1000 });
		fx.server.enqueue({ httpError: { status: 429, type: "rate_limit_error", message: "Slow down", retryAfter: "30" } });
		await fx.t.session.prompt("hello");
		expect(fx.t.types().filter((type) => type.startsWith("auto_retry"))).toEqual([]);
		expect(fx.server.requests).toHaveLength(1);
	});
});

describe("retry delays honour the server (issue 19)", () => {
	it("2× 529 with retry-after 10 ms: both waits are exactly the server's, the third request succeeds", async () => {
		// The random source would make any backoff 60 s long: only the server's wait can explain 10 ms.
		fx.t = await mockSession({ baseDelayMs: 60_000, maxDelayMs: 0 });
		const asked = { httpError: { status: 529, type: "overloaded_error", message: "Overloaded", retryAfter: "0.01" } };
		fx.server.enqueue(asked, asked, { text: "Third time." });
		await fx.t.session.prompt("hello");
		expect(fx.t.events.filter((e) => e.type.startsWith("auto_retry"))).toEqual([
			expect.objectContaining({ type: "auto_retry_start", attempt: 1, delayMs: 10 }),
			expect.objectContaining({ type: "auto_retry_start", attempt: 2, delayMs: 10 }),
			{ type: "auto_retry_end", success: true, attempt: 2 },
		]);
		// One request per attempt: the SDK made no retries of its own.
		expect(fx.server.requests).toHaveLength(3);
		expect(fx.t.session.getLastAssistantText()).toBe("Third time.");
	});

	it("retry-after above retry.maxDelayMs during a retry sequence ends it as a failure", async () => {
		fx.t = await mockSession({ maxDelayMs: 30_000 });
		fx.server.enqueue(
			{ httpError: { status: 529, type: "overloaded_error", message: "Overloaded", retryAfter: "0.01" } },
			{ httpError: { status: 429, type: "rate_limit_error", message: "Come back in a minute", retryAfter: "60" } },
		);
		await fx.t.session.prompt("hello");
		expect(fx.t.events.filter((e) => e.type.startsWith("auto_retry"))).toEqual([
			expect.objectContaining({ type: "auto_retry_start", attempt: 1, delayMs: 10 }),
			{ type: "auto_retry_end", success: false, attempt: 1, finalError: expect.stringContaining("Come back") },
		]);
		expect(fx.server.requests).toHaveLength(2);
	});
});

describe("the default attempt budget (issue 21): 10 retries, 11 requests", () => {
	const internal = { httpError: { status: 500, message: "Internal server error" } };

	it("nine HTTP 500s in a row, then success on the 10th request, with the default settings", async () => {
		// Only the jitter is fixed (lowest draw: no wait); every retry setting is the default.
		fx.t = await mockSession({}, { random: () => 0 });
		fx.server.enqueue(...Array.from({ length: 9 }, () => internal), { text: "Made it." });
		await fx.t.session.prompt("hello");
		const starts = fx.t.events.filter((e) => e.type === "auto_retry_start");
		expect(starts.map((e) => [e.attempt, e.maxAttempts, e.delayMs])).toEqual(
			Array.from({ length: 9 }, (_, i) => [i + 1, 10, 0]),
		);
		expect(fx.t.events.filter((e) => e.type === "auto_retry_end")).toEqual([
			{ type: "auto_retry_end", success: true, attempt: 9 },
		]);
		expect(fx.server.requests).toHaveLength(10);
		expect(fx.t.session.getLastAssistantText()).toBe("Made it.");
		// Each re-sent request is the original one: no failed attempt in it.
		for (const request of fx.server.requests) expect(request.body.messages).toHaveLength(1);
	});

	it("gives up after the 11th failed request: auto_retry_end {success: false, attempt: 10}", async () => {
		fx.t = await mockSession({}, { random: () => 0 });
		fx.server.enqueue(...Array.from({ length: 11 }, () => internal));
		await fx.t.session.prompt("hello");
		expect(fx.t.events.filter((e) => e.type === "auto_retry_end")).toEqual([
			{ type: "auto_retry_end", success: false, attempt: 10, finalError: "500 Internal server error" },
		]);
		expect(fx.server.requests).toHaveLength(11);
	});
});

/** The partial answer streamed before an in-stream error (long enough to arrive in several deltas). */
const PARTIAL = "Partial answer that must never be re-sent";

/** What the model was sent, flattened to text for a containment check. */
const requestText = (index: number) => JSON.stringify(fx.server.requests[index]!.body);

describe("errors inside a started stream (issue 21)", () => {
	// Each API's own transient mark: Anthropic and OpenAI name a type, Gemini's in-stream errors carry a code.
	const transient: Record<MockApi, { type: string; status?: number }> = {
		"anthropic-messages": { type: "overloaded_error" },
		"openai-completions": { type: "server_error" },
		"openai-responses": { type: "server_error" },
		"google-generative-ai": { type: "UNAVAILABLE", status: 503 },
	};

	for (const api of Object.keys(APIS) as MockApi[]) {
		it(`${api}: a transient error event is retried; the partial text stays out of the re-sent request`, async () => {
			fx.t = await mockSession({ baseDelayMs: 1 }, { api });
			fx.server.enqueue(
				{ text: PARTIAL, chunkSize: 6, streamError: { afterEvents: 5, message: "Overloaded", ...transient[api] } },
				{ text: "Whole answer." },
			);
			await fx.t.session.prompt("hello");
			expect(fx.t.events.filter((e) => e.type.startsWith("auto_retry"))).toEqual([
				expect.objectContaining({ type: "auto_retry_start", attempt: 1 }),
				{ type: "auto_retry_end", success: true, attempt: 1 },
			]);
			expect(fx.server.requests).toHaveLength(2);
			expect(requestText(1)).not.toContain("Partial");
			// The file keeps the failed attempt for the record; the context holds only the answer.
			const replies = fx.t.fileLines().filter((l) => l.type === "message" && l.message.role === "assistant");
			expect(replies.map((l) => l.message.stopReason)).toEqual(["error", "stop"]);
			expect(JSON.stringify(replies[0].message.content)).toContain("Partial");
			expect(fx.t.session.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
			expect(fx.t.session.getLastAssistantText()).toBe("Whole answer.");
		});
	}

	it("a resumed session does not send the failed attempt either", async () => {
		fx.t = await mockSession({ baseDelayMs: 1 });
		fx.server.enqueue(
			{ text: PARTIAL, chunkSize: 6, streamError: { afterEvents: 5, message: "Overloaded", type: "overloaded_error" } },
			{ text: "Whole answer." },
		);
		await fx.t.session.prompt("hello");
		const { session: resumed } = await createAgentSession({
			cwd: fx.t.cwd,
			agentDir: fx.t.agentDir,
			env: {},
			noContextFiles: true,
			noSkills: true,
			noPromptTemplates: true,
			tools: [],
			settingsManager: fx.t.settings,
			authStorage: AuthStorage.inMemory(),
			modelRegistry: fx.t.registry,
			model: "mock/mock-model",
			session: { kind: "open", target: fx.t.session.sessionFile! },
		});
		fx.server.enqueue({ text: "Again." });
		await resumed.prompt("and now?");
		expect(fx.server.requests).toHaveLength(3);
		expect(requestText(2)).toContain("Whole answer.");
		expect(requestText(2)).not.toContain("Partial");
		await resumed.shutdown();
	});

	// Gemini's in-stream errors always carry an HTTP-like code, which decides; the other three can send none.
	for (const api of ["anthropic-messages", "openai-completions", "openai-responses"] as const) {
		it(`${api}: an error event of no known type is final: one error entry, partial text never re-sent`, async () => {
			fx.t = await mockSession({ baseDelayMs: 1 }, { api });
			fx.server.enqueue({ text: PARTIAL, chunkSize: 6, streamError: { afterEvents: 5, message: "boom upstream" } });
			await fx.t.session.prompt("hello");
			expect(fx.t.types().filter((type) => type.startsWith("auto_retry"))).toEqual([]);
			expect(fx.server.requests).toHaveLength(1);
			const replies = fx.t.fileLines().filter((l) => l.type === "message" && l.message.role === "assistant");
			expect(replies).toHaveLength(1);
			expect(replies[0].message).toMatchObject({
				stopReason: "error",
				errorMessage: "boom upstream",
				errorInfo: { retryable: false },
			});
			expect(JSON.stringify(replies[0].message.content)).toContain("Partial");

			// The next prompt's request holds both user messages and not the failed attempt's partial output.
			fx.server.enqueue({ text: "Fine now." });
			await fx.t.session.prompt("try again");
			expect(fx.server.requests).toHaveLength(2);
			expect(requestText(1)).toContain("try again");
			expect(requestText(1)).not.toContain("Partial");
		});
	}
});

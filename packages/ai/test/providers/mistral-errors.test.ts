/**
 * How the mistral-conversations adapter ends a turn that does not go well, through the official SDK against the
 * loopback mock server: Mistral's error bodies, its in-stream error events and finish reasons, tool calls without
 * an id, usage variants, and the caller's timeout.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complete } from "../../src/index.js";
import { mapMistralUsage } from "../../src/providers/mistral/stream-reader.js";
import { type MockServer, type MockTurn, startMockServer } from "../../src/testing/index.js";
import type { Model, ProviderStreamOptions } from "../../src/types.js";
import { mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
let model: Model;
beforeAll(async () => {
	server = await startMockServer();
	model = mockModel("mistral-conversations", server);
});
afterAll(() => server.close());

async function run(turn: MockTurn, options: ProviderStreamOptions = {}) {
	server.reset();
	server.enqueue(turn);
	return complete(model, USER_CONTEXT, { apiKey: "test-key", ...options });
}

const PARTIAL = "Partial answer before the failure";
const textOf = (message: Awaited<ReturnType<typeof run>>) =>
	message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");

describe("mistral-conversations: HTTP errors", () => {
	it("a gateway error body (message, no type) keeps its text and has no code", async () => {
		const message = await run({ httpError: { status: 401, message: "Unauthorized" } });
		expect(message.errorMessage).toBe("401 Unauthorized");
		expect(message.errorInfo).toEqual({ status: 401, retryable: false });
	});

	it("Mistral's own context-window message is a context overflow", async () => {
		const text =
			"Prompt contains 40213 tokens and 0 draft tokens, too large for model with 32768 maximum context length";
		const message = await run({ httpError: { status: 400, message: text } });
		expect(message.errorMessage).toBe(`400 ${text}`);
		expect(message.errorInfo).toEqual({ status: 400, code: "context_overflow", retryable: false });
	});

	it("a 429 names Mistral's error type and the requested wait", async () => {
		const message = await run({ httpError: { status: 429, message: "Requests rate limit exceeded", retryAfter: "3" } });
		expect(message.errorInfo).toEqual({ status: 429, code: "rate_limited", retryable: true, retryAfterMs: 3000 });
	});

	it("is retried by the adapter when the caller allows it, and not by default", async () => {
		server.reset();
		server.enqueue({ httpError: { status: 503, message: "Busy", retryAfter: "0" } }, { text: "Second try." });
		const retried = await complete(model, USER_CONTEXT, { apiKey: "k", maxRetries: 1 });
		expect(textOf(retried)).toBe("Second try.");
		expect(server.requests).toHaveLength(2);

		const once = await run({ httpError: { status: 503, message: "Busy", retryAfter: "0" } });
		expect(once.errorInfo).toMatchObject({ status: 503, retryable: true });
		expect(server.requests).toHaveLength(1);
	});
});

describe("mistral-conversations: failures inside the stream", () => {
	it("an error event without a type is final and keeps the provider's text and the partial answer", async () => {
		const message = await run({
			text: PARTIAL,
			chunkSize: 6,
			streamError: { afterEvents: 4, message: "boom upstream" },
		});
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBe("boom upstream");
		expect(message.errorInfo).toEqual({ retryable: false });
		expect(PARTIAL.startsWith(textOf(message)) && textOf(message).length > 0).toBe(true);
	});

	it("an error event of a type pi does not know is final and names the type", async () => {
		const message = await run({
			text: PARTIAL,
			streamError: { afterEvents: 2, message: "bad", type: "upstream_error" },
		});
		expect(message.errorInfo).toEqual({ retryable: false, code: "upstream_error" });
	});

	it("finish_reason `error` is Mistral's generation failing: retryable, partial text kept", async () => {
		const message = await run({ text: PARTIAL, rawStopReason: "error" });
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBe("Provider finish_reason: error");
		expect(message.errorInfo).toEqual({ code: "error", retryable: true });
		expect(textOf(message)).toBe(PARTIAL);
	});

	it("finish_reason `model_length` (the context window filled up) ends the turn as length", async () => {
		const message = await run({ text: "Cut", rawStopReason: "model_length" });
		expect(message.stopReason).toBe("length");
	});

	it("a tool call the wire sent without an id gets a valid Mistral id", async () => {
		const message = await run({ toolCalls: [{ id: "null", name: "bash", arguments: { command: "ls" } }] });
		const call = message.content.find((block) => block.type === "toolCall");
		expect(call?.id).toMatch(/^[A-Za-z0-9]{9}$/);
		expect(call?.arguments).toEqual({ command: "ls" });
	});
});

describe("mistral-conversations: usage and timeouts", () => {
	it("reads cached prompt tokens in both the current and the older usage field", () => {
		expect(
			mapMistralUsage({ promptTokens: 100, completionTokens: 5, prompt_tokens_details: { cached_tokens: 60 } }),
		).toEqual({ input: 40, output: 5, cacheRead: 60, cacheWrite: 0 });
		expect(mapMistralUsage({ promptTokens: 100, completionTokens: 5, num_cached_tokens: 30 })).toEqual({
			input: 70,
			output: 5,
			cacheRead: 30,
			cacheWrite: 0,
		});
	});

	it("a caller's signal does not switch the timeout off (the SDK drops its own timeout when given a signal)", async () => {
		const controller = new AbortController();
		const message = await run({ text: "too late", delayMs: 400 }, { timeoutMs: 50, signal: controller.signal });
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBe("Request timed out");
		expect(message.errorInfo).toEqual({ code: "request_timeout", retryable: true });
	});

	it("the timeout covers the wait for the response, not a stream that keeps arriving", async () => {
		const message = await run({ text: "one two three four", chunkSize: 3, eventDelayMs: 150 }, { timeoutMs: 500 });
		expect(message.stopReason).toBe("stop");
		expect(textOf(message)).toBe("one two three four");
	});
});

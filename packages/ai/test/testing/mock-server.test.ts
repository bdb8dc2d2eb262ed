import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MOCK_SERVER_MESSAGES, type MockServer, startMockServer } from "../../src/testing/index.js";

let server: MockServer;
let client: Anthropic;

beforeAll(async () => {
	server = await startMockServer();
	client = new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries: 0 });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const request = { model: "claude-mock", max_tokens: 100, messages: [{ role: "user" as const, content: "hi" }] };

describe("mock server, Anthropic wire", () => {
	it("streams a scripted turn that the official SDK assembles into a message", async () => {
		server.enqueue({
			thinking: "hmm",
			thinkingSignature: "sig-1",
			text: "Hello there, how are you today?",
			toolCalls: [{ id: "toolu_1", name: "bash", arguments: { command: "ls -la" } }],
			usage: { input: 10, output: 20, cacheRead: 5, cacheWrite: 2 },
			chunkSize: 4,
		});
		const message = await client.messages.stream(request).finalMessage();
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "hmm", signature: "sig-1" },
			expect.objectContaining({ type: "text", text: "Hello there, how are you today?" }),
			expect.objectContaining({ type: "tool_use", id: "toolu_1", name: "bash", input: { command: "ls -la" } }),
		]);
		expect(message.stop_reason).toBe("tool_use");
		expect(message.usage).toMatchObject({ input_tokens: 10, output_tokens: 20, cache_read_input_tokens: 5 });
		expect(server.requests).toHaveLength(1);
		expect(server.requests[0]).toMatchObject({ method: "POST", path: "/v1/messages", protocol: "anthropic-messages" });
		expect(server.requests[0]!.body.messages).toEqual(request.messages);
		expect(server.requests[0]!.headers.authorization).toBe("Bearer test-key");
	});

	it("answers HTTP errors in Anthropic's error shape with retry-after", async () => {
		server.enqueue({ httpError: { status: 429, message: "slow down", retryAfter: "7" } });
		const error = await client.messages.create(request).catch((e) => e);
		expect(error).toBeInstanceOf(Anthropic.APIError);
		expect(error.status).toBe(429);
		expect(error.error).toEqual({ type: "error", error: { type: "rate_limit_error", message: "slow down" } });
		expect(error.headers.get("retry-after")).toBe("7");
	});

	it("answers a request with an empty queue with a clear 500", async () => {
		const error = await client.messages.create(request).catch((e) => e);
		expect(error.status).toBe(500);
		expect(error.error.error.message).toBe(MOCK_SERVER_MESSAGES.emptyQueue("POST", "/v1/messages"));
	});

	it("cuts the connection after the given number of events", async () => {
		server.enqueue({ text: "a".repeat(200), chunkSize: 10, cutAfterEvents: 5 });
		const seen: string[] = [];
		const error = await (async () => {
			const stream = await client.messages.create({ ...request, stream: true });
			for await (const event of stream) seen.push(event.type);
		})().catch((e) => e);
		expect(error).toBeInstanceOf(Error);
		// The SDK swallows the ping (event 2); the cut comes after the second delta.
		expect(seen).toEqual(["message_start", "content_block_start", "content_block_delta", "content_block_delta"]);
	});
});

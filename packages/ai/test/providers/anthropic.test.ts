import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
	type AssistantMessage,
	type Context,
	emptyUsage,
	getModel,
	getModels,
	type Model,
	stream,
	streamSimple,
	type Tool,
} from "../../src/index.js";
import { assertEventProtocol, collectEvents, type MockServer, startMockServer } from "../../src/testing/index.js";

let server: MockServer;
let model: Model;
let adaptiveModel: Model;

beforeAll(async () => {
	server = await startMockServer();
	model = { ...getModel("anthropic", "claude-sonnet-4-5")!, baseUrl: server.url };
	adaptiveModel = { ...getModel("anthropic", "claude-opus-4-6")!, baseUrl: server.url };
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const bash: Tool = {
	name: "bash",
	description: "Run a command",
	parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } as any,
};
const context = (text = "hi"): Context => ({
	systemPrompt: "You are terse.",
	messages: [{ role: "user", content: text, timestamp: 1 }],
	tools: [bash],
});

/** Runs one request and checks the event protocol on it. */
async function run(ctx: Context, options: Record<string, unknown> = {}, simple = false) {
	const s = simple
		? streamSimple(model, ctx, { apiKey: "test-key", ...options })
		: stream(model, ctx, { apiKey: "test-key", ...options });
	const collected = await collectEvents(s);
	assertEventProtocol(collected.events, collected.message);
	return collected;
}

describe("anthropic adapter: streaming", () => {
	it("streams text and reports usage and cost", async () => {
		server.enqueue({
			text: "Hello from the mock.",
			chunkSize: 3,
			usage: { input: 1200, output: 40, cacheRead: 1000, cacheWrite: 500 },
			responseId: "msg_42",
		});
		const { events, message } = await run(context());
		expect(message.content).toEqual([{ type: "text", text: "Hello from the mock." }]);
		expect(message.stopReason).toBe("stop");
		expect(message.responseId).toBe("msg_42");
		expect(events.filter((e) => e.type === "text_delta").length).toBe(7);
		expect(message.usage).toMatchObject({
			input: 1200,
			output: 40,
			cacheRead: 1000,
			cacheWrite: 500,
			totalTokens: 2740,
		});
		// claude-sonnet-4-5: 3 / 15 / 0.3 / 3.75 per million
		expect(message.usage.cost.input).toBeCloseTo(0.0036, 10);
		expect(message.usage.cost.output).toBeCloseTo(0.0006, 10);
		expect(message.usage.cost.cacheRead).toBeCloseTo(0.0003, 10);
		expect(message.usage.cost.cacheWrite).toBeCloseTo(0.001875, 10);
		expect(message.usage.cost.total).toBeCloseTo(0.0036 + 0.0006 + 0.0003 + 0.001875, 10);
	});

	it("sends the system prompt, tools and cache markers; default max_tokens", async () => {
		server.enqueue({ text: "ok" });
		await run(context());
		const body = server.requests[0]!.body;
		expect(body.model).toBe("claude-sonnet-4-5");
		expect(body.stream).toBe(true);
		expect(body.max_tokens).toBe(32000);
		expect(body.system).toEqual([{ type: "text", text: "You are terse.", cache_control: { type: "ephemeral" } }]);
		expect(body.tools).toEqual([
			{
				name: "bash",
				description: "Run a command",
				eager_input_streaming: true,
				input_schema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
				cache_control: { type: "ephemeral" },
			},
		]);
		expect(body.messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "hi", cache_control: { type: "ephemeral" } }] },
		]);
	});

	it("maps cacheRetention long to a 1h ttl and none to no markers", async () => {
		server.enqueue({ text: "a" }, { text: "b" });
		await run(context(), { cacheRetention: "long" });
		await run(context(), { cacheRetention: "none" });
		expect(server.requests[0]!.body.system[0].cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
		expect(JSON.stringify(server.requests[1]!.body)).not.toContain("cache_control");
	});

	it("keeps the 5-minute cache for cacheRetention long where compat.supportsLongCacheRetention is false", async () => {
		server.enqueue({ text: "a" });
		const shortOnly: Model = { ...model, compat: { supportsLongCacheRetention: false } };
		await collectEvents(stream(shortOnly, context(), { apiKey: "k", cacheRetention: "long" }));
		expect(server.requests[0]!.body.system[0].cache_control).toEqual({ type: "ephemeral" });
	});

	it("streams tool input eagerly per tool, or by the beta header where the server lacks the field (Copilot)", async () => {
		server.enqueue({ text: "a" }, { text: "b" }, { text: "c" });
		await run(context());
		const copilot = getModels("github-copilot").find(
			(candidate) => candidate.compat?.supportsEagerToolInputStreaming === false,
		)!;
		const noEager: Model = { ...model, compat: copilot.compat };
		await collectEvents(stream(noEager, context(), { apiKey: "k" }));
		await collectEvents(stream(noEager, { messages: context().messages }, { apiKey: "k" }));
		const [eager, beta, noTools] = server.requests;
		expect(eager!.body.tools[0].eager_input_streaming).toBe(true);
		expect(eager!.headers["anthropic-beta"]).toBeUndefined();
		expect(beta!.body.tools[0]).not.toHaveProperty("eager_input_streaming");
		expect(beta!.headers["anthropic-beta"]).toBe("fine-grained-tool-streaming-2025-05-14");
		expect(noTools!.headers["anthropic-beta"]).toBeUndefined();
	});

	it("passes headers (merged last), temperature, maxTokens, and lets onPayload replace the body", async () => {
		server.enqueue({ text: "ok" });
		const seen: unknown[] = [];
		await run(context(), {
			headers: { "x-custom": "1" },
			temperature: 0.2,
			maxTokens: 99,
			onPayload: (payload: any) => {
				seen.push(payload);
				return { ...payload, metadata: { user_id: "u1" } };
			},
		});
		const request = server.requests[0]!;
		expect(request.headers["x-custom"]).toBe("1");
		expect(request.body).toMatchObject({ temperature: 0.2, max_tokens: 99, metadata: { user_id: "u1" } });
		expect(seen).toHaveLength(1);
	});

	it("removes unpaired surrogates from what it sends", async () => {
		server.enqueue({ text: "ok" });
		await run(context(`bad \uD800 pair, good 😀`), { cacheRetention: "none" });
		expect(server.requests[0]!.body.messages[0].content[0].text).toBe("bad  pair, good 😀");
	});

	it("streams thinking with its signature and sends it back on the next request", async () => {
		server.enqueue({
			thinking: "Let me think about this carefully.",
			thinkingSignature: "sig-abc",
			text: "42",
			chunkSize: 5,
		});
		const first = await run(context("question"), { reasoning: "medium" }, true);
		expect(first.message.content).toEqual([
			{ type: "thinking", thinking: "Let me think about this carefully.", thinkingSignature: "sig-abc" },
			{ type: "text", text: "42" },
		]);
		const firstBody = server.requests[0]!.body;
		expect(firstBody.thinking).toEqual({ type: "enabled", budget_tokens: 8192 });
		expect(firstBody.max_tokens).toBe(32000 + 8192);
		expect(server.requests[0]!.headers["anthropic-beta"]).toContain("interleaved-thinking");

		server.enqueue({ text: "done" });
		await run({
			messages: [...context("question").messages, first.message, { role: "user", content: "more", timestamp: 2 }],
		});
		expect(server.requests[1]!.body.messages[1]).toEqual({
			role: "assistant",
			content: [
				{ type: "thinking", thinking: "Let me think about this carefully.", signature: "sig-abc" },
				{ type: "text", text: "42" },
			],
		});
	});

	it("uses adaptive thinking with an effort for models that take it", async () => {
		server.enqueue({ thinking: "hm", text: "ok" });
		const s = streamSimple({ ...adaptiveModel }, context(), { apiKey: "k", reasoning: "high" });
		const { events, message } = await collectEvents(s);
		assertEventProtocol(events, message);
		const body = server.requests[0]!.body;
		expect(body.thinking).toMatchObject({ type: "adaptive" });
		expect(body.output_config).toEqual({ effort: "high" });
		expect(server.requests[0]!.headers["anthropic-beta"]).toBeUndefined();
	});

	it("keeps redacted thinking as an opaque signature and replays it", async () => {
		server.enqueue({ redactedThinking: "ENCRYPTED", text: "ok" });
		const first = await run(context());
		expect(first.message.content[0]).toMatchObject({
			type: "thinking",
			redacted: true,
			thinkingSignature: "ENCRYPTED",
		});
		server.enqueue({ text: "again" });
		await run({ messages: [...context().messages, first.message, { role: "user", content: "x", timestamp: 2 }] });
		expect(server.requests[1]!.body.messages[1].content[0]).toEqual({ type: "redacted_thinking", data: "ENCRYPTED" });
	});

	it("streams one tool call whose arguments arrive in many pieces", async () => {
		const args = { command: "grep -rn 'needle' src/ | head -50", note: "a fairly long argument string" };
		server.enqueue({
			text: "Let me check.",
			toolCalls: [{ id: "toolu_01", name: "bash", arguments: args }],
			chunkSize: 4,
		});
		const { events, message } = await run(context());
		const deltas = events.filter((e) => e.type === "toolcall_delta");
		expect(deltas.length).toBeGreaterThan(10);
		expect(message.stopReason).toBe("toolUse");
		expect(message.content[1]).toEqual({ type: "toolCall", id: "toolu_01", name: "bash", arguments: args });
	});

	it("streams several tool calls and sends their results back in one user message", async () => {
		server.enqueue({
			toolCalls: [
				{ id: "toolu_a", name: "bash", arguments: { command: "ls" } },
				{ id: "toolu_b", name: "bash", arguments: { command: "pwd" } },
			],
			chunkSize: 2,
		});
		const first = await run(context());
		expect(first.message.content.map((b) => b.type === "toolCall" && b.arguments.command)).toEqual(["ls", "pwd"]);
		server.enqueue({ text: "done" });
		await run(
			{
				messages: [
					...context().messages,
					first.message,
					{
						role: "toolResult",
						toolCallId: "toolu_a",
						toolName: "bash",
						content: [{ type: "text", text: "a.txt" }],
						isError: false,
						timestamp: 2,
					},
					{
						role: "toolResult",
						toolCallId: "toolu_b",
						toolName: "bash",
						content: [{ type: "image", data: "iVBOR", mimeType: "image/png" }],
						isError: true,
						timestamp: 3,
					},
				],
			},
			{ cacheRetention: "none" },
		);
		expect(server.requests[1]!.body.messages[2]).toEqual({
			role: "user",
			content: [
				{ type: "tool_result", tool_use_id: "toolu_a", content: [{ type: "text", text: "a.txt" }], is_error: false },
				{
					type: "tool_result",
					tool_use_id: "toolu_b",
					content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: "iVBOR" } }],
					is_error: true,
				},
			],
		});
	});

	it("sends images in user messages", async () => {
		server.enqueue({ text: "a cat" });
		await run(
			{
				messages: [
					{
						role: "user",
						content: [
							{ type: "text", text: "what is this" },
							{ type: "image", data: "AAA", mimeType: "image/jpeg" },
						],
						timestamp: 1,
					},
				],
			},
			{ cacheRetention: "none" },
		);
		expect(server.requests[0]!.body.messages[0].content[1]).toEqual({
			type: "image",
			source: { type: "base64", media_type: "image/jpeg", data: "AAA" },
		});
	});
});

describe("anthropic adapter: stop reasons", () => {
	const cases: [string, AssistantMessage["stopReason"], string?][] = [
		["end_turn", "stop"],
		["stop_sequence", "stop"],
		["pause_turn", "stop"],
		["max_tokens", "length"],
		["tool_use", "toolUse"],
		["refusal", "error", "Provider finish_reason: refusal"],
	];
	for (const [raw, expected, errorMessage] of cases) {
		it(`maps ${raw} to ${expected}`, async () => {
			server.enqueue({
				text: "x",
				rawStopReason: raw,
				...(raw === "tool_use" ? { toolCalls: [{ name: "bash", arguments: { command: "ls" } }] } : {}),
			});
			const { message } = await run(context());
			expect(message.stopReason).toBe(expected);
			if (errorMessage) {
				expect(message.errorMessage).toBe(errorMessage);
				expect(message.errorInfo?.retryable).toBe(false);
				expect(message.content[0]).toEqual({ type: "text", text: "x" });
			}
		});
	}
});

describe("anthropic adapter: failures are events", () => {
	it("401: error event with status, type, not retryable", async () => {
		server.enqueue({ httpError: { status: 401, message: "invalid x-api-key" } });
		const { events, message } = await run(context());
		expect(events.map((e) => e.type)).toEqual(["error"]);
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBe("401 invalid x-api-key");
		expect(message.errorInfo).toEqual({ status: 401, code: "authentication_error", retryable: false });
	});

	it("429 with retry-after: retryable with retryAfterMs", async () => {
		server.enqueue({ httpError: { status: 429, message: "Number of requests exceeded", retryAfter: "12" } });
		const { message } = await run(context());
		expect(message.errorMessage).toBe("429 Number of requests exceeded");
		expect(message.errorInfo).toEqual({ status: 429, code: "rate_limit_error", retryable: true, retryAfterMs: 12000 });
	});

	it("500 and 529 overloaded: retryable errors", async () => {
		server.enqueue({ httpError: { status: 500, message: "Internal server error" } });
		server.enqueue({ httpError: { status: 529, message: "Overloaded" } });
		const a = await run(context());
		const b = await run(context());
		expect(a.message.errorInfo).toEqual({ status: 500, code: "api_error", retryable: true });
		expect(b.message.errorMessage).toBe("529 Overloaded");
		expect(b.message.errorInfo).toEqual({ status: 529, code: "overloaded_error", retryable: true });
	});

	it("prompt too long: context_overflow, not retryable", async () => {
		server.enqueue({ httpError: { status: 400, message: "prompt is too long: 210000 tokens > 200000 maximum" } });
		const { message } = await run(context());
		expect(message.errorInfo).toEqual({ status: 400, code: "context_overflow", retryable: false });
	});

	it("a connection cut mid-stream ends in one error event, partial content kept", async () => {
		server.enqueue({ text: "The beginning of a long answer that never ends", chunkSize: 5, cutAfterEvents: 6 });
		const { events, message } = await run(context());
		expect(events.filter((e) => e.type === "error")).toHaveLength(1);
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBeTruthy();
		expect(message.errorInfo?.retryable).toBe(true);
		expect(message.errorInfo?.code).toBeTruthy();
		// Frames: message_start, ping, content_block_start, then three 5-character deltas.
		expect((message.content[0] as { text: string }).text).toBe("The beginning o");
		expect(message.errorMessage).toBe("Stream ended unexpectedly");
		expect(message.usage.input).toBe(0);
	});

	it("a stream that closes cleanly before message_stop: Stream ended unexpectedly", async () => {
		// Everything but message_stop: cut exactly before the last frame.
		server.enqueue({ text: "partial", usage: { input: 7 }, closeAfterEvents: 6 });
		const { message } = await run(context());
		expect(message.stopReason).toBe("error");
		expect(message.errorInfo?.retryable).toBe(true);
		expect(message.errorMessage).toBe("Stream ended unexpectedly");
		expect(message.errorInfo).toEqual({ code: "stream_cut", retryable: true });
		expect(message.usage.input).toBe(7);
		expect(message.content).toEqual([{ type: "text", text: "partial" }]);
	});

	it("connection refused: error without start, retryable", async () => {
		const closed = await startMockServer();
		const url = closed.url;
		await closed.close();
		const s = stream({ ...model, baseUrl: url }, context(), { apiKey: "k" });
		const { events, message } = await collectEvents(s);
		assertEventProtocol(events, message);
		expect(events.map((e) => e.type)).toEqual(["error"]);
		expect(message.errorInfo?.retryable).toBe(true);
	});

	it("abort mid-stream ends in aborted with the partial content", async () => {
		server.enqueue({ text: "x".repeat(400), chunkSize: 4, eventDelayMs: 2, usage: { input: 33 } });
		const controller = new AbortController();
		const s = stream(model, context(), { apiKey: "k", signal: controller.signal });
		const events = [];
		for await (const event of s) {
			events.push(event);
			if (event.type === "text_delta" && events.length === 10) controller.abort();
		}
		const message = await s.result();
		assertEventProtocol(events, message);
		expect(message.stopReason).toBe("aborted");
		expect(message.errorMessage).toBe("Request was aborted");
		expect((message.content[0] as { text: string }).text.length).toBeGreaterThan(0);
		expect(message.usage.input).toBe(33);
	});

	it("a pre-aborted signal sends no request", async () => {
		const controller = new AbortController();
		controller.abort();
		const { events, message } = await run(context(), { signal: controller.signal });
		expect(events.map((e) => e.type)).toEqual(["error"]);
		expect(message.stopReason).toBe("aborted");
		expect(server.requests).toHaveLength(0);
	});

	it("a missing key is an error event, not a throw", async () => {
		const saved = { a: process.env.ANTHROPIC_API_KEY, b: process.env.ANTHROPIC_OAUTH_TOKEN };
		delete process.env.ANTHROPIC_API_KEY;
		delete process.env.ANTHROPIC_OAUTH_TOKEN;
		try {
			const { message } = await collectEvents(stream(model, context()));
			expect(message.errorMessage).toBe("No API key for provider: anthropic");
		} finally {
			if (saved.a !== undefined) process.env.ANTHROPIC_API_KEY = saved.a;
			if (saved.b !== undefined) process.env.ANTHROPIC_OAUTH_TOKEN = saved.b;
		}
	});
});

describe("anthropic adapter: options", () => {
	it("a request slower than timeoutMs ends in a retryable timeout error", async () => {
		server.enqueue({ text: "late", delayMs: 500 });
		const { message } = await run(context(), { timeoutMs: 50 });
		expect(message.stopReason).toBe("error");
		expect(message.errorInfo).toMatchObject({ code: "request_timeout", retryable: true });
	});

	it("maps reasoning levels: custom budgets, xhigh clamped for models without it, off without reasoning", async () => {
		server.enqueue({ text: "a" }, { text: "b" }, { text: "c" });
		await run(context(), { reasoning: "low", thinkingBudgets: { low: 3000 }, maxTokens: 1000 }, true);
		await run(context(), { reasoning: "xhigh" }, true);
		await run(context(), {}, true);
		expect(server.requests[0]!.body).toMatchObject({
			thinking: { type: "enabled", budget_tokens: 3000 },
			max_tokens: 4000,
		});
		expect(server.requests[1]!.body.thinking).toEqual({ type: "enabled", budget_tokens: 16384 });
		expect(server.requests[2]!.body.thinking).toBeUndefined();
	});

	it("replays a foreign conversation: other models' thinking becomes text, odd tool ids are rewritten", async () => {
		server.enqueue({ text: "ok" });
		await run(
			{
				messages: [
					{ role: "user", content: "hi", timestamp: 1 },
					{
						role: "assistant",
						content: [
							{ type: "thinking", thinking: "pondering", thinkingSignature: "openai-encrypted" },
							{ type: "toolCall", id: "call_1|fc_9", name: "bash", arguments: { command: "ls" } },
						],
						api: "openai-responses",
						provider: "openai",
						model: "gpt-5.4",
						usage: emptyUsage(),
						stopReason: "toolUse",
						timestamp: 2,
					},
				],
			},
			{ cacheRetention: "none" },
		);
		const messages = server.requests[0]!.body.messages;
		expect(messages[1].content).toEqual([
			{ type: "text", text: "pondering" },
			{ type: "tool_use", id: "call_1_fc_9", name: "bash", input: { command: "ls" } },
		]);
		// The interrupted call got a synthetic error result.
		expect(messages[2].content[0]).toMatchObject({ type: "tool_result", tool_use_id: "call_1_fc_9", is_error: true });
	});
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complete, completeSimple, emptyUsage, getModels } from "../../src/index.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import type { AssistantMessage, Model } from "../../src/types.js";
import { mockModel, replayWithToolResult, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
let model: Model;

beforeAll(async () => {
	server = await startMockServer();
	model = mockModel("openai-completions", server);
});
afterAll(() => server.close());

const lastBody = () => server.requests.at(-1)!.body;

describe("openai-completions adapter", () => {
	it("sends the request the API expects: role, limit field, usage in the stream, store, strict tools", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		await complete(model, USER_CONTEXT, { apiKey: "test-key", maxTokens: 1234, temperature: 0.2 });
		const body = lastBody();
		expect(server.requests[0]!.path).toBe("/v1/chat/completions");
		expect(server.requests[0]!.headers.authorization).toBe("Bearer test-key");
		expect(body).toMatchObject({
			model: "gpt-4.1",
			stream: true,
			stream_options: { include_usage: true },
			store: false,
			max_completion_tokens: 1234,
			temperature: 0.2,
		});
		expect(body.messages).toEqual([
			{ role: "developer", content: "You are terse." },
			{ role: "user", content: "What is in this folder?" },
		]);
		expect(body.tools[0]).toEqual({
			type: "function",
			function: {
				name: "bash",
				description: "Run a shell command",
				parameters: USER_CONTEXT.tools![0]!.parameters,
				strict: false,
			},
		});
	});

	it("reports usage with cached tokens as events.md §1.6 computes it", async () => {
		server.reset();
		server.enqueue({ text: "ok", usage: { input: 2000, cacheRead: 10000, output: 500 } });
		const message = await complete(model, USER_CONTEXT, { apiKey: "k" });
		expect(message.usage).toEqual({
			input: 2000,
			output: 500,
			cacheRead: 10000,
			cacheWrite: 0,
			totalTokens: 12500,
			cost: { input: 0.006, output: 0.0075, cacheRead: 0.003, cacheWrite: 0, total: 0.0165 },
		});
	});

	it("keeps reasoning as thinking signed with its field name and replays it under that field", async () => {
		server.reset();
		server.enqueue({
			thinking: "Think first.",
			text: "Done.",
			toolCalls: [{ name: "bash", arguments: { command: "ls" } }],
		});
		const first = await completeSimple(model, USER_CONTEXT, { apiKey: "k", reasoning: "high" });
		expect(lastBody().reasoning_effort).toBe("high");
		expect(first.content[0]).toEqual({
			type: "thinking",
			thinking: "Think first.",
			thinkingSignature: "reasoning_content",
		});
		const call = first.content[2] as { id: string };

		server.enqueue({ text: "fine" });
		await complete(model, replayWithToolResult(first, call.id), { apiKey: "k" });
		const assistant = lastBody().messages[1];
		expect(assistant).toEqual({
			role: "assistant",
			content: "Done.",
			reasoning_content: "Think first.",
			tool_calls: [{ id: call.id, type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } }],
		});
		expect(lastBody().messages[2]).toEqual({ role: "tool", tool_call_id: call.id, content: "a.txt" });
		expect(lastBody().reasoning_effort).toBeUndefined();
	});

	it("replays the model's own thinking as text when compat.requiresThinkingAsText is set", async () => {
		server.reset();
		const plain: Model = { ...model, compat: { requiresThinkingAsText: true } };
		server.enqueue({ thinking: "Reasoned.", text: "Answer." }, { text: "ok" });
		const first = await completeSimple(plain, USER_CONTEXT, { apiKey: "k", reasoning: "low" });
		await complete(
			plain,
			{ messages: [...USER_CONTEXT.messages, first, { role: "user", content: "and?", timestamp: 3 }] },
			{ apiKey: "k" },
		);
		expect(lastBody().messages[1]).toEqual({ role: "assistant", content: "Reasoned.\n\nAnswer." });
	});

	it("maps thinking levels through the model's thinkingLevelMap", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		const mapped: Model = { ...model, thinkingLevelMap: { low: "minimal", xhigh: "max" } };
		await completeSimple(mapped, USER_CONTEXT, { apiKey: "k", reasoning: "low" });
		expect(lastBody().reasoning_effort).toBe("minimal");
		server.enqueue({ text: "ok" });
		await completeSimple(mapped, USER_CONTEXT, { apiKey: "k", reasoning: "xhigh" });
		expect(lastBody().reasoning_effort).toBe("max");
	});

	it("switches thinking in the vendor's format (Z.ai, Qwen, OpenRouter)", async () => {
		server.reset();
		const zai: Model = { ...model, provider: "zai", id: "glm-4.6" };
		server.enqueue({ text: "ok" }, { text: "ok" });
		await completeSimple(zai, USER_CONTEXT, { apiKey: "k", reasoning: "medium" });
		expect(lastBody()).toMatchObject({ thinking: { type: "enabled" }, max_tokens: 32000 });
		expect(lastBody().reasoning_effort).toBeUndefined();
		await completeSimple(zai, USER_CONTEXT, { apiKey: "k" });
		expect(lastBody().thinking).toEqual({ type: "disabled" });

		const qwen: Model = { ...model, provider: "local", compat: { thinkingFormat: "qwen-chat-template" } };
		server.enqueue({ text: "ok" });
		await completeSimple(qwen, USER_CONTEXT, { apiKey: "k", reasoning: "low" });
		expect(lastBody().chat_template_kwargs).toEqual({ enable_thinking: true });

		const openrouter: Model = { ...model, provider: "openrouter", compat: { openRouterRouting: { only: ["groq"] } } };
		server.enqueue({ text: "ok" });
		await completeSimple(openrouter, USER_CONTEXT, { apiKey: "k", reasoning: "high" });
		expect(lastBody()).toMatchObject({ reasoning: { effort: "high" }, provider: { only: ["groq"] } });
		expect(lastBody().messages[0].role).toBe("system");
	});

	it("asks Z.ai to stream tool-call arguments when compat.zaiToolStream is set, and only with tools", async () => {
		server.reset();
		const zai = getModels("zai").find((candidate) => candidate.compat?.zaiToolStream)!;
		expect(zai).toBeDefined();
		const target: Model = { ...zai, baseUrl: `${server.url}/v1` };
		server.enqueue({ text: "ok" }, { text: "ok" }, { text: "ok" });
		await complete(target, USER_CONTEXT, { apiKey: "k" });
		expect(lastBody().tool_stream).toBe(true);
		await complete(target, { messages: USER_CONTEXT.messages }, { apiKey: "k" });
		expect(lastBody().tool_stream).toBeUndefined();
		await complete({ ...target, compat: { ...target.compat, zaiToolStream: false } }, USER_CONTEXT, { apiKey: "k" });
		expect(lastBody().tool_stream).toBeUndefined();
	});

	it("gives every replayed assistant turn reasoning_content where the server requires it (DeepSeek)", async () => {
		server.reset();
		const deepseek: Model = { ...getModels("deepseek")[0]!, baseUrl: `${server.url}/v1` };
		expect(deepseek.compat?.requiresReasoningContentOnAssistantMessages).toBe(true);
		const history = (first: AssistantMessage) => ({
			messages: [...USER_CONTEXT.messages, first, { role: "user" as const, content: "and?", timestamp: 3 }],
		});
		// A turn without thinking (thinking was off) still carries the field, empty.
		server.enqueue({ toolCalls: [{ name: "bash", arguments: { command: "ls" } }] }, { text: "ok" });
		const noThinking = await complete(deepseek, USER_CONTEXT, { apiKey: "k" });
		const call = noThinking.content.find((block) => block.type === "toolCall") as { id: string };
		await complete(deepseek, replayWithToolResult(noThinking, call.id), { apiKey: "k" });
		expect(lastBody().messages[1]).toMatchObject({ role: "assistant", reasoning_content: "" });
		// Thinking of its own goes back as it came.
		server.enqueue({ thinking: "Because.", text: "Yes." }, { text: "ok" });
		const withThinking = await completeSimple(deepseek, USER_CONTEXT, { apiKey: "k", reasoning: "high" });
		await complete(deepseek, history(withThinking), { apiKey: "k" });
		expect(lastBody().messages[1]).toEqual({ role: "assistant", content: "Yes.", reasoning_content: "Because." });
		// Without the flag (detection only applies to DeepSeek) nothing is added.
		server.enqueue({ text: "ok" });
		const other: Model = { ...model, provider: "local", baseUrl: `${server.url}/v1` };
		await complete(other, replayWithToolResult(noThinking, call.id), { apiKey: "k" });
		expect(lastBody().messages[1]).not.toHaveProperty("reasoning_content");
	});

	it("assembles tool calls whose deltas interleave by index", async () => {
		const chunk = (delta: unknown, finish: string | null = null) =>
			`data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
		const interleaved = await startMockServer({
			protocols: [
				{
					name: "interleaved",
					matches: () => true,
					encode: () => [
						chunk({
							tool_calls: [{ index: 0, id: "call_a", type: "function", function: { name: "read", arguments: '{"pa' } }],
						}),
						chunk({
							tool_calls: [{ index: 1, id: "call_b", type: "function", function: { name: "ls", arguments: '{"dir"' } }],
						}),
						chunk({ tool_calls: [{ index: 0, function: { arguments: 'th":"a"}' } }] }),
						chunk({ tool_calls: [{ index: 1, function: { arguments: ':"."}' } }] }),
						chunk({}, "tool_calls"),
						"data: [DONE]\n\n",
					],
					encodeError: () => ({ status: 500, headers: {}, body: "" }),
				},
			],
		});
		try {
			interleaved.enqueue({});
			const message = await complete({ ...model, baseUrl: `${interleaved.url}/v1` }, USER_CONTEXT, { apiKey: "k" });
			expect(message.stopReason).toBe("toolUse");
			expect(message.content).toEqual([
				{ type: "toolCall", id: "call_a", name: "read", arguments: { path: "a" } },
				{ type: "toolCall", id: "call_b", name: "ls", arguments: { dir: "." } },
			]);
		} finally {
			await interleaved.close();
		}
	});

	it("reports an unknown finish_reason as an error with the raw reason", async () => {
		server.reset();
		server.enqueue({ text: "partial", rawStopReason: "weird_reason" });
		const message = await complete(model, USER_CONTEXT, { apiKey: "k" });
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBe("Provider finish_reason: weird_reason");
		expect((message.content[0] as { text: string }).text).toBe("partial");
	});

	it("sends images of tool results in a following user message, and tool names where required", async () => {
		server.reset();
		server.enqueue({ text: "I see it." });
		const mistral: Model = { ...model, provider: "mistral", id: "mistral-large", reasoning: false };
		const call: AssistantMessage = {
			role: "assistant",
			content: [{ type: "toolCall", id: "toolu_01ABCdef.ghi", name: "screenshot", arguments: {} }],
			api: "anthropic-messages",
			provider: "anthropic",
			model: "claude-sonnet-4-5",
			usage: emptyUsage(),
			stopReason: "toolUse",
			timestamp: 2,
		};
		await complete(
			mistral,
			{
				messages: [
					{ role: "user", content: "Take a screenshot", timestamp: 1 },
					call,
					{
						role: "toolResult",
						toolCallId: "toolu_01ABCdef.ghi",
						toolName: "screenshot",
						content: [
							{ type: "text", text: "captured" },
							{ type: "image", data: "AAAA", mimeType: "image/png" },
						],
						isError: false,
						timestamp: 3,
					},
					{ role: "user", content: "Describe it", timestamp: 4 },
				],
			},
			{ apiKey: "k" },
		);
		const messages = lastBody().messages;
		expect(messages.map((m: { role: string }) => m.role)).toEqual([
			"user",
			"assistant",
			"tool",
			"assistant",
			"user",
			"user",
		]);
		expect(messages[1].tool_calls[0].id).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
		expect(messages[2]).toMatchObject({
			tool_call_id: messages[1].tool_calls[0].id,
			name: "screenshot",
			content: "captured",
		});
		expect(messages[3]).toEqual({ role: "assistant", content: "I have processed the tool results." });
		expect(messages[4].content[1]).toEqual({ type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } });
		expect(lastBody().max_tokens).toBe(32000);
	});

	it("passes headers and lets onPayload replace the body", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		await complete({ ...model, headers: { "x-model": "m" } }, USER_CONTEXT, {
			apiKey: "k",
			headers: { "x-call": "c" },
			onPayload: (payload) => ({ ...(payload as object), user: "pi-test" }),
		});
		expect(server.requests[0]!.headers).toMatchObject({ "x-model": "m", "x-call": "c" });
		expect(lastBody().user).toBe("pi-test");
	});

	it("removes unpaired surrogates from strings it sends", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		await complete(
			model,
			{ messages: [{ role: "user", content: "bad \ud800 pair 😀", timestamp: 1 }] },
			{ apiKey: "k" },
		);
		expect(lastBody().messages[0].content).toBe("bad  pair 😀");
	});
});

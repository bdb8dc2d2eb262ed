/**
 * Anthropic prompt-cache markers on Chat Completions requests (compat.cacheControlFormat), checked on the
 * request body the loopback mock server receives, and the cache usage such a gateway reports.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Context, complete } from "../../src/index.js";
import { mapCompletionsUsage } from "../../src/providers/openai-completions/stream-reader.js";
import { detectCompletionsCompat } from "../../src/providers/openai-completions.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import type { Model } from "../../src/types.js";
import { mockModel } from "../helpers/scenarios.js";

let server: MockServer;
let claude: Model;

beforeAll(async () => {
	server = await startMockServer();
	claude = mockModel("openai-completions", server, {
		id: "anthropic/claude-sonnet-4.5",
		name: "Claude Sonnet 4.5 (OpenRouter)",
		provider: "openrouter",
	});
});
afterAll(() => server.close());

const EPHEMERAL = { type: "ephemeral" };

const CONTEXT: Context = {
	systemPrompt: "Answer in one word.",
	messages: [
		{ role: "user", content: "Name a colour.", timestamp: 1 },
		{
			role: "user",
			content: [
				{ type: "text", text: "And this picture?" },
				{ type: "text", text: "Look closely." },
				{ type: "image", data: "aGVsbG8=", mimeType: "image/png" },
			],
			timestamp: 2,
		},
	],
	tools: [
		{ name: "read", description: "Read a file", parameters: { type: "object", properties: {} } as never },
		{ name: "write", description: "Write a file", parameters: { type: "object", properties: {} } as never },
	],
};

/** Every `cache_control` value in the body, wherever it sits. */
function markers(body: unknown): unknown[] {
	const found: unknown[] = [];
	JSON.stringify(body, (key, value) => {
		if (key === "cache_control") found.push(value);
		return value;
	});
	return found;
}

async function bodyFor(model: Model, context: Context, options: Parameters<typeof complete>[2] = {}) {
	server.reset();
	server.enqueue({ text: "Blue." });
	const message = await complete(model, context, { apiKey: "k", ...options });
	expect(message.stopReason).toBe("stop");
	return server.requests.at(-1)!.body;
}

describe("Chat Completions cache_control markers", () => {
	it("marks the system prompt, the last tool and the last text of the newest message for OpenRouter Claude", async () => {
		const body = await bodyFor(claude, CONTEXT);
		expect(body.messages[0]).toEqual({
			role: "system",
			content: [{ type: "text", text: "Answer in one word.", cache_control: EPHEMERAL }],
		});
		// Earlier messages stay as they were: the marker on the newest one caches everything before it.
		expect(body.messages[1]).toEqual({ role: "user", content: "Name a colour." });
		expect(body.messages[2].content).toEqual([
			{ type: "text", text: "And this picture?" },
			{ type: "text", text: "Look closely.", cache_control: EPHEMERAL },
			{ type: "image_url", image_url: { url: "data:image/png;base64,aGVsbG8=" } },
		]);
		expect(body.tools[0].cache_control).toBeUndefined();
		expect(body.tools[1]).toMatchObject({ type: "function", function: { name: "write" }, cache_control: EPHEMERAL });
		expect(markers(body)).toHaveLength(3);
	});

	it("puts the conversation marker on a trailing tool result, and skips a message without text", async () => {
		server.reset();
		server.enqueue({ toolCalls: [{ id: "call_1", name: "read", arguments: { path: "a.txt" } }] });
		const first = await complete(claude, { messages: [CONTEXT.messages[0]!], tools: CONTEXT.tools }, { apiKey: "k" });
		expect(first.stopReason).toBe("toolUse");
		const history: Context = {
			messages: [
				CONTEXT.messages[0]!,
				first,
				{
					role: "toolResult",
					toolCallId: "call_1",
					toolName: "read",
					content: [{ type: "text", text: "red" }],
					isError: false,
					timestamp: 3,
				},
			],
		};
		const body = await bodyFor(claude, history);
		expect(body.messages.at(-1)).toEqual({
			role: "tool",
			tool_call_id: "call_1",
			content: [{ type: "text", text: "red", cache_control: EPHEMERAL }],
		});
		expect(markers(body)).toHaveLength(1);

		// An image-only last user message has no text to carry the marker: it goes to the newest text before it.
		const imageOnly: Context = {
			messages: [
				CONTEXT.messages[0]!,
				{ role: "user", content: [{ type: "image", data: "aGVsbG8=", mimeType: "image/png" }], timestamp: 4 },
			],
		};
		const second = await bodyFor(claude, imageOnly);
		expect(second.messages[0]).toEqual({
			role: "user",
			content: [{ type: "text", text: "Name a colour.", cache_control: EPHEMERAL }],
		});
		expect(markers(second)).toHaveLength(1);
	});

	it("sends no markers to models that are not Anthropic's, nor to Claude with cacheRetention none", async () => {
		const gpt = { ...claude, id: "openai/gpt-5" };
		expect(markers(await bodyFor(gpt, CONTEXT))).toEqual([]);
		expect(markers(await bodyFor(claude, CONTEXT, { cacheRetention: "none" }))).toEqual([]);
	});

	it("asks for the 1h TTL with cacheRetention long unless supportsLongCacheRetention is false", async () => {
		const long = await bodyFor(claude, CONTEXT, { cacheRetention: "long" });
		expect(markers(long)).toEqual(Array(3).fill({ type: "ephemeral", ttl: "1h" }));
		const short = await bodyFor(claude, CONTEXT, { cacheRetention: "short" });
		expect(markers(short)).toEqual(Array(3).fill(EPHEMERAL));
		const noLong = { ...claude, compat: { supportsLongCacheRetention: false } };
		expect(markers(await bodyFor(noLong, CONTEXT, { cacheRetention: "long" }))).toEqual(Array(3).fill(EPHEMERAL));
	});

	it("follows an explicit compat.cacheControlFormat either way", async () => {
		const proxy = mockModel("openai-completions", server, {
			id: "claude-sonnet-4-5",
			provider: "litellm",
			compat: { cacheControlFormat: "anthropic" },
		});
		expect(markers(await bodyFor(proxy, CONTEXT))).toHaveLength(3);
		const off = { ...claude, compat: { cacheControlFormat: "none" as const } };
		expect(markers(await bodyFor(off, CONTEXT))).toEqual([]);
	});

	it("is detected for OpenRouter's anthropic/ models only, by provider or by host", () => {
		const base = { reasoning: true, baseUrl: "https://openrouter.ai/api/v1" };
		expect(detectCompletionsCompat({ ...base, id: "anthropic/claude-opus-4", provider: "openrouter" })).toMatchObject({
			cacheControlFormat: "anthropic",
		});
		expect(detectCompletionsCompat({ ...base, id: "anthropic/claude-opus-4", provider: "my-router" })).toMatchObject({
			cacheControlFormat: "anthropic",
		});
		expect(detectCompletionsCompat({ ...base, id: "google/gemini-2.5-pro", provider: "openrouter" })).toMatchObject({
			cacheControlFormat: "none",
		});
		const elsewhere = { reasoning: true, id: "anthropic/claude-opus-4", provider: "vercel-ai-gateway" };
		expect(detectCompletionsCompat({ ...elsewhere, baseUrl: "https://ai-gateway.vercel.sh/v1" })).toMatchObject({
			cacheControlFormat: "none",
		});
	});
});

describe("OpenRouter cache usage", () => {
	it("counts cached_tokens as cache reads and cache writes apart, priced at the model's cache rates", async () => {
		server.reset();
		server.enqueue({ text: "Blue.", usage: { input: 1000, cacheRead: 20000, cacheWrite: 4000, output: 100 } });
		const message = await complete(claude, CONTEXT, { apiKey: "k" });
		expect(message.usage).toMatchObject({
			input: 1000,
			output: 100,
			cacheRead: 20000,
			cacheWrite: 4000,
			totalTokens: 25100,
			cost: { input: 0.003, output: 0.0015, cacheRead: 0.006, cacheWrite: 0.015 },
		});
		expect(message.usage.cost.total).toBeCloseTo(0.0255, 10);
	});

	it("reads cache writes from prompt_tokens_details, where OpenRouter reports them", () => {
		expect(
			mapCompletionsUsage({
				prompt_tokens: 25000,
				completion_tokens: 100,
				total_tokens: 25100,
				prompt_tokens_details: { cached_tokens: 20000, cache_write_tokens: 4000 },
			}),
		).toEqual({ input: 1000, output: 100, cacheRead: 20000, cacheWrite: 4000 });
	});
});

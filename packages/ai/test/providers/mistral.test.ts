/**
 * The mistral-conversations adapter through the official @mistralai/mistralai SDK against the loopback mock server:
 * the request it sends (messages, tools, thinking switches, headers, base URL), Mistral's 9-character tool-call ids
 * across a conversation, and thinking chunks both ways.
 */
import { Type } from "@sinclair/typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complete, completeSimple, emptyUsage, stream } from "../../src/index.js";
import { createMistralToolCallIdNormalizer } from "../../src/providers/mistral/messages.js";
import { mistralServerUrl } from "../../src/providers/mistral.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import type { AssistantMessage, Context, Model, ToolCall } from "../../src/types.js";
import { assistantFrom, mockModel, replayWithToolResult, USER_CONTEXT } from "../helpers/scenarios.js";

const IMAGE = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

let server: MockServer;
let model: Model;
beforeAll(async () => {
	server = await startMockServer();
	model = mockModel("mistral-conversations", server);
});
afterAll(() => server.close());

const lastRequest = () => server.requests.at(-1)!;
const lastBody = () => lastRequest().body;

/** A recorded tool-calling assistant turn of `source`. */
function callingTurn(source: Pick<Model, "api" | "provider" | "id">, calls: ToolCall[]): AssistantMessage {
	const from = assistantFrom(source as Model);
	return { role: "assistant", ...from, content: calls, usage: emptyUsage(), stopReason: "toolUse", timestamp: 1 };
}

async function reply(context: Context, target: Model = model) {
	server.reset();
	server.enqueue({ text: "ok" });
	const message = await complete(target, context, { apiKey: "k" });
	expect(message.errorMessage).toBeUndefined();
	return lastBody();
}

describe("mistral-conversations: the request", () => {
	it("posts the chat completion with the system prompt first, the tools as functions and the key as bearer", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		await complete(model, USER_CONTEXT, { apiKey: "mk-123", temperature: 0.3, toolChoice: "any" } as never);
		expect(lastRequest().path).toBe("/mistral/v1/chat/completions");
		expect(lastRequest().headers.authorization).toBe("Bearer mk-123");
		expect(lastBody()).toEqual({
			model: "magistral-medium-latest",
			stream: true,
			max_tokens: 32000,
			temperature: 0.3,
			tool_choice: "any",
			messages: [
				{ role: "system", content: "You are terse." },
				{ role: "user", content: "What is in this folder?" },
			],
			tools: [
				{
					type: "function",
					function: {
						name: "bash",
						description: "Run a shell command",
						parameters: USER_CONTEXT.tools![0]!.parameters,
						strict: false,
					},
				},
			],
		});
	});

	it("sends a TypeBox tool schema (marked with symbol keys, which the SDK's validation rejects) as plain JSON", async () => {
		const parameters = Type.Object({
			path: Type.String({ description: "File to read" }),
			limit: Type.Optional(Type.Number()),
		});
		const body = await reply({ ...USER_CONTEXT, tools: [{ name: "read", description: "Read a file", parameters }] });
		expect(body.tools[0].function.parameters).toEqual(JSON.parse(JSON.stringify(parameters)));
		expect(body.tools[0].function.parameters.properties.path).toEqual({ type: "string", description: "File to read" });
	});

	it("switches thinking on with prompt_mode for Magistral and reasoning_effort for Mistral Small 4 / Medium 3.5", async () => {
		const sent = async (target: Model, reasoning?: "low" | "high") => {
			server.reset();
			server.enqueue({ text: "ok" });
			await completeSimple(target, USER_CONTEXT, { apiKey: "k", ...(reasoning ? { reasoning } : {}) });
			const { prompt_mode, reasoning_effort } = lastBody();
			return { prompt_mode, reasoning_effort };
		};
		expect(await sent(model, "low")).toEqual({ prompt_mode: "reasoning", reasoning_effort: undefined });
		expect(await sent(model)).toEqual({ prompt_mode: undefined, reasoning_effort: undefined });
		const small = { ...model, id: "mistral-small-latest" };
		expect(await sent(small, "low")).toEqual({ prompt_mode: undefined, reasoning_effort: "high" });
		expect(await sent({ ...model, id: "mistral-medium-3.5" }, "high")).toEqual({
			prompt_mode: undefined,
			reasoning_effort: "high",
		});
		const mapped = { ...small, thinkingLevelMap: { low: "low", high: "high" } };
		expect(await sent(mapped, "low")).toEqual({ prompt_mode: undefined, reasoning_effort: "low" });
		// A map that only marks unsupported levels does not make Magistral an effort model.
		const restricted = { ...model, thinkingLevelMap: { minimal: null, low: null } };
		expect(await sent(restricted, "low")).toEqual({ prompt_mode: "reasoning", reasoning_effort: undefined });
		expect(await sent({ ...model, reasoning: false }, "high")).toEqual({
			prompt_mode: undefined,
			reasoning_effort: undefined,
		});
	});

	it("sends the model's headers, then the caller's, and the session id as x-affinity unless told otherwise", async () => {
		const withHeaders = { ...model, headers: { "x-team": "model", "x-extra": "model" } };
		const headersOf = async (options: Record<string, unknown>) => {
			server.reset();
			server.enqueue({ text: "ok" });
			await complete(withHeaders, USER_CONTEXT, { apiKey: "k", ...options });
			return lastRequest().headers;
		};
		const plain = await headersOf({ headers: { "x-team": "caller" }, sessionId: "sess-1" });
		expect(plain).toMatchObject({ "x-team": "caller", "x-extra": "model", "x-affinity": "sess-1" });
		expect(plain["user-agent"]).toMatch(/^mistral-client-typescript\//);
		expect(await headersOf({ sessionId: "sess-1", cacheRetention: "none" })).not.toHaveProperty("x-affinity");
		expect(await headersOf({ sessionId: "sess-1", headers: { "X-Affinity": "mine" } })).toMatchObject({
			"x-affinity": "mine",
		});
	});

	it("keeps a base URL's path prefix and drops a trailing /v1 (the Chat Completions convention)", async () => {
		expect(mistralServerUrl("https://api.mistral.ai")).toBe("https://api.mistral.ai");
		expect(mistralServerUrl("https://api.mistral.ai/v1/")).toBe("https://api.mistral.ai");
		expect(mistralServerUrl("https://proxy.example/mistral")).toBe("https://proxy.example/mistral");
		await reply(USER_CONTEXT, { ...model, baseUrl: `${server.url}/mistral/v1` });
		expect(lastRequest().path).toBe("/mistral/v1/chat/completions");
	});

	it("sends user images and tool-result images as image_url chunks, tool results with their tool's name", async () => {
		const call: ToolCall = { type: "toolCall", id: "abcDEF123", name: "screenshot", arguments: {} };
		const assistant = callingTurn(model, [call]);
		const body = await reply({
			messages: [
				{
					role: "user",
					content: [
						{ type: "text", text: "Look" },
						{ type: "image", data: IMAGE, mimeType: "image/png" },
					],
					timestamp: 1,
				},
				assistant,
				{
					role: "toolResult",
					toolCallId: "abcDEF123",
					toolName: "screenshot",
					content: [{ type: "image", data: IMAGE, mimeType: "image/png" }],
					isError: false,
					timestamp: 2,
				},
			],
		});
		const dataUrl = `data:image/png;base64,${IMAGE}`;
		expect(body.messages[0].content[1]).toEqual({ type: "image_url", image_url: dataUrl });
		expect(body.messages[2]).toEqual({
			role: "tool",
			tool_call_id: "abcDEF123",
			name: "screenshot",
			content: [
				{ type: "text", text: "(no output)" },
				{ type: "image_url", image_url: dataUrl },
			],
		});
	});
});

describe("mistral-conversations: tool-call ids", () => {
	it("keeps Mistral's own ids through a round trip", async () => {
		server.reset();
		server.enqueue({ toolCalls: [{ name: "bash", arguments: { command: "ls" } }] });
		const first = await complete(model, USER_CONTEXT, { apiKey: "k" });
		const call = first.content.find((block): block is ToolCall => block.type === "toolCall")!;
		expect(call.id).toMatch(/^[A-Za-z0-9]{9}$/);
		const body = await reply(replayWithToolResult(first, call.id));
		expect(body.messages[1].tool_calls).toEqual([
			{ id: call.id, type: "function", function: { name: "bash", arguments: '{"command":"ls"}' }, index: 0 },
		]);
		expect(body.messages[2]).toMatchObject({ role: "tool", tool_call_id: call.id, name: "bash", content: "a.txt" });
	});

	it("maps other providers' ids to distinct 9-character ids, the same for a call and its result", async () => {
		const ids = ["toolu_01AbCdEfGhIjKlMnOpQrStUv", "call_abc|fc_0123456789", "call_abc|fc_9876543210"];
		const foreign = callingTurn(
			{ api: "anthropic-messages", provider: "anthropic", id: "claude-sonnet-4-5" },
			ids.map((id) => ({ type: "toolCall", id, name: "bash", arguments: { command: id } })),
		);
		const results = ids.map((id, i) => ({
			role: "toolResult" as const,
			toolCallId: id,
			toolName: "bash",
			content: [{ type: "text" as const, text: `out ${i}` }],
			isError: false,
			timestamp: 2,
		}));
		const body = await reply({ messages: [...USER_CONTEXT.messages, foreign, ...results] });
		const sent = body.messages[1].tool_calls.map((call: { id: string }) => call.id);
		expect(sent.every((id: string) => /^[A-Za-z0-9]{9}$/.test(id))).toBe(true);
		expect(new Set(sent).size).toBe(3);
		expect(body.messages.slice(2).map((message: { tool_call_id: string }) => message.tool_call_id)).toEqual(sent);
	});

	it("the normaliser is stable for an id and never gives two ids the same one", () => {
		const normalize = createMistralToolCallIdNormalizer();
		const many = Array.from({ length: 2000 }, (_, i) => `call_${i}`);
		const mapped = many.map(normalize);
		expect(new Set(mapped).size).toBe(many.length);
		expect(many.map(normalize)).toEqual(mapped);
		expect(normalize("Abc123xyz")).toBe("Abc123xyz");
	});
});

describe("mistral-conversations: thinking chunks", () => {
	it("streams thinking chunks into a thinking block with its signature, and replays it to the same model only", async () => {
		server.reset();
		server.enqueue({
			thinking: "Let me count the files.",
			thinkingSignature: "sig-1",
			text: "Two files.",
			chunkSize: 5,
		});
		const events: string[] = [];
		const s = stream(model, USER_CONTEXT, { apiKey: "k" });
		for await (const event of s) events.push(event.type);
		const message = await s.result();
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "Let me count the files.", thinkingSignature: "sig-1" },
			{ type: "text", text: "Two files." },
		]);
		expect(events.filter((type) => type === "thinking_delta").length).toBeGreaterThan(1);

		const context: Context = {
			messages: [...USER_CONTEXT.messages, message, { role: "user", content: "And?", timestamp: 3 }],
		};
		expect((await reply(context)).messages[1].content).toEqual([
			{ type: "thinking", thinking: [{ type: "text", text: "Let me count the files." }], signature: "sig-1" },
			{ type: "text", text: "Two files." },
		]);
		const other = { ...model, id: "mistral-large-latest" };
		expect((await reply(context, other)).messages[1].content).toEqual([
			{ type: "text", text: "Let me count the files." },
			{ type: "text", text: "Two files." },
		]);
	});
});

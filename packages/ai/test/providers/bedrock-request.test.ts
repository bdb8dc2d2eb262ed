/**
 * What the Bedrock adapter sends: the ConverseStream body the mock server recorded (as the AWS SDK serialised it),
 * for messages, tools, images, tool results, thinking replay, cache points and Claude's thinking settings.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
	type AssistantMessage,
	type Context,
	complete,
	completeSimple,
	emptyUsage,
	type Model,
} from "../../src/index.js";
import type { BedrockOptions } from "../../src/providers/bedrock.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import { assistantFrom, mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
let model: Model;
beforeAll(async () => {
	server = await startMockServer();
	model = mockModel("bedrock-converse-stream", server);
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const AUTH: BedrockOptions = { env: {}, bearerToken: "t" };
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

async function bodyOf(context: Context, options: BedrockOptions = {}, target = model, simple = false): Promise<any> {
	server.enqueue({ text: "ok" });
	const message = simple
		? await completeSimple(target, context, { ...AUTH, ...options } as never)
		: await complete(target, context, { ...AUTH, ...options });
	expect(message.errorMessage).toBeUndefined();
	return server.requests[0]!.body;
}

/** A conversation with a tool round trip: thinking, text, two calls (one id Bedrock would refuse), two results. */
function toolRoundTrip(source: Model): Context {
	const assistant: AssistantMessage = {
		role: "assistant",
		...assistantFrom(source),
		content: [
			{ type: "thinking", thinking: "Listing first.", thinkingSignature: "sig-123" },
			{ type: "text", text: "Let me look." },
			{ type: "toolCall", id: "call.1|fc:abc", name: "bash", arguments: { command: "ls" } },
			{ type: "toolCall", id: "shot_2", name: "screenshot", arguments: {} },
		],
		usage: emptyUsage(),
		stopReason: "toolUse",
		timestamp: 2,
	};
	return {
		systemPrompt: "You are terse.",
		tools: USER_CONTEXT.tools,
		messages: [
			{
				role: "user",
				content: [
					{ type: "text", text: "Look" },
					{ type: "image", data: PIXEL, mimeType: "image/png" },
				],
				timestamp: 1,
			},
			assistant,
			{
				role: "toolResult",
				toolCallId: "call.1|fc:abc",
				toolName: "bash",
				content: [{ type: "text", text: "permission denied" }],
				isError: true,
				timestamp: 3,
			},
			{
				role: "toolResult",
				toolCallId: "shot_2",
				toolName: "screenshot",
				content: [{ type: "image", data: PIXEL, mimeType: "image/png" }],
				isError: false,
				timestamp: 4,
			},
			{ role: "user", content: "And now?", timestamp: 5 },
		],
	};
}

describe("bedrock: request mapping", () => {
	it("maps system, messages, images, tool calls and results, tools and inference settings", async () => {
		const body = await bodyOf(toolRoundTrip(model), { temperature: 0.3, maxTokens: 900, cacheRetention: "none" });
		expect(body.modelId).toBeUndefined(); // in the path, not the body
		expect(body.system).toEqual([{ text: "You are terse." }]);
		expect(body.inferenceConfig).toEqual({ maxTokens: 900, temperature: 0.3 });
		expect(body.toolConfig.tools[0]).toEqual({
			toolSpec: {
				name: "bash",
				description: "Run a shell command",
				inputSchema: { json: USER_CONTEXT.tools![0]!.parameters },
			},
		});
		expect(body.messages.map((message: any) => message.role)).toEqual(["user", "assistant", "user"]);
		expect(body.messages[0].content).toEqual([
			{ text: "Look" },
			{ image: { format: "png", source: { bytes: PIXEL } } },
		]);
		expect(body.messages[1].content).toEqual([
			{ reasoningContent: { reasoningText: { text: "Listing first.", signature: "sig-123" } } },
			{ text: "Let me look." },
			{ toolUse: { toolUseId: "call_1_fc_abc", name: "bash", input: { command: "ls" } } },
			{ toolUse: { toolUseId: "shot_2", name: "screenshot", input: {} } },
		]);
		// Both results and the next question in one user turn (turns must alternate).
		expect(body.messages[2].content).toEqual([
			{ toolResult: { toolUseId: "call_1_fc_abc", content: [{ text: "permission denied" }], status: "error" } },
			{
				toolResult: {
					toolUseId: "shot_2",
					content: [{ image: { format: "png", source: { bytes: PIXEL } } }],
					status: "success",
				},
			},
			{ text: "And now?" },
		]);
	});

	it("replays another model's thinking as text and sends no foreign signature", async () => {
		const other = { ...model, id: "anthropic.claude-opus-4-1-20250805-v1:0" };
		const body = await bodyOf(toolRoundTrip(other), { cacheRetention: "none" });
		expect(body.messages[1].content[0]).toEqual({ text: "Listing first." });
		expect(JSON.stringify(body)).not.toContain("sig-123");
	});

	it("replays thinking of a non-Claude model without the signature field, which those models reject", async () => {
		const nova = { ...model, id: "openai.gpt-oss-120b-1:0", name: "gpt-oss-120b" };
		const body = await bodyOf(toolRoundTrip(nova), {}, nova);
		expect(body.messages[1].content[0]).toEqual({ reasoningContent: { reasoningText: { text: "Listing first." } } });
	});
});

describe("bedrock: tool history without declared tools", () => {
	it("writes past calls and results as text, which Bedrock accepts without a tool configuration", async () => {
		const context = { ...toolRoundTrip(model), tools: [] };
		const body = await bodyOf(context, { cacheRetention: "none" });
		expect(body.toolConfig).toBeUndefined();
		expect(JSON.stringify(body)).not.toMatch(/"toolUse"|"toolResult"/);
		expect(body.messages[1].content.at(-2)).toEqual({ text: '[Tool call bash: {"command":"ls"}]' });
		expect(body.messages[2].content.slice(0, 2)).toEqual([
			{ text: "[Failed tool result of bash]" },
			{ text: "permission denied" },
		]);
		server.reset();
		const none = await bodyOf(toolRoundTrip(model), { cacheRetention: "none", toolChoice: "none" });
		expect(none.toolConfig).toBeUndefined();
		expect(JSON.stringify(none)).not.toContain('"toolUse"');
	});
});

describe("bedrock: cache points", () => {
	const cachePoints = (body: any) =>
		[...body.system, ...body.messages.flatMap((message: any) => message.content)].filter((block) => block.cachePoint);

	it("Claude: after the system prompt and at the end of the last user turn; one hour for long retention", async () => {
		const short = await bodyOf(USER_CONTEXT);
		expect(short.system.at(-1)).toEqual({ cachePoint: { type: "default" } });
		expect(short.messages.at(-1).content.at(-1)).toEqual({ cachePoint: { type: "default" } });
		server.reset();
		const long = await bodyOf(USER_CONTEXT, { cacheRetention: "long" });
		expect(cachePoints(long)).toEqual(Array(2).fill({ cachePoint: { type: "default", ttl: "1h" } }));
		server.reset();
		expect(cachePoints(await bodyOf(USER_CONTEXT, { cacheRetention: "none" }))).toEqual([]);
	});

	it("none for models that do not take them, unless AWS_BEDROCK_FORCE_CACHE=1; Claude 3 Sonnet takes none", async () => {
		const profile = {
			...model,
			id: "arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/x",
			name: "Work",
		};
		expect(cachePoints(await bodyOf(USER_CONTEXT, {}, profile))).toEqual([]);
		server.reset();
		expect(cachePoints(await bodyOf(USER_CONTEXT, { env: { AWS_BEDROCK_FORCE_CACHE: "1" } }, profile))).toHaveLength(2);
		server.reset();
		const old = { ...model, id: "anthropic.claude-3-sonnet-20240229-v1:0", name: "Claude 3 Sonnet" };
		expect(cachePoints(await bodyOf(USER_CONTEXT, {}, old))).toEqual([]);
	});
});

describe("bedrock: Claude thinking settings", () => {
	it("budget models: thinking budget, interleaved beta, summarised display, output limit raised, no temperature", async () => {
		const body = await bodyOf(USER_CONTEXT, { reasoning: "high", temperature: 0.5 } as never, model, true);
		expect(body.additionalModelRequestFields).toEqual({
			thinking: { type: "enabled", budget_tokens: 16384, display: "summarized" },
			anthropic_beta: ["interleaved-thinking-2025-05-14"],
		});
		expect(body.inferenceConfig).toEqual({ maxTokens: 32000 + 16384 });
	});

	it("adaptive models (4.6 on, also named through a profile): adaptive thinking with an effort", async () => {
		const profile = {
			...model,
			id: "arn:aws:bedrock:us-east-1:1:application-inference-profile/y",
			name: "Claude Opus 4.6",
		};
		const body = await bodyOf(USER_CONTEXT, { reasoning: "medium" } as never, profile, true);
		expect(body.additionalModelRequestFields).toEqual({
			thinking: { type: "adaptive", display: "summarized" },
			output_config: { effort: "medium" },
		});
	});

	it("GovCloud gets no display field; other vendors' models and reasoning off get no thinking fields", async () => {
		const gov = { ...model, id: "us-gov.anthropic.claude-sonnet-4-5-20250929-v1:0" };
		const govBody = await bodyOf(USER_CONTEXT, { reasoning: "low" } as never, gov, true);
		expect(govBody.additionalModelRequestFields.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
		server.reset();
		const qwen = { ...model, id: "qwen.qwen3-32b-v1:0", name: "Qwen3 32B" };
		expect(
			(await bodyOf(USER_CONTEXT, { reasoning: "high" } as never, qwen, true)).additionalModelRequestFields,
		).toBeUndefined();
		server.reset();
		expect((await bodyOf(USER_CONTEXT, {}, model, true)).additionalModelRequestFields).toBeUndefined();
	});
});

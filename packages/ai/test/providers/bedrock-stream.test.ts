/**
 * What the Bedrock adapter makes of ConverseStream answers (binary event-stream frames decoded by the AWS SDK):
 * blocks, signatures and their replay, usage, stop reasons, and exceptions before and inside the stream.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Context, complete, type Model, stream } from "../../src/index.js";
import { REDACTED_THINKING_TEXT } from "../../src/providers/anthropic-request.js";
import type { BedrockOptions } from "../../src/providers/bedrock.js";
import {
	assertEventProtocol,
	collectEvents,
	type MockServer,
	type MockTurn,
	startMockServer,
} from "../../src/testing/index.js";
import { mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
let model: Model;
beforeAll(async () => {
	server = await startMockServer();
	model = mockModel("bedrock-converse-stream", server);
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const AUTH: BedrockOptions = { env: {}, bearerToken: "t" };

async function run(turn: MockTurn, context: Context = USER_CONTEXT) {
	server.enqueue(turn);
	const collected = await collectEvents(stream(model, context, AUTH));
	assertEventProtocol(collected.events, collected.message);
	return collected.message;
}

describe("bedrock: streamed answers", () => {
	it("maps reasoning, text and tool use blocks, with usage and cost including cache writes", async () => {
		const message = await run({
			thinking: "Need a listing.",
			thinkingSignature: "sig-xyz",
			text: "Looking.",
			toolCalls: [{ id: "tooluse_abc", name: "bash", arguments: { command: "ls -la" } }],
			chunkSize: 3,
			usage: { input: 100, output: 20, cacheRead: 1000, cacheWrite: 400 },
		});
		expect(message.content).toEqual([
			{ type: "thinking", thinking: "Need a listing.", thinkingSignature: "sig-xyz" },
			{ type: "text", text: "Looking." },
			{ type: "toolCall", id: "tooluse_abc", name: "bash", arguments: { command: "ls -la" } },
		]);
		expect(message.stopReason).toBe("toolUse");
		expect(message.usage).toMatchObject({
			input: 100,
			output: 20,
			cacheRead: 1000,
			cacheWrite: 400,
			totalTokens: 1520,
		});
		// Per million: input 3, output 15, cache read 0.3, cache write 3.75.
		expect(message.usage.cost.total).toBeCloseTo((100 * 3 + 20 * 15 + 1000 * 0.3 + 400 * 3.75) / 1e6, 12);
	});

	it("replays a thinking block with its signature to the same model on the next turn", async () => {
		const first = await run({
			thinking: "Plan it.",
			thinkingSignature: "sig-replay",
			toolCalls: [{ name: "bash", arguments: { command: "ls" } }],
		});
		const call = first.content.find((block) => block.type === "toolCall")!;
		server.reset();
		server.enqueue({ text: "Done." });
		const context: Context = {
			messages: [
				...USER_CONTEXT.messages,
				first,
				{
					role: "toolResult",
					toolCallId: call.id,
					toolName: "bash",
					content: [{ type: "text", text: "a" }],
					isError: false,
					timestamp: 3,
				},
			],
		};
		await complete(model, context, AUTH);
		expect(server.requests[0]!.body.messages[1].content[0]).toEqual({
			reasoningContent: { reasoningText: { text: "Plan it.", signature: "sig-replay" } },
		});
	});

	it("keeps encrypted reasoning as a redacted block and sends its bytes back unchanged", async () => {
		const first = await run({ redactedThinking: "opaque-bytes", text: "Hi." });
		expect(first.content[0]).toEqual({
			type: "thinking",
			thinking: REDACTED_THINKING_TEXT,
			redacted: true,
			thinkingSignature: Buffer.from("opaque-bytes").toString("base64"),
		});
		server.reset();
		server.enqueue({ text: "ok" });
		await complete(
			model,
			{ messages: [...USER_CONTEXT.messages, first, { role: "user", content: "more", timestamp: 3 }] },
			AUTH,
		);
		expect(server.requests[0]!.body.messages[1].content[0]).toEqual({
			reasoningContent: { redactedContent: Buffer.from("opaque-bytes").toString("base64") },
		});
	});

	it("maps the stop reasons: stop sequence and context window end normally, guardrails are final errors", async () => {
		const outcomes = [];
		for (const raw of ["stop_sequence", "model_context_window_exceeded", "guardrail_intervened", "content_filtered"]) {
			server.reset();
			const message = await run({ text: "x", rawStopReason: raw });
			outcomes.push([message.stopReason, message.errorInfo]);
		}
		expect(outcomes).toEqual([
			["stop", undefined],
			["length", undefined],
			["error", { code: "guardrail_intervened", retryable: false }],
			["error", { code: "content_filtered", retryable: false }],
		]);
	});

	it("a stream that ends without messageStop is a retryable cut", async () => {
		const message = await run({ text: "The quick brown fox", chunkSize: 4, closeAfterEvents: 3 });
		expect(message.stopReason).toBe("error");
		expect(message.errorInfo).toMatchObject({ retryable: true, code: "stream_cut" });
		expect(message.content).toEqual([{ type: "text", text: "The quic" }]);
	});
});

describe("bedrock: exceptions", () => {
	const midStream = (type: string, text: string) =>
		run({ text: "Partial answer", chunkSize: 4, streamError: { afterEvents: 3, type, message: text } });

	it("in the stream: throttling and model stream errors are retryable and keep the partial text", async () => {
		for (const type of ["ThrottlingException", "ModelStreamErrorException", "InternalServerException"]) {
			server.reset();
			// "Too many tokens" is a throttling text, not an overflow.
			const message = await midStream(type, "Too many tokens, please wait before trying again.");
			expect(message.errorMessage).toBe("Too many tokens, please wait before trying again.");
			expect(message.errorInfo).toEqual({ code: type, retryable: true });
			expect(message.content).toEqual([{ type: "text", text: "Partial " }]);
		}
	});

	it("in the stream: a validation error saying the input is too long is a context overflow", async () => {
		const message = await midStream("ValidationException", "Input is too long for requested model.");
		expect(message.errorInfo).toEqual({ code: "context_overflow", retryable: false });
	});

	it("as HTTP errors: AWS types become the code, overflow is recognised, denial is final", async () => {
		const cases: [number, string | undefined, string][] = [
			[400, undefined, "The model returned the following errors: prompt is too long: 210000 tokens > 200000 maximum"],
			[403, undefined, "User is not authorized to perform: bedrock:InvokeModelWithResponseStream"],
			[429, undefined, "Too many requests, please wait before trying again."],
			[424, "ModelErrorException", "The model failed."],
		];
		const infos = [];
		for (const [status, type, text] of cases) {
			server.reset();
			server.enqueue({ httpError: { status, message: text, ...(type ? { type } : {}) } });
			const message = await complete(model, USER_CONTEXT, AUTH);
			expect(message.errorMessage).toBe(`${status} ${text}`);
			infos.push(message.errorInfo);
		}
		expect(infos).toEqual([
			{ status: 400, code: "context_overflow", retryable: false },
			{ status: 403, code: "AccessDeniedException", retryable: false },
			{ status: 429, code: "ThrottlingException", retryable: true },
			{ status: 424, code: "ModelErrorException", retryable: false },
		]);
	});

	it("an abort mid-stream ends as aborted, keeping what arrived", async () => {
		server.enqueue({ text: "A long answer the caller stops.", chunkSize: 2, eventDelayMs: 15 });
		const controller = new AbortController();
		const s = stream(model, USER_CONTEXT, { ...AUTH, signal: controller.signal });
		for await (const event of s) if (event.type === "text_delta") controller.abort();
		const message = await s.result();
		expect(message.stopReason).toBe("aborted");
		expect(message.errorInfo).toBeUndefined();
		expect(message.content[0]).toMatchObject({ type: "text" });
	});
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complete, completeSimple, emptyUsage } from "../../src/index.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import type { Model, ToolCall } from "../../src/types.js";
import { mockModel, replayWithToolResult, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
let model: Model;

beforeAll(async () => {
	server = await startMockServer();
	model = mockModel("openai-responses", server);
});
afterAll(() => server.close());

const lastBody = () => server.requests.at(-1)!.body;

describe("openai-responses adapter", () => {
	it("sends store: false, instructions, the cache key, reasoning with summary and encrypted content", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		await completeSimple(model, USER_CONTEXT, {
			apiKey: "k",
			reasoning: "medium",
			sessionId: "session-42",
			maxTokens: 999,
		});
		expect(server.requests[0]!.path).toBe("/v1/responses");
		expect(lastBody()).toMatchObject({
			model: "gpt-5",
			stream: true,
			store: false,
			instructions: "You are terse.",
			max_output_tokens: 999,
			prompt_cache_key: "session-42",
			reasoning: { effort: "medium", summary: "auto" },
			include: ["reasoning.encrypted_content"],
		});
		expect(lastBody().input).toEqual([
			{ role: "user", content: [{ type: "input_text", text: "What is in this folder?" }] },
		]);
		expect(lastBody().tools[0]).toMatchObject({ type: "function", name: "bash", strict: false });
	});

	it("keeps reasoning items and call|item ids and replays them to the same model", async () => {
		server.reset();
		server.enqueue({
			thinking: "Plan: list files.",
			thinkingSignature: "ENCRYPTED-BLOB",
			text: "Listing.",
			toolCalls: [{ id: "call_1", name: "bash", arguments: { command: "ls" } }],
			usage: { input: 100, cacheRead: 50, output: 20 },
		});
		const first = await completeSimple(model, USER_CONTEXT, { apiKey: "k", reasoning: "high" });
		expect(first.stopReason).toBe("toolUse");
		const [thinking, text, call] = first.content as [
			{ thinking: string; thinkingSignature: string },
			{ text: string; textSignature: string },
			ToolCall,
		];
		expect(thinking.thinking).toBe("Plan: list files.");
		expect(JSON.parse(thinking.thinkingSignature)).toMatchObject({
			type: "reasoning",
			encrypted_content: "ENCRYPTED-BLOB",
		});
		expect(text.textSignature).toMatch(/^msg_/);
		expect(call.id).toMatch(/^call_1\|fc_/);
		expect(first.usage).toMatchObject({ input: 100, cacheRead: 50, output: 20, totalTokens: 170 });

		server.enqueue({ text: "done" });
		await complete(model, replayWithToolResult(first, call.id), { apiKey: "k" });
		const input = lastBody().input;
		expect(input[1]).toEqual(JSON.parse(thinking.thinkingSignature));
		expect(input[2]).toMatchObject({ type: "message", role: "assistant", id: text.textSignature });
		expect(input[3]).toEqual({
			type: "function_call",
			call_id: "call_1",
			id: call.id.split("|")[1],
			name: "bash",
			arguments: '{"command":"ls"}',
		});
		expect(input[4]).toEqual({ type: "function_call_output", call_id: "call_1", output: "a.txt" });
	});

	it("drops item ids and reasoning when replaying to a different Responses model", async () => {
		server.reset();
		server.enqueue({ thinking: "hmm", text: "x", toolCalls: [{ id: "call_9", name: "bash", arguments: {} }] });
		const first = await completeSimple(model, USER_CONTEXT, { apiKey: "k", reasoning: "low" });
		server.enqueue({ text: "ok" });
		const other: Model = { ...model, id: "gpt-5-mini" };
		await complete(other, { messages: [...USER_CONTEXT.messages, first] }, { apiKey: "k" });
		const input = lastBody().input;
		expect(input.some((item: { type?: string }) => item.type === "reasoning")).toBe(false);
		const call = input.find((item: { type?: string }) => item.type === "function_call");
		expect(call).toEqual({ type: "function_call", call_id: "call_9", name: "bash", arguments: "{}" });
		expect(input.find((item: { type?: string }) => item.type === "function_call_output")).toMatchObject({
			call_id: "call_9",
		});
	});

	it("applies the service tier price factor the response reports", async () => {
		server.reset();
		server.enqueue(
			{ text: "ok", usage: { input: 1_000_000, output: 0 } },
			{ text: "ok", usage: { input: 1_000_000, output: 0 } },
		);
		const flex = await complete(model, USER_CONTEXT, { apiKey: "k", serviceTier: "flex" });
		expect(lastBody().service_tier).toBe("flex");
		expect(flex.usage.cost.input).toBeCloseTo(1.5);
		const priority = await complete(model, USER_CONTEXT, { apiKey: "k", serviceTier: "priority" });
		expect(priority.usage.cost.total).toBeCloseTo(6);
	});

	it("maps failed and cancelled responses to errors", async () => {
		server.reset();
		server.enqueue({ text: "", stopReason: "filter" }, { text: "", rawStopReason: "cancelled" });
		const failed = await complete(model, USER_CONTEXT, { apiKey: "k" });
		expect(failed.stopReason).toBe("error");
		expect(failed.errorMessage).toBe("The response was filtered.");
		expect(failed.errorInfo).toEqual({ code: "content_filter", retryable: false });
		const cancelled = await complete(model, USER_CONTEXT, { apiKey: "k" });
		expect(cancelled.errorMessage).toBe("Provider finish_reason: cancelled");
	});

	it("sends tool-result images in a following user message", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		await complete(
			model,
			{
				messages: [
					{ role: "user", content: "shot", timestamp: 1 },
					{
						role: "assistant",
						content: [{ type: "toolCall", id: "call_s", name: "screenshot", arguments: {} }],
						api: model.api,
						provider: model.provider,
						model: model.id,
						usage: emptyUsage(),
						stopReason: "toolUse",
						timestamp: 2,
					},
					{
						role: "toolResult",
						toolCallId: "call_s",
						toolName: "screenshot",
						content: [{ type: "image", data: "QUJD", mimeType: "image/jpeg" }],
						isError: false,
						timestamp: 3,
					},
				],
			},
			{ apiKey: "k" },
		);
		const input = lastBody().input;
		expect(input[2]).toEqual({ type: "function_call_output", call_id: "call_s", output: "(no output)" });
		expect(input[3].role).toBe("user");
		expect(input[3].content[1]).toEqual({
			type: "input_image",
			detail: "auto",
			image_url: "data:image/jpeg;base64,QUJD",
		});
	});
});

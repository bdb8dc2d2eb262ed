import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complete, completeSimple, getModel } from "../../src/index.js";
import { splitGeminiBaseUrl } from "../../src/providers/google.js";
import { googleProtocol, type MockServer, startMockServer } from "../../src/testing/index.js";
import type { Model, ThinkingLevel, ToolCall } from "../../src/types.js";
import { mockModel, replayWithToolResult, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
let model: Model;

beforeAll(async () => {
	server = await startMockServer();
	model = mockModel("google-generative-ai", server);
});
afterAll(() => server.close());

const lastRequest = () => server.requests.at(-1)!;
const lastBody = () => lastRequest().body;

describe("google-generative-ai adapter", () => {
	it("splits the versioned base URL for the SDK", () => {
		expect(splitGeminiBaseUrl("https://generativelanguage.googleapis.com/v1beta")).toEqual({
			baseUrl: "https://generativelanguage.googleapis.com",
			apiVersion: "v1beta",
		});
		expect(splitGeminiBaseUrl("https://proxy.example.com/gemini/")).toEqual({
			baseUrl: "https://proxy.example.com/gemini",
			apiVersion: "",
		});
	});

	it("sends contents, system instruction, tools and a thinking budget for Gemini 2.x", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		await completeSimple(model, USER_CONTEXT, { apiKey: "gk", reasoning: "low", thinkingBudgets: { low: 3000 } });
		const request = lastRequest();
		expect(request.path).toBe("/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse");
		expect(request.headers["x-goog-api-key"]).toBe("gk");
		expect(lastBody()).toMatchObject({
			contents: [{ role: "user", parts: [{ text: "What is in this folder?" }] }],
			systemInstruction: { parts: [{ text: "You are terse." }] },
			generationConfig: { maxOutputTokens: 32000, thinkingConfig: { includeThoughts: true, thinkingBudget: 3000 } },
		});
		expect(lastBody().tools[0].functionDeclarations[0]).toMatchObject({
			name: "bash",
			parametersJsonSchema: USER_CONTEXT.tools![0]!.parameters,
		});
	});

	it("uses thinking levels for Gemini 3 and the lowest setting when thinking is off", async () => {
		server.reset();
		const gemini3: Model = { ...model, id: "gemini-3.1-pro-preview" };
		server.enqueue({ text: "ok" }, { text: "ok" });
		await completeSimple(gemini3, USER_CONTEXT, { apiKey: "k", reasoning: "medium" });
		expect(lastBody().generationConfig.thinkingConfig).toEqual({ includeThoughts: true, thinkingLevel: "HIGH" });
		await completeSimple({ ...model, id: "gemini-2.5-flash" }, USER_CONTEXT, { apiKey: "k" });
		expect(lastBody().generationConfig.thinkingConfig).toEqual({ thinkingBudget: 0 });
	});

	it("sends catalogue thinking levels as the API's enum values (LOW, not low)", async () => {
		server.reset();
		const catalogue = (id: string): Model => ({ ...getModel("google", id)!, baseUrl: `${server.url}/v1beta` });
		const flash = catalogue("gemini-3-flash-preview");
		expect(flash.thinkingLevelMap?.low).toBe("low");
		const cases: [Model, ThinkingLevel, string][] = [
			[flash, "minimal", "MINIMAL"],
			[flash, "low", "LOW"],
			[flash, "medium", "MEDIUM"],
			[flash, "xhigh", "HIGH"],
			// Pro has no minimal: clamped up to low.
			[catalogue("gemini-3.1-pro-preview"), "minimal", "LOW"],
			// Gemma 4 knows MINIMAL and HIGH only.
			[catalogue("gemma-4-31b-it"), "minimal", "MINIMAL"],
			[catalogue("gemma-4-31b-it"), "medium", "HIGH"],
		];
		for (const [target, reasoning, wire] of cases) {
			server.enqueue({ text: "ok" });
			await completeSimple(target, USER_CONTEXT, { apiKey: "k", reasoning });
			expect(lastBody().generationConfig.thinkingConfig, `${target.id} ${reasoning}`).toEqual({
				includeThoughts: true,
				thinkingLevel: wire,
			});
		}
		// Gemma 4 cannot switch thinking off: its lowest level, thoughts hidden.
		server.enqueue({ text: "ok" });
		await completeSimple(catalogue("gemma-4-31b-it"), USER_CONTEXT, { apiKey: "k" });
		expect(lastBody().generationConfig.thinkingConfig).toEqual({ thinkingLevel: "MINIMAL" });
		// A raw option in lower case goes out as the enum value too.
		server.enqueue({ text: "ok" });
		await complete(flash, USER_CONTEXT, { apiKey: "k", thinking: { enabled: true, level: "high" } });
		expect(lastBody().generationConfig.thinkingConfig).toEqual({ includeThoughts: true, thinkingLevel: "HIGH" });
	});

	it("keeps thought signatures per part, generates missing call ids, and replays them to the same model", async () => {
		server.reset();
		server.enqueue({
			thinking: "I should list.",
			thinkingSignature: "c2lnbmF0dXJl",
			text: "Listing.",
			toolCalls: [{ name: "bash", arguments: { command: "ls" } }],
			usage: { input: 80, cacheRead: 20, output: 30, reasoning: 12 },
		});
		const first = await completeSimple(model, USER_CONTEXT, { apiKey: "k", reasoning: "high" });
		expect(first.stopReason).toBe("toolUse");
		const call = first.content[2] as ToolCall;
		expect(call).toMatchObject({ name: "bash", arguments: { command: "ls" }, thoughtSignature: "c2lnbmF0dXJl" });
		expect(call.id.length).toBeGreaterThan(0);
		expect(first.usage).toMatchObject({ input: 80, cacheRead: 20, output: 30, totalTokens: 130 });

		server.enqueue({ text: "fine" });
		const context = replayWithToolResult(first, call.id);
		await complete(model, context, { apiKey: "k" });
		const contents = lastBody().contents;
		expect(contents[1]).toEqual({
			role: "model",
			parts: [
				{ text: "I should list.", thought: true },
				{ text: "Listing." },
				{ functionCall: { id: call.id, name: "bash", args: { command: "ls" } }, thoughtSignature: "c2lnbmF0dXJl" },
			],
		});
		expect(contents[2]).toEqual({
			role: "user",
			parts: [{ functionResponse: { id: call.id, name: "bash", response: { output: "a.txt" } } }],
		});

		// Another Gemini model gets no signatures; Gemini 3 gets the documented skip placeholder instead.
		server.enqueue({ text: "fine" });
		await complete({ ...model, id: "gemini-3.1-pro-preview" }, context, { apiKey: "k" });
		const replayed = lastBody().contents[1].parts;
		expect(replayed[0]).toEqual({ text: "I should list." });
		expect(replayed[2].thoughtSignature).toBe("skip_thought_signature_validator");
	});

	it("reports safety stops with the raw reason", async () => {
		server.reset();
		server.enqueue({ text: "par", rawStopReason: "RECITATION" });
		const message = await complete(model, USER_CONTEXT, { apiKey: "k" });
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBe("Provider finish_reason: RECITATION");
		expect(message.errorInfo).toEqual({ code: "RECITATION", retryable: false });
	});

	it("names the provider's status as the error code", async () => {
		server.reset();
		server.enqueue({ httpError: { status: 429, message: "Quota exceeded.", retryAfter: "3" } });
		const message = await complete(model, USER_CONTEXT, { apiKey: "k" });
		expect(message.errorInfo).toEqual({ status: 429, code: "RESOURCE_EXHAUSTED", retryable: true, retryAfterMs: 3000 });
	});

	it("takes the requested wait from the body's RetryInfo when no retry-after header came", async () => {
		const body = {
			error: {
				code: 429,
				message: "Quota exceeded.",
				status: "RESOURCE_EXHAUSTED",
				details: [
					{ "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [] },
					{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "39.5s" },
				],
			},
		};
		const quota = await startMockServer({
			protocols: [
				{
					...googleProtocol,
					encodeError: () => ({
						status: 429,
						headers: { "content-type": "application/json" },
						body: JSON.stringify(body),
					}),
				},
			],
		});
		try {
			quota.enqueue({ httpError: { status: 429, message: "unused" } });
			const message = await complete(mockModel("google-generative-ai", quota), USER_CONTEXT, { apiKey: "k" });
			expect(message.errorInfo).toEqual({
				status: 429,
				code: "RESOURCE_EXHAUSTED",
				retryable: true,
				retryAfterMs: 39_500,
			});
		} finally {
			await quota.close();
		}
	});
});

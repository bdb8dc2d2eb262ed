/**
 * The original pi-ai's per-API stream functions, as extensions import them: each sends any model over its fixed
 * wire API (a custom provider that delegates to a known backend).
 */
import type { Model } from "@pi/ai";
import { type MockServer, startMockServer } from "@pi/ai/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
	streamSimpleMistral,
	streamSimpleOpenAICodexResponses,
	streamSimpleOpenAIResponses,
} from "../../src/extension-exports/provider-streams.js";

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

/** A custom provider's model that names some other api. */
function customModel(baseUrl: string): Model {
	return {
		id: "gpt-5.1-codex",
		name: "Delegating model",
		api: "my-gateway",
		provider: "my-gateway",
		baseUrl,
		reasoning: true,
		input: ["text"],
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 272000,
		maxTokens: 128000,
		headers: { "chatgpt-account-id": "acct-ext" },
	};
}

const context = { messages: [{ role: "user" as const, content: "hi", timestamp: 1 }] };

describe("extension provider streams", () => {
	it("streamSimpleOpenAICodexResponses speaks to the Codex backend", async () => {
		server.reset();
		server.enqueue({ text: "from codex" });
		const stream = streamSimpleOpenAICodexResponses(customModel(`${server.url}/backend-api`), context, {
			apiKey: "token",
		});
		const message = await stream.result();
		expect(message.errorMessage).toBeUndefined();
		expect(message.content).toEqual([expect.objectContaining({ type: "text", text: "from codex" })]);
		expect(server.requests[0]).toMatchObject({
			path: "/backend-api/codex/responses",
			protocol: "openai-codex-responses",
		});
	});

	it("streamSimpleMistral speaks Mistral's chat completions", async () => {
		server.reset();
		server.enqueue({ text: "from mistral" });
		const message = await streamSimpleMistral(customModel(`${server.url}/mistral`), context, { apiKey: "k" }).result();
		expect(message.errorMessage).toBeUndefined();
		expect(server.requests[0]).toMatchObject({
			path: "/mistral/v1/chat/completions",
			protocol: "mistral-conversations",
		});
	});

	it("streamSimpleOpenAIResponses speaks the public Responses API", async () => {
		server.reset();
		server.enqueue({ text: "from responses" });
		const message = await streamSimpleOpenAIResponses(customModel(`${server.url}/v1`), context, {
			apiKey: "k",
		}).result();
		expect(message.errorMessage).toBeUndefined();
		expect(server.requests[0]).toMatchObject({ path: "/v1/responses", protocol: "openai-responses" });
	});
});

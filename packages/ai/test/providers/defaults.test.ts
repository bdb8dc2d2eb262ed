/**
 * Common option defaults (events.md §1.8) as they reach the wire: `maxTokens` = min(model.maxTokens, 32000) on
 * every API, and `cacheRetention` "short" by default.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complete } from "../../src/index.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import type { KnownApi } from "../../src/types.js";
import { ALL_APIS, mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

/** APIs whose backend refuses an output limit, so none is sent (the ChatGPT Codex backend rejects `max_output_tokens`). */
const NO_OUTPUT_LIMIT: KnownApi[] = ["openai-codex-responses"];

/** The output limit of a recorded request body, wherever its API puts it. */
function sentMaxTokens(api: KnownApi, body: any): number | undefined {
	switch (api) {
		case "anthropic-messages":
			return body.max_tokens;
		case "openai-completions":
			return body.max_completion_tokens ?? body.max_tokens;
		case "azure-openai-responses":
		case "openai-responses":
		case "openai-codex-responses":
			return body.max_output_tokens;
		case "google-generative-ai":
		case "google-vertex":
			return body.generationConfig?.maxOutputTokens;
		case "mistral-conversations":
			return body.max_tokens;
		case "bedrock-converse-stream":
			return body.inferenceConfig?.maxTokens;
	}
}

for (const api of ALL_APIS) {
	describe(`${api}: defaults`, () => {
		it("sends maxTokens = min(model.maxTokens, 32000) unless the caller sets it", async () => {
			const sent: (number | undefined)[] = [];
			for (const [maxTokens, option] of [
				[64000, undefined],
				[8000, undefined],
				[64000, 1234],
			] as const) {
				server.reset();
				server.enqueue({ text: "ok" });
				const model = mockModel(api, server, { maxTokens });
				await complete(model, USER_CONTEXT, { apiKey: "test-key", ...(option ? { maxTokens: option } : {}) });
				sent.push(sentMaxTokens(api, server.requests[0].body));
			}
			expect(sent).toEqual(NO_OUTPUT_LIMIT.includes(api) ? [undefined, undefined, undefined] : [32000, 8000, 1234]);
		});
	});
}

describe("anthropic-messages: cacheRetention default", () => {
	it("marks the prompt for the short (5 minute) cache when no retention is given", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		await complete(mockModel("anthropic-messages", server), USER_CONTEXT, { apiKey: "test-key" });
		const body = server.requests[0].body;
		const markers = JSON.stringify(body).match(/"cache_control":\{[^}]*\}/g) ?? [];
		expect(markers.length).toBeGreaterThan(0);
		expect(markers.every((marker) => marker === '"cache_control":{"type":"ephemeral"}')).toBe(true);
	});
});

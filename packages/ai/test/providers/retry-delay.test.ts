/**
 * `maxRetries` and `maxRetryDelayMs` (events.md §1.8) through the official SDKs against the loopback mock server:
 * a server-requested wait up to the cap is honoured, a longer one fails at once instead of waiting.
 */
import { getEventListeners } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complete } from "../../src/index.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import type { KnownApi, ProviderStreamOptions } from "../../src/types.js";
import { mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

// @google/genai waits its own backoff (about a second) between attempts, not the server's requested wait.
const SDK_RETRYING_APIS: KnownApi[] = [
	"anthropic-messages",
	"openai-completions",
	"openai-responses",
	"google-generative-ai",
	"google-vertex",
	"azure-openai-responses",
	// Mistral's SDK retries by elapsed time, not attempts: the adapter's own loop obeys these options instead.
	"mistral-conversations",
];

const rateLimited = (retryAfter: string) => ({ httpError: { status: 429, message: "Slow down.", retryAfter } });

for (const api of SDK_RETRYING_APIS) {
	describe(`${api}: SDK retries and maxRetryDelayMs`, () => {
		const run = (options: ProviderStreamOptions) =>
			complete(mockModel(api, server), USER_CONTEXT, { apiKey: "test-key", ...options });

		it("makes no retry by default", async () => {
			server.reset();
			server.enqueue(rateLimited("0.01"), { text: "never" });
			const message = await run({});
			expect(message.stopReason).toBe("error");
			expect(server.requests).toHaveLength(1);
		});

		it("honours a requested wait within the cap", async () => {
			server.reset();
			server.enqueue(rateLimited("0.05"), { text: "Second time lucky." });
			const message = await run({ maxRetries: 2 });
			expect(message.stopReason).toBe("stop");
			expect(server.requests).toHaveLength(2);
		});

		it("fails at once when the requested wait exceeds the default cap of 60 s", async () => {
			server.reset();
			server.enqueue(rateLimited("120"), { text: "never" });
			const message = await run({ maxRetries: 2 });
			expect(message.stopReason).toBe("error");
			expect(message.errorMessage).toContain("Slow down.");
			expect(message.errorInfo).toMatchObject({ status: 429, retryable: true, retryAfterMs: 120000 });
			expect(server.requests).toHaveLength(1);
		});

		it("fails at once when the requested wait exceeds a caller's cap, and 0 means no cap", async () => {
			server.reset();
			server.enqueue(rateLimited("0.2"), { text: "never" });
			const capped = await run({ maxRetries: 1, maxRetryDelayMs: 100 });
			expect(capped.errorInfo).toMatchObject({ status: 429, retryAfterMs: 200 });
			expect(server.requests).toHaveLength(1);

			server.reset();
			server.enqueue(rateLimited("0.2"), { text: "Waited." });
			const uncapped = await run({ maxRetries: 1, maxRetryDelayMs: 0 });
			expect(uncapped.stopReason).toBe("stop");
			expect(server.requests).toHaveLength(2);
		});
	});
}

describe("google-generative-ai: the retry cap's own signal", () => {
	it("still ends as aborted when the caller aborts", async () => {
		server.reset();
		server.enqueue({ text: "slow", eventDelayMs: 200 });
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 50);
		const message = await complete(mockModel("google-generative-ai", server), USER_CONTEXT, {
			apiKey: "test-key",
			maxRetries: 1,
			signal: controller.signal,
		});
		expect(message.stopReason).toBe("aborted");
	});

	it("stops listening to the caller's signal when the request is over (a session's signal outlives many)", async () => {
		server.reset();
		server.enqueue({ text: "one" }, { text: "two" });
		const controller = new AbortController();
		const model = mockModel("google-generative-ai", server);
		for (let i = 0; i < 2; i++) {
			await complete(model, USER_CONTEXT, { apiKey: "test-key", maxRetries: 1, signal: controller.signal });
		}
		expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
	});
});

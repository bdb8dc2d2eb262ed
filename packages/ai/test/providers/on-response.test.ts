/**
 * `onResponse`: every wire API's adapter reports each HTTP response's status and headers before reading its body,
 * also for an error response, through the official SDKs against the loopback mock server.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { complete, type ProviderResponse } from "../../src/index.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import type { KnownApi } from "../../src/types.js";
import { ALL_APIS, mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

/** The content type of a streamed answer where it is not SSE. */
const STREAM_CONTENT_TYPES: Partial<Record<KnownApi, string>> = {
	"bedrock-converse-stream": "application/vnd.amazon.eventstream",
};

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

describe("onResponse", () => {
	for (const api of ALL_APIS) {
		it(`${api}: reports the status and headers of a stream and of an error response`, async () => {
			const seen: ProviderResponse[] = [];
			const onResponse = (response: ProviderResponse) => {
				seen.push(response);
			};
			server.enqueue({ text: "hello" }, { httpError: { status: 429, message: "slow down", retryAfter: "7" } });
			const ok = await complete(mockModel(api, server), USER_CONTEXT, { apiKey: "test-key", onResponse });
			expect(ok.stopReason).toBe("stop");
			const failed = await complete(mockModel(api, server), USER_CONTEXT, { apiKey: "test-key", onResponse });
			expect(failed.stopReason).toBe("error");
			expect(seen.map((response) => response.status)).toEqual([200, 429]);
			expect(seen[0]!.headers["content-type"]).toContain(STREAM_CONTENT_TYPES[api] ?? "text/event-stream");
			expect(seen[1]!.headers["retry-after"]).toBe("7");
		});
	}

	it("a throwing onResponse does not break the request", async () => {
		server.enqueue({ text: "still fine" });
		const message = await complete(mockModel("anthropic-messages", server), USER_CONTEXT, {
			apiKey: "test-key",
			onResponse: () => {
				throw new Error("observer broke");
			},
		});
		expect(message.content).toEqual([{ type: "text", text: "still fine" }]);
	});
});

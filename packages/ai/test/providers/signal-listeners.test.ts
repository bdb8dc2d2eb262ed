/**
 * One caller signal, many requests (an agent run makes one model call per tool call): the SDKs add an `abort`
 * listener to the signal they are given and never remove it, so each request must leave the caller's signal as it
 * found it. Otherwise Node prints `MaxListenersExceededWarning` from the 11th request on and every request's
 * controller stays reachable until the signal is collected.
 */
import { getEventListeners } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stream } from "../../src/index.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import { ALL_APIS, mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

const REQUESTS = 25;

for (const api of ALL_APIS) {
	describe(`${api}: abort listeners on the caller's signal`, () => {
		it(`are all removed after each of ${REQUESTS} requests that share one signal`, async () => {
			server.reset();
			for (let i = 0; i < REQUESTS; i++) {
				server.enqueue(i % 5 === 4 ? { httpError: { status: 400, message: "bad request" } } : { text: `reply ${i}` });
			}
			const controller = new AbortController();
			const counts: number[] = [];
			for (let i = 0; i < REQUESTS; i++) {
				const s = stream(mockModel(api, server), USER_CONTEXT, { apiKey: "test-key", signal: controller.signal });
				await s.result();
				counts.push(getEventListeners(controller.signal, "abort").length);
			}
			expect(server.requests).toHaveLength(REQUESTS);
			expect(counts).toEqual(Array(REQUESTS).fill(0));
		});

		it("still aborts the request under way when the caller's signal fires", async () => {
			server.reset();
			server.enqueue({ text: "a long answer the caller stops early", chunkSize: 2, eventDelayMs: 20 });
			const controller = new AbortController();
			const s = stream(mockModel(api, server), USER_CONTEXT, { apiKey: "test-key", signal: controller.signal });
			for await (const event of s) if (event.type === "text_delta") controller.abort();
			const message = await s.result();
			expect(message.stopReason).toBe("aborted");
		});
	});
}

/**
 * events.md §1.8 guarantee 8 and §1.6: an abort after the terminal event changes nothing, and an aborted stream
 * keeps the usage (and cost) known when it stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stream } from "../../src/index.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import { ALL_APIS, mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

for (const api of ALL_APIS) {
	describe(`${api}: abort after the end`, () => {
		it("leaves the finished message and the event sequence unchanged", async () => {
			server.reset();
			server.enqueue({ text: "All done.", usage: { input: 10, output: 3 } });
			const controller = new AbortController();
			const s = stream(mockModel(api, server), USER_CONTEXT, { apiKey: "test-key", signal: controller.signal });
			const types: string[] = [];
			for await (const event of s) types.push(event.type);
			const message = await s.result();
			const snapshot = structuredClone(message);
			controller.abort();
			await new Promise((resolve) => setTimeout(resolve, 20));
			expect(types.at(-1)).toBe("done");
			expect(types.filter((type) => type === "done" || type === "error")).toHaveLength(1);
			expect(message).toEqual(snapshot);
			expect(message.stopReason).toBe("stop");
			expect(message).not.toHaveProperty("errorMessage");
			expect(await s.result()).toBe(message);
		});
	});
}

describe("anthropic-messages: usage of an aborted stream", () => {
	it("keeps the input counted at message_start, with its cost", async () => {
		server.reset();
		server.enqueue({
			text: "A long answer that will not finish because the caller aborts it early.",
			chunkSize: 2,
			eventDelayMs: 15,
			usage: { input: 1200, output: 40, cacheRead: 100 },
		});
		const controller = new AbortController();
		const model = mockModel("anthropic-messages", server);
		const s = stream(model, USER_CONTEXT, { apiKey: "test-key", signal: controller.signal });
		for await (const event of s) if (event.type === "text_delta") controller.abort();
		const message = await s.result();
		expect(message.stopReason).toBe("aborted");
		expect(message.errorMessage).toBe("Request was aborted");
		expect(message.usage.input).toBe(1200);
		expect(message.usage.cacheRead).toBe(100);
		expect(message.usage.totalTokens).toBe(
			message.usage.input + message.usage.output + message.usage.cacheRead + message.usage.cacheWrite,
		);
		expect(message.usage.cost.input).toBeCloseTo((1200 * 3) / 1_000_000, 10);
		expect(message.usage.cost.total).toBeCloseTo(
			message.usage.cost.input +
				message.usage.cost.output +
				message.usage.cost.cacheRead +
				message.usage.cost.cacheWrite,
			10,
		);
	});
});

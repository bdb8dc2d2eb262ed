/**
 * The conformance matrix: every wire API's adapter, through its official SDK against the loopback mock
 * server, runs the identical scenario table (test/helpers/scenarios.ts) and must pass the event-protocol check.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complete } from "../../src/index.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import { ALL_APIS, mockModel, runScenario, SCENARIOS, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

for (const api of ALL_APIS) {
	describe(`${api}: shared scenarios`, () => {
		for (const scenario of SCENARIOS) {
			it(scenario.name, async () => {
				await runScenario(mockModel(api, server), server, scenario);
			});
		}
	});
}

describe("a refused connection", () => {
	for (const api of ALL_APIS) {
		it(`${api}: is a retryable error that names the address`, async () => {
			const closed = await startMockServer();
			await closed.close();
			const message = await complete(mockModel(api, closed), USER_CONTEXT, { apiKey: "test-key" });
			expect(message.stopReason).toBe("error");
			expect(message.errorMessage).toMatch(/\(connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/);
			expect(message.errorInfo).toEqual({ code: "ECONNREFUSED", retryable: true });
		});
	}
});

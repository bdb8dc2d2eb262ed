/**
 * The conformance matrix: every wire API's adapter, through its official SDK against the loopback mock
 * server, runs the identical scenario table (test/helpers/scenarios.ts) and must pass the event-protocol check.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import { ALL_APIS, mockModel, runScenario, SCENARIOS } from "../helpers/scenarios.js";

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

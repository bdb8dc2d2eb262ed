/**
 * Usage semantics are the same whatever the wire (events.md §1.6): the same scripted token counts give the
 * same Usage, totals and cost through every adapter.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeSimple } from "../src/index.js";
import { type MockServer, type MockTurn, startMockServer } from "../src/testing/index.js";
import type { KnownApi, Usage } from "../src/types.js";
import { ALL_APIS, mockModel, USER_CONTEXT } from "./helpers/scenarios.js";

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

async function usageThrough(api: KnownApi, turn: MockTurn): Promise<Usage> {
	server.reset();
	server.enqueue(turn);
	const message = await completeSimple(mockModel(api, server), USER_CONTEXT, { apiKey: "k", reasoning: "medium" });
	expect(message.errorMessage).toBeUndefined();
	return message.usage;
}

describe("usage parity across adapters", () => {
	it.each(ALL_APIS)("%s reports cached prompts, reasoning output, totals and cost alike", async (api) => {
		const usage = await usageThrough(api, {
			thinking: "weighing options",
			text: "answer",
			usage: { input: 2000, cacheRead: 10000, output: 500, reasoning: 120 },
		});
		// The worked example of events.md §1.6 (cost per million: input 3, output 15, cache read 0.3).
		expect(usage).toEqual({
			input: 2000,
			output: 500,
			cacheRead: 10000,
			cacheWrite: 0,
			totalTokens: 12500,
			cost: {
				input: expect.closeTo(0.006, 10),
				output: expect.closeTo(0.0075, 10),
				cacheRead: expect.closeTo(0.003, 10),
				cacheWrite: 0,
				total: expect.closeTo(0.0165, 10),
			},
		});
	});

	it.each(ALL_APIS)("%s reports a turn with tool calls and no cache alike", async (api) => {
		const usage = await usageThrough(api, {
			toolCalls: [{ name: "bash", arguments: { command: "ls" } }],
			usage: { input: 1234, output: 56 },
		});
		expect(usage).toMatchObject({ input: 1234, output: 56, cacheRead: 0, cacheWrite: 0, totalTokens: 1290 });
		expect(usage.cost.total).toBeCloseTo((1234 * 3 + 56 * 15) / 1_000_000, 12);
	});

	it.each(["anthropic-messages", "openai-completions"] as const)(
		"%s counts cache writes apart from uncached input",
		async (api) => {
			const usage = await usageThrough(api, { text: "ok", usage: { input: 1000, cacheWrite: 4000, output: 10 } });
			expect(usage).toMatchObject({ input: 1000, cacheWrite: 4000, cacheRead: 0, output: 10, totalTokens: 5010 });
			expect(usage.cost.cacheWrite).toBeCloseTo(0.015, 12);
		},
	);
});

import { describe, expect, it } from "vitest";
import type { Model } from "../../src/types.js";
import { emptyUsage, updateUsage } from "../../src/utils/usage.js";

const model = { cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } } as Model;

describe("usage and cost", () => {
	it("computes the spec example (events.md §1.6)", () => {
		const usage = updateUsage(emptyUsage(), model, { input: 2000, output: 500, cacheRead: 10000, cacheWrite: 0 });
		expect(usage).toMatchObject({ input: 2000, output: 500, cacheRead: 10000, cacheWrite: 0, totalTokens: 12500 });
		expect(usage.cost.input).toBeCloseTo(0.006, 12);
		expect(usage.cost.output).toBeCloseTo(0.0075, 12);
		expect(usage.cost.cacheRead).toBeCloseTo(0.003, 12);
		expect(usage.cost.cacheWrite).toBe(0);
		expect(usage.cost.total).toBeCloseTo(0.0165, 12);
	});

	it("keeps counters that are not given and clamps bad ones to 0", () => {
		const usage = updateUsage(emptyUsage(), model, { input: 100, output: 10 });
		updateUsage(usage, model, { output: 50, cacheRead: -5 });
		expect(usage).toMatchObject({ input: 100, output: 50, cacheRead: 0, totalTokens: 150 });
		updateUsage(usage, model, { input: Number.NaN });
		expect(usage.input).toBe(0);
	});

	it("scales every cost component by the price factor", () => {
		const usage = updateUsage(emptyUsage(), model, { input: 1_000_000, output: 1_000_000 }, 0.5);
		expect(usage.cost).toMatchObject({ input: 1.5, output: 7.5, total: 9 });
	});
});

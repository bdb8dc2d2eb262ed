import type { Model, Usage } from "../types.js";

/** A usage record with every counter and cost at zero. */
export function emptyUsage(): Usage {
	return {
		input: 0,
		output: 0,
		cacheRead: 0,
		cacheWrite: 0,
		totalTokens: 0,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
	};
}

/** Raw token counts as an adapter learns them; missing fields keep their previous value. */
export interface TokenCounts {
	input?: number;
	output?: number;
	cacheRead?: number;
	cacheWrite?: number;
}

const clampCount = (n: number | undefined): number =>
	n === undefined || !Number.isFinite(n) || n < 0 ? 0 : Math.round(n);

/**
 * Writes token counts into `usage` and recomputes `totalTokens` and the cost (events.md §1.6). `priceFactor`
 * scales every cost component (service tiers: flex ×0.5, priority ×2).
 */
export function updateUsage(usage: Usage, model: Model, counts: TokenCounts, priceFactor = 1): Usage {
	if (counts.input !== undefined) usage.input = clampCount(counts.input);
	if (counts.output !== undefined) usage.output = clampCount(counts.output);
	if (counts.cacheRead !== undefined) usage.cacheRead = clampCount(counts.cacheRead);
	if (counts.cacheWrite !== undefined) usage.cacheWrite = clampCount(counts.cacheWrite);
	usage.totalTokens = usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
	calculateCost(model, usage, priceFactor);
	return usage;
}

/** Fills `usage.cost` from the model's per-million prices and returns it. */
export function calculateCost(model: Model, usage: Usage, priceFactor = 1): Usage["cost"] {
	const perToken = (pricePerMillion: number, tokens: number) => (pricePerMillion * priceFactor * tokens) / 1_000_000;
	usage.cost.input = perToken(model.cost.input, usage.input);
	usage.cost.output = perToken(model.cost.output, usage.output);
	usage.cost.cacheRead = perToken(model.cost.cacheRead, usage.cacheRead);
	usage.cost.cacheWrite = perToken(model.cost.cacheWrite, usage.cacheWrite);
	usage.cost.total = usage.cost.input + usage.cost.output + usage.cost.cacheRead + usage.cost.cacheWrite;
	return usage.cost;
}

import type { Model } from "../types.js";

/**
 * The built-in model catalogue. Data only; regenerate with `scripts/generate-models.mjs` when a network exists.
 * Prices are USD per million tokens.
 */
export const MODEL_CATALOGUE: Model[] = [
	{
		id: "claude-sonnet-4-5",
		name: "Claude Sonnet 4.5",
		api: "anthropic-messages",
		provider: "anthropic",
		baseUrl: "https://api.anthropic.com",
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: 200000,
		maxTokens: 64000,
	},
	{
		id: "claude-opus-4-6",
		name: "Claude Opus 4.6",
		api: "anthropic-messages",
		provider: "anthropic",
		baseUrl: "https://api.anthropic.com",
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 },
		contextWindow: 200000,
		maxTokens: 128000,
		thinkingLevelMap: { minimal: "low", low: "low", medium: "medium", high: "high", xhigh: "max" },
	},
];

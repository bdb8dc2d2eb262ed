/** The Chat Completions row of the usage mapping table (events.md §1.6), including vendor fields. */
import { describe, expect, it } from "vitest";
import { mapCompletionsUsage } from "../../src/providers/openai-completions/stream-reader.js";

describe("mapCompletionsUsage", () => {
	it("takes cached_tokens, else prompt_cache_hit_tokens, and cache_write_tokens apart from uncached input", () => {
		expect(
			mapCompletionsUsage({
				prompt_tokens: 12000,
				completion_tokens: 500,
				total_tokens: 0,
				prompt_tokens_details: { cached_tokens: 10000 },
			}),
		).toEqual({ input: 2000, output: 500, cacheRead: 10000, cacheWrite: 0 });
		expect(
			mapCompletionsUsage({
				prompt_tokens: 300,
				completion_tokens: 7,
				total_tokens: 0,
				prompt_cache_hit_tokens: 100,
				cache_write_tokens: 50,
			}),
		).toEqual({ input: 150, output: 7, cacheRead: 100, cacheWrite: 50 });
	});

	it("clamps a negative uncached count to 0 and ignores the provider's total", () => {
		expect(
			mapCompletionsUsage({
				prompt_tokens: 10,
				completion_tokens: 1,
				total_tokens: 999,
				prompt_tokens_details: { cached_tokens: 40 },
			}),
		).toEqual({ input: 0, output: 1, cacheRead: 40, cacheWrite: 0 });
	});
});

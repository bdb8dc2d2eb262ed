import { describe, expect, it } from "vitest";
import { validateModelsJson } from "../../../src/core/config/models-json.js";

const withCompat = (compat: Record<string, unknown>) => ({
	providers: { openrouter: { modelOverrides: { "anthropic/claude-sonnet-4.5": { compat } } } },
});

describe("models.json compat.cacheControlFormat", () => {
	it("takes anthropic and none, and names the values for anything else", () => {
		expect(
			validateModelsJson(withCompat({ cacheControlFormat: "anthropic" }), "m.json", ["openrouter"]).errors,
		).toEqual([]);
		expect(validateModelsJson(withCompat({ cacheControlFormat: "none" }), "m.json", ["openrouter"]).errors).toEqual([]);
		expect(validateModelsJson(withCompat({ cacheControlFormat: "openai" }), "m.json", ["openrouter"]).errors).toEqual([
			'Invalid models.json (m.json): $.providers.openrouter.modelOverrides["anthropic/claude-sonnet-4.5"].compat.cacheControlFormat: expected one of anthropic, none',
		]);
	});
});

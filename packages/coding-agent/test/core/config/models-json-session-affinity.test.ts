import { describe, expect, it } from "vitest";
import { validateModelsJson } from "../../../src/core/config/models-json.js";

const errorsFor = (compat: Record<string, unknown>) =>
	validateModelsJson({ providers: { "my-vllm": { modelOverrides: { coder: { compat } } } } }, "models.json", [
		"my-vllm",
	]).errors;

describe("models.json compat.sessionAffinityFormat", () => {
	it("takes openai, openai-nosession and openrouter, and names the values for anything else", () => {
		for (const format of ["openai", "openai-nosession", "openrouter"]) {
			expect(errorsFor({ sendSessionAffinityHeaders: true, sessionAffinityFormat: format })).toEqual([]);
		}
		expect(errorsFor({ sessionAffinityFormat: "cloudflare" })).toEqual([
			"Invalid models.json (models.json): $.providers.my-vllm.modelOverrides.coder.compat.sessionAffinityFormat: expected one of openai, openai-nosession, openrouter",
		]);
	});
});

import { describe, expect, it } from "vitest";
import {
	clampThinkingLevel,
	getModel,
	getModels,
	getProviders,
	getSupportedThinkingLevels,
	type Model,
} from "../src/index.js";

const base = getModel("anthropic", "claude-sonnet-4-5")!;

describe("model catalogue", () => {
	it("ships the required models with sane data", () => {
		const required: [string, string][] = [
			["anthropic", "claude-opus-4-6"],
			["anthropic", "claude-sonnet-4-5"],
			["anthropic", "claude-haiku-4-5"],
			["openai", "gpt-5.4"],
			["google", "gemini-2.5-pro"],
			["google", "gemini-2.5-flash"],
		];
		for (const [provider, id] of required) expect(getModel(provider, id), `${provider}/${id}`).toBeDefined();
		for (const provider of ["groq", "xai", "openrouter", "cerebras", "mistral", "deepseek"]) {
			expect(getModels(provider).length, provider).toBeGreaterThan(0);
			for (const model of getModels(provider)) expect(model.api).toBe("openai-completions");
		}
		for (const model of getModels()) {
			expect(model.contextWindow, model.id).toBeGreaterThan(0);
			expect(model.maxTokens, model.id).toBeGreaterThan(0);
			expect(model.maxTokens, model.id).toBeLessThanOrEqual(model.contextWindow);
			for (const price of Object.values(model.cost)) expect(price, model.id).toBeGreaterThanOrEqual(0);
			expect(model.baseUrl, model.id).toMatch(/^https:\/\//);
			expect(model.input, model.id).toContain("text");
		}
		expect(getModel("openai", "gpt-5.4")).toMatchObject({
			api: "openai-responses",
			baseUrl: "https://api.openai.com/v1",
		});
		expect(getModel("google", "gemini-2.5-pro")).toMatchObject({
			api: "google-generative-ai",
			baseUrl: "https://generativelanguage.googleapis.com/v1beta",
		});
	});

	it("has no duplicate (provider, id) pairs and lists providers", () => {
		const keys = getModels().map((m) => `${m.provider}/${m.id}`);
		expect(new Set(keys).size).toBe(keys.length);
		expect(getProviders()).toEqual(expect.arrayContaining(["anthropic", "openai", "google", "groq"]));
	});

	it("returns copies from getModels", () => {
		getModels("anthropic")[0]!.name = "changed";
		expect(getModels("anthropic")[0]!.name).not.toBe("changed");
	});
});

describe("thinking levels", () => {
	const plain: Model = { ...base, reasoning: false };
	const withXhigh: Model = { ...base, thinkingLevelMap: { xhigh: "max" } };
	const noMinimal: Model = { ...base, thinkingLevelMap: { minimal: null, high: null } };

	it("lists supported levels per events.md §1.2", () => {
		expect(getSupportedThinkingLevels(plain)).toEqual(["off"]);
		expect(getSupportedThinkingLevels(base)).toEqual(["off", "minimal", "low", "medium", "high"]);
		expect(getSupportedThinkingLevels(withXhigh)).toEqual(["off", "minimal", "low", "medium", "high", "xhigh"]);
		expect(getSupportedThinkingLevels(noMinimal)).toEqual(["off", "low", "medium"]);
	});

	it("clamps upward first, then downward", () => {
		expect(clampThinkingLevel(plain, "high")).toBe("off");
		expect(clampThinkingLevel(base, "xhigh")).toBe("high");
		expect(clampThinkingLevel(noMinimal, "minimal")).toBe("low");
		expect(clampThinkingLevel(noMinimal, "high")).toBe("medium");
		expect(clampThinkingLevel(withXhigh, "xhigh")).toBe("xhigh");
	});
});

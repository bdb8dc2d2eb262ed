import { describe, expect, it } from "vitest";
import {
	clampThinkingLevel,
	cloneModel,
	getCatalogueInfo,
	getKnownProviders,
	getModel,
	getModels,
	getProviderInfo,
	getProviders,
	getSupportedThinkingLevels,
	type KnownApi,
	type Model,
} from "../src/index.js";

const base = getModel("anthropic", "claude-sonnet-4-5")!;

const KNOWN_APIS: readonly string[] = [
	"anthropic-messages",
	"openai-completions",
	"openai-responses",
	"google-generative-ai",
	"google-vertex",
	"azure-openai-responses",
	"openai-codex-responses",
	"bedrock-converse-stream",
	"mistral-conversations",
] satisfies KnownApi[];

describe("model catalogue", () => {
	it("ships every provider of the source with its model count, less the models dropped on purpose", () => {
		const info = getCatalogueInfo();
		expect(info.source).toMatch(/^@mariozechner\/pi-ai@0\.73\.1 /);
		expect(getProviders()).toEqual(Object.keys(info.sourceCounts));
		expect(getProviders()).toHaveLength(31);
		for (const provider of getProviders()) {
			const dropped = info.dropped.filter((ref) => ref.startsWith(`${provider}/`)).length;
			expect(getModels(provider).length + dropped, provider).toBe(info.sourceCounts[provider]);
		}
		expect(getModels()).toHaveLength(965);
		for (const ref of info.dropped) expect(ref).toMatch(/(^|\/)gemini-3-pro-preview$/);
	});

	it("has sane data for every model", () => {
		for (const model of getModels()) {
			const ref = `${model.provider}/${model.id}`;
			expect(model.id, ref).not.toBe("");
			expect(model.name, ref).not.toBe("");
			expect(KNOWN_APIS, ref).toContain(model.api);
			expect(model.contextWindow, ref).toBeGreaterThan(0);
			expect(model.maxTokens, ref).toBeGreaterThan(0);
			expect(model.maxTokens, ref).toBeLessThanOrEqual(model.contextWindow);
			for (const price of Object.values(model.cost)) {
				expect(Number.isFinite(price), ref).toBe(true);
				expect(price, ref).toBeGreaterThanOrEqual(0);
			}
			expect(model.baseUrl, ref).toMatch(/^https:\/\/\S+$/);
			expect(model.input[0], ref).toBe("text");
			expect(typeof model.reasoning, ref).toBe("boolean");
		}
	});

	it("gives every provider a way to authenticate: key variables, an ambient chain or subscription sign-in", () => {
		for (const provider of getProviders()) {
			const info = getProviderInfo(provider);
			expect(info.name, provider).not.toBe(provider);
			expect(info.envKeys.length > 0 || info.ambient !== undefined || info.oauth === true, provider).toBe(true);
		}
		expect(getKnownProviders().sort()).toEqual([...getProviders()].sort());
	});

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
		for (const provider of ["groq", "xai", "openrouter", "cerebras", "deepseek"]) {
			expect(getModels(provider).length, provider).toBeGreaterThan(0);
			for (const model of getModels(provider)) expect(model.api).toBe("openai-completions");
		}
		expect(getModel("openai", "gpt-5.4")).toMatchObject({
			api: "openai-responses",
			baseUrl: "https://api.openai.com/v1",
		});
		expect(getModel("google", "gemini-2.5-pro")).toMatchObject({
			api: "google-generative-ai",
			baseUrl: "https://generativelanguage.googleapis.com/v1beta",
		});
		expect(getModel("mistral", "mistral-large-latest")).toMatchObject({
			api: "mistral-conversations",
			baseUrl: "https://api.mistral.ai",
		});
	});

	it("keeps our thinking-level maps over the source's", () => {
		expect(getModel("anthropic", "claude-opus-4-6")!.thinkingLevelMap).toEqual({
			minimal: "low",
			low: "low",
			medium: "medium",
			high: "high",
			xhigh: "max",
		});
		expect(getModel("openai", "gpt-5.4")!.thinkingLevelMap).toEqual({ minimal: null, xhigh: "xhigh" });
	});

	it("keeps what differs within a provider: per-model api, base URL, headers and compat", () => {
		expect(getModel("cloudflare-ai-gateway", "claude-sonnet-4-5")).toMatchObject({
			api: "anthropic-messages",
			baseUrl: "https://gateway.ai.cloudflare.com/v1/{CLOUDFLARE_ACCOUNT_ID}/{CLOUDFLARE_GATEWAY_ID}/anthropic",
		});
		const copilot = getModels("github-copilot");
		expect(new Set(copilot.map((m) => m.api))).toEqual(
			new Set(["anthropic-messages", "openai-completions", "openai-responses"]),
		);
		for (const model of copilot) expect(model.headers?.["Copilot-Integration-Id"]).toBe("vscode-chat");
		expect(getModels("opencode-go").filter((m) => m.compat?.thinkingFormat === "qwen")).toHaveLength(2);
		expect(getModels("opencode-go").filter((m) => m.compat === undefined).length).toBeGreaterThan(0);
		const bedrockUrls = new Set(getModels("amazon-bedrock").map((m) => m.baseUrl));
		expect(bedrockUrls).toEqual(
			new Set([
				"https://bedrock-runtime.us-east-1.amazonaws.com",
				"https://bedrock-runtime.eu-central-1.amazonaws.com",
			]),
		);
	});

	it("has no duplicate (provider, id) pairs and lists providers", () => {
		const keys = getModels().map((m) => `${m.provider}/${m.id}`);
		expect(new Set(keys).size).toBe(keys.length);
		expect(getProviders()).toEqual(expect.arrayContaining(["anthropic", "openai", "google", "groq"]));
		expect(getModels("no-such-provider")).toEqual([]);
		expect(getModel("constructor", "x")).toBeUndefined();
	});

	it("returns copies from getModels", () => {
		const first = getModels("github-copilot")[0]!;
		first.name = "changed";
		first.headers!["User-Agent"] = "changed";
		first.cost.input = 99;
		const again = getModels("github-copilot")[0]!;
		expect(again.name).not.toBe("changed");
		expect(again.headers!["User-Agent"]).not.toBe("changed");
		expect(again.cost.input).not.toBe(99);
		expect(getModel("github-copilot", first.id)!.name).not.toBe("changed");
	});

	it("copies a model deeply with cloneModel", () => {
		const model: Model = {
			...getModel("openrouter", getModels("openrouter")[0]!.id)!,
			input: ["text"],
			headers: { "x-a": "1" },
			compat: { openRouterRouting: { order: ["a"] } },
			thinkingLevelMap: { high: "max" },
		};
		const copy = cloneModel(model);
		expect(copy).toEqual(model);
		copy.input.push("image");
		copy.cost.input = 123;
		copy.headers!["x-a"] = "2";
		(copy.compat!.openRouterRouting as { order: string[] }).order.push("b");
		copy.thinkingLevelMap!.high = "low";
		expect(model.input).not.toContain("image");
		expect(model.cost.input).not.toBe(123);
		expect(model.headers).toEqual({ "x-a": "1" });
		expect(model.compat).toEqual({ openRouterRouting: { order: ["a"] } });
		expect(model.thinkingLevelMap).toEqual({ high: "max" });
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

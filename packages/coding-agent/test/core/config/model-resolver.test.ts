import { getModel, getProviders, type Model } from "@pi/ai";
import { describe, expect, it } from "vitest";
import {
	DEFAULT_MODEL_PER_PROVIDER,
	type ModelCatalog,
	parseModelScope,
	resolveModelPattern,
	type StartupModelOptions,
	selectStartupModel,
} from "../../../src/core/config/model-resolver.js";

function model(provider: string, id: string, extra: Partial<Model> = {}): Model {
	return {
		id,
		name: extra.name ?? id,
		api: "openai-completions",
		provider,
		baseUrl: "http://x",
		reasoning: true,
		input: ["text"],
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 1000,
		maxTokens: 100,
		...extra,
	};
}

const MODELS = [
	model("anthropic", "claude-opus-4-6", { name: "Claude Opus 4.6" }),
	model("anthropic", "claude-sonnet-4-5", { name: "Claude Sonnet 4.5" }),
	model("anthropic", "claude-sonnet-4-5-20250929", { name: "Claude Sonnet 4.5 (dated)" }),
	model("anthropic", "claude-3-haiku-latest"),
	model("openai", "gpt-5.4"),
	model("openai", "gpt-5.4-mini"),
	model("openrouter", "gpt-5.4"),
	model("openrouter", "qwen/qwen3:free"),
	model("google", "gemini-2.5-pro"),
	model("groq", "llama-3", { reasoning: false }),
	model("zai", "glm-4.6"),
];

function catalog(keyed: string[], models = MODELS): ModelCatalog {
	return { models, isAvailable: (m) => keyed.includes(m.provider) };
}
const ALL = ["anthropic", "openai", "openrouter", "google", "groq", "zai"];
const ref = (r: { ok: boolean; model?: Model }) => (r.ok && r.model ? `${r.model.provider}/${r.model.id}` : "none");

describe("model patterns (§10.1)", () => {
	it("rule 1: provider/id, case-insensitive", () => {
		expect(ref(resolveModelPattern("OpenRouter/GPT-5.4", catalog(ALL)) as never)).toBe("openrouter/gpt-5.4");
	});

	it("rule 2: exact id; several → prefer a key, then provider order", () => {
		expect(ref(resolveModelPattern("gpt-5.4", catalog(ALL)) as never)).toBe("openai/gpt-5.4");
		expect(ref(resolveModelPattern("gpt-5.4", catalog(["openrouter"])) as never)).toBe("openrouter/gpt-5.4");
	});

	it("rule 3: substring of ids or names, preferring aliases, then the greatest id", () => {
		expect(ref(resolveModelPattern("sonnet", catalog(ALL)) as never)).toBe("anthropic/claude-sonnet-4-5");
		expect(ref(resolveModelPattern("claude", catalog(ALL)) as never)).toBe("anthropic/claude-sonnet-4-5");
		expect(ref(resolveModelPattern("haiku", catalog(ALL)) as never)).toBe("anthropic/claude-3-haiku-latest");
		expect(ref(resolveModelPattern("Opus 4.6", catalog(ALL)) as never)).toBe("anthropic/claude-opus-4-6");
	});

	it("rule 4: a :level suffix after the last colon", () => {
		expect(resolveModelPattern("sonnet:high", catalog(ALL))).toMatchObject({
			ok: true,
			model: { id: "claude-sonnet-4-5" },
			thinkingLevel: "high",
		});
		expect(resolveModelPattern("openrouter/qwen/qwen3:free:low", catalog(ALL))).toMatchObject({
			ok: true,
			model: { id: "qwen/qwen3:free" },
			thinkingLevel: "low",
		});
		expect(resolveModelPattern("qwen/qwen3:free", catalog(ALL))).toMatchObject({
			ok: true,
			model: { id: "qwen/qwen3:free" },
		});
	});

	it("rule 5: not found, with up to three similar models nearest by Levenshtein distance", () => {
		expect(resolveModelPattern("gpt-5.5", catalog(ALL))).toEqual({
			ok: false,
			error:
				'Model "gpt-5.5" not found. Closest matches: openai/gpt-5.4, openrouter/gpt-5.4, openai/gpt-5.4-mini. Use --list-models to see available models.',
		});
		expect(resolveModelPattern("openai/glm-4", catalog(ALL))).toMatchObject({
			error: expect.stringContaining("Closest matches: openai/gpt-5.4, zai/glm-4.6, openai/gpt-5.4-mini."),
		});
		// Only similar models are suggested: a pattern like nothing known suggests nothing.
		expect(resolveModelPattern("zzzqqq", catalog(ALL))).toEqual({
			ok: false,
			error: 'Model "zzzqqq" not found. Use --list-models to see available models.',
		});
		expect(resolveModelPattern("x", catalog([], []))).toEqual({
			ok: false,
			error: 'Model "x" not found. Use --list-models to see available models.',
		});
	});

	it("--provider limits matching; unknown provider and unknown id messages", () => {
		expect(ref(resolveModelPattern("gpt-5.4", catalog(ALL), "openrouter") as never)).toBe("openrouter/gpt-5.4");
		expect(resolveModelPattern("gpt", catalog(ALL), "nope")).toEqual({
			ok: false,
			error: 'Unknown provider "nope". Use --list-models to see providers.',
		});
		const custom = resolveModelPattern("gpt-6", catalog(ALL), "openai");
		expect(custom).toMatchObject({
			ok: true,
			model: { provider: "openai", id: "gpt-6", name: "gpt-6", baseUrl: "http://x" },
			warning: 'Model "gpt-6" not found for provider "openai"; using it as a custom model id.',
		});
	});
});

describe("model scope (§10.3)", () => {
	it("globs with :level, item order, sorted glob matches, dedupe, unavailable skipped", () => {
		const { scope, warnings } = parseModelScope(
			"claude-sonnet-*:high, gpt-5.4, anthropic/*, groq/*",
			catalog(["anthropic", "openai"]),
		);
		expect(scope.map((s) => [`${s.model.provider}/${s.model.id}`, s.thinkingLevel])).toEqual([
			["anthropic/claude-sonnet-4-5", "high"],
			["anthropic/claude-sonnet-4-5-20250929", "high"],
			["openai/gpt-5.4", undefined],
			["anthropic/claude-3-haiku-latest", undefined],
			["anthropic/claude-opus-4-6", undefined],
		]);
		expect(warnings).toEqual(['No available model matches "groq/*" in the model scope; ignored.']);
	});

	it("accepts an array (settings enabledModels) and [..] / ? globs case-insensitively", () => {
		const { scope } = parseModelScope(["GPT-5.?", "gemini-2.[5]-pro:low"], catalog(ALL));
		expect(scope.map((s) => `${s.model.provider}/${s.model.id}:${s.thinkingLevel ?? "-"}`)).toEqual([
			"openai/gpt-5.4:-",
			"openrouter/gpt-5.4:-",
			"google/gemini-2.5-pro:low",
		]);
	});
});

describe("start-up model (§10.2)", () => {
	const base = { catalog: catalog(["openai", "google", "zai"]) };
	const pick = (r: ReturnType<typeof selectStartupModel>) =>
		r.ok ? `${r.model?.provider}/${r.model?.id}@${r.thinkingLevel}` : r.error;

	it("order: --model, resumed model, scope (new sessions), settings default, first keyed provider's default", () => {
		const scope = parseModelScope("glm-4.6:low", base.catalog).scope;
		const resumed = { provider: "google", modelId: "gemini-2.5-pro" };
		const defaults = { defaultProvider: "openai", defaultModel: "gpt-5.4-mini" };
		expect(pick(selectStartupModel({ ...base, cliModel: "gpt-5.4", resumed, scope, ...defaults }))).toBe(
			"openai/gpt-5.4@medium",
		);
		expect(pick(selectStartupModel({ ...base, resumed, scope, ...defaults }))).toBe("google/gemini-2.5-pro@medium");
		expect(pick(selectStartupModel({ ...base, scope, ...defaults }))).toBe("zai/glm-4.6@low");
		expect(pick(selectStartupModel({ ...base, ...defaults }))).toBe("openai/gpt-5.4-mini@medium");
		expect(pick(selectStartupModel({ ...base, resumed: { provider: "groq", modelId: "llama-3" }, ...defaults }))).toBe(
			"openai/gpt-5.4-mini@medium",
		);
		expect(pick(selectStartupModel({ ...base, defaultProvider: "groq", defaultModel: "llama-3" }))).toBe(
			"openai/gpt-5.4@medium",
		);
	});

	it("falls back by provider order and a provider's first model by id; none without keys", () => {
		expect(pick(selectStartupModel({ catalog: catalog(["zai", "google"]) }))).toBe("google/gemini-2.5-pro@medium");
		expect(pick(selectStartupModel({ catalog: catalog(["zai", "groq"]) }))).toBe("groq/llama-3@off");
		expect(selectStartupModel({ catalog: catalog([]) })).toEqual({
			ok: true,
			model: undefined,
			thinkingLevel: "medium",
			warnings: [],
		});
	});

	it("--provider alone picks that provider's default; errors are returned", () => {
		expect(pick(selectStartupModel({ ...base, cliProvider: "anthropic" }))).toBe("anthropic/claude-opus-4-6@medium");
		expect(pick(selectStartupModel({ ...base, cliModel: "nothing-like-it" }))).toMatch(
			/^Model "nothing-like-it" not found/,
		);
	});

	it("thinking level: --thinking, :level suffix, resumed level, defaultThinkingLevel, medium; clamped", () => {
		const resumed = { provider: "openai", modelId: "gpt-5.4", thinkingLevel: "low" as const };
		expect(pick(selectStartupModel({ ...base, cliModel: "gpt-5.4:high", cliThinking: "minimal", resumed }))).toBe(
			"openai/gpt-5.4@minimal",
		);
		expect(pick(selectStartupModel({ ...base, cliModel: "gpt-5.4:high", resumed }))).toBe("openai/gpt-5.4@high");
		expect(pick(selectStartupModel({ ...base, resumed, defaultThinkingLevel: "high" }))).toBe("openai/gpt-5.4@low");
		expect(pick(selectStartupModel({ ...base, defaultThinkingLevel: "high" }))).toBe("openai/gpt-5.4@high");
		expect(pick(selectStartupModel({ ...base, cliModel: "llama-3", cliThinking: "high" }))).toBe("groq/llama-3@off");
		const noXhigh = catalog(["openai"], [model("openai", "o", { thinkingLevelMap: { minimal: null } })]);
		expect(pick(selectStartupModel({ catalog: noXhigh, cliThinking: "xhigh" }))).toBe("openai/o@high");
		expect(pick(selectStartupModel({ catalog: noXhigh, cliThinking: "minimal" }))).toBe("openai/o@low");
	});
});

describe("provider default models", () => {
	it("name a model of the built-in catalogue for every provider that has one", () => {
		for (const [provider, id] of Object.entries(DEFAULT_MODEL_PER_PROVIDER)) {
			expect(getModel(provider, id), `${provider}/${id}`).toBeDefined();
		}
		const missing = getProviders().filter((provider) => !(provider in DEFAULT_MODEL_PER_PROVIDER));
		expect(missing).toEqual([]);
	});
});

describe("a partial pattern served by several providers", () => {
	const claude = [
		model("openrouter", "anthropic/claude-sonnet-4.6"),
		model("amazon-bedrock", "us.anthropic.claude-sonnet-4-6-v1"),
		model("anthropic", "claude-sonnet-4-5"),
		model("anthropic", "claude-sonnet-4-6"),
		model("anthropic", "claude-sonnet-4-5-20250929"),
	];
	const catalogWithKeys = (providers: string[]): ModelCatalog => ({
		models: claude,
		isAvailable: (m) => providers.includes(m.provider),
	});

	it("picks the provider with a key first, then the newest alias within it", () => {
		const anthropic = resolveModelPattern("sonnet", catalogWithKeys(["anthropic"]));
		expect(anthropic.ok && `${anthropic.model.provider}/${anthropic.model.id}`).toBe("anthropic/claude-sonnet-4-6");
		const bedrock = resolveModelPattern("sonnet", catalogWithKeys(["amazon-bedrock"]));
		expect(bedrock.ok && bedrock.model.provider).toBe("amazon-bedrock");
	});

	it("without any key prefers the preferred provider order", () => {
		const none = resolveModelPattern("sonnet", catalogWithKeys([]));
		expect(none.ok && `${none.model.provider}/${none.model.id}`).toBe("anthropic/claude-sonnet-4-6");
	});
});

describe("a catalog with lookups by provider (the model registry's)", () => {
	/** MODELS behind a provider lookup; reading `models` (every model) is counted, as the registry copies them all. */
	function lookupCatalog(keyed: string[], models = MODELS) {
		const reads = { all: 0, providers: new Set<string>() };
		const names = [...new Set(models.map((m) => m.provider))];
		const value: ModelCatalog = {
			get models() {
				reads.all++;
				return models;
			},
			isAvailable: (m) => keyed.includes(m.provider),
			providers: {
				names: () => names,
				models: (provider) => {
					reads.providers.add(provider);
					return models.filter((m) => m.provider === provider);
				},
				isAvailable: (provider) => keyed.includes(provider),
			},
		};
		return { catalog: value, reads };
	}
	const pick = (r: ReturnType<typeof selectStartupModel>) =>
		r.ok ? `${r.model?.provider}/${r.model?.id}@${r.thinkingLevel}` : r.error;

	it("an exact provider/id, --provider, the resumed and the default model read only their provider", () => {
		const keyed = ["openai", "google", "zai"];
		const cases: [Omit<StartupModelOptions, "catalog">, string][] = [
			[{ cliModel: "OpenRouter/Qwen/Qwen3:free" }, "openrouter/qwen/qwen3:free@medium"],
			[{ cliProvider: "ANTHROPIC" }, "anthropic/claude-opus-4-6@medium"],
			[{ cliModel: "gpt-6", cliProvider: "openai" }, "openai/gpt-6@medium"],
			[{ resumed: { provider: "google", modelId: "gemini-2.5-pro" } }, "google/gemini-2.5-pro@medium"],
			[{ defaultProvider: "zai", defaultModel: "glm-4.6" }, "zai/glm-4.6@medium"],
		];
		for (const [options, expected] of cases) {
			const { catalog: lookup, reads } = lookupCatalog(keyed);
			expect(pick(selectStartupModel({ catalog: lookup, ...options }))).toBe(expected);
			expect(reads.all).toBe(0);
			expect(reads.providers.size).toBe(1);
		}
	});

	it("the first keyed provider's default reads only providers with a key", () => {
		const { catalog: lookup, reads } = lookupCatalog(["zai", "groq"]);
		expect(pick(selectStartupModel({ catalog: lookup }))).toBe("groq/llama-3@off");
		expect(reads.all).toBe(0);
		expect([...reads.providers].sort()).toEqual(["groq"]);
	});

	it("gives the same answers as the plain list for every kind of pattern", () => {
		const patterns = [
			"anthropic/claude-opus-4-6",
			"gpt-5.4",
			"sonnet:high",
			"openrouter/qwen/qwen3:free:low",
			"zzzqqq",
		];
		for (const keyed of [ALL, ["openrouter"], []]) {
			for (const pattern of patterns) {
				expect(resolveModelPattern(pattern, lookupCatalog(keyed).catalog)).toEqual(
					resolveModelPattern(pattern, catalog(keyed)),
				);
				expect(resolveModelPattern(pattern, lookupCatalog(keyed).catalog, "openai")).toEqual(
					resolveModelPattern(pattern, catalog(keyed), "openai"),
				);
			}
			expect(selectStartupModel({ catalog: lookupCatalog(keyed).catalog })).toEqual(
				selectStartupModel({ catalog: catalog(keyed) }),
			);
		}
	});

	it("two providers whose refs match the same pattern: the one first in the list wins, as without the lookup", () => {
		for (const models of [
			[model("a/b", "c"), model("a", "b/c")],
			[model("a", "b/c"), model("a/b", "c")],
		]) {
			const found = resolveModelPattern("a/b/c", lookupCatalog(["a"], models).catalog);
			expect(found.ok && found.model.provider).toBe(models[0]!.provider);
		}
	});
});

/**
 * Model selection (config.md §10): patterns for `--model` and `/model`, `--provider`, model scopes for cycling,
 * and the start-up model with its thinking level. Pure functions over a model list and an availability test.
 */
import { type AgentLevel, clampThinkingLevel, type Model, THINKING_LEVELS } from "@pi/ai";
import picomatch from "picomatch";

/** Every thinking level name, in order: `off`, then the levels of @pi/ai. */
export const THINKING_LEVEL_NAMES: readonly AgentLevel[] = ["off", ...THINKING_LEVELS];

/** Providers tried first, in this order; others follow by name (§10.2). */
export const PREFERRED_PROVIDER_ORDER = ["anthropic", "openai", "google"];

/** Each provider's start-up model when it is the chosen provider (§10.2). */
export const DEFAULT_MODEL_PER_PROVIDER: Readonly<Record<string, string>> = {
	anthropic: "claude-opus-4-6",
	openai: "gpt-5.4",
	google: "gemini-2.5-pro",
	// The other built-in providers: the same picks as the original pi, so a /login lands on the same model.
	"amazon-bedrock": "us.anthropic.claude-opus-4-6-v1",
	"azure-openai-responses": "gpt-5.4",
	"openai-codex": "gpt-5.5",
	"google-vertex": "gemini-3.1-pro-preview",
	"github-copilot": "gpt-5.4",
	deepseek: "deepseek-v4-pro",
	openrouter: "moonshotai/kimi-k2.6",
	"vercel-ai-gateway": "zai/glm-5.1",
	xai: "grok-4.20-0309-reasoning",
	groq: "openai/gpt-oss-120b",
	cerebras: "zai-glm-4.7",
	zai: "glm-5.1",
	mistral: "devstral-medium-latest",
	minimax: "MiniMax-M2.7",
	"minimax-cn": "MiniMax-M2.7",
	moonshotai: "kimi-k2.6",
	"moonshotai-cn": "kimi-k2.6",
	huggingface: "moonshotai/Kimi-K2.6",
	fireworks: "accounts/fireworks/models/kimi-k2p6",
	opencode: "kimi-k2.6",
	"opencode-go": "kimi-k2.6",
	"kimi-coding": "kimi-for-coding",
	"cloudflare-workers-ai": "@cf/moonshotai/kimi-k2.6",
	"cloudflare-ai-gateway": "workers-ai/@cf/moonshotai/kimi-k2.6",
	xiaomi: "mimo-v2.5-pro",
	"xiaomi-token-plan-cn": "mimo-v2.5-pro",
	"xiaomi-token-plan-ams": "mimo-v2.5-pro",
	"xiaomi-token-plan-sgp": "mimo-v2.5-pro",
};

/** Whether a string is a thinking level name. */
export function isThinkingLevel(value: string): value is AgentLevel {
	return (THINKING_LEVEL_NAMES as readonly string[]).includes(value);
}

/** `<provider>/<id>`. */
export function formatModelRef(model: Pick<Model, "provider" | "id">): string {
	return `${model.provider}/${model.id}`;
}

/** Messages of this module, kept together so tests and docs can match them. */
export const modelMessages = {
	notFound: (pattern: string, closest: string[]) =>
		`Model "${pattern}" not found.${closest.length > 0 ? ` Closest matches: ${closest.join(", ")}.` : ""} Use --list-models to see available models.`,
	unknownProvider: (provider: string) => `Unknown provider "${provider}". Use --list-models to see providers.`,
	customModel: (id: string, provider: string) =>
		`Model "${id}" not found for provider "${provider}"; using it as a custom model id.`,
	scopeNoMatch: (item: string) => `No available model matches "${item}" in the model scope; ignored.`,
	noProviderModels: (provider: string) => `Provider "${provider}" has no models.`,
};

/** The models to search and which of them have a key. */
export interface ModelCatalog {
	/** All known models (built-in and models.json). */
	models: readonly Model[];
	/** Whether the model's provider resolves a key. */
	isAvailable: (model: Model) => boolean;
	/**
	 * Lookups by provider, for a catalog that builds its models on demand (the model registry's `getCatalog`): an
	 * exact `<provider>/<id>`, `--provider`, the resumed or default model and the first provider with a key then
	 * read only the providers they name, never `models`. They must agree with `models` and `isAvailable`.
	 */
	providers?: ProviderLookup;
}

/** {@link ModelCatalog.providers}. */
export interface ProviderLookup {
	/** The providers that have models, in the order of their first model in `models`. */
	names(): readonly string[];
	/** A provider's models, in `models` order (none for an unknown provider). */
	models(provider: string): readonly Model[];
	/** Whether the provider's models have a key (availability is a provider's, not a model's). */
	isAvailable(provider: string): boolean;
}

/** The models of a provider, by exact name. */
function modelsOf(catalog: ModelCatalog, provider: string): readonly Model[] {
	return catalog.providers
		? catalog.providers.models(provider)
		: catalog.models.filter((model) => model.provider === provider);
}

/** The models of a provider named in any case (`--provider`), in `models` order. */
function modelsOfNamed(catalog: ModelCatalog, name: string): readonly Model[] {
	const lower = name.toLowerCase();
	const names = catalog.providers?.names().filter((provider) => provider.toLowerCase() === lower);
	// Two providers whose names differ only in case: their models interleave in `models`, so filter that.
	if (names && names.length <= 1) return names.length === 0 ? [] : catalog.providers!.models(names[0]!);
	return catalog.models.filter((model) => model.provider.toLowerCase() === lower);
}

/**
 * Rule 1 through the provider lookup: the model whose `<provider>/<id>` is the pattern (lower case), without
 * reading other providers. Undefined when none matches; `models` decides between two matches (a provider named
 * like another's prefix, "a" with model "b/c" and "a/b" with model "c").
 */
function findByRef(lower: string, catalog: ModelCatalog, lookup: ProviderLookup): Model | undefined {
	const matches: Model[] = [];
	for (const provider of lookup.names()) {
		const prefix = `${provider.toLowerCase()}/`;
		if (!lower.startsWith(prefix)) continue;
		const id = lower.slice(prefix.length);
		const model = lookup.models(provider).find((m) => m.id.toLowerCase() === id);
		if (model) matches.push(model);
	}
	if (matches.length <= 1) return matches[0];
	return catalog.models.find((m) => formatModelRef(m).toLowerCase() === lower);
}

export type ModelResolution =
	| { ok: true; model: Model; thinkingLevel?: AgentLevel; warning?: string }
	| { ok: false; error: string };

/** Provider rank: the preferred providers first, then others by name. */
function compareProviders(a: string, b: string): number {
	const rank = (p: string) => {
		const index = PREFERRED_PROVIDER_ORDER.indexOf(p);
		return index === -1 ? PREFERRED_PROVIDER_ORDER.length : index;
	};
	return rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Prefer models with a key, then the provider order. */
function byKeyThenProvider(catalog: ModelCatalog): (a: Model, b: Model) => number {
	return (a, b) =>
		Number(catalog.isAvailable(b)) - Number(catalog.isAvailable(a)) || compareProviders(a.provider, b.provider);
}

/** An alias id carries no `-YYYYMMDD` date suffix, or ends in `-latest`. */
function isAliasId(id: string): boolean {
	return id.endsWith("-latest") || !/-\d{8}$/.test(id);
}

/** Rules 1–3 of §10.1, without the thinking-level suffix; `scoped` limits them to some models (`--provider`). */
function matchPlain(pattern: string, scoped: readonly Model[] | undefined, catalog: ModelCatalog): Model | undefined {
	const lower = pattern.toLowerCase();
	const exactRef =
		!scoped && catalog.providers
			? findByRef(lower, catalog, catalog.providers)
			: (scoped ?? catalog.models).find((m) => formatModelRef(m).toLowerCase() === lower);
	if (exactRef) return exactRef;
	const models = scoped ?? catalog.models;
	const exactId = models.filter((m) => m.id.toLowerCase() === lower);
	if (exactId.length > 0) return [...exactId].sort(byKeyThenProvider(catalog))[0];
	const partial = models.filter((m) => m.id.toLowerCase().includes(lower) || m.name.toLowerCase().includes(lower));
	if (partial.length === 0) return undefined;
	// The catalogue serves one model family through many providers (Claude from anthropic, bedrock, openrouter,
	// copilot...): pick the provider first (one with a key, then the preferred order), then the model within it.
	const provider = [...partial].sort(byKeyThenProvider(catalog))[0]!.provider;
	return partial
		.filter((m) => m.provider === provider)
		.sort((a, b) => Number(isAliasId(b.id)) - Number(isAliasId(a.id)) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))[0];
}

/** Rules 1–4: plain match, else split off a trailing `:<level>` and retry on the rest. */
function matchPattern(
	pattern: string,
	models: readonly Model[] | undefined,
	catalog: ModelCatalog,
): { model: Model; thinkingLevel?: AgentLevel } | undefined {
	const model = matchPlain(pattern, models, catalog);
	if (model) return { model };
	const colon = pattern.lastIndexOf(":");
	if (colon === -1) return undefined;
	const level = pattern.slice(colon + 1);
	if (!isThinkingLevel(level)) return undefined;
	const inner = matchPattern(pattern.slice(0, colon), models, catalog);
	return inner ? { model: inner.model, thinkingLevel: inner.thinkingLevel ?? level } : undefined;
}

/** Case-insensitive Levenshtein distance. */
export function levenshtein(a: string, b: string): number {
	const s = a.toLowerCase();
	const t = b.toLowerCase();
	let previous = Array.from({ length: t.length + 1 }, (_, i) => i);
	for (let i = 1; i <= s.length; i++) {
		const current = [i];
		for (let j = 1; j <= t.length; j++) {
			current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
		}
		previous = current;
	}
	return previous[t.length]!;
}

/**
 * The fewest edits that turn `pattern` into some part of `text` (case-insensitive): "sonet" is 1 away from
 * "claude-sonnet-4-5", "zzzqqq" is 6 away from anything without a z or q.
 */
function partialDistance(pattern: string, text: string): number {
	const s = pattern.toLowerCase();
	const t = text.toLowerCase();
	// Like levenshtein, but the part of `text` before and after the match costs nothing.
	let previous = new Array<number>(t.length + 1).fill(0);
	for (let i = 1; i <= s.length; i++) {
		const current = [i];
		for (let j = 1; j <= t.length; j++) {
			current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
		}
		previous = current;
	}
	return Math.min(...previous);
}

/** Whether `text` is close enough to `pattern` to suggest it: at most one edit in three characters of the pattern. */
function isSimilar(pattern: string, text: string): boolean {
	return partialDistance(pattern, text) <= Math.max(1, Math.floor(pattern.length / 3));
}

/**
 * Up to three `<provider>/<id>` refs nearest to the pattern (rule 5), among the similar ones only: a pattern like
 * nothing known suggests nothing rather than arbitrary models.
 */
export function closestModels(pattern: string, models: readonly Model[], count = 3): string[] {
	const compareWithRef = pattern.includes("/");
	return models
		.map((m) => ({ ref: formatModelRef(m), target: compareWithRef ? formatModelRef(m) : m.id }))
		.filter((entry) => isSimilar(pattern, entry.target))
		.map(({ ref, target }) => ({ ref, distance: levenshtein(pattern, target) }))
		.sort((a, b) => a.distance - b.distance || (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0))
		.filter((entry, index, all) => all.findIndex((other) => other.ref === entry.ref) === index)
		.slice(0, count)
		.map((entry) => entry.ref);
}

/** The provider's default model: its listed default, else its first available model by id, else its first by id. */
export function getProviderDefaultModel(provider: string, catalog: ModelCatalog): Model | undefined {
	const own = modelsOf(catalog, provider);
	const listed = DEFAULT_MODEL_PER_PROVIDER[provider];
	const preferred = listed ? own.find((m) => m.id === listed) : undefined;
	if (preferred) return preferred;
	const byId = [...own].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
	return byId.find((m) => catalog.isAvailable(m)) ?? byId[0];
}

/**
 * Resolves a `--model` / `/model` pattern (§10.1), optionally limited to `--provider`. With a provider, an unknown
 * id becomes a custom model copied from the provider's default model (with a warning).
 */
export function resolveModelPattern(pattern: string, catalog: ModelCatalog, provider?: string): ModelResolution {
	let models: readonly Model[] | undefined;
	if (provider !== undefined) {
		models = modelsOfNamed(catalog, provider);
		if (models.length === 0) return { ok: false, error: modelMessages.unknownProvider(provider) };
	}
	const match = matchPattern(pattern, models, catalog);
	if (match) return { ok: true, ...match };
	if (models !== undefined) {
		const template = getProviderDefaultModel(models[0]!.provider, catalog)!;
		return {
			ok: true,
			model: { ...structuredClone(template), id: pattern, name: pattern },
			warning: modelMessages.customModel(pattern, provider!),
		};
	}
	return { ok: false, error: modelMessages.notFound(pattern, closestModels(pattern, catalog.models)) };
}

/** One model of a scope with the thinking level fixed for it (if any). */
export interface ScopedModel {
	model: Model;
	thinkingLevel?: AgentLevel;
}

function isGlob(pattern: string): boolean {
	return /[*?[]/.test(pattern);
}

/**
 * Parses a model scope (§10.3): a comma-separated string or an array of patterns and globs, each optionally ending
 * in `:<level>`. Keeps item order, sorts each glob's matches by `<provider>/<id>`, drops duplicates and models
 * without a key. Items matching nothing available produce a warning.
 */
export function parseModelScope(
	patterns: string | readonly string[],
	catalog: ModelCatalog,
): { scope: ScopedModel[]; warnings: string[] } {
	const items = (typeof patterns === "string" ? patterns.split(",") : [...patterns])
		.map((p) => p.trim())
		.filter(Boolean);
	const scope: ScopedModel[] = [];
	const warnings: string[] = [];
	const seen = new Set<string>();
	const add = (model: Model, thinkingLevel?: AgentLevel): boolean => {
		if (!catalog.isAvailable(model)) return false;
		const ref = formatModelRef(model);
		if (!seen.has(ref)) {
			seen.add(ref);
			scope.push(thinkingLevel ? { model, thinkingLevel } : { model });
		}
		return true;
	};
	for (const item of items) {
		let added = false;
		if (isGlob(item)) {
			const colon = item.lastIndexOf(":");
			const suffix = colon === -1 ? "" : item.slice(colon + 1);
			const level = isThinkingLevel(suffix) ? suffix : undefined;
			const glob = level ? item.slice(0, colon) : item;
			const isMatch = picomatch(glob, { nocase: true, dot: true });
			const matches = catalog.models
				.filter((m) => isMatch(formatModelRef(m)) || isMatch(m.id))
				.sort((a, b) => (formatModelRef(a) < formatModelRef(b) ? -1 : 1));
			for (const model of matches) added = add(model, level) || added;
		} else {
			const resolved = resolveModelPattern(item, catalog);
			if (resolved.ok) added = add(resolved.model, resolved.thinkingLevel);
		}
		if (!added) warnings.push(modelMessages.scopeNoMatch(item));
	}
	return { scope, warnings };
}

/** Inputs of start-up model selection (§10.2). */
export interface StartupModelOptions {
	catalog: ModelCatalog;
	/** `--model` pattern. */
	cliModel?: string;
	/** `--provider`. */
	cliProvider?: string;
	/** `--thinking`. */
	cliThinking?: AgentLevel;
	/** The resumed session's last model and, only when a thinking_level_change is on its path, its level. */
	resumed?: { provider: string; modelId: string; thinkingLevel?: AgentLevel };
	/** The parsed `--models` / `enabledModels` scope; its first model is used for new sessions. */
	scope?: readonly ScopedModel[];
	/** Settings `defaultProvider` / `defaultModel` / `defaultThinkingLevel`. */
	defaultProvider?: string;
	defaultModel?: string;
	defaultThinkingLevel?: AgentLevel;
}

export type StartupModelResult =
	| { ok: true; model?: Model; thinkingLevel: AgentLevel; warnings: string[] }
	| { ok: false; error: string };

/** The first provider with a key in the preferred order, and its default model. */
function firstKeyedProviderDefault(catalog: ModelCatalog): Model | undefined {
	const lookup = catalog.providers;
	const keyed = lookup
		? lookup.names().filter((provider) => lookup.isAvailable(provider))
		: [...new Set(catalog.models.filter((m) => catalog.isAvailable(m)).map((m) => m.provider))];
	for (const provider of [...keyed].sort(compareProviders)) {
		const available = modelsOf(catalog, provider).filter((m) => catalog.isAvailable(m));
		const listed = DEFAULT_MODEL_PER_PROVIDER[provider];
		const preferred = listed ? available.find((m) => m.id === listed) : undefined;
		if (preferred) return preferred;
		const first = [...available].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
		if (first) return first;
	}
	return undefined;
}

/**
 * Chooses the start-up model and thinking level (§10.2). The level is `--thinking`, a `:level` suffix (of `--model`
 * or the scope entry used), the resumed level, `defaultThinkingLevel`, else `medium`, clamped to the model.
 */
export function selectStartupModel(options: StartupModelOptions): StartupModelResult {
	const { catalog } = options;
	const warnings: string[] = [];
	let model: Model | undefined;
	let suffixLevel: AgentLevel | undefined;
	const resumedLevel = options.resumed?.thinkingLevel;

	if (options.cliModel !== undefined) {
		const resolved = resolveModelPattern(options.cliModel, catalog, options.cliProvider);
		if (!resolved.ok) return resolved;
		if (resolved.warning) warnings.push(resolved.warning);
		model = resolved.model;
		suffixLevel = resolved.thinkingLevel;
	} else if (options.cliProvider !== undefined) {
		const own = modelsOfNamed(catalog, options.cliProvider);
		if (own.length === 0) return { ok: false, error: modelMessages.unknownProvider(options.cliProvider) };
		model = getProviderDefaultModel(own[0]!.provider, catalog);
	} else {
		const resumed = options.resumed
			? modelsOf(catalog, options.resumed.provider).find((m) => m.id === options.resumed!.modelId)
			: undefined;
		if (resumed && catalog.isAvailable(resumed)) {
			model = resumed;
		} else if (!options.resumed && options.scope && options.scope.length > 0) {
			model = options.scope[0]!.model;
			suffixLevel = options.scope[0]!.thinkingLevel;
		} else {
			const configured =
				options.defaultProvider && options.defaultModel
					? modelsOf(catalog, options.defaultProvider).find((m) => m.id === options.defaultModel)
					: undefined;
			model = configured && catalog.isAvailable(configured) ? configured : firstKeyedProviderDefault(catalog);
		}
	}
	const level = options.cliThinking ?? suffixLevel ?? resumedLevel ?? options.defaultThinkingLevel ?? "medium";
	return { ok: true, model, thinkingLevel: model ? clampThinkingLevel(model, level) : level, warnings };
}

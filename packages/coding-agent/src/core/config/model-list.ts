/**
 * The model registry's models: the built-in catalogue of @pi/ai with models.json and run-time providers applied
 * (config.md §3), built per provider on demand. Picking the start-up model needs one or two providers of the
 * thousand built-in models, and a run with a custom model none of them, so a built-in provider nobody configured is
 * parsed from the catalogue only when something asks for its models. Providers named in models.json or at run time
 * are built at once: their header values may run `!command`s and become secrets to redact, as before.
 */
import { getModels, getProviders, type Model } from "@pi/ai";
import { type AuthEntry, isOAuthCredential, type OAuthCredential } from "./auth-storage.js";
import type { ModelDefinition, ModelOverride, ModelsJson, ProviderConfig } from "./models-json.js";

/** Defaults for fields a models.json model leaves out. */
export const MODEL_DEFINITION_DEFAULTS = {
	reasoning: false,
	input: ["text"] as ("text" | "image")[],
	contextWindow: 128000,
	maxTokens: 16384,
};

/** A sign-in integration's change to its provider's models for the stored credentials (OAuthProvider.modifyModels). */
export type OAuthModelAdjuster = (models: Model[], credential: OAuthCredential) => Model[];

/** What the list is built from; read again only by a new list. */
export interface ModelListSources {
	/** The loaded models.json (empty when missing or invalid). */
	config: ModelsJson;
	/** Providers added at run time, in registration order. */
	runtime: ReadonlyMap<string, ProviderConfig>;
	/** `modifyModels` of sign-in integrations, applied while their provider has stored OAuth credentials. */
	adjusters: ReadonlyMap<string, OAuthModelAdjuster>;
	/** The stored credentials of a provider. */
	credential(provider: string): AuthEntry | undefined;
	/** Header values resolved like keys (recording them as secrets); undefined when none is left. */
	resolveHeaders(headers: Record<string, string> | undefined): Record<string, string> | undefined;
}

/**
 * One provider's models in list order. The first `builtIn` stand at the provider's place in the catalogue order;
 * the rest (models.json models, or all of a run-time provider's) follow every built-in provider.
 */
interface ProviderModels {
	models: Model[];
	builtIn: number;
}

/** Where a provider's models stand in the whole list: its catalogue models, its added ones, or all of them. */
type Segment = { provider: string; part: "builtIn" | "added" | "all" };

/**
 * The models of the registry. The whole list keeps the order the registry always had: the built-in providers in
 * catalogue order (each with its models.json adjustments and overrides), then models.json models by provider in file
 * order, then run-time providers' models in registration order. Models handed out are the list's own: callers copy.
 */
export class ModelList {
	/** Providers named in models.json or at run time, built in the constructor. */
	private readonly configured = new Map<string, ProviderModels>();
	/** Built-in providers nobody configured, built on first use. */
	private readonly plain = new Map<string, ProviderModels>();
	private all: Model[] | undefined;
	private readonly builtInProviders: readonly string[] = getProviders();
	private readonly isBuiltIn = new Set(this.builtInProviders);

	private readonly sources: ModelListSources;

	constructor(sources: ModelListSources) {
		// Copies: the registry changes its maps and then builds a new list; this one stays as it was built.
		this.sources = { ...sources, runtime: new Map(sources.runtime), adjusters: new Map(sources.adjusters) };
		const named = new Set([...Object.keys(sources.config.providers), ...sources.runtime.keys()]);
		for (const provider of named) this.configured.set(provider, this.build(provider));
	}

	/** Every model, in list order. */
	getAll(): readonly Model[] {
		this.all ??= this.collect(() => true);
		return this.all;
	}

	/** The models of the providers `include` accepts, in list order; other built-in providers are not built. */
	collect(include: (provider: string) => boolean): Model[] {
		const models: Model[] = [];
		for (const { provider, part } of this.segments()) {
			if (!include(provider)) continue;
			const own = this.of(provider);
			if (part === "all") models.push(...own.models);
			else if (part === "builtIn") models.push(...own.models.slice(0, own.builtIn));
			else models.push(...own.models.slice(own.builtIn));
		}
		return models;
	}

	/** A provider's models in list order (none for an unknown provider). */
	getProviderModels(provider: string): readonly Model[] {
		return this.of(provider).models;
	}

	/**
	 * Providers that have models, in the order of their first model in the list. A built-in provider always has
	 * models (the catalogue lists no empty one), so this builds none of them.
	 */
	getProviders(): string[] {
		const providers = new Set<string>();
		for (const { provider, part } of this.segments()) {
			const own = this.configured.get(provider);
			const count = !own
				? 1
				: part === "all"
					? own.models.length
					: part === "builtIn"
						? own.builtIn
						: own.models.length - own.builtIn;
			if (count > 0) providers.add(provider);
		}
		return [...providers];
	}

	/** The parts of the whole list in order (see the class comment). */
	private *segments(): Generator<Segment> {
		const replaced = (provider: string) => this.sources.runtime.get(provider)?.models !== undefined;
		for (const provider of this.builtInProviders) {
			if (!replaced(provider)) yield { provider, part: "builtIn" };
		}
		for (const [provider, config] of Object.entries(this.sources.config.providers)) {
			if (config.models && !replaced(provider)) yield { provider, part: "added" };
		}
		for (const [provider, config] of this.sources.runtime) {
			if (config.models) yield { provider, part: "all" };
		}
	}

	private of(provider: string): ProviderModels {
		const configured = this.configured.get(provider);
		if (configured) return configured;
		let own = this.plain.get(provider);
		if (!own) {
			own = this.build(provider);
			this.plain.set(provider, own);
		}
		return own;
	}

	/** A provider's models: catalogue, then models.json, then the run-time provider, then its sign-in's changes. */
	private build(provider: string): ProviderModels {
		let models = this.isBuiltIn.has(provider) ? getModels(provider) : [];
		let builtIn = models.length;
		const config = Object.hasOwn(this.sources.config.providers, provider)
			? this.sources.config.providers[provider]
			: undefined;
		if (config) {
			if (config.models) {
				const added = config.models.map((definition) => this.defineModel(provider, config, definition));
				const ids = new Set(added.map((model) => model.id));
				models = models.filter((model) => !ids.has(model.id));
				builtIn = models.length;
				models.push(...added);
			} else {
				models = models.map((model) => this.adjustBuiltIn(model, config));
			}
			for (const [id, override] of Object.entries(config.modelOverrides ?? {})) {
				models = models.map((model) => (model.id === id ? this.applyOverride(model, override) : model));
			}
		}
		const runtime = this.sources.runtime.get(provider);
		if (runtime?.models) {
			models = runtime.models.map((definition) => this.defineModel(provider, runtime, definition));
			builtIn = 0;
		} else if (runtime) {
			models = models.map((model) => this.adjustBuiltIn(model, runtime));
		}
		return { models: this.adjustForSignIn(provider, models), builtIn };
	}

	/**
	 * The sign-in integration's `modifyModels`, by id in place, while the provider has stored OAuth credentials. A
	 * model it leaves out is dropped (GitHub Copilot: one the account cannot use).
	 */
	private adjustForSignIn(provider: string, models: Model[]): Model[] {
		const adjust = this.sources.adjusters.get(provider);
		const credential = this.sources.credential(provider);
		if (!adjust || models.length === 0 || !isOAuthCredential(credential)) return models;
		const byId = new Map(adjust(models, credential).map((model) => [model.id, model]));
		return models.flatMap((model) => {
			const adjusted = byId.get(model.id);
			return adjusted ? [adjusted] : [];
		});
	}

	private defineModel(provider: string, config: ProviderConfig, definition: ModelDefinition): Model {
		const model: Model = {
			id: definition.id,
			name: definition.name ?? definition.id,
			api: (definition.api ?? config.api)!,
			provider,
			baseUrl: (definition.baseUrl ?? config.baseUrl)!,
			reasoning: definition.reasoning ?? MODEL_DEFINITION_DEFAULTS.reasoning,
			input: definition.input ?? [...MODEL_DEFINITION_DEFAULTS.input],
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, ...definition.cost },
			contextWindow: definition.contextWindow ?? MODEL_DEFINITION_DEFAULTS.contextWindow,
			maxTokens: definition.maxTokens ?? MODEL_DEFINITION_DEFAULTS.maxTokens,
		};
		const headers = this.sources.resolveHeaders({ ...config.headers, ...definition.headers });
		if (headers) model.headers = headers;
		if (config.compat || definition.compat) model.compat = { ...config.compat, ...definition.compat };
		const levelMap = definition.thinkingLevelMap ?? definition.reasoningEffortMap;
		if (levelMap) model.thinkingLevelMap = { ...levelMap };
		return model;
	}

	private adjustBuiltIn(model: Model, config: ProviderConfig): Model {
		const adjusted: Model = { ...model };
		if (config.baseUrl) adjusted.baseUrl = config.baseUrl;
		const headers = this.sources.resolveHeaders(config.headers);
		if (headers) adjusted.headers = { ...model.headers, ...headers };
		if (config.compat) adjusted.compat = { ...model.compat, ...config.compat };
		return adjusted;
	}

	private applyOverride(model: Model, override: ModelOverride): Model {
		const result: Model = { ...model, cost: { ...model.cost, ...override.cost } };
		if (override.name !== undefined) result.name = override.name;
		if (override.reasoning !== undefined) result.reasoning = override.reasoning;
		if (override.input !== undefined) result.input = [...override.input];
		if (override.contextWindow !== undefined) result.contextWindow = override.contextWindow;
		if (override.maxTokens !== undefined) result.maxTokens = override.maxTokens;
		const headers = this.sources.resolveHeaders(override.headers);
		if (headers) result.headers = { ...model.headers, ...headers };
		if (override.compat) result.compat = { ...model.compat, ...override.compat };
		const levelMap = override.thinkingLevelMap ?? override.reasoningEffortMap;
		if (levelMap) result.thinkingLevelMap = { ...levelMap };
		return result;
	}
}

/**
 * `ModelRegistry`: the built-in catalogue of @pi/ai plus `models.json` (config.md §3), with key resolution
 * (§5) per provider. A broken models.json is reported and ignored as a whole; built-in models keep working.
 */
import { cloneModel, getModels, getProviders, hasAmbientCredentials, type Model } from "@pi/ai";
import { OAuthProviderRegistry } from "../auth/oauth-providers.js";
import { createOAuthSupport, type OAuthSupport } from "../auth/oauth-support.js";
import { ApiKeyResolver, collectCredentialEnvNames } from "./api-keys.js";
import { type AuthStorage, isApiKeyCredential, isOAuthCredential, type OAuthCredential } from "./auth-storage.js";
import {
	loadModelsJson,
	type ModelDefinition,
	type ModelOverride,
	type ModelsJson,
	type ProviderConfig,
} from "./models-json.js";
import { getAgentPaths } from "./paths.js";
import { ValueResolver } from "./value-resolver.js";

/** Defaults for fields a models.json model leaves out. */
export const MODEL_DEFINITION_DEFAULTS = {
	reasoning: false,
	input: ["text"] as ("text" | "image")[],
	contextWindow: 128000,
	maxTokens: 16384,
};

export interface ModelRegistryOptions {
	/** Agent dir holding models.json. */
	agentDir: string;
	auth: AuthStorage;
	/** Environment for key variables and `!command`s. Default: `process.env` (SDK boundary only). */
	env?: NodeJS.ProcessEnv;
	/** models.json location; default `<agentDir>/models.json`. */
	modelsJsonPath?: string;
	/** Receives each models.json error line (the CLI prints them on stderr). */
	onError?: (message: string) => void;
	/** Receives warnings (failing `!command`s). */
	onWarning?: (message: string) => void;
	/**
	 * Sign-in integrations that refresh stored OAuth entries. Default: the built-in subscription providers of
	 * @pi/ai, refreshing under the auth.json lock (core/auth/).
	 */
	oauth?: OAuthSupport;
	/** Clock for OAuth expiry (tests). */
	now?: () => number;
}

/** A sign-in integration's change to its provider's models for the stored credentials (OAuthProvider.modifyModels). */
export type OAuthModelAdjuster = (models: Model[], credential: OAuthCredential) => Model[];

/** What a request to a model needs besides the model: its key and extra headers (`authHeader`). */
export interface RequestAuth {
	apiKey?: string;
	headers?: Record<string, string>;
}

export class ModelRegistry {
	/** Key resolution for every provider; exposed for `--api-key` and redaction. */
	readonly apiKeys: ApiKeyResolver;
	/** The sign-ins pi offers: built-in subscriptions plus those extensions register (`pi.registerProvider` oauth). */
	readonly oauthProviders = new OAuthProviderRegistry();
	private readonly values: ValueResolver;
	private readonly modelsJsonPath: string;
	private config: ModelsJson = { providers: {} };
	private models: Model[] = [];
	private errors: string[] = [];
	/** Providers added at run time (extensions' `pi.registerProvider`); they outlive `refresh()`. */
	private readonly runtimeProviders = new Map<string, ProviderConfig>();
	/** `modifyModels` of sign-in integrations, by provider: applied while the provider has stored OAuth credentials. */
	private readonly oauthAdjusters = new Map<string, OAuthModelAdjuster>();

	constructor(private readonly options: ModelRegistryOptions) {
		this.modelsJsonPath = options.modelsJsonPath ?? getAgentPaths(options.agentDir).models;
		this.values = new ValueResolver({ env: options.env, onWarning: options.onWarning });
		this.apiKeys = new ApiKeyResolver({
			auth: options.auth,
			values: this.values,
			env: options.env,
			getModelsJsonApiKey: (provider) => this.providerConfig(provider)?.apiKey,
			oauth:
				options.oauth ??
				createOAuthSupport({
					auth: options.auth,
					providers: this.oauthProviders,
					now: options.now,
					onRefreshed: () => this.rebuildModels(),
				}),
			now: options.now,
		});
		this.refresh();
	}

	/** The credentials store keys are resolved from. */
	get authStorage(): AuthStorage {
		return this.options.auth;
	}

	/** Re-reads models.json and rebuilds the model list. */
	refresh(): void {
		const loaded = loadModelsJson(this.modelsJsonPath, getProviders());
		this.errors = loaded.status === "invalid" ? loaded.errors : [];
		for (const error of this.errors) this.options.onError?.(error);
		this.config = loaded.status === "ok" ? loaded.config : { providers: {} };
		this.models = this.buildModels();
	}

	/**
	 * Lets a sign-in integration adjust its provider's models (GitHub Copilot: the base URL its token names) while
	 * OAuth credentials of that provider are stored; applied now and after every rebuild (refresh, token refresh).
	 */
	setOAuthModelAdjuster(provider: string, adjust: OAuthModelAdjuster | undefined): void {
		if (adjust) this.oauthAdjusters.set(provider, adjust);
		else this.oauthAdjusters.delete(provider);
		this.rebuildModels();
	}

	/** Rebuilds the model list from what is already loaded (after stored credentials changed). */
	rebuildModels(): void {
		this.models = this.buildModels();
	}

	/** The models.json errors of the last refresh (empty when the file is fine or missing). */
	getErrors(): string[] {
		return [...this.errors];
	}

	/** Every known model: built-in (with overrides) then custom ones. */
	getAll(): Model[] {
		return this.models.map((model) => cloneModel(model));
	}

	/** Models whose provider has credentials (OAuth tokens are not refreshed to answer this). */
	getAvailable(): Model[] {
		return this.models.filter((model) => this.isAvailable(model)).map((model) => cloneModel(model));
	}

	/** Whether a model's provider has a key, or credentials its SDK finds itself (AWS chain, Google ADC). */
	isAvailable(model: Pick<Model, "provider">): boolean {
		return this.apiKeys.hasKey(model.provider) || hasAmbientCredentials(model.provider, { env: this.options.env });
	}

	/** A model by provider and id (exact). */
	find(provider: string, id: string): Model | undefined {
		const model = this.models.find((m) => m.provider === provider && m.id === id);
		return model ? cloneModel(model) : undefined;
	}

	/** Providers that have at least one model. */
	getProviders(): string[] {
		return [...new Set(this.models.map((model) => model.provider))];
	}

	/** The key for a request to `model` (refreshing an expired OAuth entry when possible). */
	getApiKey(model: Pick<Model, "provider">): Promise<string | undefined> {
		return this.apiKeys.getApiKey(model.provider);
	}

	/** Key plus the `Authorization: Bearer` header when the provider sets `authHeader`. */
	async getRequestAuth(model: Pick<Model, "provider">): Promise<RequestAuth> {
		const apiKey = await this.getApiKey(model);
		const wantsHeader = this.providerConfig(model.provider)?.authHeader === true;
		return { apiKey, headers: wantsHeader && apiKey ? { Authorization: `Bearer ${apiKey}` } : undefined };
	}

	/**
	 * Adds or replaces a provider at run time, shaped like a models.json provider: with `models` they replace every
	 * model of the provider; without, `baseUrl`/`headers` adjust its existing models. Kept across `refresh()`.
	 */
	registerProvider(name: string, config: ProviderConfig): void {
		this.runtimeProviders.set(name, config);
		this.models = this.buildModels();
	}

	/** Removes a provider added with {@link registerProvider}; models it replaced come back. */
	unregisterProvider(name: string): void {
		if (this.runtimeProviders.delete(name)) this.models = this.buildModels();
	}

	/** A run-time provider wins over the models.json entry of the same name. */
	private providerConfig(provider: string): ProviderConfig | undefined {
		return this.runtimeProviders.get(provider) ?? this.config.providers[provider];
	}

	// --- the original pi's names, used by extensions through ctx.modelRegistry ---

	/** Whether the model's provider has a key configured (`isAvailable` under the original's name). */
	hasConfiguredAuth(model: Pick<Model, "provider">): boolean {
		return this.isAvailable(model);
	}

	/** The key for a provider (`getApiKey` by provider name). */
	getApiKeyForProvider(provider: string): Promise<string | undefined> {
		return this.apiKeys.getApiKey(provider);
	}

	/** Key and headers for a request to `model`, as `{ok: true, apiKey?, headers?}` or `{ok: false, error}`. */
	async getApiKeyAndHeaders(
		model: Pick<Model, "provider" | "headers">,
	): Promise<{ ok: true; apiKey?: string; headers?: Record<string, string> } | { ok: false; error: string }> {
		try {
			const auth = await this.getRequestAuth(model);
			const headers = model.headers || auth.headers ? { ...model.headers, ...auth.headers } : undefined;
			return { ok: true, ...(auth.apiKey ? { apiKey: auth.apiKey } : {}), ...(headers ? { headers } : {}) };
		} catch (error) {
			return { ok: false, error: error instanceof Error ? error.message : String(error) };
		}
	}

	/** Secret values resolved in this process (keys and configured header values) for redaction. */
	getSecretValues(): string[] {
		return this.apiKeys.getSecretValues();
	}

	/** Credential variable names the bash tool removes from commands' environment (tools.md §3.2). */
	getCredentialEnvNames(): string[] {
		const configured: string[] = [];
		for (const provider of Object.values(this.config.providers)) {
			if (provider.apiKey) configured.push(provider.apiKey);
			configured.push(...Object.values(provider.headers ?? {}));
			for (const model of provider.models ?? []) configured.push(...Object.values(model.headers ?? {}));
		}
		for (const provider of this.options.auth.list()) {
			const entry = this.options.auth.get(provider);
			if (isApiKeyCredential(entry)) configured.push(entry.key);
		}
		return collectCredentialEnvNames(configured, this.values);
	}

	private buildModels(): Model[] {
		let models = getModels();
		for (const [provider, config] of Object.entries(this.config.providers)) {
			if (config.models) {
				const added = config.models.map((definition) => this.defineModel(provider, config, definition));
				const ids = new Set(added.map((model) => model.id));
				models = [...models.filter((m) => !(m.provider === provider && ids.has(m.id))), ...added];
			} else {
				models = models.map((model) => (model.provider === provider ? this.adjustBuiltIn(model, config) : model));
			}
			for (const [id, override] of Object.entries(config.modelOverrides ?? {})) {
				models = models.map((model) =>
					model.provider === provider && model.id === id ? this.applyOverride(model, override) : model,
				);
			}
		}
		for (const [provider, config] of this.runtimeProviders) {
			if (config.models) {
				const added = config.models.map((definition) => this.defineModel(provider, config, definition));
				models = [...models.filter((model) => model.provider !== provider), ...added];
			} else {
				models = models.map((model) => (model.provider === provider ? this.adjustBuiltIn(model, config) : model));
			}
		}
		return this.applyOAuthAdjusters(models);
	}

	/**
	 * Each adjuster sees only its provider's models; their place in the list is kept. A model it leaves out is
	 * dropped (GitHub Copilot: one the account cannot use).
	 */
	private applyOAuthAdjusters(models: Model[]): Model[] {
		for (const [provider, adjust] of this.oauthAdjusters) {
			const credential = this.options.auth.get(provider);
			if (!isOAuthCredential(credential)) continue;
			const own = models.filter((model) => model.provider === provider);
			if (own.length === 0) continue;
			const adjusted = adjust(own, credential);
			const byId = new Map(adjusted.map((model) => [model.id, model]));
			models = models.flatMap((model) => {
				if (model.provider !== provider) return [model];
				const kept = byId.get(model.id);
				return kept ? [kept] : [];
			});
		}
		return models;
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
		const headers = this.resolveHeaders({ ...config.headers, ...definition.headers });
		if (headers) model.headers = headers;
		if (config.compat || definition.compat) model.compat = { ...config.compat, ...definition.compat };
		const levelMap = definition.thinkingLevelMap ?? definition.reasoningEffortMap;
		if (levelMap) model.thinkingLevelMap = { ...levelMap };
		return model;
	}

	private adjustBuiltIn(model: Model, config: ProviderConfig): Model {
		const adjusted: Model = { ...model };
		if (config.baseUrl) adjusted.baseUrl = config.baseUrl;
		const headers = this.resolveHeaders(config.headers);
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
		const headers = this.resolveHeaders(override.headers);
		if (headers) result.headers = { ...model.headers, ...headers };
		if (override.compat) result.compat = { ...model.compat, ...override.compat };
		const levelMap = override.thinkingLevelMap ?? override.reasoningEffortMap;
		if (levelMap) result.thinkingLevelMap = { ...levelMap };
		return result;
	}

	/** Resolves header values like keys (§3.1); headers whose value resolves to nothing are left out. */
	private resolveHeaders(headers: Record<string, string> | undefined): Record<string, string> | undefined {
		if (!headers || Object.keys(headers).length === 0) return undefined;
		const resolved: Record<string, string> = {};
		for (const [name, raw] of Object.entries(headers)) {
			const value = this.values.resolve(raw);
			if (value === undefined) continue;
			resolved[name] = value;
			this.apiKeys.recordSecret(value);
		}
		return resolved;
	}
}

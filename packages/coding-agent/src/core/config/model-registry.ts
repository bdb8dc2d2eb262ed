/**
 * `ModelRegistry`: the built-in catalogue of @pi/ai plus `models.json` (config.md §3), with key resolution
 * (§5) per provider. A broken models.json is reported and ignored as a whole; built-in models keep working.
 */
import { cloneModel, getProviders, hasAmbientCredentials, type Model } from "@pi/ai";
import { OAuthProviderRegistry } from "../auth/oauth-providers.js";
import { createOAuthSupport, type OAuthSupport } from "../auth/oauth-support.js";
import { ApiKeyResolver, collectCredentialEnvNames } from "./api-keys.js";
import { type AuthStorage, isApiKeyCredential } from "./auth-storage.js";
import { ModelList, type OAuthModelAdjuster } from "./model-list.js";
import type { ModelCatalog } from "./model-resolver.js";
import { loadModelsJson, type ModelsJson, type ProviderConfig } from "./models-json.js";
import { getAgentPaths } from "./paths.js";
import { ValueResolver } from "./value-resolver.js";

export { MODEL_DEFINITION_DEFAULTS, type OAuthModelAdjuster } from "./model-list.js";

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
	/** Built per provider on demand (model-list.ts); replaced whenever what it is built from changes. */
	private models!: ModelList;
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
		return this.models.getAll().map((model) => cloneModel(model));
	}

	/** Models whose provider has credentials (OAuth tokens are not refreshed to answer this). */
	getAvailable(): Model[] {
		return this.models.collect((provider) => this.isAvailable({ provider })).map((model) => cloneModel(model));
	}

	/** A provider's models, in the order of {@link getAll} (none for an unknown provider). */
	getProviderModels(provider: string): Model[] {
		return this.models.getProviderModels(provider).map((model) => cloneModel(model));
	}

	/**
	 * The registry as a {@link ModelCatalog} for model selection: its lookups by provider build only the providers
	 * they name, and the whole list is copied only when a lookup needs every model (a partial pattern, a glob).
	 */
	getCatalog(): ModelCatalog {
		let all: Model[] | undefined;
		const registry = this;
		return {
			get models() {
				all ??= registry.getAll();
				return all;
			},
			isAvailable: (model) => this.isAvailable(model),
			providers: {
				names: () => this.getProviders(),
				models: (provider) => this.getProviderModels(provider),
				isAvailable: (provider) => this.isAvailable({ provider }),
			},
		};
	}

	/** Whether a model's provider has a key, or credentials its SDK finds itself (AWS chain, Google ADC). */
	isAvailable(model: Pick<Model, "provider">): boolean {
		return this.apiKeys.hasKey(model.provider) || hasAmbientCredentials(model.provider, { env: this.options.env });
	}

	/** A model by provider and id (exact). */
	find(provider: string, id: string): Model | undefined {
		const model = this.models.getProviderModels(provider).find((m) => m.id === id);
		return model ? cloneModel(model) : undefined;
	}

	/** Providers that have at least one model. */
	getProviders(): string[] {
		return this.models.getProviders();
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

	private buildModels(): ModelList {
		return new ModelList({
			config: this.config,
			runtime: this.runtimeProviders,
			adjusters: this.oauthAdjusters,
			credential: (provider) => this.options.auth.get(provider),
			resolveHeaders: (headers) => this.resolveHeaders(headers),
		});
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

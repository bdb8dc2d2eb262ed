/**
 * API key resolution (config.md §5): `--api-key` (start-up provider only) → auth.json → environment variables →
 * models.json `apiKey`. Also tracks every secret value resolved in this process, for session redaction, and the
 * credential variable names the bash tool strips from commands' environment.
 */
import { getAllEnvKeyNames, getEnvKeyNames } from "@pi/ai";
import { type AuthStorage, isApiKeyCredential, isOAuthCredential, type OAuthCredential } from "./auth-storage.js";
import type { ValueResolver } from "./value-resolver.js";

/** Values shorter than this are not treated as secrets for redaction (session-format.md R6). */
export const MIN_SECRET_LENGTH = 8;

/** Where a key came from. */
export type ApiKeySource = "cli" | "auth" | "env" | "models.json";

export interface ResolvedApiKey {
	key: string;
	source: ApiKeySource;
}

/** Refreshes an expired OAuth entry; returns the new entry (it is saved to auth.json) or undefined. */
export type OAuthRefresher = (provider: string, entry: OAuthCredential) => Promise<OAuthCredential | undefined>;

/** The error shown when a prompt needs a key and none resolves (config.md §5.3). */
export function missingApiKeyMessage(provider: string): string {
	const variables = getEnvKeyNames(provider);
	if (variables.length > 0) {
		return `No API key found for provider "${provider}". Set ${variables.join(" or ")}, or add a key to auth.json.`;
	}
	return `No API key found for provider "${provider}". Set its apiKey in models.json, or add a key to auth.json.`;
}

export interface ApiKeyResolverOptions {
	auth: AuthStorage;
	values: ValueResolver;
	/** Environment for §5.2 variables. Default: `process.env` (SDK boundary only). */
	env?: NodeJS.ProcessEnv;
	/** The provider's raw models.json `apiKey`, if any. */
	getModelsJsonApiKey: (provider: string) => string | undefined;
	/** Login integrations that can refresh expired OAuth entries, by provider. */
	oauthRefreshers?: Record<string, OAuthRefresher>;
	/** Clock for OAuth expiry (tests). */
	now?: () => number;
}

export class ApiKeyResolver {
	private cliKey: { provider: string; key: string } | undefined;
	private readonly secrets = new Set<string>();
	private readonly env: NodeJS.ProcessEnv;
	private readonly now: () => number;

	constructor(private readonly options: ApiKeyResolverOptions) {
		this.env = options.env ?? process.env;
		this.now = options.now ?? Date.now;
	}

	/** `--api-key`: used for `provider` only (the start-up model's), never saved. */
	setCliApiKey(provider: string, key: string): void {
		this.cliKey = { provider, key };
		this.recordSecret(key);
	}

	/** The first source that yields a non-empty key, without refreshing OAuth tokens. */
	resolve(provider: string): ResolvedApiKey | undefined {
		if (this.cliKey?.provider === provider && this.cliKey.key) return this.found(this.cliKey.key, "cli");
		const stored = this.resolveStored(provider);
		if (stored) return this.found(stored, "auth");
		for (const name of getEnvKeyNames(provider)) {
			const value = this.env[name];
			if (value) return this.found(value, "env");
		}
		const configured = this.options.getModelsJsonApiKey(provider);
		const value = configured === undefined ? undefined : this.options.values.resolve(configured);
		return value ? this.found(value, "models.json") : undefined;
	}

	/** Whether the provider has a key; an expired OAuth entry counts when a refresher exists for it. */
	hasKey(provider: string): boolean {
		if (this.resolve(provider)) return true;
		return isOAuthCredential(this.options.auth.get(provider)) && this.options.oauthRefreshers?.[provider] !== undefined;
	}

	/** The key for a request: like `resolve`, but an expired OAuth entry is refreshed first when possible. */
	async getApiKey(provider: string): Promise<string | undefined> {
		const entry = this.options.auth.get(provider);
		const refresher = this.options.oauthRefreshers?.[provider];
		const cliApplies = this.cliKey?.provider === provider && this.cliKey.key;
		if (!cliApplies && refresher && isOAuthCredential(entry) && this.now() >= entry.expires) {
			const refreshed = await refresher(provider, entry);
			if (refreshed) this.options.auth.set(provider, refreshed);
		}
		return this.resolve(provider)?.key;
	}

	/** Marks a value as a secret to redact (header values, keys resolved elsewhere). */
	recordSecret(value: string | undefined): void {
		if (value && value.length >= MIN_SECRET_LENGTH) this.secrets.add(value);
	}

	/** Every secret value resolved in this process that is long enough to redact. */
	getSecretValues(): string[] {
		return [...this.secrets];
	}

	private resolveStored(provider: string): string | undefined {
		const entry = this.options.auth.get(provider);
		if (isApiKeyCredential(entry)) return this.options.values.resolve(entry.key);
		if (isOAuthCredential(entry) && this.now() < entry.expires && entry.access) return entry.access;
		return undefined;
	}

	private found(key: string, source: ApiKeySource): ResolvedApiKey {
		this.recordSecret(key);
		return { key, source };
	}
}

/**
 * Credential variable names for the bash tool to strip: every §5.2 variable plus any set variable named by a
 * configured value (models.json `apiKey` and header values, auth.json `key`s).
 */
export function collectCredentialEnvNames(configuredValues: Iterable<string>, values: ValueResolver): string[] {
	const names = new Set(getAllEnvKeyNames());
	for (const value of configuredValues) {
		const name = values.referencedEnvName(value);
		if (name) names.add(name);
	}
	return [...names];
}

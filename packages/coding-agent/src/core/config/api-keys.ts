/**
 * API key resolution (config.md §5): `--api-key` (start-up provider only) → auth.json → environment variables →
 * models.json `apiKey`. Also tracks every secret value resolved in this process, for session redaction, and the
 * credential variable names the bash tool strips from commands' environment.
 */
import { getAllEnvKeyNames, getEnvKeyNames } from "@pi/ai";
import type { OAuthSupport } from "../auth/oauth-support.js";
import { refreshTexts } from "../auth/texts.js";
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

/**
 * Less than this left before an OAuth token's `expires` and a request refreshes it first (a request started now
 * must not outlive its token). Same value as `OAUTH_EXPIRY_MARGIN_MS` of core/auth/token-refresh.ts, which is
 * imported only when a refresh runs.
 */
export const OAUTH_REFRESH_MARGIN_MS = 60_000;

/** Options of {@link ApiKeyResolver.getApiKey}. */
export interface GetApiKeyOptions {
	/** An OAuth token with less validity left than this is refreshed first (default {@link OAUTH_REFRESH_MARGIN_MS}). */
	minValidityMs?: number;
	/** Stops waiting for a refresh (another process's lock); the refresh request itself is cancelled too. */
	signal?: AbortSignal;
}

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
	/** Sign-in integrations that refresh stored OAuth entries (core/auth/oauth-support.ts). */
	oauth?: OAuthSupport;
	/** Clock for OAuth expiry (tests). */
	now?: () => number;
}

export class ApiKeyResolver {
	private cliKey: { provider: string; key: string } | undefined;
	private readonly secrets = new Set<string>();
	/** OAuth access tokens handed out, by provider: a 401 to one of them is worth one refresh. */
	private readonly oauthKeys = new Map<string, Set<string>>();
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

	/** Whether the provider has a key; an expired OAuth entry counts when pi can refresh it. */
	hasKey(provider: string): boolean {
		if (this.resolve(provider)) return true;
		return isOAuthCredential(this.options.auth.get(provider)) && this.options.oauth?.supports(provider) === true;
	}

	/**
	 * The key for a request: like `resolve`, but a stored OAuth token of a provider pi can sign in to is refreshed
	 * first when it has less than `minValidityMs` left (then the OAuth entry is the answer, never a fallback). Throws
	 * an Error written for the user when that refresh fails ("sign in again" for a revoked sign-in).
	 */
	async getApiKey(provider: string, options: GetApiKeyOptions = {}): Promise<string | undefined> {
		const cliApplies = this.cliKey?.provider === provider && this.cliKey.key;
		const entry = this.options.auth.get(provider);
		const oauth = this.options.oauth;
		if (!cliApplies && isOAuthCredential(entry) && oauth?.supports(provider)) {
			const minValidityMs = options.minValidityMs ?? OAUTH_REFRESH_MARGIN_MS;
			if (entry.expires - this.now() > minValidityMs) return this.foundOAuth(provider, entry).key;
			try {
				const next = await oauth.refresh(provider, { reason: "expired", minValidityMs, signal: options.signal });
				return this.foundOAuth(provider, next).key;
			} catch (error) {
				// Refreshed early (inside the margin) and the refresh failed: the old token still works for now.
				if (entry.expires > this.now()) return this.foundOAuth(provider, entry).key;
				throw error;
			}
		}
		return this.resolve(provider)?.key;
	}

	/** Whether pi can refresh (and sign in to) the provider's OAuth entries. */
	canRefresh(provider: string): boolean {
		return this.options.oauth?.supports(provider) === true;
	}

	/** Whether `key` is an OAuth access token this resolver handed out for `provider`. */
	isOAuthKey(provider: string, key: string): boolean {
		return this.oauthKeys.get(provider)?.has(key) === true;
	}

	/**
	 * After the provider answered 401 to the OAuth token `rejectedKey`: refreshes once (unless another refresh
	 * already replaced it) and returns the new token. Throws an Error written for the user when the refresh fails.
	 */
	async refreshRejectedKey(provider: string, rejectedKey: string, signal?: AbortSignal): Promise<string> {
		const oauth = this.options.oauth;
		if (!oauth?.supports(provider))
			throw new Error(refreshTexts.failed(provider, refreshTexts.unknownProvider(provider)));
		const next = await oauth.refresh(provider, { reason: "unauthorized", rejectedAccess: rejectedKey, signal });
		return this.foundOAuth(provider, next).key;
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
		if (isOAuthCredential(entry) && this.now() < entry.expires && entry.access) {
			return this.options.oauth?.apiKeyOf?.(provider, entry) ?? entry.access;
		}
		return undefined;
	}

	/** The key of OAuth credentials: the integration's `getApiKey` when it is in memory (extensions), else `access`. */
	private foundOAuth(provider: string, credential: OAuthCredential): ResolvedApiKey {
		const key = this.options.oauth?.apiKeyOf?.(provider, credential) ?? credential.access;
		const keys = this.oauthKeys.get(provider) ?? new Set<string>();
		this.oauthKeys.set(provider, keys);
		keys.add(key);
		return this.found(key, "auth");
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

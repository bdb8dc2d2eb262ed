/**
 * The seam between key resolution and subscription sign-in: which providers pi can sign in to (a static table in
 * @pi/ai, no flow code) and refreshing their stored credentials. The refresher and the provider's flow module are
 * imported on the first refresh, so a run whose tokens are fresh loads neither.
 */
import { getOAuthProvider, isOAuthProviderId, type Model, type OAuthCredentials } from "@pi/ai";
import { type AuthStorage, isOAuthCredential, type OAuthCredential } from "../config/auth-storage.js";
import type { OAuthProviderRegistry } from "./oauth-providers.js";
import type { OAuthProviderLoader, OAuthRefreshRequest, OAuthTokenRefresher } from "./token-refresh.js";

/** What key resolution needs from sign-in integrations. */
export interface OAuthSupport {
	/** Whether pi can refresh this provider's OAuth entries. */
	supports(provider: string): boolean;
	/** Fresh credentials (see `OAuthTokenRefresher.refresh`); throws an Error written for the user. */
	refresh(provider: string, request: OAuthRefreshRequest): Promise<OAuthCredential>;
	/**
	 * The key a request carries for these credentials, when an integration in memory says otherwise than
	 * `credential.access` (an extension's `getApiKey`); undefined means use `access`.
	 */
	apiKeyOf?(provider: string, credential: OAuthCredential): string | undefined;
}

export interface OAuthSupportOptions {
	auth: AuthStorage;
	/** Called after a refresh stored new credentials. */
	onRefreshed?: (provider: string, credential: OAuthCredential) => void;
	/**
	 * Built-in and extension sign-ins (core/auth/oauth-providers.ts); the default for `supports` and `loadProvider`.
	 * Without it: the built-in subscription providers of @pi/ai.
	 */
	providers?: OAuthProviderRegistry;
	/** Which providers have an integration (default: `providers.has`). */
	supports?: (provider: string) => boolean;
	/** Loads an integration (default: `providers.load`). */
	loadProvider?: OAuthProviderLoader;
	now?: () => number;
	lockTimeoutMs?: number;
}

/** The sign-in integrations, refreshing through `auth` (its file lock included). */
export function createOAuthSupport(options: OAuthSupportOptions): OAuthSupport {
	const { providers } = options;
	let refresher: Promise<OAuthTokenRefresher> | undefined;
	const load = async () => {
		const { OAuthTokenRefresher } = await import("./token-refresh.js");
		return new OAuthTokenRefresher({
			auth: options.auth,
			loadProvider: options.loadProvider ?? (providers ? (id) => providers.load(id) : getOAuthProvider),
			onRefreshed: options.onRefreshed,
			now: options.now,
			lockTimeoutMs: options.lockTimeoutMs,
		});
	};
	return {
		supports: options.supports ?? (providers ? (id) => providers.has(id) : isOAuthProviderId),
		async refresh(provider, request) {
			refresher ??= load();
			return (await refresher).refresh(provider, request);
		},
		apiKeyOf(provider, credential) {
			const integration = providers?.loaded(provider);
			try {
				return integration?.getApiKey(credential as OAuthCredentials);
			} catch {
				// An extension's getApiKey that throws must not break listing models; `access` is the usual key.
				return undefined;
			}
		},
	};
}

/** Where {@link loadOAuthModelAdjusters} installs `modifyModels` (the model registry). */
export interface OAuthModelTarget {
	/** Sign-ins registered by extensions; a built-in adjuster never replaces an extension's. */
	readonly oauthProviders?: Pick<OAuthProviderRegistry, "isFromExtension">;
	setOAuthModelAdjuster(
		provider: string,
		adjust: ((models: Model[], credential: OAuthCredential) => Model[]) | undefined,
	): void;
}

/**
 * The sign-in integrations whose `modifyModels` changes their models (Copilot: the API host its token names). Start-up
 * loads only these, and only when signed in; the others' flow code waits for a refresh or a login. A test checks this
 * list against @pi/ai's integrations.
 */
export const OAUTH_PROVIDERS_WITH_MODEL_CHANGES: ReadonlySet<string> = new Set(["github-copilot"]);

/**
 * Installs the `modifyModels` of every sign-in integration that has stored OAuth credentials (GitHub Copilot's
 * base URL comes from its token). Loads only the integrations of providers signed in with OAuth that change their
 * models. Never throws: an integration that fails to load is reported through `onWarning` and its models stay as
 * they are.
 */
export async function loadOAuthModelAdjusters(
	auth: AuthStorage,
	target: OAuthModelTarget,
	options: {
		supports?: (provider: string) => boolean;
		loadProvider?: OAuthProviderLoader;
		onWarning?: (message: string) => void;
	} = {},
): Promise<void> {
	const supports =
		options.supports ??
		((provider: string) =>
			OAUTH_PROVIDERS_WITH_MODEL_CHANGES.has(provider) &&
			isOAuthProviderId(provider) &&
			target.oauthProviders?.isFromExtension(provider) !== true);
	const loadProvider = options.loadProvider ?? getOAuthProvider;
	for (const provider of auth.list()) {
		if (!isOAuthCredential(auth.get(provider)) || !supports(provider)) continue;
		try {
			const integration = await loadProvider(provider);
			const modify = integration?.modifyModels?.bind(integration);
			if (modify) target.setOAuthModelAdjuster(provider, (models, credential) => modify(models, credential));
		} catch (error) {
			options.onWarning?.(error instanceof Error ? error.message : String(error));
		}
	}
}

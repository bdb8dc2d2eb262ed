/**
 * Every sign-in integration pi knows in this process: the built-in subscription providers of @pi/ai (listed from a
 * static table, their flow code imported on first use) and the ones extensions register with
 * `pi.registerProvider(name, { oauth })`. An extension's integration is keyed by its provider name; naming a
 * built-in provider replaces the built-in sign-in (as in the original pi) until the extension unregisters it, and
 * then the built-in one is back. Everything that lists, looks up or refreshes sign-ins goes through here.
 */
import { getOAuthProvider, getOAuthProviderInfos, isOAuthProviderId, type OAuthProvider } from "@pi/ai";

/** What a sign-in menu shows. */
export interface SignInInfo {
	/** The provider id (auth.json key). */
	id: string;
	/** The name the user knows ("Claude Pro/Max", an extension's `oauth.name`). */
	name: string;
	usesCallbackServer: boolean;
	/** Registered by an extension (possibly replacing a built-in sign-in of the same id). */
	fromExtension: boolean;
}

/** The merged registry of built-in and extension-registered sign-ins. */
export class OAuthProviderRegistry {
	/** Extension integrations, in registration order. */
	private readonly added = new Map<string, OAuthProvider>();
	/** Extension integrations whose provider also takes an API key (`registerProvider(name, { apiKey, oauth })`). */
	private readonly withApiKey = new Set<string>();

	/**
	 * Adds (or replaces) an extension's integration under `provider.id`; `apiKey`: the provider also takes an API key,
	 * so the login menus offer both.
	 */
	register(provider: OAuthProvider, options: { apiKey?: boolean } = {}): void {
		this.added.delete(provider.id);
		this.added.set(provider.id, provider);
		if (options.apiKey) this.withApiKey.add(provider.id);
		else this.withApiKey.delete(provider.id);
	}

	/** Removes an extension's integration; a built-in one of the same id is back. */
	unregister(id: string): void {
		this.added.delete(id);
		this.withApiKey.delete(id);
	}

	/** Whether pi can sign in to (and refresh) `id`. */
	has(id: string): boolean {
		return this.added.has(id) || isOAuthProviderId(id);
	}

	/** Whether an extension's integration serves `id`. */
	isFromExtension(id: string): boolean {
		return this.added.has(id);
	}

	/** Whether an extension's provider with a sign-in takes an API key as well. */
	extensionTakesApiKey(id: string): boolean {
		return this.withApiKey.has(id);
	}

	/** Menu order: the built-in subscriptions (an overridden one in its place), then extension ones. */
	infos(): SignInInfo[] {
		const builtIn = getOAuthProviderInfos().map((info) => {
			const override = this.added.get(info.id);
			return override ? describe(override) : { ...info, fromExtension: false };
		});
		const extra = [...this.added.values()].filter((provider) => !isOAuthProviderId(provider.id)).map(describe);
		return [...builtIn, ...extra];
	}

	/** The sign-in's display name, without loading flow code. */
	name(id: string): string | undefined {
		return this.added.get(id)?.name ?? getOAuthProviderInfos().find((info) => info.id === id)?.name;
	}

	/** The integration, importing a built-in flow module on first use; undefined for an unknown id. */
	async load(id: string): Promise<OAuthProvider | undefined> {
		return this.added.get(id) ?? getOAuthProvider(id);
	}

	/** An extension's integration (always in memory); built-in ones need {@link load}. */
	loaded(id: string): OAuthProvider | undefined {
		return this.added.get(id);
	}
}

function describe(provider: OAuthProvider): SignInInfo {
	return {
		id: provider.id,
		name: provider.name,
		usesCallbackServer: provider.usesCallbackServer,
		fromExtension: true,
	};
}

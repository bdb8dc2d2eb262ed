/**
 * What `pi auth login` and /login offer: the subscriptions first (OAuth sign-in: the built-in ones, then those
 * extensions register), then every provider that takes an API key. Anthropic is in both lists; the
 * subscription-only providers (Codex, Copilot, an extension's sign-in) are not offered a key. Providers with an
 * ambient chain stay on the key list: Amazon Bedrock takes a Bedrock API key, Vertex an express key.
 */
import { getProviderInfo, isOAuthProviderId } from "@pi/ai";
import type { OAuthProviderRegistry } from "./oauth-providers.js";

/** One entry of the login menu. */
export interface LoginChoice {
	/** The provider id (auth.json key). */
	provider: string;
	/** `oauth`: the subscription sign-in; `api_key`: store a key. */
	kind: "oauth" | "api_key";
	/** The subscription's name, or the provider's display name. */
	label: string;
}

/** Whether storing an API key for `provider` makes sense. */
export function takesApiKey(provider: string, signIns?: Pick<OAuthProviderRegistry, "isFromExtension">): boolean {
	// An extension's provider with a sign-in authenticates through it (unless it is a built-in's name).
	if (signIns?.isFromExtension(provider) && !isOAuthProviderId(provider)) return false;
	if (!isOAuthProviderId(provider)) return true;
	return getProviderInfo(provider).envKeys.some((name) => name.endsWith("_API_KEY"));
}

/** The menu for the providers the model registry knows (`providers`), subscriptions first. */
export function loginChoices(
	providers: readonly string[],
	signIns: Pick<OAuthProviderRegistry, "infos" | "isFromExtension">,
): LoginChoice[] {
	const subscriptions = signIns
		.infos()
		.map((info): LoginChoice => ({ provider: info.id, kind: "oauth", label: info.name }));
	const keys = providers
		.filter((provider) => takesApiKey(provider, signIns))
		.map((provider): LoginChoice => ({ provider, kind: "api_key", label: getProviderInfo(provider).name }));
	return [...subscriptions, ...keys];
}

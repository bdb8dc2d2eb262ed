/**
 * What `pi auth login` and /login offer: the subscriptions first (OAuth sign-in: the built-in ones, then those
 * extensions register), then every provider that takes an API key. Anthropic is in both lists, and so is an
 * extension's provider registered with both `apiKey` and `oauth`; the subscription-only providers (Codex, Copilot,
 * an extension's sign-in without `apiKey`) are not offered a key. Providers with an
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
export function takesApiKey(
	provider: string,
	signIns?: Pick<OAuthProviderRegistry, "isFromExtension" | "extensionTakesApiKey">,
): boolean {
	// An extension's provider with a sign-in authenticates through it, and with a key only when it declared `apiKey`
	// (a built-in's name keeps the built-in's answer).
	if (signIns?.isFromExtension(provider) && !isOAuthProviderId(provider)) return signIns.extensionTakesApiKey(provider);
	if (!isOAuthProviderId(provider)) return true;
	return getProviderInfo(provider).envKeys.some((name) => name.endsWith("_API_KEY"));
}

/** The menu for the providers the model registry knows (`providers`), subscriptions first. */
export function loginChoices(
	providers: readonly string[],
	signIns: Pick<OAuthProviderRegistry, "infos" | "isFromExtension" | "extensionTakesApiKey">,
): LoginChoice[] {
	const subscriptions = signIns
		.infos()
		.map((info): LoginChoice => ({ provider: info.id, kind: "oauth", label: info.name }));
	const keys = providers
		.filter((provider) => takesApiKey(provider, signIns))
		.map((provider): LoginChoice => ({ provider, kind: "api_key", label: getProviderInfo(provider).name }));
	return [...subscriptions, ...keys];
}

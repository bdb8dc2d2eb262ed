/**
 * The subscription sign-in providers, listed without loading them: importing @pi/ai reads this table only, and a
 * provider's flow module (with node:http and node:crypto) is imported when `getOAuthProvider` asks for it.
 */
import type { OAuthProvider } from "./types.js";

/** What a sign-in menu shows before any flow code is loaded. */
export interface OAuthProviderInfo {
	/** The provider id (`anthropic`, `openai-codex`, `github-copilot`). */
	id: string;
	/** The subscription's name as the user knows it. */
	name: string;
	/** Whether login listens on a loopback callback server (and so accepts a pasted code instead). */
	usesCallbackServer: boolean;
}

const PROVIDERS = [
	{
		info: { id: "anthropic", name: "Claude Pro/Max", usesCallbackServer: true },
		load: async () => (await import("./anthropic.js")).anthropicOAuth,
	},
	{
		info: { id: "openai-codex", name: "ChatGPT Plus/Pro (Codex)", usesCallbackServer: true },
		load: async () => (await import("./openai-codex.js")).openaiCodexOAuth,
	},
	{
		info: { id: "github-copilot", name: "GitHub Copilot", usesCallbackServer: false },
		load: async () => (await import("./github-copilot.js")).githubCopilotOAuth,
	},
] as const satisfies readonly { info: OAuthProviderInfo; load: () => Promise<OAuthProvider> }[];

/** The id of a built-in subscription provider. */
export type OAuthProviderId = (typeof PROVIDERS)[number]["info"]["id"];

/** Every subscription provider, in menu order. Static data: loads no flow code. */
export function getOAuthProviderInfos(): OAuthProviderInfo[] {
	return PROVIDERS.map((provider) => ({ ...provider.info }));
}

/** Whether `id` names a built-in subscription provider. */
export function isOAuthProviderId(id: string): id is OAuthProviderId {
	return PROVIDERS.some((provider) => provider.info.id === id);
}

/** The provider's sign-in, importing its module on first use; undefined for an unknown id. */
export async function getOAuthProvider(id: string): Promise<OAuthProvider | undefined> {
	return PROVIDERS.find((provider) => provider.info.id === id)?.load();
}

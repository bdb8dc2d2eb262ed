/**
 * Where each provider's endpoints live. The default provider instances read these environment variables when a
 * flow runs (not at import), so a test or a CLI run can point a provider at a loopback server. A factory called
 * with explicit overrides ignores the environment.
 */
import { OAUTH_TEXTS } from "./texts.js";
import type { OAuthEndpointOverrides } from "./types.js";

/** The environment variables the default provider instances read. */
export const OAUTH_ENV = {
	baseUrl: {
		anthropic: "PI_OAUTH_ANTHROPIC_BASE_URL",
		"openai-codex": "PI_OAUTH_OPENAI_CODEX_BASE_URL",
		"github-copilot": "PI_OAUTH_GITHUB_COPILOT_BASE_URL",
	},
	callbackHost: "PI_OAUTH_CALLBACK_HOST",
	callbackPort: "PI_OAUTH_CALLBACK_PORT",
} as const;

export type BuiltInOAuthProviderId = keyof typeof OAUTH_ENV.baseUrl;

/** The overrides the environment asks for, for one provider. Throws on a malformed value rather than guessing. */
export function overridesFromEnv(id: BuiltInOAuthProviderId, env = process.env): OAuthEndpointOverrides {
	const overrides: OAuthEndpointOverrides = {};
	const baseName = OAUTH_ENV.baseUrl[id];
	const baseUrl = env[baseName]?.trim();
	if (baseUrl) overrides.baseUrl = checkBaseUrl(baseName, baseUrl);
	const host = env[OAUTH_ENV.callbackHost]?.trim();
	if (host) overrides.callbackHost = host;
	const port = env[OAUTH_ENV.callbackPort]?.trim();
	if (port) overrides.callbackPort = parsePort(port);
	return overrides;
}

function checkBaseUrl(name: string, value: string): string {
	try {
		const url = new URL(value);
		if (url.protocol === "http:" || url.protocol === "https:") return value;
	} catch {}
	throw new Error(OAUTH_TEXTS.invalidBaseUrl(name, value));
}

function parsePort(value: string): number {
	const port = Number(value);
	if (!/^\d+$/.test(value) || port > 65535) throw new Error(OAUTH_TEXTS.invalidPort(value));
	return port;
}

/**
 * `url` with its origin replaced by `baseUrl` (a path in `baseUrl` becomes a prefix); the path and query of `url`
 * are kept. Without a base URL, `url` is returned as is.
 */
export function rebase(url: string, baseUrl: string | undefined): string {
	if (!baseUrl) return url;
	const original = new URL(url);
	const base = new URL(baseUrl);
	const prefix = base.pathname.replace(/\/+$/, "");
	return `${base.origin}${prefix}${original.pathname}${original.search}`;
}

/** Default interface of the loopback callback server: loopback only, never the network. */
export const DEFAULT_CALLBACK_HOST = "127.0.0.1";

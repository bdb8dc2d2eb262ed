/**
 * Whether a provider has a usable credential, and where it comes from (`pi auth check`): auth.json (an OAuth
 * sign-in or an API key), an environment variable, models.json, or an ambient chain (AWS, Google ADC). By default
 * an OAuth token with less than a minute left is refreshed, as a request would.
 */
import { getEnvKeyNames, hasAmbientCredentials } from "@pi/ai";
import { isApiKeyCredential, isOAuthCredential } from "../config/auth-storage.js";
import type { ModelRegistry } from "../config/model-registry.js";

/** The three answers of `pi auth check` (exit codes 0, 1, 2). */
export type CredentialState = "ready" | "not_ready" | "invalid";

/** What `pi auth check` reports (its JSON output). `status`, `provider`, `authType`, `reason` as the original pi. */
export interface CredentialStatus {
	status: CredentialState;
	provider: string;
	/** Kind of credential: a subscription sign-in, an API key, or the SDK's own credential chain. */
	authType?: "oauth" | "api_key" | "ambient";
	/** Where it comes from. */
	source?: "auth.json" | "env" | "models.json" | "cli" | "ambient";
	/** The environment variable, for `source: "env"`. */
	envVar?: string;
	/** OAuth: when the access token expires (epoch ms). */
	expires?: number;
	/** OAuth: whether this check refreshed the token. */
	refreshed?: boolean;
	/** Why it is not ready or invalid. */
	reason?: "provider_not_found" | "credentials_not_configured" | "token_expired" | "refresh_failed";
	/** Details for the user (a failed refresh's message). */
	message?: string;
}

export interface CredentialCheckOptions {
	registry: ModelRegistry;
	env: NodeJS.ProcessEnv;
	/** Refresh an OAuth token that is (nearly) expired, as a request would. */
	refresh: boolean;
	now?: () => number;
}

/** Checks one provider's credentials. Never throws: a failed refresh is `invalid` with its message. */
export async function checkCredentials(provider: string, options: CredentialCheckOptions): Promise<CredentialStatus> {
	const { registry, env } = options;
	const now = options.now ?? Date.now;
	const auth = registry.authStorage;
	const entry = auth.get(provider);
	if (isOAuthCredential(entry) && registry.apiKeys.canRefresh(provider)) {
		const base = { provider, authType: "oauth", source: "auth.json" } as const;
		if (!options.refresh) {
			if (entry.expires > now()) return { status: "ready", ...base, expires: entry.expires };
			return { status: "not_ready", ...base, expires: entry.expires, reason: "token_expired" };
		}
		try {
			await registry.apiKeys.getApiKey(provider);
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error);
			return { status: "invalid", ...base, expires: entry.expires, reason: "refresh_failed", message };
		}
		const current = auth.get(provider);
		const expires = isOAuthCredential(current) ? current.expires : entry.expires;
		return { status: "ready", ...base, expires, refreshed: expires !== entry.expires };
	}
	const resolved = registry.apiKeys.resolve(provider);
	if (resolved) {
		switch (resolved.source) {
			case "auth":
				if (isApiKeyCredential(entry)) return { status: "ready", provider, authType: "api_key", source: "auth.json" };
				return {
					status: "ready",
					provider,
					authType: "oauth",
					source: "auth.json",
					...(isOAuthCredential(entry) ? { expires: entry.expires } : {}),
				};
			case "env": {
				const envVar = getEnvKeyNames(provider).find((name) => env[name]);
				return { status: "ready", provider, authType: "api_key", source: "env", ...(envVar ? { envVar } : {}) };
			}
			default:
				return { status: "ready", provider, authType: "api_key", source: resolved.source };
		}
	}
	if (hasAmbientCredentials(provider, { env }))
		return { status: "ready", provider, authType: "ambient", source: "ambient" };
	if (!registry.getProviders().includes(provider) && entry === undefined) {
		return { status: "not_ready", provider, reason: "provider_not_found" };
	}
	return { status: "not_ready", provider, reason: "credentials_not_configured" };
}

/** One line for people: `ready  anthropic  auth.json (oauth), expires 2026-11-26 01:10 UTC (in 59 min)`. */
export function formatCredentialStatus(status: CredentialStatus, now: number = Date.now()): string {
	const parts: string[] = [status.status, status.provider];
	if (status.source) {
		const where = status.source === "env" && status.envVar ? `env ${status.envVar}` : status.source;
		parts.push(status.authType && status.source !== "ambient" ? `${where} (${status.authType})` : where);
	}
	if (status.expires !== undefined) parts.push(formatExpiry(status.expires, now, status.refreshed === true));
	if (status.reason) parts.push(status.reason.replaceAll("_", " "));
	if (status.message) parts.push(status.message);
	return parts.join("  ");
}

function formatExpiry(expires: number, now: number, refreshed: boolean): string {
	const at = `${new Date(expires).toISOString().slice(0, 16).replace("T", " ")} UTC`;
	const minutes = Math.round((expires - now) / 60_000);
	const relative = minutes >= 0 ? `in ${formatMinutes(minutes)}` : `${formatMinutes(-minutes)} ago`;
	return `${expires > now ? "expires" : "expired"} ${at} (${relative})${refreshed ? ", refreshed now" : ""}`;
}

function formatMinutes(minutes: number): string {
	if (minutes < 120) return `${minutes} min`;
	if (minutes < 48 * 60) return `${Math.round(minutes / 60)} h`;
	return `${Math.round(minutes / 1440)} days`;
}

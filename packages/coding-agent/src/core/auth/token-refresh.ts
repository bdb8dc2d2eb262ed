/**
 * Refreshing stored OAuth credentials, correct across processes. Several pi processes share one auth.json, and a
 * refresh token may be single-use (rotated on every refresh): two processes refreshing with the same token would
 * leave one of them signed out. So a refresh happens under the auth.json lock, after re-reading the file: when
 * another process refreshed meanwhile, its entry is used and no second refresh is made. Within one process the
 * refreshes of a provider share one promise.
 *
 * Imported lazily (core/auth/oauth-support.ts): a run whose tokens are fresh never loads it.
 */
import type { OAuthCredentials, OAuthProvider } from "@pi/ai";
import { type AuthStorage, isOAuthCredential, type OAuthCredential } from "../config/auth-storage.js";
import { FileLockError, LOCK_WAIT_TIMEOUT_MS } from "../config/file-lock.js";
import { refreshTexts } from "./texts.js";

/** Loads a provider's sign-in integration (lazily); undefined when pi has none for it. */
export type OAuthProviderLoader = (provider: string) => Promise<OAuthProvider | undefined>;

/** Less than this left before `expires` counts as expired: a request started now must not outlive its token. */
export const OAUTH_EXPIRY_MARGIN_MS = 60_000;

/** Why a refresh is asked for. */
export interface OAuthRefreshRequest {
	/**
	 * `expired`: the stored token has (nearly) run out; refresh unless the stored entry is fresh by now.
	 * `unauthorized`: the provider answered 401 to `rejectedAccess`; refresh unless the stored token is another,
	 * fresh one (a refresh by someone else since that request).
	 */
	reason: "expired" | "unauthorized";
	rejectedAccess?: string;
	/** Remaining validity the caller needs (default {@link OAUTH_EXPIRY_MARGIN_MS}). */
	minValidityMs?: number;
	signal?: AbortSignal;
}

export interface OAuthTokenRefresherOptions {
	auth: AuthStorage;
	loadProvider: OAuthProviderLoader;
	/** Called after new credentials were stored (the model registry re-applies `modifyModels`). */
	onRefreshed?: (provider: string, credential: OAuthCredential) => void;
	now?: () => number;
	/** How long to wait for another process's refresh (default {@link LOCK_WAIT_TIMEOUT_MS}). */
	lockTimeoutMs?: number;
}

/** Whether an OAuth error means the refresh token is dead (OAuthError code `revoked`). */
function isRevoked(error: unknown): boolean {
	return (error as { name?: unknown; code?: unknown } | undefined)?.code === "revoked";
}

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

export class OAuthTokenRefresher {
	private readonly inFlight = new Map<string, Promise<OAuthCredential>>();
	private readonly now: () => number;

	constructor(private readonly options: OAuthTokenRefresherOptions) {
		this.now = options.now ?? Date.now;
	}

	/** Whether `entry` stays valid for at least `minValidityMs` more. */
	isFresh(entry: OAuthCredential, minValidityMs = OAUTH_EXPIRY_MARGIN_MS): boolean {
		return entry.expires - this.now() > minValidityMs;
	}

	/**
	 * Fresh credentials of `provider` (stored in auth.json when they were refreshed). A call while another refresh
	 * of the same provider runs in this process shares its result. Throws an Error written for the user: a dead
	 * refresh token gives the "sign in again" text; nothing stored is removed in any case.
	 */
	refresh(provider: string, request: OAuthRefreshRequest): Promise<OAuthCredential> {
		const running = this.inFlight.get(provider);
		if (running) return running;
		const promise = this.run(provider, request).finally(() => this.inFlight.delete(provider));
		this.inFlight.set(provider, promise);
		return promise;
	}

	private async run(provider: string, request: OAuthRefreshRequest): Promise<OAuthCredential> {
		const oauth = await this.options.loadProvider(provider);
		if (!oauth) throw new Error(refreshTexts.failed(provider, refreshTexts.unknownProvider(provider)));
		const { auth } = this.options;
		const timeoutMs = this.options.lockTimeoutMs ?? LOCK_WAIT_TIMEOUT_MS;
		try {
			return await auth.withLock(() => this.refreshLocked(oauth, request), { timeoutMs, signal: request.signal });
		} catch (error) {
			if (!(error instanceof FileLockError)) throw error;
			const detail = refreshTexts.lockTimeout(error.file, Math.round(timeoutMs / 1000));
			throw new Error(refreshTexts.failed(oauth.name, detail));
		}
	}

	/** Runs holding the lock, with auth.json just re-read. */
	private async refreshLocked(oauth: OAuthProvider, request: OAuthRefreshRequest): Promise<OAuthCredential> {
		const { auth } = this.options;
		const entry = auth.get(oauth.id);
		if (!isOAuthCredential(entry)) throw new Error(refreshTexts.failed(oauth.name, refreshTexts.noLongerStored));
		const fresh = this.isFresh(entry, request.minValidityMs);
		// `rejectedAccess` is the key the request carried: an extension's `getApiKey` may derive it from the entry.
		const replaced =
			request.reason === "unauthorized" && oauth.getApiKey(entry as OAuthCredentials) !== request.rejectedAccess;
		if (fresh && (request.reason === "expired" || replaced)) return entry;
		if (typeof entry.refresh !== "string" || entry.refresh === "") {
			throw new Error(refreshTexts.signInAgain(oauth.name, oauth.id));
		}
		let next: OAuthCredentials;
		try {
			next = await oauth.refresh(entry as OAuthCredentials, request.signal);
		} catch (error) {
			if (isRevoked(error)) throw new Error(refreshTexts.signInAgain(oauth.name, oauth.id));
			throw new Error(refreshTexts.failed(oauth.name, errorText(error)));
		}
		const stored = { type: "oauth", ...next } as OAuthCredential;
		auth.set(oauth.id, stored);
		this.options.onRefreshed?.(oauth.id, stored);
		return stored;
	}
}

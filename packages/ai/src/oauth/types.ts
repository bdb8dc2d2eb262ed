/**
 * The contract of subscription sign-in (OAuth). A provider's login flow runs once, interactively, and returns
 * credentials; the caller stores them (auth.json) and later hands them back to `refresh` before they expire, and
 * to `getApiKey` for each request. Nothing here touches the disk: storage and locking belong to the caller.
 *
 * The credential shape is the one auth.json holds under `{"type": "oauth", ...}`, so entries written by the
 * original pi and by ours read the same in both.
 */
import type { Model } from "../types.js";

/** Stored OAuth credentials. Extra fields (account ids, enterprise domains) are provider-specific and kept. */
export interface OAuthCredentials {
	/** Refresh token (for GitHub Copilot: the GitHub OAuth token the Copilot token is exchanged from). */
	refresh: string;
	/** Access token sent with requests (for GitHub Copilot: the short-lived Copilot token). */
	access: string;
	/** When `access` stops working, epoch milliseconds, already shortened by a safety margin. */
	expires: number;
	[extra: string]: unknown;
}

/** A URL the user must open (authorization page or device verification page). */
export interface OAuthAuthInfo {
	url: string;
	/** One line telling the user what to do there (for device flows: the code to type). */
	instructions?: string;
	/** Device flows: the code the user types on the verification page. */
	userCode?: string;
}

/** A question the flow needs answered (an enterprise domain, say). */
export interface OAuthPrompt {
	message: string;
	placeholder?: string;
	/** An empty answer is allowed (it selects the default). */
	allowEmpty?: boolean;
}

/** A choice between a few ways to go on (the Codex login method). */
export interface OAuthSelectPrompt {
	message: string;
	/** In menu order; the first one is the default. */
	options: { id: string; label: string }[];
}

/** How a login flow talks to the person signing in; the CLI and the TUI each implement it. */
export interface OAuthLoginCallbacks {
	/** Show (and, where possible, open) the URL to visit. */
	onAuth(info: OAuthAuthInfo): void;
	/** Ask a question; resolves with the answer. */
	onPrompt(prompt: OAuthPrompt): Promise<string>;
	/**
	 * Asks the user to pick one of `prompt.options`; resolves with its `id`. Without it a flow takes the first
	 * (default) option.
	 */
	onSelect?(prompt: OAuthSelectPrompt): Promise<string>;
	/** Progress worth showing ("Waiting for the browser...", "Exchanging the code..."). */
	onProgress?(message: string): void;
	/**
	 * Copy-code fallback for a browser on another machine: resolves with what the user pasted (the final redirect
	 * URL, `code#state`, or the bare code). Raced against the loopback callback; whichever answers first wins.
	 * `signal` fires once the race is decided (the browser answered first, or the flow ended), so the UI can take
	 * its input away. An empty answer keeps waiting for the browser.
	 */
	onManualCodeInput?(signal?: AbortSignal): Promise<string>;
	/** Cancels the flow (Esc, Ctrl+C); the flow then rejects with an `OAuthError` of code `aborted`. */
	signal?: AbortSignal;
}

/** Why an OAuth operation failed. `revoked` means only a new login helps. */
export type OAuthErrorCode =
	| "revoked"
	| "denied"
	| "expired"
	| "state_mismatch"
	| "callback_port_in_use"
	| "http"
	| "network"
	| "aborted";

/** The one error type OAuth flows throw; `message` is written for the user. */
export class OAuthError extends Error {
	constructor(
		message: string,
		readonly code: OAuthErrorCode,
		/** HTTP status of the failing token-endpoint response, when there was one. */
		readonly status?: number,
	) {
		super(message);
		this.name = "OAuthError";
	}
}

/** Where a provider's OAuth endpoints live; every field defaults to the real service. Tests point them at loopback. */
export interface OAuthEndpointOverrides {
	/** Replaces the origin (scheme, host, port) of every endpoint of the provider; paths are kept. */
	baseUrl?: string;
	/** Host the loopback callback server binds to (default 127.0.0.1). */
	callbackHost?: string;
	/** Port of the loopback callback server (default: the provider's registered port; 0 = any free port). */
	callbackPort?: number;
	/**
	 * Device flows: poll every this many milliseconds instead of the server's `interval`, and step up by the same
	 * amount (instead of 5 s) on `slow_down`. For tests only; real servers punish fast polling.
	 */
	pollIntervalMs?: number;
}

/** One subscription provider's sign-in. */
export interface OAuthProvider {
	/** The provider id it signs in to, as auth.json and the model catalogue name it (`anthropic`, `openai-codex`, ...). */
	readonly id: string;
	/** What the user sees in /login ("Claude Pro/Max"). */
	readonly name: string;
	/** Whether login listens on a loopback callback server (and so accepts a pasted code instead). */
	readonly usesCallbackServer: boolean;
	/** Runs the interactive login and returns the credentials to store. */
	login(callbacks: OAuthLoginCallbacks): Promise<OAuthCredentials>;
	/** New credentials from a refresh token. Throws `OAuthError` (`revoked` when the refresh token is no longer valid). */
	refresh(credentials: OAuthCredentials, signal?: AbortSignal): Promise<OAuthCredentials>;
	/** The key a request carries (usually `credentials.access`). */
	getApiKey(credentials: OAuthCredentials): string;
	/**
	 * Adjusts the provider's models for these credentials (Copilot: the base URL named by the token); a model left
	 * out of the result is not offered (Copilot: one the account cannot use). Models of other providers pass as
	 * they are.
	 */
	modifyModels?(models: Model[], credentials: OAuthCredentials): Model[];
}

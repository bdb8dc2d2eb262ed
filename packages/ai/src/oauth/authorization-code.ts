/**
 * The end of an authorization-code sign-in: the code arrives either through the loopback redirect or pasted by
 * the user (browser on another machine), whichever comes first.
 */
import { type CallbackServer, startCallbackServer } from "./callback-server.js";
import { OAUTH_TEXTS } from "./texts.js";
import { OAuthError, type OAuthLoginCallbacks } from "./types.js";

/** What a paste holds: a code, maybe the state it came with, or the error the provider redirected with. */
export interface PastedAuthorization {
	code?: string;
	state?: string;
	error?: string;
}

/**
 * Reads what the user pasted: the full redirect URL, `code#state` (the form Anthropic's copy-code page shows),
 * a query string `code=...&state=...`, or the bare code.
 */
export function parseAuthorizationInput(input: string): PastedAuthorization {
	const value = input.trim();
	if (value === "") return {};
	if (/^https?:\/\//i.test(value)) {
		try {
			return fromParams(new URL(value).searchParams);
		} catch {
			return {};
		}
	}
	if (value.includes("code=") || value.includes("error="))
		return fromParams(new URLSearchParams(value.replace(/^\?/, "")));
	const hash = value.indexOf("#");
	if (hash >= 0) return { code: value.slice(0, hash) || undefined, state: value.slice(hash + 1) || undefined };
	return { code: value };
}

function fromParams(params: URLSearchParams): PastedAuthorization {
	return {
		code: params.get("code") ?? undefined,
		state: params.get("state") ?? undefined,
		error: params.get("error") ?? undefined,
	};
}

/**
 * The code in a paste; undefined for an empty one. Throws `state_mismatch` for another attempt's answer and
 * `denied` for an error redirect.
 */
function codeFromPaste(input: string, state: string, providerName: string): string | undefined {
	const pasted = parseAuthorizationInput(input);
	if (pasted.state !== undefined && pasted.state !== state) {
		throw new OAuthError(OAUTH_TEXTS.stateMismatch, "state_mismatch");
	}
	if (pasted.error) throw new OAuthError(OAUTH_TEXTS.denied(providerName, pasted.error), "denied");
	return pasted.code;
}

/**
 * Waits for the authorization code from the callback server, or from `callbacks.onManualCodeInput` when given.
 * A paste with another attempt's state is refused (`state_mismatch`); an empty paste keeps waiting for the browser.
 * The signal handed to `onManualCodeInput` fires once the race is decided, so a UI can close its input.
 */
export function awaitAuthorizationCode(
	server: CallbackServer,
	callbacks: OAuthLoginCallbacks,
	state: string,
	providerName: string,
): Promise<string> {
	return new Promise<string>((resolve, reject) => {
		const decided = new AbortController();
		const finish = (settle: () => void) => {
			if (decided.signal.aborted) return;
			decided.abort();
			settle();
		};
		server.waitForCode().then(
			(code) => finish(() => resolve(code)),
			(error) => finish(() => reject(error)),
		);
		const ask = callbacks.onManualCodeInput;
		if (!ask) return;
		Promise.resolve()
			.then(() => ask.call(callbacks, decided.signal))
			.then(
				(input) => {
					if (decided.signal.aborted) return;
					try {
						const code = codeFromPaste(input, state, providerName);
						if (code) finish(() => resolve(code));
					} catch (error) {
						finish(() => reject(error));
					}
				},
				() => finish(() => reject(new OAuthError(OAUTH_TEXTS.aborted, "aborted"))),
			);
	});
}

/** The loopback part of a sign-in: where to listen, and the authorization URL for the resulting redirect URI. */
export interface LoopbackLogin {
	providerName: string;
	host: string;
	port: number;
	path: string;
	state: string;
	/** The authorization URL, given the redirect URI naming the port actually listened on. */
	authorizationUrl(redirectUri: string): string;
}

/**
 * Listens for the redirect, shows the authorization URL, and waits for the code (redirect or paste). The redirect
 * URI names `localhost`, as the providers register it, whatever interface the server binds.
 *
 * When the port is taken (another sign-in waiting, or any other program) and the UI can take a paste, the sign-in
 * goes on without a callback server: the authorization URL still names the registered redirect URI (the provider
 * accepts no other), the browser's redirect then fails to load, and the user pastes its URL (or the code) instead.
 * Without a paste input the `callback_port_in_use` error stands.
 */
export async function obtainAuthorizationCode(
	login: LoopbackLogin,
	callbacks: OAuthLoginCallbacks,
): Promise<{ code: string; redirectUri: string }> {
	let server: CallbackServer;
	try {
		server = await startCallbackServer({
			host: login.host,
			port: login.port,
			path: login.path,
			state: login.state,
			providerName: login.providerName,
			signal: callbacks.signal,
		});
	} catch (error) {
		if (!(error instanceof OAuthError && error.code === "callback_port_in_use" && callbacks.onManualCodeInput)) {
			throw error;
		}
		return pasteOnly(login, callbacks);
	}
	try {
		const redirectUri = `http://localhost:${server.port}${login.path}`;
		callbacks.onAuth({ url: login.authorizationUrl(redirectUri), instructions: OAUTH_TEXTS.browserInstructions });
		callbacks.onProgress?.(OAUTH_TEXTS.waitingForBrowser);
		const code = await awaitAuthorizationCode(server, callbacks, login.state, login.providerName);
		return { code, redirectUri };
	} finally {
		server.close();
	}
}

/** The sign-in without a callback server: the code comes from a paste only; an empty paste ends it (`missingCode`). */
async function pasteOnly(
	login: LoopbackLogin,
	callbacks: OAuthLoginCallbacks,
): Promise<{ code: string; redirectUri: string }> {
	const redirectUri = `http://localhost:${login.port}${login.path}`;
	callbacks.onProgress?.(OAUTH_TEXTS.callbackUnavailable(login.host, login.port));
	callbacks.onAuth({ url: login.authorizationUrl(redirectUri), instructions: OAUTH_TEXTS.pasteOnlyInstructions });
	let input: string;
	try {
		input = (await callbacks.onManualCodeInput?.(callbacks.signal)) ?? "";
	} catch {
		throw new OAuthError(OAUTH_TEXTS.aborted, "aborted");
	}
	if (callbacks.signal?.aborted) throw new OAuthError(OAUTH_TEXTS.aborted, "aborted");
	const code = codeFromPaste(input, login.state, login.providerName);
	if (!code) throw new OAuthError(OAUTH_TEXTS.missingCode, "denied");
	return { code, redirectUri };
}

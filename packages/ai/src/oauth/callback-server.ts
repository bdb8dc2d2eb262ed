/**
 * The loopback server the browser is redirected to at the end of an authorization-code sign-in. It listens on one
 * path, accepts only the `state` of this attempt, answers the browser with a short page, and hands over the code.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { OAUTH_TEXTS } from "./texts.js";
import { OAuthError } from "./types.js";

/** How long open connections may finish after the server stops listening. */
const PAGE_GRACE_MS = 1000;

export interface CallbackServerOptions {
	host: string;
	/** 0 = any free port; `CallbackServer.port` then names the one chosen. */
	port: number;
	/** The redirect path, e.g. `/callback`. */
	path: string;
	/** The `state` this attempt sent; redirects carrying another one are refused (and waiting goes on). */
	state: string;
	providerName: string;
	/** Closes the server; `waitForCode` then rejects with `aborted`. */
	signal?: AbortSignal;
}

export interface CallbackServer {
	/** The port listened on (the real one when 0 was asked for). */
	readonly port: number;
	/** Resolves with the authorization code; rejects with `denied` (the user refused) or `aborted`. */
	waitForCode(): Promise<string>;
	/** Stops listening; safe to call more than once. */
	close(): void;
}

/** Starts listening; rejects with `callback_port_in_use` when the port is taken. */
export async function startCallbackServer(options: CallbackServerOptions): Promise<CallbackServer> {
	let settle: { resolve(code: string): void; reject(error: OAuthError): void } | undefined;
	const result = new Promise<string>((resolve, reject) => {
		settle = { resolve, reject };
	});
	// Nobody may be waiting yet when it rejects (abort before waitForCode): that must not be an unhandled rejection.
	result.catch(() => {});

	const server = createServer((req, res) => {
		const url = new URL(req.url ?? "/", "http://localhost");
		if (url.pathname !== options.path) return page(res, 404, OAUTH_TEXTS.pageNotFound);
		const error = url.searchParams.get("error");
		if (url.searchParams.get("state") !== options.state) {
			return page(res, 400, OAUTH_TEXTS.pageFailure(OAUTH_TEXTS.pageStateMismatch));
		}
		if (error) {
			const detail = [error, url.searchParams.get("error_description")].filter(Boolean).join(": ");
			page(res, 400, OAUTH_TEXTS.pageFailure(`${detail}.`));
			return settle?.reject(new OAuthError(OAUTH_TEXTS.denied(options.providerName, detail), "denied"));
		}
		const code = url.searchParams.get("code");
		if (!code) return page(res, 400, OAUTH_TEXTS.pageFailure(OAUTH_TEXTS.pageMissingCode));
		page(res, 200, OAUTH_TEXTS.pageSuccess(options.providerName));
		settle?.resolve(code);
	});

	const close = () => {
		// Stop listening at once (the port is free again), but let the page just sent reach the browser: the
		// connection closes by itself after it (`connection: close`); a stray keep-alive one is cut a little later.
		server.close();
		server.closeIdleConnections();
		setTimeout(() => server.closeAllConnections(), PAGE_GRACE_MS).unref();
	};
	if (options.signal?.aborted) throw new OAuthError(OAUTH_TEXTS.aborted, "aborted");
	await listen(server, options.host, options.port);
	const onAbort = () => {
		close();
		settle?.reject(new OAuthError(OAUTH_TEXTS.aborted, "aborted"));
	};
	options.signal?.addEventListener("abort", onAbort, { once: true });
	server.once("close", () => options.signal?.removeEventListener("abort", onAbort));

	return {
		port: (server.address() as AddressInfo).port,
		waitForCode: () => result,
		close,
	};
}

function listen(server: Server, host: string, port: number): Promise<void> {
	return new Promise((resolve, reject) => {
		server.once("error", (error: NodeJS.ErrnoException) => {
			if (error.code === "EADDRINUSE") {
				reject(new OAuthError(OAUTH_TEXTS.portInUse(host, port), "callback_port_in_use"));
			} else {
				reject(new OAuthError(OAUTH_TEXTS.callbackFailed(host, port, error.code ?? error.message), "network"));
			}
		});
		server.listen(port, host, () => resolve());
	});
}

function page(res: ServerResponse, status: number, text: string): void {
	const html = `<!doctype html><html><head><meta charset="utf-8"><title>pi sign-in</title></head><body style="font-family:sans-serif;max-width:36em;margin:4em auto"><h1>pi</h1><p>${escapeHtml(text)}</p></body></html>`;
	res.writeHead(status, { "content-type": "text/html; charset=utf-8", connection: "close" });
	res.end(html);
}

function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

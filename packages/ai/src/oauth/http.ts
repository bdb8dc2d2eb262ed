/**
 * HTTP for the token endpoints: one request helper that turns every failure into an `OAuthError` with a message
 * for the user (never a token in it) and a code the caller can act on (`revoked` means: sign in again).
 */
import { sleep } from "../utils/sleep.js";
import { OAUTH_TEXTS } from "./texts.js";
import { OAuthError } from "./types.js";

/** Token requests give up after this long: a login or refresh that hangs is worse than one that fails. */
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * Error codes a token endpoint answers a dead refresh token with: OAuth's `invalid_grant` (Anthropic, RFC 6749)
 * and the codes OpenAI's auth server uses for refresh tokens that expired, were reused or were invalidated.
 */
const REVOKED_ERROR_CODES = new Set([
	"invalid_grant",
	"invalid_token",
	"refresh_token_expired",
	"refresh_token_reused",
	"refresh_token_invalidated",
]);

/** Who is asking, for the messages and for the "sign in again" hint. */
export interface RequestContext {
	providerId: string;
	providerName: string;
	/** What the request does, for messages ("token exchange", "token refresh"). */
	step: string;
	/**
	 * Whether a 401 (or a 400 with a dead-token error code) means the stored credential is gone for good. True for
	 * refreshes; a failed login is just a failed login.
	 */
	credentialCheck: boolean;
	signal?: AbortSignal;
}

/** A provider's context builder: `context(step, credentialCheck, signal)` for each request it makes. */
export function requestContextFor(provider: { id: string; name: string }) {
	return (step: string, credentialCheck: boolean, signal?: AbortSignal): RequestContext => ({
		providerId: provider.id,
		providerName: provider.name,
		step,
		credentialCheck,
		signal,
	});
}

export interface JsonRequest {
	url: string;
	method?: "GET" | "POST";
	headers?: Record<string, string>;
	/** Sent as JSON. */
	json?: Record<string, unknown>;
	/** Sent as application/x-www-form-urlencoded. */
	form?: Record<string, string>;
}

/** The parsed JSON body of a response, with its status. Non-2xx responses throw. */
export interface JsonResponse {
	status: number;
	body: Record<string, unknown>;
}

/** Sends a request and returns its JSON object body; throws `OAuthError` for network, HTTP and shape failures. */
export async function requestJson(request: JsonRequest, context: RequestContext): Promise<JsonResponse> {
	const response = await send(request, context);
	const text = await response.text().catch(() => "");
	const body = parseObject(text);
	if (!response.ok) throw httpError(response.status, body, context);
	if (!body) throw new OAuthError(OAUTH_TEXTS.badResponse(context.providerName, context.step, "not JSON"), "http", 200);
	return { status: response.status, body };
}

/** Sends a request, mapping fetch failures (abort, timeout, connection) to `OAuthError`. */
export async function send(request: JsonRequest, context: RequestContext): Promise<Response> {
	throwIfAborted(context.signal);
	const headers: Record<string, string> = { accept: "application/json", ...request.headers };
	let body: string | undefined;
	if (request.json) {
		headers["content-type"] = "application/json";
		body = JSON.stringify(request.json);
	} else if (request.form) {
		headers["content-type"] = "application/x-www-form-urlencoded";
		body = new URLSearchParams(request.form).toString();
	}
	const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
	const signal = context.signal ? AbortSignal.any([context.signal, timeout]) : timeout;
	try {
		return await fetch(request.url, { method: request.method ?? (body ? "POST" : "GET"), headers, body, signal });
	} catch (error) {
		throwIfAborted(context.signal);
		const host = new URL(request.url).host;
		if (timeout.aborted) throw new OAuthError(OAUTH_TEXTS.timedOut(context.providerName, host), "network");
		throw new OAuthError(OAUTH_TEXTS.network(context.providerName, host, networkDetail(error)), "network");
	}
}

/** Throws the `aborted` error when the signal has fired. */
/** Waits `ms`; an abort ends the wait at once with the `aborted` OAuthError. */
export async function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
	try {
		await sleep(ms, signal);
	} catch {
		throw new OAuthError(OAUTH_TEXTS.aborted, "aborted");
	}
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
	if (signal?.aborted) throw new OAuthError(OAUTH_TEXTS.aborted, "aborted");
}

/** The error for a non-2xx answer: `revoked` when a credential check was refused, else `http`. */
export function httpError(
	status: number,
	body: Record<string, unknown> | undefined,
	context: RequestContext,
): OAuthError {
	const { code, description } = errorFields(body);
	const dead = status === 401 || (status === 400 && code !== undefined && REVOKED_ERROR_CODES.has(code));
	if (context.credentialCheck && dead) {
		return new OAuthError(OAUTH_TEXTS.signInAgain(context.providerName, context.providerId), "revoked", status);
	}
	const detail = [code, description].filter(Boolean).join(": ");
	return new OAuthError(OAUTH_TEXTS.http(context.providerName, context.step, status, detail), "http", status);
}

/**
 * The error code and description of an error body, in the shapes the three services use: OAuth's
 * `{error, error_description}`, OpenAI's `{error: {code, message}}`, GitHub's `{message}`. Only short strings are
 * kept: an error body is not supposed to hold a token, but nothing long from it reaches a message either.
 */
export function errorFields(body: Record<string, unknown> | undefined): { code?: string; description?: string } {
	if (!body) return {};
	const error = body.error;
	if (typeof error === "string") return { code: short(error), description: short(body.error_description) };
	if (error && typeof error === "object") {
		const nested = error as Record<string, unknown>;
		return { code: short(nested.code) ?? short(nested.type), description: short(nested.message) };
	}
	return { description: short(body.message) };
}

function short(value: unknown): string | undefined {
	if (typeof value !== "string" || value === "") return undefined;
	return value.length > 200 ? `${value.slice(0, 200)}...` : value;
}

/** The JSON object in `text`, or undefined when it is not one. */
export function parseObject(text: string): Record<string, unknown> | undefined {
	try {
		const value: unknown = JSON.parse(text);
		return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
	} catch {
		return undefined;
	}
}

/** The most specific reason a fetch failed (undici puts the socket error in `cause`). */
function networkDetail(error: unknown): string {
	const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
	if (typeof cause?.code === "string") return cause.code;
	if (typeof cause?.message === "string") return cause.message;
	return error instanceof Error ? error.message : String(error);
}

/** A required string field of a token response, or an `http` error naming what is missing. */
export function requireString(body: Record<string, unknown>, field: string, context: RequestContext): string {
	const value = body[field];
	if (typeof value === "string" && value !== "") return value;
	throw new OAuthError(OAUTH_TEXTS.badResponse(context.providerName, context.step, `no ${field}`), "http", 200);
}

/** A required number field of a token response, or an `http` error naming what is missing. */
export function requireNumber(body: Record<string, unknown>, field: string, context: RequestContext): number {
	const value = body[field];
	if (typeof value === "number" && Number.isFinite(value)) return value;
	throw new OAuthError(OAUTH_TEXTS.badResponse(context.providerName, context.step, `no ${field}`), "http", 200);
}

/** Access tokens are treated as expired this long before they really do, so a request never races the expiry. */
export const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

/** The `expires` of stored credentials for a token valid `seconds` from now. */
export function expiresIn(seconds: number): number {
	return Date.now() + seconds * 1000 - EXPIRY_MARGIN_MS;
}

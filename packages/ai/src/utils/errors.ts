import type { ErrorInfo } from "../types.js";

/** HTTP statuses for which sending the same request again can help. */
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504, 529]);
/**
 * HTTP statuses where the same request cannot succeed, whatever error type the body names (a 403 body may say
 * `server_error`): they decide before any error code does.
 */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);
/** Provider error types that mean "try again later". */
const RETRYABLE_CODES = new Set([
	"overloaded_error",
	"rate_limit_error",
	"rate_limit_exceeded",
	"api_error",
	"server_error",
	"service_unavailable",
	"timeout",
	"RESOURCE_EXHAUSTED",
	"UNAVAILABLE",
	"INTERNAL",
	"DEADLINE_EXCEEDED",
]);
/** Network error codes of a connection that failed or was cut. */
const NETWORK_CODES = new Set([
	"ECONNRESET",
	"ECONNREFUSED",
	"ECONNABORTED",
	"EPIPE",
	"ETIMEDOUT",
	"ENOTFOUND",
	"EAI_AGAIN",
	"ENETUNREACH",
	"EHOSTUNREACH",
	"UND_ERR_SOCKET",
	"UND_ERR_CONNECT_TIMEOUT",
	"UND_ERR_HEADERS_TIMEOUT",
	"UND_ERR_BODY_TIMEOUT",
	"stream_cut",
	"request_timeout",
	"connection_error",
]);

export interface ClassifiedError {
	message: string;
	info: ErrorInfo;
}

/** Reads `retry-after` / `retry-after-ms` from a Headers object or a plain record. */
export function parseRetryAfter(headers: unknown, now = Date.now()): number | undefined {
	const get = (name: string): string | undefined => {
		if (!headers) return undefined;
		if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
		const record = headers as Record<string, unknown>;
		const value = record[name] ?? record[name.toLowerCase()];
		return typeof value === "string" ? value : undefined;
	};
	const ms = get("retry-after-ms");
	if (ms !== undefined && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
	const value = get("retry-after");
	if (value === undefined) return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Finds a network error code on an error or anywhere along its `cause` chain. */
export function findNetworkCode(error: unknown): string | undefined {
	let current: any = error;
	for (let depth = 0; current && depth < 6; depth++) {
		const code = current.code ?? current.errno;
		if (typeof code === "string" && NETWORK_CODES.has(code)) return code;
		current = current.cause;
	}
	return undefined;
}

/** Whether a status / error code pair is worth retrying. */
export function isRetryable(status: number | undefined, code: string | undefined): boolean {
	if (code === "context_overflow") return false;
	if (status !== undefined && FINAL_STATUSES.has(status)) return false;
	if (status !== undefined && RETRYABLE_STATUSES.has(status)) return true;
	if (code !== undefined && (RETRYABLE_CODES.has(code) || NETWORK_CODES.has(code))) return true;
	return false;
}

/** Builds an `ErrorInfo` without undefined fields (the wire format omits absent fields). */
export function makeErrorInfo(status: number | undefined, code: string | undefined, retryAfterMs?: number): ErrorInfo {
	const info: ErrorInfo = { retryable: isRetryable(status, code) };
	if (status !== undefined) info.status = status;
	if (code !== undefined) info.code = code;
	if (retryAfterMs !== undefined) info.retryAfterMs = retryAfterMs;
	return info;
}

/** Formats `<status> <message>` as events.md §1.7 asks, leaving the status out when unknown. */
export function formatHttpError(status: number | undefined, message: string): string {
	return status !== undefined ? `${status} ${message}` : message;
}

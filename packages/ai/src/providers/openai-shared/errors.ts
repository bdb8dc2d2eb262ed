import type { ErrorInfo } from "../../types.js";
import { findNetworkCode, formatHttpError, makeErrorInfo, parseRetryAfter } from "../../utils/errors.js";
import { isContextOverflow } from "../../utils/overflow.js";
import { requireSdk } from "../shared/require-sdk.js";

const { APIConnectionTimeoutError, APIError, APIUserAbortError } = requireSdk("openai") as typeof import("openai");

/** Texts pi writes itself when an OpenAI request fails (events.md §1.7). */
export const OPENAI_ERROR_TEXTS = {
	aborted: "Request was aborted",
	streamEnded: "Stream ended unexpectedly",
	timeout: "Request timed out",
} as const;

/** What to do with a failure: abort, or an error with its text and `errorInfo`. */
export type FailureOutcome =
	| { reason: "aborted"; message: string }
	| { reason: "error"; message: string; info: ErrorInfo };

/**
 * Maps anything the OpenAI SDK (or the stream under it) throws to the error event fields. `started` says
 * whether the response had begun: a connection failing after that is a stream cut and always retryable.
 */
export function classifyOpenAIError(error: unknown, signal: AbortSignal | undefined, started: boolean): FailureOutcome {
	if (signal?.aborted || error instanceof APIUserAbortError) {
		return { reason: "aborted", message: OPENAI_ERROR_TEXTS.aborted };
	}
	if (error instanceof APIConnectionTimeoutError) {
		return { reason: "error", message: OPENAI_ERROR_TEXTS.timeout, info: makeErrorInfo(undefined, "request_timeout") };
	}
	if (error instanceof APIError && error.status !== undefined) {
		return classifyHttpError(error.status, error.error, error.message, error.headers);
	}
	// A stream-level `error` event (the SDK throws APIError without a status) carries the provider's body.
	if (error instanceof APIError && error.error) {
		const body = error.error as { message?: string; type?: string; code?: string };
		const code = body.code ?? body.type;
		const message = body.message ?? error.message;
		const overflow = isContextOverflow(undefined, code, message);
		return {
			reason: "error",
			message,
			info: makeErrorInfo(undefined, overflow ? "context_overflow" : (code ?? undefined)),
		};
	}
	const networkCode = findNetworkCode(error);
	const text = error instanceof Error ? error.message : String(error);
	if (networkCode || started) {
		const message = started ? OPENAI_ERROR_TEXTS.streamEnded : text;
		return { reason: "error", message, info: makeErrorInfo(undefined, networkCode ?? "stream_cut") };
	}
	return { reason: "error", message: text, info: { retryable: false } };
}

/** An HTTP error response: `<status> <message>`, provider error type, overflow and retry-after. */
export function classifyHttpError(status: number, body: unknown, fallback: string, headers: unknown): FailureOutcome {
	const detail = unwrapErrorBody(body);
	const message = detail.message ?? fallback;
	const code = detail.code ?? detail.type;
	const overflow = isContextOverflow(status, code, message);
	const info = makeErrorInfo(status, overflow ? "context_overflow" : code, parseRetryAfter(headers));
	return { reason: "error", message: formatHttpError(status, message), info };
}

/** The SDK hands over either the `error` object or the whole body, depending on the endpoint. */
function unwrapErrorBody(body: unknown): { message?: string; type?: string; code?: string } {
	if (!body || typeof body !== "object") return {};
	const record = body as Record<string, unknown>;
	const inner = record.error && typeof record.error === "object" ? (record.error as Record<string, unknown>) : record;
	const pick = (key: string) => (typeof inner[key] === "string" ? (inner[key] as string) : undefined);
	return { message: pick("message"), type: pick("type"), code: pick("code") };
}

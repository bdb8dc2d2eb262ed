import { findNetworkCode, formatHttpError, makeErrorInfo, parseRetryAfter } from "../../utils/errors.js";
import { isContextOverflow } from "../../utils/overflow.js";
import type { FailureOutcome } from "../openai-shared/errors.js";
import { requireSdk } from "../shared/require-sdk.js";

const { ApiError } = requireSdk("@google/genai") as typeof import("@google/genai");

/** Texts pi writes itself when a Gemini request fails (events.md §1.7). */
export const GEMINI_ERROR_TEXTS = {
	aborted: "Request was aborted",
	streamEnded: "Stream ended unexpectedly",
	timeout: "Request timed out",
} as const;

/**
 * Maps what `@google/genai` throws to the error event fields. The SDK puts the JSON error body
 * (`{error: {code, message, status}}`) in the message; the status name (`RESOURCE_EXHAUSTED`, ...) becomes the
 * code. `headers` are those of the failed response, captured by the adapter's fetch, for `retry-after`.
 */
export function classifyGeminiError(
	error: unknown,
	signal: AbortSignal | undefined,
	started: boolean,
	headers: Headers | undefined,
): FailureOutcome {
	if (signal?.aborted) return { reason: "aborted", message: GEMINI_ERROR_TEXTS.aborted };
	if (error instanceof ApiError) {
		const body = parseErrorBody(error.message);
		const message = body?.message ?? error.message;
		const code = body?.status;
		const overflow = isContextOverflow(error.status, code, message);
		const info = makeErrorInfo(error.status, overflow ? "context_overflow" : code, parseRetryAfter(headers));
		return { reason: "error", message: formatHttpError(error.status, message), info };
	}
	const name = (error as { name?: string } | undefined)?.name;
	if (!started && (name === "TimeoutError" || name === "AbortError")) {
		// The SDK's own timeout aborts the attempt; our signal did not fire.
		return { reason: "error", message: GEMINI_ERROR_TEXTS.timeout, info: makeErrorInfo(undefined, "request_timeout") };
	}
	const networkCode = findNetworkCode(error);
	const text = error instanceof Error ? error.message : String(error);
	if (networkCode || started) {
		const message = started ? GEMINI_ERROR_TEXTS.streamEnded : text;
		return { reason: "error", message, info: makeErrorInfo(undefined, networkCode ?? "stream_cut") };
	}
	return { reason: "error", message: text, info: { retryable: false } };
}

/** The `error` object of a Gemini error body, found in the SDK's message (which may prefix it with text). */
function parseErrorBody(message: string): { message?: string; status?: string } | undefined {
	const start = message.indexOf("{");
	if (start < 0) return undefined;
	try {
		const parsed = JSON.parse(message.slice(start)) as { error?: { message?: string; status?: string } };
		return parsed.error;
	} catch {
		return undefined;
	}
}

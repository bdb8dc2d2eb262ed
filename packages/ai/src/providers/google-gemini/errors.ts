import { formatHttpError, makeErrorInfo, parseRetryAfter } from "../../utils/errors.js";
import { isContextOverflow } from "../../utils/overflow.js";
import { classifyTransportFailure, FAILURE_TEXTS, type FailureOutcome } from "../shared/failure.js";
import { requireSdk } from "../shared/require-sdk.js";

const { ApiError } = requireSdk("@google/genai") as typeof import("@google/genai");

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
	if (signal?.aborted) return { reason: "aborted", message: FAILURE_TEXTS.aborted };
	if (error instanceof ApiError) {
		const body = parseErrorBody(error.message);
		const message = body?.message ?? error.message;
		const code = body?.status;
		const overflow = isContextOverflow(error.status, code, message);
		// Gemini names its wait in the body (RetryInfo) more often than in a `retry-after` header.
		const retryAfterMs = parseRetryAfter(headers) ?? parseRetryDelay(body?.details);
		const info = makeErrorInfo(error.status, overflow ? "context_overflow" : code, retryAfterMs);
		return { reason: "error", message: formatHttpError(error.status, message), info };
	}
	const name = (error as { name?: string } | undefined)?.name;
	if (!started && (name === "TimeoutError" || name === "AbortError")) {
		// The SDK's own timeout aborts the attempt; our signal did not fire.
		return { reason: "error", message: FAILURE_TEXTS.timeout, info: makeErrorInfo(undefined, "request_timeout") };
	}
	return classifyTransportFailure(error, started);
}

interface GeminiErrorBody {
	message?: string;
	status?: string;
	details?: unknown;
}

/** The `error` object of a Gemini error body, found in the SDK's message (which may prefix it with text). */
function parseErrorBody(message: string): GeminiErrorBody | undefined {
	const start = message.indexOf("{");
	if (start < 0) return undefined;
	try {
		const parsed = JSON.parse(message.slice(start)) as { error?: GeminiErrorBody };
		return parsed.error;
	} catch {
		return undefined;
	}
}

/** The wait of a `google.rpc.RetryInfo` detail (`"retryDelay": "39s"` or `"0.5s"`), in milliseconds. */
function parseRetryDelay(details: unknown): number | undefined {
	if (!Array.isArray(details)) return undefined;
	for (const detail of details) {
		const record = detail as { "@type"?: unknown; retryDelay?: unknown } | null;
		if (typeof record?.["@type"] !== "string" || !record["@type"].endsWith("google.rpc.RetryInfo")) continue;
		const match = typeof record.retryDelay === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(record.retryDelay) : null;
		if (match) return Math.round(Number(match[1]) * 1000);
	}
	return undefined;
}

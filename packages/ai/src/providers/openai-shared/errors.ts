import { formatHttpError, makeErrorInfo, parseRetryAfter } from "../../utils/errors.js";
import { isContextOverflow } from "../../utils/overflow.js";
import { classifyTransportFailure, FAILURE_TEXTS, type FailureOutcome } from "../shared/failure.js";
import { requireSdk } from "../shared/require-sdk.js";

const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } = requireSdk(
	"openai",
) as typeof import("openai");

/**
 * Maps anything the OpenAI SDK (or the stream under it) throws to the error event fields. `started` says
 * whether the response had begun: a connection failing after that is a stream cut and always retryable.
 */
export function classifyOpenAIError(error: unknown, signal: AbortSignal | undefined, started: boolean): FailureOutcome {
	if (signal?.aborted || error instanceof APIUserAbortError) {
		return { reason: "aborted", message: FAILURE_TEXTS.aborted };
	}
	if (error instanceof APIConnectionTimeoutError) {
		return { reason: "error", message: FAILURE_TEXTS.timeout, info: makeErrorInfo(undefined, "request_timeout") };
	}
	if (error instanceof APIError && error.status !== undefined) {
		return classifyHttpError(error.status, error.error, error.message, error.headers);
	}
	// A stream-level error (an `{"error"}` chunk or an `event: error`): the SDK throws an APIError without a status.
	// Its body decides; a body naming no known transient type is final, not a cut stream to be retried.
	if (error instanceof APIError && !(error instanceof APIConnectionError)) {
		return classifyStreamError(error.error, error.message);
	}
	return classifyTransportFailure(error, started);
}

/** An error reported inside a started stream: the provider's text, and its type or code as `errorInfo.code`. */
function classifyStreamError(body: unknown, fallback: string): FailureOutcome {
	const detail = unwrapErrorBody(body);
	const message = detail.message ?? (typeof body === "string" && body !== "" ? body : fallback);
	const code = detail.code ?? detail.type;
	const overflow = isContextOverflow(undefined, code, message);
	return { reason: "error", message, info: makeErrorInfo(undefined, overflow ? "context_overflow" : code) };
}

/** An HTTP error response: `<status> <message>`, provider error type, overflow and retry-after. */
function classifyHttpError(status: number, body: unknown, fallback: string, headers: unknown): FailureOutcome {
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

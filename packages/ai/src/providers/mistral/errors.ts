import type * as MistralErrors from "@mistralai/mistralai/models/errors";
import { formatHttpError, makeErrorInfo, parseRetryAfter } from "../../utils/errors.js";
import { isContextOverflow } from "../../utils/overflow.js";
import { classifyTransportFailure, FAILURE_TEXTS, type FailureOutcome } from "../shared/failure.js";

/** The fields of a Mistral error body pi reads (API errors, gateway errors and validation errors differ). */
export interface MistralErrorBody {
	message?: string;
	type?: string;
	code?: string;
}

/**
 * Reads a Mistral error body: `{"object":"error","message":…,"type":…,"code":…}` from the API (where `message` may
 * itself be an object of validation details), `{"message":…,"request_id":…}` from the gateway (401, 403),
 * `{"detail":…}` for request validation (422). Undefined when the text is not JSON of that kind.
 */
export function parseMistralErrorBody(text: string | undefined): MistralErrorBody | undefined {
	if (!text) return undefined;
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return undefined;
	}
	if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
	const record = parsed as Record<string, unknown>;
	const inner = record.error && typeof record.error === "object" ? (record.error as Record<string, unknown>) : record;
	const detail = inner.message ?? inner.detail ?? (typeof record.error === "string" ? record.error : undefined);
	const body: MistralErrorBody = {};
	if (detail !== undefined && detail !== null)
		body.message = typeof detail === "string" ? detail : JSON.stringify(detail);
	if (typeof inner.type === "string" && inner.type !== "") body.type = inner.type;
	if ((typeof inner.code === "string" && inner.code !== "") || typeof inner.code === "number")
		body.code = String(inner.code);
	return body;
}

/**
 * Whether a parsed `data:` payload is an error event rather than a completion chunk: the API reports a failure
 * after the 200 as an error object in the stream.
 */
export function isMistralStreamError(payload: unknown): boolean {
	if (!payload || typeof payload !== "object" || Array.isArray(payload)) return false;
	const record = payload as Record<string, unknown>;
	if (Array.isArray(record.choices)) return false;
	return record.object === "error" || "error" in record || typeof record.message === "string";
}

/**
 * Maps what the Mistral SDK returns or throws to the error event fields. `streamError` is the error event the
 * stream carried, if any (the SDK rejects it as a malformed chunk without its text, so the transport keeps it).
 */
export function classifyMistralError(
	errors: typeof MistralErrors | undefined,
	error: unknown,
	signal: AbortSignal | undefined,
	started: boolean,
	streamError: string | undefined,
): FailureOutcome {
	if (signal?.aborted || (errors && error instanceof errors.RequestAbortedError)) {
		return { reason: "aborted", message: FAILURE_TEXTS.aborted };
	}
	if (streamError !== undefined) return classifyStreamError(streamError);
	if (errors && error instanceof errors.RequestTimeoutError) {
		return { reason: "error", message: FAILURE_TEXTS.timeout, info: makeErrorInfo(undefined, "request_timeout") };
	}
	if (errors && error instanceof errors.MistralError) {
		return classifyHttpError(error.statusCode, error.body, error.message, error.headers);
	}
	// The SDK validates every chunk against its schema (zod): data that is not a chunk at all is malformed.
	if (isSchemaError(error)) {
		const detail = (error as { issues: { message?: string }[] }).issues.map((issue) => issue.message).join("; ");
		return { reason: "error", message: FAILURE_TEXTS.malformedStream(detail), info: { retryable: false } };
	}
	// ConnectionError and UnexpectedClientError wrap the transport's error in `cause`, where its code is found.
	return classifyTransportFailure(error, started);
}

/** An HTTP error response: `<status> <message>`, Mistral's error type, overflow and retry-after. */
function classifyHttpError(status: number, body: string, fallback: string, headers: Headers): FailureOutcome {
	const parsed = parseMistralErrorBody(body);
	const message = parsed?.message ?? (body.trim() || fallback);
	const code = parsed?.type ?? parsed?.code;
	const overflow = isContextOverflow(status, code, message);
	const info = makeErrorInfo(status, overflow ? "context_overflow" : code, parseRetryAfter(headers));
	return { reason: "error", message: formatHttpError(status, message), info };
}

/** An error event inside a started stream: the provider's text, its type as the code; transient types retry. */
function classifyStreamError(raw: string): FailureOutcome {
	const parsed = parseMistralErrorBody(raw);
	const message = parsed?.message ?? raw;
	const code = parsed?.type ?? parsed?.code;
	const overflow = isContextOverflow(undefined, code, message);
	return { reason: "error", message, info: makeErrorInfo(undefined, overflow ? "context_overflow" : code) };
}

function isSchemaError(error: unknown): boolean {
	return error instanceof Error && error.name === "ZodError" && Array.isArray((error as { issues?: unknown }).issues);
}

import type { ErrorInfo } from "../../types.js";
import { findNetworkCode, makeErrorInfo } from "../../utils/errors.js";
import type { AssistantOutput } from "./output.js";

/** Texts pi writes itself when a request fails (events.md §1.7). */
export const FAILURE_TEXTS = {
	aborted: "Request was aborted",
	streamEnded: "Stream ended unexpectedly",
	timeout: "Request timed out",
	malformedStream: (detail: string) => `The provider sent malformed stream data: ${detail}`,
	finishReason: (raw: string) => `Provider finish_reason: ${raw}`,
} as const;

/** What to do with a failure: abort, or an error with its text and `errorInfo`. */
export type FailureOutcome =
	| { reason: "aborted"; message: string }
	| { reason: "error"; message: string; info: ErrorInfo };

/**
 * A failure that is not an HTTP error response: a network error before the response began keeps its own text,
 * while anything after that is a cut stream (always retryable). Malformed stream data (an SDK's JSON.parse failing)
 * says so. Other throws are not retryable.
 */
export function classifyTransportFailure(error: unknown, started: boolean): FailureOutcome {
	const networkCode = findNetworkCode(error);
	const text = error instanceof Error ? error.message : String(error);
	// A JSON.parse of a stream event failing inside the SDK: say where the bad JSON came from.
	if (error instanceof SyntaxError) {
		return { reason: "error", message: FAILURE_TEXTS.malformedStream(text), info: { retryable: false } };
	}
	if (networkCode || started) {
		const message = started ? FAILURE_TEXTS.streamEnded : withRootCause(text, error);
		return { reason: "error", message, info: makeErrorInfo(undefined, networkCode ?? "stream_cut") };
	}
	return { reason: "error", message: text, info: { retryable: false } };
}

/**
 * The SDKs' own texts for a failed connection ("Connection error.", "fetch failed") do not say what failed; the
 * system error at the end of the `cause` chain does ("connect ECONNREFUSED 127.0.0.1:4000"), so it is added.
 */
export function withRootCause(text: string, error: unknown): string {
	let root: unknown = error;
	for (let depth = 0; depth < 6 && root instanceof Error && root.cause instanceof Error; depth++) root = root.cause;
	const detail = root instanceof Error && root !== error ? root.message : "";
	return detail && !text.includes(detail) ? `${text} (${detail})` : text;
}

/** Finalises the output with a classified failure: an abort carries no `errorInfo`. */
export function failOutput(out: AssistantOutput, outcome: FailureOutcome): void {
	if (outcome.reason === "aborted") out.fail("aborted", outcome.message);
	else out.fail("error", outcome.message, outcome.info);
}

/** Ends the output as a cut stream: the response began but its final event never came (retryable). */
export function failStreamCut(out: AssistantOutput): void {
	out.fail("error", FAILURE_TEXTS.streamEnded, makeErrorInfo(undefined, "stream_cut"));
}

/** Ends the output for a finish reason that is no normal end (refusal, safety filter, unknown): it becomes the code. */
export function failFinishReason(out: AssistantOutput, raw: string): void {
	out.fail("error", FAILURE_TEXTS.finishReason(raw), makeErrorInfo(undefined, raw));
}

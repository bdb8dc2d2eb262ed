/**
 * Automatic retry of transient provider failures (rpc.md §6): which replies are retried, how long to wait, and
 * an abortable wait. The decision reads `errorInfo` only; the text of `errorMessage` is never matched.
 */
import type { AssistantMessage } from "@pi/ai";

/** Settings `retry.*` (config.md §2.2). */
export interface RetrySettings {
	enabled: boolean;
	maxRetries: number;
	baseDelayMs: number;
	maxDelayMs: number;
}

/** What to do after a failed reply. */
export type RetryDecision =
	| { kind: "retry"; attempt: number; delayMs: number }
	/** Not retryable at all (no retry events when no retry was under way). */
	| { kind: "none" }
	/** Retryable, but retries are exhausted or the server asked for a wait longer than allowed. */
	| { kind: "give-up"; attempt: number };

/** Whether a reply is a failure a retry can help with. Context overflow is never retried as is. */
export function isRetryableReply(message: AssistantMessage): boolean {
	if (message.stopReason !== "error" || !message.errorInfo) return false;
	if (message.errorInfo.code === "context_overflow") return false;
	return message.errorInfo.retryable === true;
}

/** Whether a reply failed because the prompt no longer fits the model's context. */
export function isContextOverflowReply(message: AssistantMessage): boolean {
	return message.stopReason === "error" && message.errorInfo?.code === "context_overflow";
}

/**
 * Decides the next step after a failed reply. `attemptsSoFar` counts the retries already made for this request
 * (0 before the first retry). Delay before attempt n = baseDelayMs × 2^(n−1), or the server's `retryAfterMs` when
 * longer; a wait above `maxDelayMs` (when not 0) is not honoured and makes the failure final.
 */
export function decideRetry(message: AssistantMessage, attemptsSoFar: number, settings: RetrySettings): RetryDecision {
	if (!settings.enabled || !isRetryableReply(message)) return { kind: "none" };
	const attempt = attemptsSoFar + 1;
	if (attempt > settings.maxRetries) return { kind: "give-up", attempt: attemptsSoFar };
	const backoff = settings.baseDelayMs * 2 ** (attempt - 1);
	const requested = message.errorInfo?.retryAfterMs ?? 0;
	const delayMs = Math.max(backoff, requested);
	if (settings.maxDelayMs > 0 && delayMs > settings.maxDelayMs) return { kind: "give-up", attempt: attemptsSoFar };
	return { kind: "retry", attempt, delayMs };
}

/** Resolves after `ms`, or with `false` as soon as `signal` fires (true when the full wait elapsed). */
export function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<boolean> {
	if (signal.aborted) return Promise.resolve(false);
	return new Promise((resolve) => {
		const timer = setTimeout(() => {
			signal.removeEventListener("abort", onAbort);
			resolve(true);
		}, ms);
		const onAbort = () => {
			clearTimeout(timer);
			resolve(false);
		};
		signal.addEventListener("abort", onAbort, { once: true });
	});
}

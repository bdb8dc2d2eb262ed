/**
 * Automatic retry of transient provider failures (rpc.md §6): which replies are retried, how long to wait, and
 * an abortable wait. The decision reads `errorInfo` only; the text of `errorMessage` is never matched.
 *
 * The session is the only retry layer: pi asks the provider SDKs for no retries of their own (events.md §1.8,
 * `maxRetries: 0`), so every attempt is visible (`auto_retry_start`, the countdown) and attempts do not multiply.
 *
 * Deliberately past rpc.md §6 / config.md §2.2 (issues 19 and 21): the server's `retry-after` is waited exactly
 * (not "the longer of it and the backoff"), the backoff is jittered, and 10 retries are the default instead of 3
 * (the user docs, settings.md "Automatic retry", describe this behaviour).
 */
import type { AssistantMessage } from "@pi/ai";

/** Settings `retry.*` (config.md §2.2). */
export interface RetrySettings {
	enabled: boolean;
	maxRetries: number;
	baseDelayMs: number;
	maxDelayMs: number;
}

/** A source of uniformly distributed numbers in [0, 1), like `Math.random` (tests inject a fixed one). */
export type RandomSource = () => number;

/**
 * Largest backoff window when the server names no wait: the window doubles from `baseDelayMs` up to this (or up
 * to `baseDelayMs` itself when that is larger), so a long outage is polled every few seconds rather than minutes.
 */
export const MAX_BACKOFF_WINDOW_MS = 8000;

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
 * The backoff window before retry `attempt` (1-based): `baseDelayMs × 2^(attempt−1)`, at most
 * max(`MAX_BACKOFF_WINDOW_MS`, `baseDelayMs`), and never above `maxDelayMs` when that is not 0.
 */
export function backoffWindowMs(attempt: number, settings: RetrySettings): number {
	const base = Math.max(0, settings.baseDelayMs);
	let window = Math.min(base * 2 ** (attempt - 1), Math.max(MAX_BACKOFF_WINDOW_MS, base));
	if (settings.maxDelayMs > 0) window = Math.min(window, settings.maxDelayMs);
	return window;
}

/**
 * The wait before retry `attempt`. A server-requested wait (`retryAfterMs`) is waited exactly; otherwise "full
 * jitter": a uniformly random whole number of milliseconds in [0, window], so clients that failed together do
 * not come back together. Returns undefined when the server asked for longer than `maxDelayMs` allows.
 */
export function retryDelayMs(
	message: AssistantMessage,
	attempt: number,
	settings: RetrySettings,
	random: RandomSource = Math.random,
): number | undefined {
	const requested = message.errorInfo?.retryAfterMs;
	if (requested !== undefined) {
		if (settings.maxDelayMs > 0 && requested > settings.maxDelayMs) return undefined;
		// Whole milliseconds (events carry integers); `retry-after: 0.01` is 10 ms, not 10.000000000000002.
		return Math.max(0, Math.round(requested));
	}
	const window = backoffWindowMs(attempt, settings);
	// A broken source (NaN, out of range) must not turn into an endless or negative wait.
	const value = random();
	const draw = Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0;
	return Math.min(window, Math.floor(draw * (window + 1)));
}

/**
 * Decides the next step after a failed reply. `attemptsSoFar` counts the retries already made for this request
 * (0 before the first retry). The delay comes from {@link retryDelayMs}; a requested wait above `maxDelayMs`
 * (when not 0) is not honoured and makes the failure final.
 */
export function decideRetry(
	message: AssistantMessage,
	attemptsSoFar: number,
	settings: RetrySettings,
	random: RandomSource = Math.random,
): RetryDecision {
	if (!settings.enabled || !isRetryableReply(message)) return { kind: "none" };
	const attempt = attemptsSoFar + 1;
	if (attempt > settings.maxRetries) return { kind: "give-up", attempt: attemptsSoFar };
	const delayMs = retryDelayMs(message, attempt, settings, random);
	if (delayMs === undefined) return { kind: "give-up", attempt: attemptsSoFar };
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

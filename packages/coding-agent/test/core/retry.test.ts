/**
 * The retry decision (core/retry.ts) as a pure function: the server's wait is exact, the backoff is full jitter
 * within a doubling window, and the random source is injected, so no test here measures time.
 */
import type { AssistantMessage, ErrorInfo } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { SETTING_DEFAULTS } from "../../src/core/config/settings-schema.js";
import {
	backoffWindowMs,
	decideRetry,
	MAX_BACKOFF_WINDOW_MS,
	type RetrySettings,
	retryDelayMs,
} from "../../src/core/retry.js";
import { assistantMessage } from "../modes/interactive/components/helpers.js";

const DEFAULTS: RetrySettings = {
	enabled: SETTING_DEFAULTS["retry.enabled"],
	maxRetries: SETTING_DEFAULTS["retry.maxRetries"],
	baseDelayMs: SETTING_DEFAULTS["retry.baseDelayMs"],
	maxDelayMs: SETTING_DEFAULTS["retry.maxDelayMs"],
};

function failed(errorInfo: ErrorInfo | undefined): AssistantMessage {
	return assistantMessage([], {
		provider: "mock",
		model: "mock-model",
		stopReason: "error",
		errorMessage: "failed",
		...(errorInfo ? { errorInfo } : {}),
	});
}

const overloaded = failed({ status: 529, code: "overloaded_error", retryable: true });
const fixed = (value: number) => () => value;

describe("retry defaults (docs/settings.md)", () => {
	it("are 10 retries from a 2 s base, waits capped at 60 s", () => {
		expect(DEFAULTS).toEqual({ enabled: true, maxRetries: 10, baseDelayMs: 2000, maxDelayMs: 60_000 });
	});

	it("the backoff window doubles from 2 s and stops growing at 8 s", () => {
		const windows = Array.from({ length: 10 }, (_, i) => backoffWindowMs(i + 1, DEFAULTS));
		expect(windows).toEqual([2000, 4000, 8000, 8000, 8000, 8000, 8000, 8000, 8000, 8000]);
		expect(MAX_BACKOFF_WINDOW_MS).toBe(8000);
	});
});

describe("retryDelayMs", () => {
	it("waits exactly the server's retry-after, whatever the random source says", () => {
		const asked = failed({ status: 529, retryable: true, retryAfterMs: 10 });
		expect(retryDelayMs(asked, 1, DEFAULTS, fixed(0.99))).toBe(10);
		expect(retryDelayMs(asked, 7, DEFAULTS, fixed(0))).toBe(10);
		// retry-after: 0 means "now".
		expect(retryDelayMs(failed({ status: 429, retryable: true, retryAfterMs: 0 }), 1, DEFAULTS, fixed(0.5))).toBe(0);
	});

	it("a requested wait above maxDelayMs is not honoured; maxDelayMs 0 lifts the cap", () => {
		const long = failed({ status: 429, retryable: true, retryAfterMs: 60_001 });
		expect(retryDelayMs(long, 1, DEFAULTS)).toBeUndefined();
		expect(retryDelayMs(failed({ status: 429, retryable: true, retryAfterMs: 60_000 }), 1, DEFAULTS)).toBe(60_000);
		expect(retryDelayMs(long, 1, { ...DEFAULTS, maxDelayMs: 0 })).toBe(60_001);
	});

	it("without retry-after: full jitter, a whole number of ms in [0, window]", () => {
		// The lowest and highest draws reach both ends of the window.
		expect(retryDelayMs(overloaded, 1, DEFAULTS, fixed(0))).toBe(0);
		expect(retryDelayMs(overloaded, 1, DEFAULTS, fixed(0.999999999))).toBe(2000);
		expect(retryDelayMs(overloaded, 2, DEFAULTS, fixed(0.5))).toBe(2000);
		expect(retryDelayMs(overloaded, 3, DEFAULTS, fixed(0.25))).toBe(2000);
		expect(retryDelayMs(overloaded, 9, DEFAULTS, fixed(0.999999999))).toBe(8000);
		// Every draw of a seeded sequence stays inside the window of its attempt.
		let seed = 42;
		const lcg = () => {
			seed = (seed * 1103515245 + 12345) % 2 ** 31;
			return seed / 2 ** 31;
		};
		for (let attempt = 1; attempt <= 10; attempt++) {
			for (let i = 0; i < 200; i++) {
				const delay = retryDelayMs(overloaded, attempt, DEFAULTS, lcg)!;
				expect(Number.isInteger(delay)).toBe(true);
				expect(delay).toBeGreaterThanOrEqual(0);
				expect(delay).toBeLessThanOrEqual(backoffWindowMs(attempt, DEFAULTS));
			}
		}
	});

	it("a broken random source cannot produce a negative or endless wait", () => {
		expect(retryDelayMs(overloaded, 1, DEFAULTS, fixed(Number.NaN))).toBe(0);
		expect(retryDelayMs(overloaded, 1, DEFAULTS, fixed(-3))).toBe(0);
		expect(retryDelayMs(overloaded, 1, DEFAULTS, fixed(7))).toBe(2000);
	});

	it("the window follows baseDelayMs above 8 s and never exceeds maxDelayMs", () => {
		const slow = { ...DEFAULTS, baseDelayMs: 20_000 };
		expect(backoffWindowMs(1, slow)).toBe(20_000);
		expect(backoffWindowMs(4, slow)).toBe(20_000);
		expect(backoffWindowMs(3, { ...DEFAULTS, maxDelayMs: 5000 })).toBe(5000);
		expect(retryDelayMs(overloaded, 3, { ...DEFAULTS, maxDelayMs: 5000 }, fixed(0.999999999))).toBe(5000);
	});
});

describe("decideRetry", () => {
	it("retries a retryable failure with the drawn delay, up to maxRetries, then gives up", () => {
		expect(decideRetry(overloaded, 0, DEFAULTS, fixed(0.5))).toEqual({ kind: "retry", attempt: 1, delayMs: 1000 });
		expect(decideRetry(overloaded, 9, DEFAULTS, fixed(0))).toEqual({ kind: "retry", attempt: 10, delayMs: 0 });
		expect(decideRetry(overloaded, 10, DEFAULTS, fixed(0))).toEqual({ kind: "give-up", attempt: 10 });
	});

	it("gives up at once when the server asks for longer than maxDelayMs", () => {
		const long = failed({ status: 429, retryable: true, retryAfterMs: 120_000 });
		expect(decideRetry(long, 0, DEFAULTS)).toEqual({ kind: "give-up", attempt: 0 });
		expect(decideRetry(long, 2, DEFAULTS)).toEqual({ kind: "give-up", attempt: 2 });
	});

	it("does not retry what errorInfo calls final, an overflow, a reply without errorInfo, or when disabled", () => {
		expect(decideRetry(failed({ code: "upstream_error", retryable: false }), 0, DEFAULTS)).toEqual({ kind: "none" });
		expect(decideRetry(failed({ status: 400, code: "context_overflow", retryable: false }), 0, DEFAULTS)).toEqual({
			kind: "none",
		});
		expect(decideRetry(failed(undefined), 0, DEFAULTS)).toEqual({ kind: "none" });
		expect(decideRetry(overloaded, 0, { ...DEFAULTS, enabled: false })).toEqual({ kind: "none" });
	});
});

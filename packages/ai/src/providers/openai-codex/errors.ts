import type { ErrorInfo } from "../../types.js";
import { formatHttpError, parseRetryAfter } from "../../utils/errors.js";
import { classifyOpenAIError } from "../openai-shared/errors.js";
import type { FailureOutcome } from "../shared/failure.js";
import { requireSdk } from "../shared/require-sdk.js";
import { CODEX_TEXTS } from "./texts.js";

const { APIError } = requireSdk("openai") as typeof import("openai");

/** Error codes of a subscription limit: sending the request again cannot help before the reset. */
const LIMIT_CODES = new Set(["usage_limit_reached", "usage_not_included"]);

/**
 * Classifies a failed Codex request like any OpenAI SDK error, except for the subscription's usage limit (HTTP
 * 429 `usage_limit_reached` with the reset time, or `usage_not_included`): a message saying when the limit resets,
 * the wait as `retryAfterMs`, and not retryable, since an automatic retry would only hit the limit again.
 */
export function classifyCodexError(error: unknown, signal: AbortSignal | undefined, started: boolean): FailureOutcome {
	if (!signal?.aborted && error instanceof APIError && error.status !== undefined) {
		const limit = readUsageLimit(error.error, error.headers);
		if (limit) {
			const message =
				limit.code === "usage_not_included"
					? CODEX_TEXTS.usageNotIncluded
					: CODEX_TEXTS.usageLimit(limit.plan, limit.retryAfterMs);
			const info: ErrorInfo = { status: error.status, code: limit.code, retryable: false };
			if (limit.retryAfterMs !== undefined) info.retryAfterMs = limit.retryAfterMs;
			return { reason: "error", message: formatHttpError(error.status, message), info };
		}
	}
	return classifyOpenAIError(error, signal, started);
}

interface UsageLimit {
	code: string;
	plan?: string;
	retryAfterMs?: number;
}

/** The usage-limit fields of an error body (`{type|code, plan_type, resets_at | resets_in_seconds}`), if it is one. */
function readUsageLimit(body: unknown, headers: unknown, now = Date.now()): UsageLimit | undefined {
	if (!body || typeof body !== "object") return undefined;
	const record = body as Record<string, unknown>;
	const code = [record.code, record.type].find((value) => typeof value === "string" && LIMIT_CODES.has(value));
	if (typeof code !== "string") return undefined;
	const plan = typeof record.plan_type === "string" && record.plan_type ? record.plan_type.toLowerCase() : undefined;
	let retryAfterMs: number | undefined;
	if (typeof record.resets_at === "number") retryAfterMs = Math.max(0, record.resets_at * 1000 - now);
	else if (typeof record.resets_in_seconds === "number") retryAfterMs = Math.max(0, record.resets_in_seconds * 1000);
	else retryAfterMs = parseRetryAfter(headers, now);
	return { code, plan, retryAfterMs };
}

/**
 * The Codex backend answers some failures with `{"detail": "..."}` (e.g. 400 "Unsupported parameter"), a body
 * the OpenAI SDK cannot read (it reports "status code (no body)"). This fetch wrapper rewrites such a body into
 * the OpenAI error shape so the backend's text reaches the user; every other response passes unchanged.
 */
export function withDetailErrors(base: typeof fetch): typeof fetch {
	return async (input, init) => {
		const response = await base(input, init);
		if (response.ok) return response;
		const text = await response.text();
		let body = text;
		try {
			const parsed = JSON.parse(text) as Record<string, unknown> | null;
			if (parsed && typeof parsed === "object" && !("error" in parsed) && typeof parsed.detail === "string") {
				body = JSON.stringify({ error: { message: parsed.detail } });
			}
		} catch {
			// Not JSON: the SDK reports the raw text itself.
		}
		// The body is already decoded and may have changed length.
		const headers = new Headers(response.headers);
		headers.delete("content-length");
		headers.delete("content-encoding");
		return new Response(body, { status: response.status, statusText: response.statusText, headers });
	};
}

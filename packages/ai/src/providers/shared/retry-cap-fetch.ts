/**
 * `maxRetryDelayMs` (events.md §1.8) for SDKs that retry on their own (`maxRetries > 0`): when a failed response
 * asks for a longer wait than the cap, the SDK must fail at once instead of sleeping. The Stainless-generated SDKs
 * (Anthropic, OpenAI) obey an `x-should-retry: false` response header, so this fetch adds it to such responses;
 * the response is otherwise unchanged (status, body, `retry-after` still reach the error classification).
 */
import type { StreamOptions } from "../../types.js";
import { parseRetryAfter } from "../../utils/errors.js";
import { sdkFetch } from "./http-fetch.js";

/** Default of `maxRetryDelayMs` (events.md §1.8). */
export const DEFAULT_MAX_RETRY_DELAY_MS = 60_000;

/** Whether a failed response asks for a longer retry wait than `maxRetryDelayMs` (default 60000; 0 = no cap). */
function exceedsRetryCap(response: Response, maxRetryDelayMs: number | undefined): boolean {
	const cap = maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
	if (cap <= 0 || response.ok) return false;
	const wait = parseRetryAfter(response.headers);
	return wait !== undefined && wait > cap;
}

/** A fetch that marks failed responses exceeding the retry cap as not retryable for the SDK. */
function createRetryCapFetch(maxRetryDelayMs: number | undefined): typeof fetch {
	return async (input, init) => {
		const response = await sdkFetch(input, init);
		if (!exceedsRetryCap(response, maxRetryDelayMs)) return response;
		const headers = new Headers(response.headers);
		headers.set("x-should-retry", "false");
		return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
	};
}

/** Calls `onResponse` with a response's status and headers before handing it on; a failing hook is ignored. */
export async function reportResponse(response: Response, onResponse: StreamOptions["onResponse"]): Promise<void> {
	if (!onResponse) return;
	const headers: Record<string, string> = {};
	response.headers.forEach((value, name) => {
		headers[name] = value;
	});
	try {
		await onResponse({ status: response.status, headers });
	} catch {
		// An observer must not break the request.
	}
}

/**
 * SDK client options for the transport (`sdkFetch`), `maxRetries` and `maxRetryDelayMs`: retries off by default,
 * the cap when on; `onResponse` hears every response.
 */
export function sdkRetryOptions(options: Pick<StreamOptions, "maxRetries" | "maxRetryDelayMs" | "onResponse">): {
	maxRetries: number;
	fetch: typeof fetch;
} {
	const maxRetries = options.maxRetries ?? 0;
	const transport = maxRetries > 0 ? createRetryCapFetch(options.maxRetryDelayMs) : sdkFetch;
	const { onResponse } = options;
	if (!onResponse) return { maxRetries, fetch: transport };
	const reporting: typeof fetch = async (input, init) => {
		const response = await transport(input, init);
		await reportResponse(response, onResponse);
		return response;
	};
	return { maxRetries, fetch: reporting };
}

/**
 * `maxRetryDelayMs` for @google/genai, whose retries (its own exponential backoff) obey no response header: a failed
 * response asking for a longer wait than the cap aborts the SDK's retry loop through `signal`, the signal to give
 * the SDK in place of the caller's (which it follows). The body is read before that abort so the SDK still turns the
 * response into its own `ApiError`, and the caller sees the provider's error, not an abort.
 */
export function createAbortingRetryCap(
	maxRetryDelayMs: number | undefined,
	callerSignal: AbortSignal | undefined,
): { signal: AbortSignal; inspect(response: Response): Promise<Response>; dispose(): void } {
	const controller = new AbortController();
	const follow = () => controller.abort(callerSignal?.reason);
	if (callerSignal?.aborted) follow();
	else callerSignal?.addEventListener("abort", follow, { once: true });
	return {
		signal: controller.signal,
		/** Stops following the caller's signal (which may outlive this request). */
		dispose: () => callerSignal?.removeEventListener("abort", follow),
		async inspect(response) {
			if (!exceedsRetryCap(response, maxRetryDelayMs)) return response;
			const body = await response.arrayBuffer();
			controller.abort();
			return new Response(body, {
				status: response.status,
				statusText: response.statusText,
				headers: response.headers,
			});
		},
	};
}

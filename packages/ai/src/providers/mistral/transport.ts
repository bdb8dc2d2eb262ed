/**
 * The HTTP side of the Mistral adapter: the `fetch` the SDK is given (pi's transport, the head timeout, `onResponse`,
 * and a watch for error events in the stream) and pi's own retry loop, because the SDK's retries count elapsed time,
 * not attempts, and cannot be told to give up on a long `retry-after`.
 */
import type { StreamOptions } from "../../types.js";
import { isRetryable, parseRetryAfter } from "../../utils/errors.js";
import { sdkFetch } from "../shared/http-fetch.js";
import { DEFAULT_MAX_RETRY_DELAY_MS, reportResponse } from "../shared/retry-cap-fetch.js";
import { isMistralStreamError } from "./errors.js";

/** First wait of the retry backoff when the server names none; doubled per attempt up to the maximum. */
const BACKOFF_START_MS = 500;
const BACKOFF_MAX_MS = 8_000;

/** Holds the raw error event a stream carried, for the error classification. */
export class StreamErrorWatch {
	/** The JSON text of the first error event seen. */
	error: string | undefined;

	/** The response with its body watched: bytes pass through unchanged, `data:` lines that are errors are kept. */
	watch(response: Response): Response {
		if (!response.ok || !response.body) return response;
		const decoder = new TextDecoder();
		let pending = "";
		const scan = (text: string, flush: boolean) => {
			const lines = (pending + text).split("\n");
			pending = flush ? "" : (lines.pop() ?? "");
			for (const line of lines) this.inspect(line);
		};
		const body = response.body.pipeThrough(
			new TransformStream<Uint8Array, Uint8Array>({
				transform(chunk, controller) {
					controller.enqueue(chunk);
					scan(decoder.decode(chunk, { stream: true }), false);
				},
				flush() {
					scan(decoder.decode(), true);
				},
			}),
		);
		return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
	}

	private inspect(line: string): void {
		// Only lines that can be an error are parsed: completion chunks are the SDK's to parse.
		if (this.error !== undefined || !line.startsWith("data:") || !line.includes("error")) return;
		const data = line.slice(5).trim();
		try {
			if (isMistralStreamError(JSON.parse(data))) this.error = data;
		} catch {
			// Not JSON: the SDK reports it as malformed data.
		}
	}
}

/**
 * The fetch for the SDK's HTTP client, which hands it a `Request`: sent through pi's transport with the caller's
 * timeout applied until the response head arrives (a streamed answer may take longer), reported to `onResponse`,
 * its body watched for error events.
 */
export function createMistralFetch(
	options: Pick<StreamOptions, "timeoutMs" | "onResponse">,
	watch: StreamErrorWatch,
): (input: Request | string | URL, init?: RequestInit) => Promise<Response> {
	return async (input, init) => {
		const request = input instanceof Request ? input : new Request(input, init);
		const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.text();
		const send = (signal: AbortSignal) =>
			sdkFetch(request.url, { method: request.method, headers: request.headers, body, signal });
		const response = await withHeadTimeout(options.timeoutMs, request.signal, send);
		await reportResponse(response, options.onResponse);
		return watch.watch(response);
	};
}

/**
 * Runs `send` with a signal that also fires `timeoutMs` after the start unless the response head came first. The
 * timeout's reason is a `TimeoutError`, which the SDK reports as its `RequestTimeoutError`.
 */
async function withHeadTimeout(
	timeoutMs: number | undefined,
	signal: AbortSignal,
	send: (signal: AbortSignal) => Promise<Response>,
): Promise<Response> {
	if (timeoutMs === undefined || timeoutMs <= 0) return send(signal);
	const controller = new AbortController();
	const follow = () => controller.abort(signal.reason);
	if (signal.aborted) follow();
	else signal.addEventListener("abort", follow, { once: true });
	const timer = setTimeout(
		() => controller.abort(new DOMException(`No response within ${timeoutMs} ms`, "TimeoutError")),
		timeoutMs,
	);
	try {
		return await send(controller.signal);
	} finally {
		clearTimeout(timer);
	}
}

/** What the retry loop needs to know about a failed attempt. */
export interface AttemptFailure {
	/** HTTP status of an error response; undefined for a connection failure. */
	status?: number;
	headers?: Headers;
	/** Whether the failure is one a new attempt can fix (an HTTP status decides by itself). */
	transient: boolean;
}

/**
 * The wait before the next attempt, or undefined to give up: retries exhausted (`maxRetries`, default 0), a failure
 * no retry can fix, or a server-requested wait longer than `maxRetryDelayMs` (default 60 s, 0 = no cap).
 */
export function retryDelay(
	failure: AttemptFailure,
	attempt: number,
	options: Pick<StreamOptions, "maxRetries" | "maxRetryDelayMs">,
): number | undefined {
	if (attempt >= (options.maxRetries ?? 0)) return undefined;
	if (failure.status !== undefined ? !isRetryable(failure.status, undefined) : !failure.transient) return undefined;
	const requested = parseRetryAfter(failure.headers);
	const cap = options.maxRetryDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;
	if (requested !== undefined) return cap > 0 && requested > cap ? undefined : requested;
	return Math.min(BACKOFF_START_MS * 2 ** attempt, BACKOFF_MAX_MS);
}

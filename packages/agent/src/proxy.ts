/**
 * A stream function for apps that relay LLM calls through their own server (the server holds the provider
 * keys). It POSTs the model, context and options to the relay and rebuilds the event stream from compact SSE
 * events. Like every stream function it never throws: failures end the stream with an `error` event.
 */
import {
	type AssistantMessage,
	AssistantMessageEventStream,
	type Context,
	createEmptyAssistantMessage,
	createRequestSignal,
	type ErrorInfo,
	FAILURE_TEXTS,
	findNetworkCode,
	type Model,
	makeErrorInfo,
	type SimpleStreamOptions,
} from "@pi/ai";
import { type ProxyEvent, ProxyEventDecoder, type ProxyRequestBody } from "./proxy-wire.js";
import type { StreamFn } from "./types.js";

/** Texts of proxy failures, as the assistant message's errorMessage. */
export const PROXY_ERROR_TEXTS = {
	http: (status: number, detail: string) => `Proxy error: ${status}${detail ? ` ${detail}` : ""}`,
	aborted: FAILURE_TEXTS.aborted,
	ended: FAILURE_TEXTS.streamEnded,
} as const;

export interface ProxyClientOptions {
	/** The relay endpoint, e.g. `https://example.com/api/llm`. */
	url: string;
	/** Sent as `Authorization: Bearer <token>`; a function is asked once per request. */
	authToken?: string | (() => string | undefined | Promise<string | undefined>);
	/** Extra request headers for the relay. */
	headers?: Record<string, string>;
	/** Fetch implementation; default the global fetch. */
	fetch?: typeof fetch;
}

/** A StreamFn that relays every LLM call through `options.url`. */
export function createProxyStreamFn(options: ProxyClientOptions): StreamFn {
	return (model, context, streamOptions) => streamProxy(model, context, streamOptions, options);
}

/**
 * Streams one assistant message through a relay. `signal` aborts the HTTP request (the relay then aborts its
 * upstream call); `apiKey`, `signal`, `onPayload` and `onResponse` are never sent.
 */
export function streamProxy(
	model: Model,
	context: Context,
	streamOptions: SimpleStreamOptions,
	proxy: ProxyClientOptions,
): AssistantMessageEventStream {
	const output = new AssistantMessageEventStream();
	const { signal, apiKey: _apiKey, onPayload: _onPayload, onResponse: _onResponse, ...sendable } = streamOptions;
	const decoder = new ProxyEventDecoder(createEmptyAssistantMessage(model));
	const fail = (reason: "error" | "aborted", errorMessage: string, errorInfo?: ErrorInfo) => {
		if (output.isDone) return;
		const error: AssistantMessage = { ...decoder.current(), stopReason: reason, errorMessage };
		if (reason === "error" && errorInfo) error.errorInfo = errorInfo;
		output.push({ type: "error", reason, error });
	};

	if (signal?.aborted) {
		fail("aborted", PROXY_ERROR_TEXTS.aborted);
		return output;
	}
	// fetch leaves its abort listener on the signal it is given until the request is garbage-collected, and a run's
	// signal serves many requests: the request gets a signal of its own, linked until its terminal event.
	const requestSignal = createRequestSignal(signal);
	if (requestSignal) void output.result().then(requestSignal.release);
	void (async () => {
		try {
			const token = typeof proxy.authToken === "function" ? await proxy.authToken() : proxy.authToken;
			const body: ProxyRequestBody = { model, context, options: sendable };
			const response = await (proxy.fetch ?? fetch)(proxy.url, {
				method: "POST",
				headers: {
					"content-type": "application/json",
					accept: "text/event-stream",
					...(token ? { authorization: `Bearer ${token}` } : {}),
					...proxy.headers,
				},
				body: JSON.stringify(body),
				signal: requestSignal?.signal,
			});
			if (!response.ok || !response.body) {
				const detail = await readErrorDetail(response);
				const info = makeErrorInfo(response.status, undefined);
				return fail("error", PROXY_ERROR_TEXTS.http(response.status, detail), info);
			}
			for await (const data of readSseData(response.body)) {
				output.push(decoder.decode(JSON.parse(data) as ProxyEvent));
				if (output.isDone) return;
			}
			if (signal?.aborted) return fail("aborted", PROXY_ERROR_TEXTS.aborted);
			// A stream cut before its final event is worth retrying (events.md §1.4).
			fail("error", PROXY_ERROR_TEXTS.ended, { retryable: true });
		} catch (error) {
			if (signal?.aborted) return fail("aborted", PROXY_ERROR_TEXTS.aborted);
			const message = error instanceof Error ? error.message : String(error);
			fail("error", message, makeErrorInfo(undefined, findNetworkCode(error)));
		} finally {
			requestSignal?.release();
		}
	})();
	return output;
}

/** The relay's `{error}` JSON body or its text, shortened. */
async function readErrorDetail(response: Response): Promise<string> {
	const text = (await response.text().catch(() => "")).trim();
	try {
		const parsed = JSON.parse(text) as { error?: unknown };
		if (typeof parsed.error === "string") return parsed.error;
	} catch {
		// not JSON: use the text
	}
	return text.slice(0, 500);
}

/** Yields the `data:` payload of each SSE event. */
async function* readSseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
	const decoder = new TextDecoder();
	let buffer = "";
	// A reader rather than async iteration: not every browser can iterate a ReadableStream.
	const reader = body.getReader();
	while (true) {
		const { value, done } = await reader.read();
		if (done) return;
		buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, "\n");
		let boundary = buffer.indexOf("\n\n");
		while (boundary !== -1) {
			const block = buffer.slice(0, boundary);
			buffer = buffer.slice(boundary + 2);
			const data = block
				.split("\n")
				.filter((line) => line.startsWith("data:"))
				.map((line) => line.slice(line.startsWith("data: ") ? 6 : 5))
				.join("\n");
			if (data) yield data;
			boundary = buffer.indexOf("\n\n");
		}
	}
}

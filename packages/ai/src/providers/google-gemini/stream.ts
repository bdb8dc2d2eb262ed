import type { GoogleGenAI, HttpOptions } from "@google/genai";
import type { Context, Model } from "../../types.js";
import type { AssistantMessageEventStream } from "../../utils/event-stream.js";
import { FAILURE_TEXTS, type FailureOutcome, failOutput } from "../shared/failure.js";
import { sdkFetch } from "../shared/http-fetch.js";
import { AssistantOutput } from "../shared/output.js";
import { applyOnPayload } from "../shared/request.js";
import { createAbortingRetryCap, reportResponse } from "../shared/retry-cap-fetch.js";
import { classifyGeminiError } from "./errors.js";
import { buildGeminiParams, type GoogleOptions } from "./request.js";
import { GeminiStreamReader } from "./stream-reader.js";

/** The transport part of the SDK's `httpOptions`, given with each request. */
type GeminiTransportOptions = Pick<HttpOptions, "headers" | "timeout" | "retryOptions" | "fetch">;

/** What differs between the backends that speak the Gemini wire format through `@google/genai`. */
export interface GeminiBackend {
	/**
	 * The client for one request (it may be one kept from an earlier request: the transport options travel with each
	 * request). May throw (or reject) with a configuration error, which becomes the request's error event.
	 */
	createClient(): GoogleGenAI | Promise<GoogleGenAI>;
	/**
	 * A backend's own reading of a failure (e.g. missing credentials); undefined leaves it to the Gemini rules. Told
	 * of every failure that is not an abort.
	 */
	classifyError?(error: unknown): FailureOutcome | undefined;
}

/**
 * Streams one assistant message with `generateContentStream`: request building, the stream reader, `onPayload`,
 * `onResponse`, SDK retries under `maxRetryDelayMs`, and error classification, shared by the Gemini API and
 * Vertex AI adapters.
 */
export async function streamGeminiBackend(
	backend: GeminiBackend,
	model: Model,
	context: Context,
	options: GoogleOptions,
	stream: AssistantMessageEventStream,
): Promise<void> {
	const out = new AssistantOutput(model, stream);
	const reader = new GeminiStreamReader(out);
	// The SDK's errors carry no headers; the last response's are kept for `retry-after`.
	let lastHeaders: Headers | undefined;
	const maxRetries = options.maxRetries ?? 0;
	const retryCap = maxRetries > 0 ? createAbortingRetryCap(options.maxRetryDelayMs, options.signal) : undefined;
	try {
		const client = await backend.createClient();
		// Per request, so a client kept across requests still gets this request's headers, limits and listeners.
		const transport: GeminiTransportOptions = {
			headers: { ...model.headers, ...options.headers },
			...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
			...(maxRetries > 0 ? { retryOptions: { attempts: maxRetries + 1 } } : {}),
			fetch: async (input, init) => {
				const response = await sdkFetch(input, init);
				lastHeaders = response.headers;
				await reportResponse(response, options.onResponse);
				return retryCap ? retryCap.inspect(response) : response;
			},
		};
		const params = await applyOnPayload(buildGeminiParams(model, context, options), model, options);
		const chunks = await client.models.generateContentStream({
			...params,
			config: { ...params.config, httpOptions: transport, abortSignal: retryCap?.signal ?? options.signal },
		});
		for await (const chunk of chunks) reader.push(chunk);
		if (options.signal?.aborted) out.fail("aborted", FAILURE_TEXTS.aborted);
		else reader.end();
	} catch (error) {
		const own = options.signal?.aborted ? undefined : backend.classifyError?.(error);
		failOutput(out, own ?? classifyGeminiError(error, options.signal, out.isStarted, lastHeaders));
	} finally {
		retryCap?.dispose();
	}
}

import type { MistralCore } from "@mistralai/mistralai/core.js";
import type { ChatCompletionStreamRequest, CompletionEvent } from "@mistralai/mistralai/models/components";
import type { ApiAdapter } from "../registry.js";
import type { Context, Model } from "../types.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import { sleep } from "../utils/sleep.js";
import { createMistralClient, loadMistralSdk, type MistralSdk } from "./mistral/client.js";
import { classifyMistralError } from "./mistral/errors.js";
import { buildMistralRequest, type MistralOptions, mapMistralSimpleOptions } from "./mistral/request.js";
import { MistralStreamReader } from "./mistral/stream-reader.js";
import { retryDelay, StreamErrorWatch } from "./mistral/transport.js";
import { FAILURE_TEXTS, failOutput } from "./shared/failure.js";
import { AssistantOutput } from "./shared/output.js";
import { applyOnPayload } from "./shared/request.js";

export { mistralServerUrl } from "./mistral/client.js";
export type { MistralOptions } from "./mistral/request.js";

/**
 * Request headers: the model's, then the caller's; `x-affinity` (which routes a session to the replica holding its
 * prompt cache) carries the session id unless caching is off or a header already sets it.
 */
function requestHeaders(model: Model, options: MistralOptions): Record<string, string> {
	const headers: Record<string, string> = { ...model.headers, ...options.headers };
	const named = Object.keys(headers).some((name) => name.toLowerCase() === "x-affinity");
	if (options.sessionId && options.cacheRetention !== "none" && !named) headers["x-affinity"] = options.sessionId;
	return headers;
}

/**
 * Opens the stream: one attempt per SDK call (the SDK's own retries stay off), repeated here while `retryDelay`
 * allows. Resolves with the event stream, or throws what the SDK returned for the last failed attempt.
 */
async function openStream(
	sdk: MistralSdk,
	client: MistralCore,
	request: ChatCompletionStreamRequest,
	model: Model,
	options: MistralOptions,
): Promise<AsyncIterable<CompletionEvent>> {
	for (let attempt = 0; ; attempt++) {
		const result = await sdk.chatStream(client, request, {
			retries: { strategy: "none" },
			headers: requestHeaders(model, options),
			// Always a signal: without one the SDK aborts the whole request, streamed body included, after 5 minutes.
			signal: options.signal ?? new AbortController().signal,
		});
		if (result.ok) return result.value;
		const error = result.error;
		const http = error instanceof sdk.errors.MistralError ? error : undefined;
		const transient = error instanceof sdk.errors.ConnectionError || error instanceof sdk.errors.RequestTimeoutError;
		const wait = retryDelay({ status: http?.statusCode, headers: http?.headers, transient }, attempt, options);
		if (wait === undefined || options.signal?.aborted) throw error;
		await sleep(wait, options.signal);
	}
}

/** Streams one assistant message over Mistral's chat completions (`chatStream` of the official SDK). */
async function streamMistral(
	model: Model,
	context: Context,
	options: MistralOptions,
	stream: AssistantMessageEventStream,
): Promise<void> {
	const out = new AssistantOutput(model, stream);
	const reader = new MistralStreamReader(out);
	const watch = new StreamErrorWatch();
	let sdk: MistralSdk | undefined;
	try {
		sdk = await loadMistralSdk();
		const client = createMistralClient(sdk, model, options, watch);
		const request = await applyOnPayload(buildMistralRequest(model, context, options), model, options);
		const events = await openStream(sdk, client, request, model, options);
		for await (const event of events) reader.push(event.data);
		if (options.signal?.aborted) out.fail("aborted", FAILURE_TEXTS.aborted);
		else reader.end();
	} catch (error) {
		failOutput(out, classifyMistralError(sdk?.errors, error, options.signal, out.isStarted, watch.error));
	}
}

/** The `mistral-conversations` adapter (provider `mistral`). */
export const mistralAdapter: ApiAdapter = {
	api: "mistral-conversations",
	stream: (model, context, options, output) => streamMistral(model, context, options as MistralOptions, output),
	mapSimpleOptions: mapMistralSimpleOptions,
};

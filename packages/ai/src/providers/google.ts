import type { ApiAdapter } from "../registry.js";
import type { Context, Model, ProviderStreamOptions, SimpleStreamOptions } from "../types.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import { classifyGeminiError } from "./google-gemini/errors.js";
import { buildGeminiParams, type GoogleOptions, mapGeminiThinking } from "./google-gemini/request.js";
import { GeminiStreamReader } from "./google-gemini/stream-reader.js";
import { FAILURE_TEXTS, failOutput } from "./shared/failure.js";
import { sdkFetch } from "./shared/http-fetch.js";
import { AssistantOutput } from "./shared/output.js";
import { applyOnPayload } from "./shared/request.js";
import { requireSdk } from "./shared/require-sdk.js";
import { createAbortingRetryCap, reportResponse } from "./shared/retry-cap-fetch.js";

const { GoogleGenAI } = requireSdk("@google/genai") as typeof import("@google/genai");

export type { GeminiThinkingLevel, GoogleOptions } from "./google-gemini/request.js";

/**
 * The model's base URL includes the API version (`…/v1beta`, config.md §3); the SDK wants the two apart.
 * Without a version segment the URL is used as is.
 */
export function splitGeminiBaseUrl(baseUrl: string): { baseUrl: string; apiVersion: string } {
	const match = /^(.*?)\/(v\d+[a-z0-9]*)\/?$/i.exec(baseUrl);
	return match
		? { baseUrl: match[1]!, apiVersion: match[2]! }
		: { baseUrl: baseUrl.replace(/\/$/, ""), apiVersion: "" };
}

/** Streams one assistant message over the Gemini API (`generateContentStream`). */
async function streamGemini(
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
		const client = new GoogleGenAI({
			apiKey: options.apiKey ?? "",
			httpOptions: {
				...splitGeminiBaseUrl(model.baseUrl),
				headers: { ...model.headers, ...options.headers },
				...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
				...(maxRetries > 0 ? { retryOptions: { attempts: maxRetries + 1 } } : {}),
				fetch: async (input, init) => {
					const response = await sdkFetch(input, init);
					lastHeaders = response.headers;
					await reportResponse(response, options.onResponse);
					return retryCap ? retryCap.inspect(response) : response;
				},
			},
		});
		const params = await applyOnPayload(buildGeminiParams(model, context, options), model, options);
		const chunks = await client.models.generateContentStream({
			...params,
			config: { ...params.config, abortSignal: retryCap?.signal ?? options.signal },
		});
		for await (const chunk of chunks) reader.push(chunk);
		if (options.signal?.aborted) out.fail("aborted", FAILURE_TEXTS.aborted);
		else reader.end();
	} catch (error) {
		failOutput(out, classifyGeminiError(error, options.signal, out.isStarted, lastHeaders));
	} finally {
		retryCap?.dispose();
	}
}

/** Provider-neutral options to raw ones: the thinking level becomes a Gemini level or token budget. */
function mapGoogleSimpleOptions(model: Model, options: SimpleStreamOptions): ProviderStreamOptions {
	const { reasoning: _level, thinkingBudgets: _budgets, ...common } = options;
	const thinking = mapGeminiThinking(model, options);
	const raw: GoogleOptions = thinking ? { ...common, thinking } : common;
	return raw as ProviderStreamOptions;
}

/** The `google-generative-ai` adapter. */
export const googleAdapter: ApiAdapter = {
	api: "google-generative-ai",
	stream: (model, context, options, output) => streamGemini(model, context, options as GoogleOptions, output),
	mapSimpleOptions: mapGoogleSimpleOptions,
};

import type { ApiAdapter } from "../registry.js";
import type { Context, Model } from "../types.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import { type GoogleOptions, mapGoogleSimpleOptions } from "./google-gemini/request.js";
import { type GeminiBackend, streamGeminiBackend } from "./google-gemini/stream.js";
import { requireSdk } from "./shared/require-sdk.js";

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
function streamGemini(
	model: Model,
	context: Context,
	options: GoogleOptions,
	stream: AssistantMessageEventStream,
): Promise<void> {
	const backend: GeminiBackend = {
		createClient: () =>
			new GoogleGenAI({ apiKey: options.apiKey ?? "", httpOptions: splitGeminiBaseUrl(model.baseUrl) }),
	};
	return streamGeminiBackend(backend, model, context, options, stream);
}

/** The `google-generative-ai` adapter. */
export const googleAdapter: ApiAdapter = {
	api: "google-generative-ai",
	stream: (model, context, options, output) => streamGemini(model, context, options as GoogleOptions, output),
	mapSimpleOptions: mapGoogleSimpleOptions,
};

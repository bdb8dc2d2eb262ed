import type { OpenAI as OpenAIClient } from "openai";
import type { Model, StreamOptions } from "../../types.js";
import { sanitizePayload } from "../../utils/sanitize.js";
import { requireSdk } from "../shared/require-sdk.js";
import { sdkRetryOptions } from "../shared/retry-cap-fetch.js";

const { OpenAI } = requireSdk("openai") as typeof import("openai");

/**
 * One OpenAI SDK client per request, configured from the model and the common options: the model's static
 * headers, then the caller's (merged last); SDK retries off unless the caller raises `maxRetries`
 * (then capped by `maxRetryDelayMs`).
 */
export function createOpenAIClient(model: Model, apiKey: string | undefined, options: StreamOptions): OpenAIClient {
	return new OpenAI({
		apiKey: apiKey ?? "",
		baseURL: model.baseUrl,
		...sdkRetryOptions(options),
		...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
		defaultHeaders: { ...model.headers, ...options.headers },
		dangerouslyAllowBrowser: true,
	});
}

/**
 * The request body as sent: unpaired surrogates removed from every string (events.md §1.8 guarantee 9), then
 * `onPayload` may inspect or replace it (`undefined` keeps it).
 */
export async function applyOnPayload<T>(payload: T, model: Model, options: StreamOptions): Promise<T> {
	const clean = sanitizePayload(payload);
	if (!options.onPayload) return clean;
	const replaced = await options.onPayload(clean, model);
	return replaced === undefined ? clean : (replaced as T);
}

/** Default output limit (events.md §1.8): `min(model.maxTokens, 32000)`. */
export function resolveMaxTokens(model: Model, options: StreamOptions): number {
	return options.maxTokens ?? Math.min(model.maxTokens, 32000);
}

import type { OpenAI as OpenAIClient } from "openai";
import type { Model, StreamOptions } from "../../types.js";
import { requireSdk } from "../shared/require-sdk.js";
import { sdkRetryOptions } from "../shared/retry-cap-fetch.js";

const { OpenAI } = requireSdk("openai") as typeof import("openai");

/**
 * One OpenAI SDK client per request, configured from the model and the common options: the model's static
 * headers, then the adapter's per-request ones (`requestHeaders`, e.g. Copilot's), then the caller's (merged
 * last); SDK retries off unless the caller raises `maxRetries` (then capped by `maxRetryDelayMs`).
 */
export function createOpenAIClient(
	model: Model,
	apiKey: string | undefined,
	options: StreamOptions,
	requestHeaders?: Record<string, string>,
): OpenAIClient {
	return new OpenAI({
		apiKey: apiKey ?? "",
		baseURL: model.baseUrl,
		...sdkRetryOptions(options),
		...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
		defaultHeaders: { ...model.headers, ...requestHeaders, ...options.headers },
		dangerouslyAllowBrowser: true,
		// The SDK logs unparsable stream data to the console itself; pi reports it as the request's error instead, and
		// console output would land in the middle of the terminal UI.
		logLevel: "off",
	});
}

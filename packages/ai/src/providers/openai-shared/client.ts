import type { ClientOptions, OpenAI as OpenAIClient } from "openai";
import type { Model, StreamOptions } from "../../types.js";
import { cloudflareGatewayHeaders, usesCloudflareGatewayAuth } from "../shared/cloudflare-gateway.js";
import { requireSdk } from "../shared/require-sdk.js";
import { sdkRetryOptions } from "../shared/retry-cap-fetch.js";

const { OpenAI } = requireSdk("openai") as typeof import("openai");

/** The transport, retry and header options; the endpoint and the key are each client's own. */
type SharedClientOptions = Pick<
	ClientOptions,
	"maxRetries" | "fetch" | "timeout" | "defaultHeaders" | "dangerouslyAllowBrowser" | "logLevel"
>;

/**
 * The client options every OpenAI SDK client of a request shares (OpenAI's and Azure's): the model's static
 * headers, then the adapter's per-request ones (`requestHeaders`, e.g. Copilot's), then the caller's (merged
 * last); SDK retries off unless the caller raises `maxRetries` (then capped by `maxRetryDelayMs`).
 */
export function openAIClientOptions(
	model: Model,
	options: StreamOptions,
	requestHeaders?: Record<string, string>,
): SharedClientOptions {
	return {
		...sdkRetryOptions(options),
		...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
		defaultHeaders: { ...model.headers, ...requestHeaders, ...options.headers },
		dangerouslyAllowBrowser: true,
		// The SDK logs unparsable stream data to the console itself; pi reports it as the request's error instead, and
		// console output would land in the middle of the terminal UI.
		logLevel: "off",
	};
}

/**
 * One OpenAI SDK client per request, for the model's base URL, with {@link openAIClientOptions}. Cloudflare AI
 * Gateway models send the key in the gateway's own header instead of `Authorization`.
 */
export function createOpenAIClient(
	model: Model,
	apiKey: string | undefined,
	options: StreamOptions,
	requestHeaders?: Record<string, string>,
): OpenAIClient {
	const shared = openAIClientOptions(model, options, requestHeaders);
	if (usesCloudflareGatewayAuth(model)) {
		// The gateway's auth goes first so the model's and the caller's headers can still override it.
		shared.defaultHeaders = {
			...cloudflareGatewayHeaders(apiKey),
			...(shared.defaultHeaders as Record<string, string>),
		};
	}
	return new OpenAI({ apiKey: apiKey ?? "", baseURL: model.baseUrl, ...shared });
}

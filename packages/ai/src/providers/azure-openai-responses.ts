import type { ApiAdapter } from "../registry.js";
import type { Context, Model } from "../types.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import { type AzureOpenAIResponsesOptions, resolveAzureDeployment, resolveAzureEndpoint } from "./azure/config.js";
import { type ResponsesService, streamResponsesService } from "./openai-responses/stream.js";
import { openAIClientOptions } from "./openai-shared/client.js";
import { mapOpenAISimpleOptions } from "./openai-shared/effort.js";
import { requireSdk } from "./shared/require-sdk.js";

const { AzureOpenAI } = requireSdk("openai") as typeof import("openai");

export { AZURE_TEXTS, type AzureOpenAIResponsesOptions } from "./azure/config.js";

/**
 * Streams one assistant message over Azure OpenAI's Responses API. The SDK's Azure client sends the key as
 * `api-key` and the `api-version` query; the request names the deployment as its `model`.
 */
function streamAzureResponses(
	model: Model,
	context: Context,
	options: AzureOpenAIResponsesOptions,
	stream: AssistantMessageEventStream,
): Promise<void> {
	const service: ResponsesService = {
		createClient: () =>
			new AzureOpenAI({
				...openAIClientOptions(model, options),
				...resolveAzureEndpoint(model, options),
				apiKey: options.apiKey ?? "",
			}),
		adjustParams: (params) => ({ ...params, model: resolveAzureDeployment(model, options) }),
	};
	return streamResponsesService(service, model, context, options, stream);
}

/** The `azure-openai-responses` adapter: the Responses API of an Azure OpenAI (or AI Foundry) resource. */
export const azureOpenAIResponsesAdapter: ApiAdapter = {
	api: "azure-openai-responses",
	stream: (model, context, options, output) =>
		streamAzureResponses(model, context, options as AzureOpenAIResponsesOptions, output),
	mapSimpleOptions: mapOpenAISimpleOptions,
};

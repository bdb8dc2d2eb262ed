import type { ApiAdapter } from "../registry.js";
import type { Context, Model } from "../types.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import type { OpenAIResponsesOptions } from "./openai-responses/request.js";
import { type ResponsesService, streamResponsesService } from "./openai-responses/stream.js";
import { createOpenAIClient } from "./openai-shared/client.js";
import { mapOpenAISimpleOptions } from "./openai-shared/effort.js";
import { copilotRequestHeaders } from "./shared/github-copilot.js";

export type { OpenAIResponsesOptions } from "./openai-responses/request.js";

/** Streams one assistant message over the OpenAI Responses API. */
function streamResponses(
	model: Model,
	context: Context,
	options: OpenAIResponsesOptions,
	stream: AssistantMessageEventStream,
): Promise<void> {
	const service: ResponsesService = {
		createClient: () => createOpenAIClient(model, options.apiKey, options, copilotRequestHeaders(model, context)),
	};
	return streamResponsesService(service, model, context, options, stream);
}

/** The `openai-responses` adapter. */
export const openaiResponsesAdapter: ApiAdapter = {
	api: "openai-responses",
	stream: (model, context, options, output) =>
		streamResponses(model, context, options as OpenAIResponsesOptions, output),
	mapSimpleOptions: mapOpenAISimpleOptions,
};

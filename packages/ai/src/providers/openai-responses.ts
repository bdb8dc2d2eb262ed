import type { ApiAdapter } from "../registry.js";
import type { Context, Model } from "../types.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import { buildResponsesParams, type OpenAIResponsesOptions } from "./openai-responses/request.js";
import { ResponsesStreamReader } from "./openai-responses/stream-reader.js";
import { createOpenAIClient } from "./openai-shared/client.js";
import { mapOpenAISimpleOptions } from "./openai-shared/effort.js";
import { classifyOpenAIError } from "./openai-shared/errors.js";
import { FAILURE_TEXTS, failOutput } from "./shared/failure.js";
import { copilotRequestHeaders } from "./shared/github-copilot.js";
import { AssistantOutput } from "./shared/output.js";
import { applyOnPayload } from "./shared/request.js";

export type { OpenAIResponsesOptions } from "./openai-responses/request.js";

/** Streams one assistant message over the OpenAI Responses API. */
async function streamResponses(
	model: Model,
	context: Context,
	options: OpenAIResponsesOptions,
	stream: AssistantMessageEventStream,
): Promise<void> {
	const out = new AssistantOutput(model, stream);
	const reader = new ResponsesStreamReader(out);
	try {
		const client = createOpenAIClient(model, options.apiKey, options, copilotRequestHeaders(model, context));
		const params = await applyOnPayload(buildResponsesParams(model, context, options), model, options);
		const events = await client.responses.create(params, { signal: options.signal });
		for await (const event of events) {
			reader.push(event);
			if (out.isFinished) break;
		}
		if (options.signal?.aborted) out.fail("aborted", FAILURE_TEXTS.aborted);
		else reader.end();
	} catch (error) {
		failOutput(out, classifyOpenAIError(error, options.signal, out.isStarted));
	}
}

/** The `openai-responses` adapter. */
export const openaiResponsesAdapter: ApiAdapter = {
	api: "openai-responses",
	stream: (model, context, options, output) =>
		streamResponses(model, context, options as OpenAIResponsesOptions, output),
	mapSimpleOptions: mapOpenAISimpleOptions,
};

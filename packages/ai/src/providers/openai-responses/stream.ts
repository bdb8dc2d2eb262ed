import type { OpenAI as OpenAIClient } from "openai";
import type { ResponseCreateParamsStreaming } from "openai/resources/responses/responses";
import type { Context, Model } from "../../types.js";
import type { AssistantMessageEventStream } from "../../utils/event-stream.js";
import { classifyOpenAIError } from "../openai-shared/errors.js";
import { FAILURE_TEXTS, failOutput } from "../shared/failure.js";
import { AssistantOutput } from "../shared/output.js";
import { applyOnPayload } from "../shared/request.js";
import { buildResponsesParams, type OpenAIResponsesOptions } from "./request.js";
import { ResponsesStreamReader } from "./stream-reader.js";

/** What differs between the services that speak the Responses API through the OpenAI SDK. */
export interface ResponsesService {
	/** The client for one request; may throw a configuration error, which becomes the request's error event. */
	createClient(): OpenAIClient;
	/** The service's changes to the request body (Azure names the deployment as `model`), before `onPayload`. */
	adjustParams?(params: ResponseCreateParamsStreaming): ResponseCreateParamsStreaming;
}

/**
 * Streams one assistant message with `responses.create`: request building, `onPayload`, the stream reader and
 * error classification, shared by the OpenAI and Azure OpenAI adapters.
 */
export async function streamResponsesService(
	service: ResponsesService,
	model: Model,
	context: Context,
	options: OpenAIResponsesOptions,
	stream: AssistantMessageEventStream,
): Promise<void> {
	const out = new AssistantOutput(model, stream);
	const reader = new ResponsesStreamReader(out);
	try {
		const client = service.createClient();
		const built = buildResponsesParams(model, context, options);
		const params = await applyOnPayload(service.adjustParams?.(built) ?? built, model, options);
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

import type { ApiAdapter } from "../registry.js";
import type { Context, Model } from "../types.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import { resolveCompletionsCompat } from "./openai-completions/compat.js";
import { completionsSessionAffinityHeaders } from "./openai-completions/prompt-cache.js";
import { buildCompletionsParams, type OpenAICompletionsOptions } from "./openai-completions/request.js";
import { CompletionsStreamReader } from "./openai-completions/stream-reader.js";
import { createOpenAIClient } from "./openai-shared/client.js";
import { mapOpenAISimpleOptions } from "./openai-shared/effort.js";
import { classifyOpenAIError } from "./openai-shared/errors.js";
import { FAILURE_TEXTS, failOutput } from "./shared/failure.js";
import { copilotRequestHeaders } from "./shared/github-copilot.js";
import { AssistantOutput } from "./shared/output.js";
import { applyOnPayload } from "./shared/request.js";

export {
	detectCompletionsCompat,
	type ResolvedCompletionsCompat,
	resolveCompletionsCompat,
} from "./openai-completions/compat.js";
export type { OpenAICompletionsOptions } from "./openai-completions/request.js";

/** Streams one assistant message over the OpenAI Chat Completions API (and the many servers that speak it). */
async function streamCompletions(
	model: Model,
	context: Context,
	options: OpenAICompletionsOptions,
	stream: AssistantMessageEventStream,
): Promise<void> {
	const out = new AssistantOutput(model, stream);
	const reader = new CompletionsStreamReader(out);
	try {
		const compat = resolveCompletionsCompat(model);
		const requestHeaders = {
			...copilotRequestHeaders(model, context),
			...completionsSessionAffinityHeaders(options, compat),
		};
		const client = createOpenAIClient(model, options.apiKey, options, requestHeaders);
		const params = await applyOnPayload(buildCompletionsParams(model, context, options, compat), model, options);
		const chunks = await client.chat.completions.create(params, { signal: options.signal });
		for await (const chunk of chunks) reader.push(chunk);
		if (options.signal?.aborted) out.fail("aborted", FAILURE_TEXTS.aborted);
		else reader.end();
	} catch (error) {
		failOutput(out, classifyOpenAIError(error, options.signal, out.isStarted));
	}
}

/** The `openai-completions` adapter. */
export const openaiCompletionsAdapter: ApiAdapter = {
	api: "openai-completions",
	stream: (model, context, options, output) =>
		streamCompletions(model, context, options as OpenAICompletionsOptions, output),
	mapSimpleOptions: mapOpenAISimpleOptions,
};

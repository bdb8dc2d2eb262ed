import type { ApiAdapter } from "../registry.js";
import type { Context, Model, ProviderStreamOptions, SimpleStreamOptions } from "../types.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import { resolveCompletionsCompat } from "./openai-completions/compat.js";
import { buildCompletionsParams, type OpenAICompletionsOptions } from "./openai-completions/request.js";
import { CompletionsStreamReader } from "./openai-completions/stream-reader.js";
import { applyOnPayload, createOpenAIClient } from "./openai-shared/client.js";
import { mapReasoningEffort } from "./openai-shared/effort.js";
import { classifyOpenAIError } from "./openai-shared/errors.js";
import { AssistantOutput } from "./shared/output.js";

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
		const client = createOpenAIClient(model, options.apiKey, options);
		const params = await applyOnPayload(buildCompletionsParams(model, context, options, compat), model, options);
		const chunks = await client.chat.completions.create(params, { signal: options.signal });
		for await (const chunk of chunks) reader.push(chunk);
		if (options.signal?.aborted) out.fail("aborted", "Request was aborted");
		else reader.end();
	} catch (error) {
		const outcome = classifyOpenAIError(error, options.signal, reader.started);
		if (outcome.reason === "aborted") out.fail("aborted", outcome.message);
		else out.fail("error", outcome.message, outcome.info);
	}
}

/** Provider-neutral options to raw ones: the thinking level becomes `reasoningEffort`. */
function mapCompletionsSimpleOptions(model: Model, options: SimpleStreamOptions): ProviderStreamOptions {
	const { reasoning, thinkingBudgets: _budgets, ...common } = options;
	const reasoningEffort = mapReasoningEffort(model, reasoning);
	const raw: OpenAICompletionsOptions = reasoningEffort === undefined ? common : { ...common, reasoningEffort };
	return raw as ProviderStreamOptions;
}

/** The `openai-completions` adapter. */
export const openaiCompletionsAdapter: ApiAdapter = {
	api: "openai-completions",
	stream: (model, context, options, output) =>
		streamCompletions(model, context, options as OpenAICompletionsOptions, output),
	mapSimpleOptions: mapCompletionsSimpleOptions,
};

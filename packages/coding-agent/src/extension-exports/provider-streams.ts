/**
 * The original pi-ai's per-API stream functions (`streamSimpleAnthropic(model, context, options)`, ...): our
 * `streamSimple` with the model's wire API fixed, for custom providers that delegate to a known API.
 */
import { type Api, type Context, type Model, type SimpleStreamOptions, streamSimple } from "@pi/ai";

const onApi =
	(api: Api) =>
	(model: Model, context: Context, options?: SimpleStreamOptions): ReturnType<typeof streamSimple> =>
		streamSimple({ ...model, api }, context, options);

/** Streams with the Anthropic Messages API. */
export const streamSimpleAnthropic = onApi("anthropic-messages");
/** Streams with the OpenAI Responses API. */
export const streamSimpleOpenAIResponses = onApi("openai-responses");
/** Streams with the ChatGPT Codex backend (a ChatGPT Plus/Pro sign-in token as the key). */
export const streamSimpleOpenAICodexResponses = onApi("openai-codex-responses");
/** Streams with the OpenAI Chat Completions API. */
export const streamSimpleOpenAICompletions = onApi("openai-completions");
/** Streams with the Google Generative AI API. */
export const streamSimpleGoogle = onApi("google-generative-ai");
/** Streams with Mistral's chat completions API. */
export const streamSimpleMistral = onApi("mistral-conversations");

import type { ResponseCreateParamsStreaming } from "openai/resources/responses/responses";
import type { Context, Model, StreamOptions } from "../../types.js";
import { sanitizeSurrogates } from "../../utils/sanitize.js";
import { resolveMaxTokens } from "../shared/request.js";
import { convertResponsesInput, convertResponsesTools } from "./messages.js";

/** Raw options of the `openai-responses` adapter. */
export type OpenAIResponsesOptions = StreamOptions & {
	/** `reasoning.effort` (after `thinkingLevelMap`), e.g. `"minimal"`, `"high"`. Absent = not sent. */
	reasoningEffort?: string;
	/** `reasoning.summary`; default `"auto"` whenever an effort is sent. */
	reasoningSummary?: "auto" | "concise" | "detailed";
	/** `service_tier`; the tier the response reports scales the cost (flex ×0.5, priority ×2). */
	serviceTier?: "auto" | "default" | "flex" | "priority";
	/** `tool_choice` as the API takes it. */
	toolChoice?: "auto" | "none" | "required" | { type: "function"; name: string };
};

/**
 * The request body. Nothing is stored server-side (`store: false`), so reasoning is requested with its
 * encrypted content and replayed by us; `prompt_cache_key` comes from the session id.
 */
export function buildResponsesParams(
	model: Model,
	context: Context,
	options: OpenAIResponsesOptions,
): ResponseCreateParamsStreaming {
	const params: ResponseCreateParamsStreaming = {
		model: model.id,
		input: convertResponsesInput(model, context),
		stream: true,
		store: false,
		max_output_tokens: resolveMaxTokens(model, options),
	};
	if (context.systemPrompt) params.instructions = sanitizeSurrogates(context.systemPrompt);
	if (options.temperature !== undefined) params.temperature = options.temperature;
	if (context.tools && context.tools.length > 0) params.tools = convertResponsesTools(context.tools);
	if (options.toolChoice) params.tool_choice = options.toolChoice;
	const retention = options.cacheRetention ?? "short";
	if (options.sessionId && retention !== "none") params.prompt_cache_key = options.sessionId;
	if (retention === "long" && model.compat?.supportsLongCacheRetention) params.prompt_cache_retention = "24h";
	if (options.serviceTier) params.service_tier = options.serviceTier;
	if (model.reasoning) {
		params.include = ["reasoning.encrypted_content"];
		if (options.reasoningEffort) {
			params.reasoning = {
				effort: options.reasoningEffort as NonNullable<ResponseCreateParamsStreaming["reasoning"]>["effort"],
				summary: options.reasoningSummary ?? "auto",
			};
		}
	}
	return params;
}

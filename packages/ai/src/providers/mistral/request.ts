import type { ChatCompletionStreamRequest, ReasoningEffort } from "@mistralai/mistralai/models/components";
import { clampThinkingLevel } from "../../models/index.js";
import type { Context, Model, ProviderStreamOptions, SimpleStreamOptions, StreamOptions } from "../../types.js";
import { resolveMaxTokens } from "../shared/request.js";
import { convertMistralMessages, convertMistralTools } from "./messages.js";

/** Raw options of the `mistral-conversations` adapter. */
export type MistralOptions = StreamOptions & {
	/** `prompt_mode`: `"reasoning"` makes a Magistral model think (its reasoning system prompt). Absent = not sent. */
	promptMode?: "reasoning";
	/** `reasoning_effort` for models that take an effort instead (Mistral Small 4, Mistral Medium 3.5): `"high"`, `"none"`. */
	reasoningEffort?: string;
	/** `tool_choice` as the API takes it. */
	toolChoice?: "auto" | "none" | "any" | "required" | { type: "function"; function: { name: string } };
};

/** The chat completion request (the SDK's camelCase form; the SDK writes the wire's snake_case). */
export function buildMistralRequest(
	model: Model,
	context: Context,
	options: MistralOptions,
): ChatCompletionStreamRequest {
	const request: ChatCompletionStreamRequest = {
		model: model.id,
		stream: true,
		messages: convertMistralMessages(model, context),
		maxTokens: resolveMaxTokens(model, options),
	};
	if (options.temperature !== undefined) request.temperature = options.temperature;
	if (context.tools && context.tools.length > 0) request.tools = convertMistralTools(context.tools);
	if (options.toolChoice) request.toolChoice = options.toolChoice;
	if (options.promptMode) request.promptMode = options.promptMode;
	if (options.reasoningEffort) request.reasoningEffort = options.reasoningEffort as ReasoningEffort;
	return request;
}

/**
 * Whether a reasoning model is switched on with `reasoning_effort` rather than `prompt_mode`: the models Mistral
 * documents so (Mistral Small 4, the reasoning Mistral Medium releases, GLM served by Mistral), and any model whose
 * `thinkingLevelMap` names an effort value for some level (a map of only `null`s just marks unsupported levels).
 */
export function usesReasoningEffort(model: Model): boolean {
	if (Object.values(model.thinkingLevelMap ?? {}).some((value) => typeof value === "string")) return true;
	return /^(mistral-small-(2603|latest)|mistral-medium-|zai-glm-)/.test(model.id);
}

/**
 * Provider-neutral options to raw ones: a thinking level (clamped to the model's) becomes `prompt_mode: "reasoning"`
 * for Magistral-style models, or a `reasoning_effort` (the level's `thinkingLevelMap` value, else `"high"`, the one
 * effort besides `"none"` those models take). Thinking off sends neither: each model's default applies.
 */
export function mapMistralSimpleOptions(model: Model, options: SimpleStreamOptions): ProviderStreamOptions {
	const { reasoning, thinkingBudgets: _budgets, ...common } = options;
	const level = reasoning && model.reasoning ? clampThinkingLevel(model, reasoning) : "off";
	if (level === "off") return common;
	if (!usesReasoningEffort(model)) return { ...common, promptMode: "reasoning" };
	const mapped = model.thinkingLevelMap?.[level];
	return { ...common, reasoningEffort: typeof mapped === "string" ? mapped : "high" };
}

import type { ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { Context, Model, StreamOptions } from "../../types.js";
import { resolveMaxTokens } from "../shared/request.js";
import { applyCompletionsCacheControl, completionsCacheControl } from "./cache-control.js";
import type { ResolvedCompletionsCompat } from "./compat.js";
import { convertCompletionsMessages, convertCompletionsTools } from "./messages.js";
import { applyCompletionsPromptCache } from "./prompt-cache.js";

/** Raw options of the `openai-completions` adapter. */
export type OpenAICompletionsOptions = StreamOptions & {
	/**
	 * Effort value sent to the provider (after `thinkingLevelMap`), e.g. `"low"`, `"high"`. Absent = thinking
	 * off; for servers switched by a boolean (Z.ai, Qwen, DeepSeek) that sends the "disabled" form.
	 */
	reasoningEffort?: string;
	/** `tool_choice` as the API takes it. */
	toolChoice?: "auto" | "none" | "required" | { type: "function"; function: { name: string } };
};

/**
 * The request body: messages, tools, output limit, usage in the stream, prompt-cache markers and cache key where
 * the server wants them, and thinking in the vendor's format.
 */
export function buildCompletionsParams(
	model: Model,
	context: Context,
	options: OpenAICompletionsOptions,
	compat: ResolvedCompletionsCompat,
): ChatCompletionCreateParamsStreaming {
	const params: Record<string, unknown> = {
		model: model.id,
		messages: convertCompletionsMessages(model, context, compat),
		stream: true,
	};
	if (compat.supportsUsageInStreaming) params.stream_options = { include_usage: true };
	if (compat.supportsStore) params.store = false;
	params[compat.maxTokensField] = resolveMaxTokens(model, options);
	if (options.temperature !== undefined) params.temperature = options.temperature;
	if (context.tools && context.tools.length > 0) {
		params.tools = convertCompletionsTools(context.tools, compat);
		// Without it Z.ai sends a tool call's arguments in one piece at the end.
		if (compat.zaiToolStream) params.tool_stream = true;
	}
	const cacheMarker = completionsCacheControl(model, compat, options.cacheRetention);
	if (cacheMarker) {
		const tools = params.tools as Record<string, unknown>[] | undefined;
		applyCompletionsCacheControl(params.messages as Record<string, unknown>[], tools, cacheMarker);
	}
	applyCompletionsPromptCache(params, model, options);
	if (options.toolChoice) params.tool_choice = options.toolChoice;
	if (model.reasoning) applyThinking(params, options.reasoningEffort, compat);
	if (compat.openRouterRouting) params.provider = compat.openRouterRouting;
	if (compat.vercelGatewayRouting) params.providerOptions = { gateway: compat.vercelGatewayRouting };
	return params as unknown as ChatCompletionCreateParamsStreaming;
}

/** Thinking on or off in the field the vendor reads (config.md §3.2 `thinkingFormat`). */
function applyThinking(
	params: Record<string, unknown>,
	effort: string | undefined,
	compat: ResolvedCompletionsCompat,
): void {
	const enabled = effort !== undefined;
	switch (compat.thinkingFormat) {
		case "openai":
			if (enabled && compat.supportsReasoningEffort) params.reasoning_effort = effort;
			break;
		case "openrouter":
			if (enabled) params.reasoning = { effort };
			break;
		case "zai":
		case "deepseek":
			params.thinking = { type: enabled ? "enabled" : "disabled" };
			break;
		case "qwen":
			params.enable_thinking = enabled;
			break;
		case "qwen-chat-template":
			params.chat_template_kwargs = { enable_thinking: enabled };
			break;
	}
}

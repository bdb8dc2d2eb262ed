/**
 * Builds the Anthropic Messages request body from a provider-neutral context: message conversion, tools,
 * prompt-caching markers, thinking configuration. Types only from the SDK, so this module loads nothing.
 */
import type {
	Tool as AnthropicTool,
	CacheControlEphemeral,
	ContentBlockParam,
	ImageBlockParam,
	MessageCreateParamsStreaming,
	MessageParam,
	TextBlockParam,
	ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages/messages";
import type {
	CacheRetention,
	Context,
	ImageContent,
	Message,
	Model,
	StreamOptions,
	TextContent,
	ThinkingLevel,
	Tool,
} from "../types.js";
import { sanitizeSurrogates } from "../utils/sanitize.js";
import { restrictToolCallId, transformMessages } from "../utils/transform-messages.js";
import { resolveMaxTokens, TOOL_RESULT_TEXTS } from "./shared/request.js";

/** Adaptive-thinking effort values the Messages API accepts. */
export type AnthropicEffort = "low" | "medium" | "high" | "xhigh" | "max";

/** Raw options of the Anthropic adapter: the common options plus thinking and tool choice. */
export interface AnthropicStreamOptions extends StreamOptions, Record<string, unknown> {
	/** Turns thinking on. Without `effort` on an adaptive model, the model decides how much to think. */
	thinkingEnabled?: boolean;
	/** Token budget for extended thinking on models that take a budget (default 8192 when enabled). */
	thinkingBudgetTokens?: number;
	/** Effort for models with adaptive thinking (`output_config.effort`). */
	effort?: AnthropicEffort;
	toolChoice?: "auto" | "any" | "none" | { type: "tool"; name: string };
}

/** Placeholder text of a redacted thinking block (the encrypted payload travels in the signature). */
export const REDACTED_THINKING_TEXT = "[Reasoning redacted]";
/** Anthropic tool-use ids: `^[a-zA-Z0-9_-]+$`, at most 64 characters. */
const TOOL_ID_MAX_LENGTH = 64;
/** Budget used when thinking is enabled without one. */
const DEFAULT_BUDGET = 8192;
/** The API's smallest accepted thinking budget. */
const MIN_BUDGET = 1024;
/** Default effort per level for adaptive-thinking models without a thinkingLevelMap. */
const DEFAULT_EFFORT: Record<ThinkingLevel, AnthropicEffort> = {
	minimal: "low",
	low: "low",
	medium: "medium",
	high: "high",
	xhigh: "max",
};

/**
 * Whether a model takes adaptive thinking (`thinking: {type: "adaptive"}` + effort) rather than a token
 * budget: Claude 4.6 and later generations. `compat.anthropicAdaptiveThinking` overrides the id rule.
 */
export function usesAdaptiveThinking(model: Model): boolean {
	const flag = model.compat?.anthropicAdaptiveThinking;
	if (typeof flag === "boolean") return flag;
	const match = /claude-(?:opus|sonnet|haiku|mythos|fable)-(\d+)(?:-(\d{1,2})(?!\d))?/.exec(model.id);
	if (!match) return false;
	const major = Number(match[1]);
	const minor = match[2] === undefined ? 0 : Number(match[2]);
	return major > 4 || (major === 4 && minor >= 6);
}

/** The effort for a level: the model's thinkingLevelMap value when it has one, else the default table. */
export function effortForLevel(model: Model, level: ThinkingLevel): AnthropicEffort {
	const mapped = model.thinkingLevelMap?.[level];
	return (typeof mapped === "string" ? mapped : DEFAULT_EFFORT[level]) as AnthropicEffort;
}

/** The cache marker; the 1h TTL only where the server takes it (`compat.supportsLongCacheRetention`, default true). */
function cacheControl(model: Model, retention: CacheRetention | undefined): CacheControlEphemeral | undefined {
	if (retention === "none") return undefined;
	const long = retention === "long" && model.compat?.supportsLongCacheRetention !== false;
	return long ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
}

/**
 * Whether tool definitions carry `eager_input_streaming` (tool-call arguments streamed as they are generated).
 * Servers that lack it (`compat.supportsEagerToolInputStreaming: false`, e.g. Copilot) get the beta header instead.
 */
function supportsEagerToolInputStreaming(model: Model): boolean {
	return model.compat?.supportsEagerToolInputStreaming !== false;
}

/** Whether the fine-grained tool streaming beta header is needed: tools on a server without eager streaming. */
export function needsFineGrainedToolStreamingBeta(model: Model, context: Context): boolean {
	return Boolean(context.tools?.length) && !supportsEagerToolInputStreaming(model);
}

/** The request body (before `onPayload`). */
export function buildAnthropicRequest(
	model: Model,
	context: Context,
	options: AnthropicStreamOptions,
): MessageCreateParamsStreaming {
	const cache = cacheControl(model, options.cacheRetention);
	const maxTokens = resolveMaxTokens(model, options);
	const params: MessageCreateParamsStreaming = {
		model: model.id,
		max_tokens: maxTokens,
		messages: convertMessages(context.messages, model, cache),
		stream: true,
	};
	if (context.systemPrompt) {
		const system: TextBlockParam = { type: "text", text: sanitizeSurrogates(context.systemPrompt) };
		if (cache) system.cache_control = cache;
		params.system = [system];
	}
	if (context.tools?.length) params.tools = convertTools(context.tools, cache, supportsEagerToolInputStreaming(model));
	if (options.toolChoice && context.tools?.length) {
		params.tool_choice = typeof options.toolChoice === "string" ? { type: options.toolChoice } : options.toolChoice;
	}

	const thinking = options.thinkingEnabled && model.reasoning;
	if (thinking && usesAdaptiveThinking(model)) {
		params.thinking = { type: "adaptive", display: "summarized" };
		if (options.effort) params.output_config = { effort: options.effort };
	} else if (thinking) {
		// The budget must stay below max_tokens.
		const budget = Math.max(MIN_BUDGET, Math.min(options.thinkingBudgetTokens ?? DEFAULT_BUDGET, maxTokens - 1));
		params.thinking = { type: "enabled", budget_tokens: budget };
		if (params.max_tokens <= budget) params.max_tokens = budget + 1;
	} else if (options.temperature !== undefined) {
		// The API rejects a temperature together with thinking; the SDK's types no longer list it because the
		// newest models reject it too, but older models still take it.
		(params as unknown as { temperature: number }).temperature = options.temperature;
	}
	return params;
}

/** Whether the interleaved-thinking beta header is needed (budget thinking between tool calls). */
export function needsInterleavedThinkingBeta(model: Model, options: AnthropicStreamOptions): boolean {
	return Boolean(options.thinkingEnabled && model.reasoning && !usesAdaptiveThinking(model));
}

function convertTools(tools: Tool[], cache: CacheControlEphemeral | undefined, eager: boolean): AnthropicTool[] {
	return tools.map((tool, i) => {
		const schema = tool.parameters as { properties?: unknown; required?: string[] } & Record<string, unknown>;
		const converted: AnthropicTool = {
			name: tool.name,
			description: sanitizeSurrogates(tool.description),
			input_schema: { ...schema, type: "object", properties: schema.properties ?? {} },
		};
		if (eager) converted.eager_input_streaming = true;
		if (cache && i === tools.length - 1) converted.cache_control = cache;
		return converted;
	});
}

function convertText(blocks: (TextContent | ImageContent)[]): (TextBlockParam | ImageBlockParam)[] {
	const out: (TextBlockParam | ImageBlockParam)[] = [];
	for (const block of blocks) {
		if (block.type === "text") {
			// The API rejects empty text blocks.
			if (block.text.trim() !== "") out.push({ type: "text", text: sanitizeSurrogates(block.text) });
		} else {
			out.push({
				type: "image",
				source: { type: "base64", media_type: block.mimeType as "image/png", data: block.data },
			});
		}
	}
	return out;
}

/** Converts the normalised history; consecutive tool results travel in one user message. */
function convertMessages(messages: Message[], model: Model, cache: CacheControlEphemeral | undefined): MessageParam[] {
	const normalised = transformMessages(messages, model, (id) => restrictToolCallId(id, TOOL_ID_MAX_LENGTH));
	const out: MessageParam[] = [];
	for (const message of normalised) {
		if (message.role === "user") {
			const content =
				typeof message.content === "string"
					? message.content.trim() === ""
						? []
						: [{ type: "text" as const, text: sanitizeSurrogates(message.content) }]
					: convertText(message.content);
			if (content.length > 0) out.push({ role: "user", content });
		} else if (message.role === "assistant") {
			const content: ContentBlockParam[] = [];
			for (const block of message.content) {
				if (block.type === "text") {
					if (block.text.trim() !== "") content.push({ type: "text", text: sanitizeSurrogates(block.text) });
				} else if (block.type === "thinking") {
					if (block.redacted) {
						if (block.thinkingSignature) content.push({ type: "redacted_thinking", data: block.thinkingSignature });
					} else if (block.thinkingSignature) {
						content.push({
							type: "thinking",
							thinking: sanitizeSurrogates(block.thinking),
							signature: block.thinkingSignature,
						});
					} else if (block.thinking.trim() !== "") {
						// Unsigned thinking (an interrupted stream) cannot be verified: send it as text.
						content.push({ type: "text", text: sanitizeSurrogates(block.thinking) });
					}
				} else {
					content.push({ type: "tool_use", id: block.id, name: block.name, input: block.arguments ?? {} });
				}
			}
			if (content.length > 0) out.push({ role: "assistant", content });
		} else {
			const resultContent = convertText(message.content);
			const result: ToolResultBlockParam = {
				type: "tool_result",
				tool_use_id: message.toolCallId,
				content: resultContent.length > 0 ? resultContent : [{ type: "text", text: TOOL_RESULT_TEXTS.empty }],
				is_error: message.isError,
			};
			const previous = out[out.length - 1];
			const previousBlocks =
				previous?.role === "user" && Array.isArray(previous.content) ? previous.content : undefined;
			if (previousBlocks?.length && previousBlocks.every((block) => block.type === "tool_result")) {
				previousBlocks.push(result);
			} else {
				out.push({ role: "user", content: [result] });
			}
		}
	}
	if (cache) markLastUserMessage(out, cache);
	return out;
}

/** Puts the cache marker on the last block of the last user message, so the whole prefix is cached. */
function markLastUserMessage(messages: MessageParam[], cache: CacheControlEphemeral): void {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]!;
		if (message.role !== "user" || !Array.isArray(message.content)) continue;
		const last = message.content[message.content.length - 1] as { cache_control?: CacheControlEphemeral } | undefined;
		if (last) last.cache_control = cache;
		return;
	}
}

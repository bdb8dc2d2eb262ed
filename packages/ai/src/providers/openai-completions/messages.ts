import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type {
	AssistantMessage,
	Context,
	ImageContent,
	Model,
	TextContent,
	Tool,
	ToolResultMessage,
} from "../../types.js";
import { sanitizeSurrogates } from "../../utils/sanitize.js";
import { transformMessages } from "../../utils/transform-messages.js";
import { normalizeCompletionsToolCallId } from "../openai-shared/ids.js";
import { TOOL_RESULT_TEXTS } from "../shared/request.js";
import type { ResolvedCompletionsCompat } from "./compat.js";

/** Model-visible texts this converter adds to a conversation. */
export const COMPLETIONS_TEXTS = {
	/** Bridges a tool result and a following user message for servers that require an assistant turn between. */
	assistantBridge: "I have processed the tool results.",
} as const;

/** The default vendor field for replayed reasoning when a thinking block does not name its own. */
const DEFAULT_REASONING_FIELD = "reasoning_content";
/** Vendor fields that may carry reasoning text in a streamed delta, in order of preference. */
export const REASONING_FIELDS = ["reasoning_content", "reasoning", "reasoning_text"] as const;

/** Converts a context to Chat Completions messages (after the cross-provider transform of events.md §1.9). */
export function convertCompletionsMessages(
	model: Model,
	context: Context,
	compat: ResolvedCompletionsCompat,
): ChatCompletionMessageParam[] {
	const out: ChatCompletionMessageParam[] = [];
	if (context.systemPrompt) {
		const role = model.reasoning && compat.supportsDeveloperRole ? "developer" : "system";
		out.push({ role, content: sanitizeSurrogates(context.systemPrompt) });
	}
	const messages = transformMessages(context.messages, model, normalizeCompletionsToolCallId);
	// Images from consecutive tool results, sent in one user message after the last of them.
	let pendingImages: ImageContent[] = [];
	let lastWasToolResult = false;
	const flushToolResults = (nextRole: string | undefined) => {
		const imagesFollow = pendingImages.length > 0;
		// The bridge goes right after the tool results, before any user message (the images' included).
		if (lastWasToolResult && (imagesFollow || nextRole === "user") && compat.requiresAssistantAfterToolResult) {
			out.push({ role: "assistant", content: COMPLETIONS_TEXTS.assistantBridge });
		}
		if (imagesFollow) {
			const parts = [{ type: "text" as const, text: TOOL_RESULT_TEXTS.images }, ...pendingImages.map(imagePart)];
			out.push({ role: "user", content: parts });
			pendingImages = [];
		}
		lastWasToolResult = false;
	};

	for (const message of messages) {
		if (message.role === "toolResult") {
			out.push(convertToolResult(message, compat));
			for (const block of message.content) if (block.type === "image") pendingImages.push(block);
			lastWasToolResult = true;
			continue;
		}
		flushToolResults(message.role);
		if (message.role === "user") {
			if (typeof message.content === "string") {
				out.push({ role: "user", content: sanitizeSurrogates(message.content) });
			} else if (message.content.length > 0) {
				out.push({
					role: "user",
					content: message.content.map((block) => (block.type === "text" ? textPart(block) : imagePart(block))),
				});
			}
		} else {
			const assistant = convertAssistant(model, message, compat);
			if (assistant) out.push(assistant);
		}
	}
	flushToolResults(undefined);
	return out;
}

function textPart(block: TextContent) {
	return { type: "text" as const, text: sanitizeSurrogates(block.text) };
}

function imagePart(block: ImageContent) {
	return { type: "image_url" as const, image_url: { url: `data:${block.mimeType};base64,${block.data}` } };
}

function convertToolResult(message: ToolResultMessage, compat: ResolvedCompletionsCompat): ChatCompletionMessageParam {
	const text = message.content
		.filter((block): block is TextContent => block.type === "text")
		.map((block) => block.text)
		.join("\n");
	const tool: ChatCompletionMessageParam & { name?: string } = {
		role: "tool",
		tool_call_id: message.toolCallId,
		content: sanitizeSurrogates(text || TOOL_RESULT_TEXTS.empty),
	};
	if (compat.requiresToolResultName) tool.name = message.toolName;
	return tool;
}

/**
 * An assistant turn: text joined, tool calls as functions, and same-model reasoning replayed under the vendor
 * field it arrived in (the field name is the block's signature); an empty `reasoning_content` where the server
 * requires the field. `undefined` for a turn with nothing to send.
 */
function convertAssistant(
	model: Model,
	message: AssistantMessage,
	compat: ResolvedCompletionsCompat,
): ChatCompletionMessageParam | undefined {
	const texts: string[] = [];
	const reasoning: Record<string, string[]> = {};
	const toolCalls: { id: string; type: "function"; function: { name: string; arguments: string } }[] = [];
	for (const block of message.content) {
		if (block.type === "text") {
			if (block.text.trim() !== "") texts.push(block.text);
		} else if (block.type === "thinking") {
			if (block.thinking.trim() === "") continue;
			// Thinking of other models was already turned into text by the transform.
			if (compat.requiresThinkingAsText) {
				texts.push(block.thinking);
			} else {
				const field = block.thinkingSignature || DEFAULT_REASONING_FIELD;
				reasoning[field] = [...(reasoning[field] ?? []), block.thinking];
			}
		} else {
			toolCalls.push({
				id: block.id,
				type: "function",
				function: { name: block.name, arguments: JSON.stringify(block.arguments) },
			});
		}
	}
	if (texts.length === 0 && toolCalls.length === 0 && Object.keys(reasoning).length === 0) return undefined;
	const assistant: Record<string, unknown> = {
		role: "assistant",
		content: texts.length > 0 ? sanitizeSurrogates(texts.join("\n\n")) : null,
	};
	for (const [field, parts] of Object.entries(reasoning)) assistant[field] = sanitizeSurrogates(parts.join("\n\n"));
	if (
		compat.requiresReasoningContentOnAssistantMessages &&
		model.reasoning &&
		!(DEFAULT_REASONING_FIELD in assistant)
	) {
		assistant[DEFAULT_REASONING_FIELD] = "";
	}
	if (toolCalls.length > 0) assistant.tool_calls = toolCalls;
	return assistant as unknown as ChatCompletionMessageParam;
}

/** Tool definitions; `strict: false` where the server understands the flag (our schemas have optional fields). */
export function convertCompletionsTools(tools: Tool[], compat: ResolvedCompletionsCompat): ChatCompletionTool[] {
	return tools.map((tool) => ({
		type: "function" as const,
		function: {
			name: tool.name,
			description: tool.description,
			parameters: tool.parameters as Record<string, unknown>,
			...(compat.supportsStrictMode ? { strict: false } : {}),
		},
	}));
}

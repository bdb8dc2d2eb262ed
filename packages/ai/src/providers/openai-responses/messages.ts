import type { FunctionTool, ResponseInputItem } from "openai/resources/responses/responses";
import type { AssistantMessage, Context, ImageContent, Model, TextContent, Tool, UserMessage } from "../../types.js";
import { sanitizeSurrogates } from "../../utils/sanitize.js";
import { transformMessages } from "../../utils/transform-messages.js";
import { normalizeResponsesToolCallId, splitResponsesToolCallId } from "../openai-shared/ids.js";
import { TOOL_RESULT_TEXTS } from "../shared/request.js";

/**
 * Converts a context to Responses input items (after the transform of events.md §1.9). Same-model reasoning
 * items are replayed whole from the thinking signature (encrypted content included, as `store: false`
 * requires); function calls keep their item id only for the model that produced them.
 */
export function convertResponsesInput(model: Model, context: Context): ResponseInputItem[] {
	const items: ResponseInputItem[] = [];
	const messages = transformMessages(context.messages, model, normalizeResponsesToolCallId);
	let pendingImages: ImageContent[] = [];
	const flushImages = () => {
		if (pendingImages.length === 0) return;
		items.push({
			role: "user",
			content: [{ type: "input_text", text: TOOL_RESULT_TEXTS.images }, ...pendingImages.map(imagePart)],
		});
		pendingImages = [];
	};
	for (const message of messages) {
		if (message.role === "toolResult") {
			const text = message.content
				.filter((block): block is TextContent => block.type === "text")
				.map((block) => block.text)
				.join("\n");
			items.push({
				type: "function_call_output",
				call_id: splitResponsesToolCallId(message.toolCallId).callId,
				output: sanitizeSurrogates(text || TOOL_RESULT_TEXTS.empty),
			});
			for (const block of message.content) if (block.type === "image") pendingImages.push(block);
			continue;
		}
		flushImages();
		if (message.role === "user") {
			const user = convertUser(message);
			if (user) items.push(user);
		} else {
			items.push(...convertAssistant(message, model));
		}
	}
	flushImages();
	return items;
}

function imagePart(block: ImageContent) {
	return {
		type: "input_image" as const,
		detail: "auto" as const,
		image_url: `data:${block.mimeType};base64,${block.data}`,
	};
}

function convertUser(message: UserMessage): ResponseInputItem | undefined {
	if (typeof message.content === "string") {
		return { role: "user", content: [{ type: "input_text", text: sanitizeSurrogates(message.content) }] };
	}
	if (message.content.length === 0) return undefined;
	return {
		role: "user",
		content: message.content.map((block) =>
			block.type === "text" ? { type: "input_text" as const, text: sanitizeSurrogates(block.text) } : imagePart(block),
		),
	};
}

function convertAssistant(message: AssistantMessage, model: Model): ResponseInputItem[] {
	const sameModel = message.provider === model.provider && message.api === model.api && message.model === model.id;
	const items: ResponseInputItem[] = [];
	for (const block of message.content) {
		if (block.type === "thinking") {
			// Only a reasoning item of this very model can be replayed; anything else was turned into text.
			const item = sameModel ? parseReasoningItem(block.thinkingSignature) : undefined;
			if (item) items.push(item);
		} else if (block.type === "text") {
			if (block.text.trim() === "") continue;
			const text = sanitizeSurrogates(block.text);
			const id = sameModel && block.textSignature?.startsWith("msg_") ? block.textSignature : undefined;
			if (id) {
				items.push({
					type: "message",
					role: "assistant",
					id,
					status: "completed",
					content: [{ type: "output_text", text, annotations: [] }],
				});
			} else {
				items.push({ role: "assistant", content: text });
			}
		} else {
			const { callId, itemId } = splitResponsesToolCallId(block.id);
			const call: ResponseInputItem = {
				type: "function_call",
				call_id: callId,
				name: block.name,
				arguments: JSON.stringify(block.arguments),
			};
			// An item id without its reasoning item is rejected, so only the producing model gets it back.
			if (sameModel && itemId) call.id = itemId;
			items.push(call);
		}
	}
	return items;
}

function parseReasoningItem(signature: string | undefined): ResponseInputItem | undefined {
	if (!signature) return undefined;
	try {
		const item = JSON.parse(signature) as ResponseInputItem;
		return item && typeof item === "object" && item.type === "reasoning" ? item : undefined;
	} catch {
		return undefined;
	}
}

/** Function tools; `strict: false` because our schemas have optional fields. */
export function convertResponsesTools(tools: Tool[]): FunctionTool[] {
	return tools.map((tool) => ({
		type: "function" as const,
		name: tool.name,
		description: tool.description,
		parameters: tool.parameters as Record<string, unknown>,
		strict: false,
	}));
}

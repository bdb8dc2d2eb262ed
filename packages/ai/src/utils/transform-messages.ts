import type {
	AssistantMessage,
	ImageContent,
	Message,
	Model,
	TextContent,
	ToolCall,
	ToolResultMessage,
	UserMessage,
} from "../types.js";

/** Text of the synthetic result given to a tool call that never got one (events.md §1.9). */
export const ORPHAN_TOOL_RESULT_TEXT = "No result: the tool call was interrupted before it finished.";
/** Text that replaces an image sent to a model that only accepts text (events.md §1.9). */
export const IMAGE_OMITTED_TEXT = "(image omitted: this model does not accept images)";

/**
 * Normalises a conversation before an adapter converts it for `target` (events.md §1.9): failed and aborted
 * assistant turns are left out, thinking and signatures from other models are turned into text or dropped,
 * tool calls without a result get a synthetic error result, tool-call ids are rewritten with
 * `normalizeToolCallId` (results follow their call), and images become a placeholder for text-only models.
 * Pure: the input is not mutated; unchanged messages are returned as the same objects.
 */
export function transformMessages(
	messages: Message[],
	target: Pick<Model, "api" | "provider" | "id" | "input">,
	normalizeToolCallId?: (id: string) => string,
): Message[] {
	const acceptsImages = target.input.includes("image");
	const idMap = new Map<string, string>();
	const mapId = (id: string): string => {
		if (!normalizeToolCallId) return id;
		let mapped = idMap.get(id);
		if (mapped === undefined) {
			mapped = normalizeToolCallId(id);
			idMap.set(id, mapped);
		}
		return mapped;
	};

	// Tool calls of dropped (failed/aborted) turns: their results must go too, or the API sees a result
	// without a call.
	const droppedCallIds = new Set<string>();
	for (const message of messages) {
		if (message.role === "assistant" && isFailedTurn(message)) {
			for (const block of message.content) if (block.type === "toolCall") droppedCallIds.add(block.id);
		}
	}

	const out: Message[] = [];
	// Tool calls of the latest kept assistant message still waiting for their result, in source order.
	let pending: ToolCall[] = [];
	const flushPending = () => {
		for (const call of pending) out.push(syntheticResult(call));
		pending = [];
	};

	for (const message of messages) {
		switch (message.role) {
			case "assistant": {
				if (isFailedTurn(message)) continue;
				flushPending();
				const converted = convertAssistant(message, target, mapId);
				pending = converted.content.filter((block): block is ToolCall => block.type === "toolCall");
				out.push(converted);
				break;
			}
			case "toolResult": {
				if (droppedCallIds.has(message.toolCallId) && !pending.some((c) => c.id === mapId(message.toolCallId)))
					continue;
				const id = mapId(message.toolCallId);
				pending = pending.filter((call) => call.id !== id);
				out.push(convertToolResult(message, id, acceptsImages));
				break;
			}
			case "user":
				flushPending();
				out.push(acceptsImages ? message : convertUser(message));
				break;
		}
	}
	flushPending();
	return out;
}

/**
 * Makes a tool-call id acceptable to an API that allows only `[A-Za-z0-9_-]` up to `maxLength` characters:
 * other characters become `_`; an over-long id keeps its head and gets a short hash of the whole id, so two
 * long ids stay distinct.
 */
export function restrictToolCallId(id: string, maxLength: number): string {
	const cleaned = id.replace(/[^A-Za-z0-9_-]/g, "_") || "call";
	if (cleaned.length <= maxLength) return cleaned;
	const hash = shortHash(id);
	return `${cleaned.slice(0, Math.max(1, maxLength - hash.length - 1))}_${hash}`;
}

function isFailedTurn(message: AssistantMessage): boolean {
	return message.stopReason === "error" || message.stopReason === "aborted";
}

function isSameModel(message: AssistantMessage, target: Pick<Model, "api" | "provider" | "id">): boolean {
	return message.provider === target.provider && message.api === target.api && message.model === target.id;
}

function convertAssistant(
	message: AssistantMessage,
	target: Pick<Model, "api" | "provider" | "id">,
	mapId: (id: string) => string,
): AssistantMessage {
	const sameModel = isSameModel(message, target);
	const content: AssistantMessage["content"] = [];
	for (const block of message.content) {
		if (block.type === "thinking") {
			if (sameModel) {
				// Same model: replay verbatim; the signature is what lets the provider verify it.
				if (block.thinkingSignature !== undefined || block.thinking.trim() !== "") content.push(block);
			} else if (!block.redacted && block.thinking.trim() !== "") {
				content.push({ type: "text", text: block.thinking });
			}
		} else if (block.type === "text") {
			if (sameModel || block.textSignature === undefined) content.push(block);
			else content.push({ type: "text", text: block.text });
		} else {
			const id = mapId(block.id);
			const keepSignature = sameModel && block.thoughtSignature !== undefined;
			if (id === block.id && (keepSignature || block.thoughtSignature === undefined)) {
				content.push(block);
			} else {
				const call: ToolCall = { type: "toolCall", id, name: block.name, arguments: block.arguments };
				if (keepSignature) call.thoughtSignature = block.thoughtSignature;
				content.push(call);
			}
		}
	}
	return { ...message, content };
}

function convertToolResult(message: ToolResultMessage, id: string, acceptsImages: boolean): ToolResultMessage {
	const content = acceptsImages ? message.content : replaceImageBlocks(message.content, IMAGE_OMITTED_TEXT);
	if (id === message.toolCallId && content === message.content) return message;
	return { ...message, toolCallId: id, content };
}

function convertUser(message: UserMessage): UserMessage {
	if (typeof message.content === "string") return message;
	const content = replaceImageBlocks(message.content, IMAGE_OMITTED_TEXT);
	return content === message.content ? message : { ...message, content };
}

/**
 * Replaces every image block with a text block saying so; consecutive placeholders collapse into one. Returns
 * `blocks` itself when it holds no image.
 */
export function replaceImageBlocks(
	blocks: (TextContent | ImageContent)[],
	placeholder: string,
): (TextContent | ImageContent)[] {
	if (!blocks.some((block) => block.type === "image")) return blocks;
	const out: (TextContent | ImageContent)[] = [];
	for (const block of blocks) {
		if (block.type !== "image") {
			out.push(block);
			continue;
		}
		const previous = out[out.length - 1];
		if (previous?.type === "text" && previous.text === placeholder) continue;
		out.push({ type: "text", text: placeholder });
	}
	return out;
}

function syntheticResult(call: ToolCall): ToolResultMessage {
	return {
		role: "toolResult",
		toolCallId: call.id,
		toolName: call.name,
		content: [{ type: "text", text: ORPHAN_TOOL_RESULT_TEXT }],
		isError: true,
		timestamp: Date.now(),
	};
}

/** FNV-1a, base 36: short, stable, good enough to keep truncated ids apart. */
function shortHash(text: string): string {
	let hash = 0x811c9dc5;
	for (let i = 0; i < text.length; i++) {
		hash ^= text.charCodeAt(i);
		hash = Math.imul(hash, 0x01000193);
	}
	return (hash >>> 0).toString(36);
}

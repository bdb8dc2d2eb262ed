import { createHash, randomUUID } from "node:crypto";
import type {
	ChatCompletionStreamRequest,
	ContentChunk,
	Tool as MistralTool,
	ToolCall as MistralToolCall,
} from "@mistralai/mistralai/models/components";
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
import { TOOL_RESULT_TEXTS } from "../shared/request.js";

type MistralMessage = ChatCompletionStreamRequest["messages"][number];
type MistralFunctionTool = MistralTool & { type: "function" };

/** Mistral accepts only tool-call ids of exactly this many characters, letters and digits. */
export const MISTRAL_TOOL_CALL_ID_LENGTH = 9;
const VALID_ID = /^[A-Za-z0-9]{9}$/;

/**
 * A tool-call id normaliser for one request: Mistral's own ids pass unchanged (so a call and its result still meet),
 * any other id (another provider's `toolu_…`, `call_…|fc_…`) becomes 9 characters derived from a hash of it. Two
 * different ids never share a result within the request: a collision takes the next derivation.
 */
export function createMistralToolCallIdNormalizer(): (id: string) => string {
	const byId = new Map<string, string>();
	const owners = new Map<string, string>();
	return (id) => {
		const known = byId.get(id);
		if (known) return known;
		let candidate = VALID_ID.test(id) ? id : deriveId(id, 0);
		for (let attempt = 1; owners.has(candidate) && owners.get(candidate) !== id; attempt++) {
			candidate = deriveId(id, attempt);
		}
		byId.set(id, candidate);
		owners.set(candidate, id);
		return candidate;
	};
}

/** A valid Mistral id for a tool call the stream sent without one (the wire's placeholder is the string "null"). */
export function generateMistralToolCallId(): string {
	return deriveId(randomUUID(), 0);
}

function deriveId(id: string, attempt: number): string {
	const seed = attempt === 0 ? id : `${id}#${attempt}`;
	// Hex digits are letters and digits; 36 bits keep ids of one conversation apart.
	return createHash("sha256").update(seed).digest("hex").slice(0, MISTRAL_TOOL_CALL_ID_LENGTH);
}

/**
 * Converts a context to Mistral chat messages (after the transform of events.md §1.9): the system prompt first,
 * same-model thinking replayed as `thinking` chunks (with its signature), tool results as `tool` messages that name
 * their tool (Mistral requires the name) and carry their images themselves: Mistral rejects a user message right
 * after a tool result, so the images cannot follow in one as they do on other wires.
 */
export function convertMistralMessages(model: Model, context: Context): MistralMessage[] {
	const out: MistralMessage[] = [];
	if (context.systemPrompt) out.push({ role: "system", content: sanitizeSurrogates(context.systemPrompt) });
	for (const message of transformMessages(context.messages, model, createMistralToolCallIdNormalizer())) {
		if (message.role === "user") {
			if (typeof message.content === "string") {
				out.push({ role: "user", content: sanitizeSurrogates(message.content) });
			} else if (message.content.length > 0) {
				out.push({ role: "user", content: message.content.map(userChunk) });
			}
		} else if (message.role === "assistant") {
			const assistant = convertAssistant(message);
			if (assistant) out.push(assistant);
		} else {
			out.push(convertToolResult(message));
		}
	}
	return out;
}

function userChunk(block: TextContent | ImageContent): ContentChunk {
	return block.type === "text" ? { type: "text", text: sanitizeSurrogates(block.text) } : imageChunk(block);
}

function imageChunk(block: ImageContent): ContentChunk {
	return { type: "image_url", imageUrl: `data:${block.mimeType};base64,${block.data}` };
}

/** An assistant turn, or `undefined` when it has nothing Mistral would accept (no content, no calls). */
function convertAssistant(message: AssistantMessage): MistralMessage | undefined {
	const content: ContentChunk[] = [];
	const toolCalls: MistralToolCall[] = [];
	for (const block of message.content) {
		if (block.type === "text") {
			if (block.text.trim() !== "") content.push({ type: "text", text: sanitizeSurrogates(block.text) });
		} else if (block.type === "thinking") {
			// Only this model's thinking is still a thinking block here; the transform made the rest text.
			if (block.thinking.trim() === "") continue;
			const chunk: ContentChunk = {
				type: "thinking",
				thinking: [{ type: "text", text: sanitizeSurrogates(block.thinking) }],
			};
			if (block.thinkingSignature) chunk.signature = block.thinkingSignature;
			content.push(chunk);
		} else {
			toolCalls.push({
				id: block.id,
				type: "function",
				function: { name: block.name, arguments: JSON.stringify(block.arguments) },
			});
		}
	}
	if (content.length === 0 && toolCalls.length === 0) return undefined;
	const assistant: MistralMessage = { role: "assistant" };
	if (content.length > 0) assistant.content = content;
	if (toolCalls.length > 0) assistant.toolCalls = toolCalls;
	return assistant;
}

function convertToolResult(message: ToolResultMessage): MistralMessage {
	const text = message.content
		.filter((block): block is TextContent => block.type === "text")
		.map((block) => block.text)
		.join("\n");
	const images = message.content.filter((block): block is ImageContent => block.type === "image");
	const textChunk: ContentChunk = { type: "text", text: sanitizeSurrogates(text || TOOL_RESULT_TEXTS.empty) };
	return {
		role: "tool",
		toolCallId: message.toolCallId,
		name: message.toolName,
		content: images.length > 0 ? [textChunk, ...images.map(imageChunk)] : textChunk.text,
	};
}

/**
 * Function tools with the tool's JSON schema; `strict: false` because our schemas have optional fields. The schema
 * is copied as plain JSON: TypeBox marks its schemas with symbol keys, which the SDK's request validation rejects.
 */
export function convertMistralTools(tools: Tool[]): MistralFunctionTool[] {
	return tools.map((tool) => ({
		type: "function" as const,
		function: {
			name: tool.name,
			description: tool.description,
			parameters: JSON.parse(JSON.stringify(tool.parameters)) as Record<string, unknown>,
			strict: false,
		},
	}));
}

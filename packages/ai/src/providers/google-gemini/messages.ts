import type { Content, FunctionDeclaration, Part } from "@google/genai";
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
import { restrictToolCallId, transformMessages } from "../../utils/transform-messages.js";
import { TOOL_RESULT_TEXTS } from "../shared/request.js";

/**
 * Gemini 3 rejects a function call of the current turn without a thought signature. Calls that never had one
 * (made by another model) carry this documented placeholder, which tells the API to skip the check.
 */
export const SKIP_THOUGHT_SIGNATURE = "skip_thought_signature_validator";

/** Gemini function-call ids: `[A-Za-z0-9_-]`, at most 64 characters. */
export const normalizeGeminiToolCallId = (id: string): string => restrictToolCallId(id, 64);

/** Whether a model belongs to the Gemini 3 family (thinking levels, mandatory signatures on calls). */
export function isGemini3(model: Pick<Model, "id">): boolean {
	return /gemini-3/i.test(model.id);
}

/**
 * Converts a context to Gemini `contents` (after the transform of events.md §1.9). Thought signatures are
 * replayed only to the model that made them (the transform drops the others); consecutive tool results form
 * one user turn of function responses, followed by their images.
 */
export function convertGeminiContents(model: Model, context: Context): Content[] {
	const contents: Content[] = [];
	const messages = transformMessages(context.messages, model, normalizeGeminiToolCallId);
	let toolTurn: { responses: Part[]; images: Part[] } | undefined;
	const flushToolTurn = () => {
		if (!toolTurn) return;
		const parts = [...toolTurn.responses];
		if (toolTurn.images.length > 0) parts.push({ text: TOOL_RESULT_TEXTS.images }, ...toolTurn.images);
		contents.push({ role: "user", parts });
		toolTurn = undefined;
	};
	for (const message of messages) {
		if (message.role === "toolResult") {
			toolTurn ??= { responses: [], images: [] };
			toolTurn.responses.push(functionResponsePart(message));
			for (const block of message.content) if (block.type === "image") toolTurn.images.push(imagePart(block));
			continue;
		}
		flushToolTurn();
		if (message.role === "user") {
			const parts =
				typeof message.content === "string"
					? [{ text: sanitizeSurrogates(message.content) }]
					: message.content.map((block) => (block.type === "text" ? textPart(block) : imagePart(block)));
			if (parts.length > 0) contents.push({ role: "user", parts });
		} else {
			const parts = assistantParts(message, model);
			if (parts.length > 0) contents.push({ role: "model", parts });
		}
	}
	flushToolTurn();
	return contents;
}

function textPart(block: TextContent): Part {
	return { text: sanitizeSurrogates(block.text) };
}

function imagePart(block: ImageContent): Part {
	return { inlineData: { mimeType: block.mimeType, data: block.data } };
}

function functionResponsePart(message: ToolResultMessage): Part {
	const text = message.content
		.filter((block): block is TextContent => block.type === "text")
		.map((block) => block.text)
		.join("\n");
	const value = sanitizeSurrogates(text || TOOL_RESULT_TEXTS.empty);
	return {
		functionResponse: {
			id: message.toolCallId,
			name: message.toolName,
			response: message.isError ? { error: value } : { output: value },
		},
	};
}

function assistantParts(message: AssistantMessage, model: Model): Part[] {
	const parts: Part[] = [];
	for (const block of message.content) {
		if (block.type === "thinking") {
			// Only this model's own thinking reaches here (the transform turned the rest into text).
			const part: Part = { text: sanitizeSurrogates(block.thinking), thought: true };
			if (block.thinkingSignature) part.thoughtSignature = block.thinkingSignature;
			parts.push(part);
		} else if (block.type === "text") {
			if (block.text === "" && !block.textSignature) continue;
			const part: Part = { text: sanitizeSurrogates(block.text) };
			if (block.textSignature) part.thoughtSignature = block.textSignature;
			parts.push(part);
		} else {
			const part: Part = { functionCall: { id: block.id, name: block.name, args: block.arguments } };
			const signature = block.thoughtSignature ?? (isGemini3(model) ? SKIP_THOUGHT_SIGNATURE : undefined);
			if (signature) part.thoughtSignature = signature;
			parts.push(part);
		}
	}
	return parts;
}

/** Function declarations with the tool's JSON schema as is. */
export function convertGeminiTools(tools: Tool[]): FunctionDeclaration[] {
	return tools.map((tool) => ({
		name: tool.name,
		description: tool.description,
		parametersJsonSchema: tool.parameters,
	}));
}

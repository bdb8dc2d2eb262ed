/**
 * Converts a provider-neutral conversation into Converse `messages` (after the transform of events.md §1.9).
 * Types only from the SDK, so this module loads nothing.
 */
import type {
	Message as BedrockMessage,
	CachePointBlock,
	ContentBlock,
	ImageBlock,
	ImageFormat,
	ToolResultContentBlock,
} from "@aws-sdk/client-bedrock-runtime";
import type { AssistantMessage, ImageContent, Message, Model, TextContent } from "../../types.js";
import { sanitizeSurrogates } from "../../utils/sanitize.js";
import { restrictToolCallId, transformMessages } from "../../utils/transform-messages.js";
import { TOOL_RESULT_TEXTS } from "../shared/request.js";
import { isClaudeModel } from "./claude.js";

/** Bedrock tool-use ids: `^[a-zA-Z0-9_-]+$`, 1 to 64 characters. */
const TOOL_ID_MAX_LENGTH = 64;

/** Model-visible texts of the conversion. */
export const BEDROCK_MESSAGE_TEXTS = {
	/** Replaces an image in a format the Converse API does not take. */
	unsupportedImage: (mimeType: string) => `(image omitted: Bedrock does not accept ${mimeType} images)`,
	/** A past tool call, written as text when the request declares no tools. */
	toolCall: (name: string, args: unknown) => `[Tool call ${name}: ${JSON.stringify(args)}]`,
	/** Heads a past tool result written as text. */
	toolResult: (name: string, isError: boolean) => `[${isError ? "Failed tool" : "Tool"} result of ${name}]`,
} as const;

const IMAGE_FORMATS: Record<string, ImageFormat> = {
	"image/png": "png",
	"image/jpeg": "jpeg",
	"image/jpg": "jpeg",
	"image/gif": "gif",
	"image/webp": "webp",
};

/** Options of the conversion: where cache points go (`undefined` = none). */
export interface ConvertOptions {
	cachePoint?: CachePointBlock;
	/**
	 * Whether the request declares tools. Bedrock rejects `toolUse` and `toolResult` blocks without a tool
	 * configuration, so without tools the history's calls and results are written as text.
	 */
	toolsDeclared: boolean;
}

/**
 * The Converse messages. Consecutive tool results travel in one user message, and messages of the same role are
 * merged, since the API wants user and assistant turns to alternate. With `cachePoint`, the last user message ends
 * with one, so the whole prefix is cached.
 */
export function convertBedrockMessages(messages: Message[], model: Model, options: ConvertOptions): BedrockMessage[] {
	const normalised = transformMessages(messages, model, (id) => restrictToolCallId(id, TOOL_ID_MAX_LENGTH));
	const out: BedrockMessage[] = [];
	const push = (role: "user" | "assistant", content: ContentBlock[]) => {
		if (content.length === 0) return;
		const previous = out[out.length - 1];
		if (previous?.role === role) previous.content!.push(...content);
		else out.push({ role, content });
	};
	for (const message of normalised) {
		if (message.role === "user") {
			const blocks = typeof message.content === "string" ? [textBlock(message.content)] : userBlocks(message.content);
			push(
				"user",
				blocks.filter((block): block is ContentBlock => block !== undefined),
			);
		} else if (message.role === "assistant") {
			push("assistant", assistantBlocks(message, model, options.toolsDeclared));
		} else if (!options.toolsDeclared) {
			const head: ContentBlock = { text: BEDROCK_MESSAGE_TEXTS.toolResult(message.toolName, message.isError) };
			push("user", [head, ...(toolResultBlocks(message.content) as ContentBlock[])]);
		} else {
			push("user", [
				{
					toolResult: {
						toolUseId: message.toolCallId,
						content: toolResultBlocks(message.content),
						status: message.isError ? "error" : "success",
					},
				},
			]);
		}
	}
	if (options.cachePoint) {
		const last = out[out.length - 1];
		if (last?.role === "user") last.content!.push({ cachePoint: options.cachePoint });
	}
	return out;
}

/** A text block, or nothing for blank text (the API rejects blank text blocks). */
function textBlock(text: string): ContentBlock.TextMember | undefined {
	return text.trim() === "" ? undefined : { text: sanitizeSurrogates(text) };
}

function userBlocks(content: (TextContent | ImageContent)[]): (ContentBlock | undefined)[] {
	return content.map((block) => {
		if (block.type === "text") return textBlock(block.text);
		const image = imageBlock(block);
		return image ? { image } : { text: BEDROCK_MESSAGE_TEXTS.unsupportedImage(block.mimeType) };
	});
}

function toolResultBlocks(content: (TextContent | ImageContent)[]): ToolResultContentBlock[] {
	const blocks: ToolResultContentBlock[] = [];
	for (const block of content) {
		if (block.type === "text") {
			if (block.text.trim() !== "") blocks.push({ text: sanitizeSurrogates(block.text) });
			continue;
		}
		const image = imageBlock(block);
		blocks.push(image ? { image } : { text: BEDROCK_MESSAGE_TEXTS.unsupportedImage(block.mimeType) });
	}
	return blocks.length > 0 ? blocks : [{ text: TOOL_RESULT_TEXTS.empty }];
}

/** Images travel as raw bytes (the SDK base64-encodes them into the JSON body). */
function imageBlock(block: ImageContent): ImageBlock | undefined {
	const format = IMAGE_FORMATS[block.mimeType.toLowerCase()];
	if (!format) return undefined;
	return { format, source: { bytes: Buffer.from(block.data, "base64") } };
}

/**
 * Assistant blocks. Thinking of this very model is replayed as `reasoningContent`: Claude's with its signature (an
 * unsigned one, from a cut stream, cannot be verified and goes as text), other vendors' without (they reject the
 * field), redacted reasoning as its encrypted bytes.
 */
function assistantBlocks(message: AssistantMessage, model: Model, toolsDeclared: boolean): ContentBlock[] {
	const claude = isClaudeModel(model);
	const blocks: ContentBlock[] = [];
	for (const block of message.content) {
		if (block.type === "text") {
			const text = textBlock(block.text);
			if (text) blocks.push(text);
		} else if (block.type === "toolCall") {
			const input = block.arguments ?? {};
			if (toolsDeclared) blocks.push({ toolUse: { toolUseId: block.id, name: block.name, input } });
			else blocks.push({ text: BEDROCK_MESSAGE_TEXTS.toolCall(block.name, input) });
		} else if (block.redacted) {
			if (block.thinkingSignature) {
				blocks.push({ reasoningContent: { redactedContent: Buffer.from(block.thinkingSignature, "base64") } });
			}
		} else if (block.thinking.trim() !== "") {
			const text = sanitizeSurrogates(block.thinking);
			if (!claude) blocks.push({ reasoningContent: { reasoningText: { text } } });
			else if (block.thinkingSignature) {
				blocks.push({ reasoningContent: { reasoningText: { text, signature: block.thinkingSignature } } });
			} else blocks.push({ text });
		}
	}
	return blocks;
}

/**
 * Token figures compaction works with: a cheap estimate for messages that have no usage yet, and the context
 * tokens of rpc.md §6 (the last successful reply's `usage.totalTokens` since the latest compaction).
 */
import type { AgentMessage } from "@pi/agent-core";
import type { SessionEntry } from "../session/index.js";

/** Rough tokens per image block; providers bill images far above their base64 length / 4. */
const IMAGE_TOKENS = 1200;

/** Roughly four characters per token. */
export function estimateTextTokens(text: string): number {
	return Math.ceil(text.length / 4);
}

/** Estimated tokens of one context message (text, thinking, tool-call arguments, images). */
export function estimateMessageTokens(message: AgentMessage): number {
	switch (message.role) {
		case "user":
		case "toolResult":
		case "custom": {
			if (typeof message.content === "string") return estimateTextTokens(message.content);
			let tokens = 0;
			for (const block of message.content) {
				tokens += block.type === "text" ? estimateTextTokens(block.text) : IMAGE_TOKENS;
			}
			return tokens;
		}
		case "assistant": {
			let tokens = 0;
			for (const block of message.content) {
				if (block.type === "text") tokens += estimateTextTokens(block.text);
				else if (block.type === "thinking") tokens += estimateTextTokens(block.thinking);
				else tokens += estimateTextTokens(block.name + JSON.stringify(block.arguments));
			}
			return tokens;
		}
		case "bashExecution":
			return message.excludeFromContext ? 0 : estimateTextTokens(message.command + message.output);
		case "branchSummary":
		case "compactionSummary":
			return estimateTextTokens(message.summary);
		default:
			return 0;
	}
}

/**
 * Whether a message is an assistant reply that ended normally (stop, length or tool use): its usage counts for
 * context tokens, and it ends a retry sequence.
 */
export function isCompletedReply(message: AgentMessage): boolean {
	return (
		message.role === "assistant" &&
		(message.stopReason === "stop" || message.stopReason === "length" || message.stopReason === "toolUse")
	);
}

/**
 * Context tokens (rpc.md §6): `usage.totalTokens` of the last assistant message on `path` that ended with stop,
 * length or toolUse and was added after the latest compaction; `null` when there is none.
 */
export function getContextTokens(path: readonly SessionEntry[]): number | null {
	for (let i = path.length - 1; i >= 0; i--) {
		const entry = path[i]!;
		if (entry.type === "compaction") return null;
		if (entry.type === "message" && isCompletedReply(entry.message) && entry.message.role === "assistant") {
			return entry.message.usage.totalTokens;
		}
	}
	return null;
}

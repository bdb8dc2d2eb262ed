/**
 * Rebuilding the LLM context from the tree (§7) and converting it to LLM messages (§7.1).
 */
import type { AgentMessage } from "@pi/agent-core";
import { type Message, replaceImageBlocks, type UserMessage } from "@pi/ai";
import { isoToMs } from "./format.js";
import { type EntryIndex, getPath, indexEntries } from "./tree.js";
import type {
	BashExecutionMessage,
	CompactionEntry,
	SessionContext,
	SessionEntry,
	SessionModelRef,
	SessionThinkingLevel,
} from "./types.js";

/** Opens the user message that carries a compaction summary (§7.1, exact text). */
export const COMPACTION_PREFIX = "The conversation history before this point was compacted into the following summary:";
/** Opens the user message that carries a branch summary (§7.1, exact text). */
export const BRANCH_PREFIX = "The following is a summary of a branch that this conversation came back from:";
/** Replaces image blocks when `images.blockImages` is set. */
export const IMAGE_BLOCKED_TEXT = "Image reading is disabled.";

const EMPTY_CONTEXT: SessionContext = { messages: [], model: null, thinkingLevel: "off" };

/** Converts one path entry to its in-memory message, or `undefined` when it produces none (§7 table). */
function entryToMessage(entry: SessionEntry): AgentMessage | undefined {
	switch (entry.type) {
		case "message":
			return entry.message;
		case "custom_message":
			return {
				role: "custom",
				customType: entry.customType,
				content: entry.content,
				display: entry.display,
				details: entry.details,
				timestamp: isoToMs(entry.timestamp),
			};
		case "branch_summary":
			return entry.summary
				? { role: "branchSummary", summary: entry.summary, fromId: entry.fromId, timestamp: isoToMs(entry.timestamp) }
				: undefined;
		default:
			return undefined;
	}
}

function compactionSummary(entry: CompactionEntry): AgentMessage {
	return {
		role: "compactionSummary",
		summary: entry.summary,
		tokensBefore: entry.tokensBefore,
		timestamp: isoToMs(entry.timestamp),
	};
}

/**
 * The context at `leafId` (§7). `leafId === null` means "before the first entry" and gives an empty context.
 * Pass `byId` when the caller already has an index.
 */
export function buildSessionContext(
	entries: readonly SessionEntry[],
	leafId: string | null,
	byId: EntryIndex = indexEntries(entries),
): SessionContext {
	if (entries.length === 0 || leafId === null) return { ...EMPTY_CONTEXT, messages: [] };
	const path = getPath(byId, leafId);

	let thinkingLevel: SessionThinkingLevel = "off";
	let model: SessionModelRef | null = null;
	let compactionIndex = -1;
	path.forEach((entry, i) => {
		if (entry.type === "thinking_level_change") thinkingLevel = entry.thinkingLevel;
		else if (entry.type === "model_change") model = { provider: entry.provider, modelId: entry.modelId };
		else if (entry.type === "message" && entry.message.role === "assistant") {
			model = { provider: entry.message.provider, modelId: entry.message.model };
		} else if (entry.type === "compaction") compactionIndex = i;
	});

	const messages: AgentMessage[] = [];
	const push = (entry: SessionEntry) => {
		const message = entryToMessage(entry);
		if (message) messages.push(message);
	};
	if (compactionIndex < 0) {
		for (const entry of path) push(entry);
	} else {
		const compaction = path[compactionIndex] as CompactionEntry;
		messages.push(compactionSummary(compaction));
		const keptStart = path.findIndex((e, i) => i < compactionIndex && e.id === compaction.firstKeptEntryId);
		if (keptStart >= 0) for (let i = keptStart; i < compactionIndex; i++) push(path[i]);
		for (let i = compactionIndex + 1; i < path.length; i++) push(path[i]);
	}
	return { messages, model, thinkingLevel };
}

/** The text a `bashExecution` message is sent as (§7.1). */
export function bashExecutionToText(message: BashExecutionMessage): string {
	const fence = "```";
	const output = message.output.endsWith("\n") ? message.output.slice(0, -1) : message.output;
	let text = `Ran \`${message.command}\`\n${fence}\n${output === "" ? "(no output)" : output}\n${fence}`;
	if (message.cancelled) text += "\n\n(command cancelled)";
	else if (message.exitCode !== undefined && message.exitCode !== null && message.exitCode !== 0) {
		text += `\n\nCommand exited with code ${message.exitCode}`;
	}
	if (message.truncated && message.fullOutputPath) {
		text += `\n\n[Output truncated. Full output: ${message.fullOutputPath}]`;
	}
	return text;
}

function userText(text: string, timestamp: number): UserMessage {
	return { role: "user", content: [{ type: "text", text }], timestamp };
}

function summaryText(prefix: string, summary: string): string {
	return `${prefix}\n\n<summary>\n${summary}\n</summary>`;
}

export interface ConvertToLlmOptions {
	/** settings `images.blockImages`: replace image blocks in user and tool results. */
	blockImages?: boolean;
}

/**
 * Converts the session's messages to LLM messages (§7.1): custom, bash and summary roles become user messages,
 * `excludeFromContext` bash executions and unknown roles are dropped.
 */
export function convertToLlm(messages: readonly AgentMessage[], options: ConvertToLlmOptions = {}): Message[] {
	const out: Message[] = [];
	for (const message of messages) {
		switch (message.role) {
			case "user":
			case "assistant":
			case "toolResult":
				out.push(message);
				break;
			case "custom":
				out.push({
					role: "user",
					content: typeof message.content === "string" ? [{ type: "text", text: message.content }] : message.content,
					timestamp: message.timestamp,
				});
				break;
			case "bashExecution":
				if (!message.excludeFromContext) out.push(userText(bashExecutionToText(message), message.timestamp));
				break;
			case "branchSummary":
				out.push(userText(summaryText(BRANCH_PREFIX, message.summary), message.timestamp));
				break;
			case "compactionSummary":
				out.push(userText(summaryText(COMPACTION_PREFIX, message.summary), message.timestamp));
				break;
		}
	}
	if (!options.blockImages) return out;
	return out.map((message) => {
		if (message.role === "toolResult")
			return { ...message, content: replaceImageBlocks(message.content, IMAGE_BLOCKED_TEXT) };
		if (message.role === "user" && typeof message.content !== "string") {
			return { ...message, content: replaceImageBlocks(message.content, IMAGE_BLOCKED_TEXT) };
		}
		return message;
	});
}

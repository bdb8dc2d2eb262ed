/**
 * Decides which tool results are shown inside their call. A result is paired when it hangs below the assistant
 * message in an unbranched chain of toolResult entries, so every branch through the call also contains the
 * result; a result after a fork point keeps its own block.
 */
import type { AssistantMessage, ToolResultMessage } from "@pi/ai";
import type { SessionEntry } from "../session/index.js";

export interface ToolPairing {
	/** Paired results by assistant entry id, then tool call id (call ids are only unique within one message). */
	pairedResults: Map<string, Map<string, ToolResultMessage>>;
	/** Paired toolResult entry id → id of the assistant entry whose call shows it. */
	pairedResultEntries: Map<string, string>;
}

function asToolResult(entry: SessionEntry | undefined): ToolResultMessage | undefined {
	return entry?.type === "message" && entry.message?.role === "toolResult"
		? (entry.message as ToolResultMessage)
		: undefined;
}

/** `childrenOf` maps an entry id to its children (any order). */
export function pairToolResults(
	entries: readonly SessionEntry[],
	childrenOf: ReadonlyMap<string, readonly SessionEntry[]>,
): ToolPairing {
	const pairing: ToolPairing = { pairedResults: new Map(), pairedResultEntries: new Map() };
	for (const entry of entries) {
		if (entry.type !== "message" || entry.message?.role !== "assistant") continue;
		const content = (entry.message as AssistantMessage).content;
		if (!Array.isArray(content)) continue;
		const callIds = new Set(content.filter((c) => c?.type === "toolCall").map((c) => (c as { id: string }).id));
		const results = new Map<string, ToolResultMessage>();
		let current: SessionEntry = entry;
		while (callIds.size > 0) {
			const children: readonly SessionEntry[] = childrenOf.get(current.id) ?? [];
			const result = children.length === 1 ? asToolResult(children[0]) : undefined;
			if (!result || !callIds.has(result.toolCallId)) break;
			callIds.delete(result.toolCallId);
			results.set(result.toolCallId, result);
			pairing.pairedResultEntries.set(children[0].id, entry.id);
			current = children[0];
		}
		if (results.size > 0) pairing.pairedResults.set(entry.id, results);
	}
	return pairing;
}

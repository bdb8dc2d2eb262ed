/**
 * Pure helpers for forks and branched sessions (§10): which entries a new session copies.
 */
import type { AgentMessage } from "@pi/agent-core";
import { generateEntryId, isoNow } from "./format.js";
import { collectLabels, type EntryIndex, getPath } from "./tree.js";
import type { LabelEntry, SessionEntry } from "./types.js";

/**
 * Entries of a branched session (§10.2): the path root..`leafId` copied verbatim without `label` entries, then a
 * fresh `label` entry, chained after the last copied one, for every label whose target is on that path.
 */
export function buildBranchedEntries(
	entries: readonly SessionEntry[],
	byId: EntryIndex,
	leafId: string,
): SessionEntry[] {
	const copied = getPath(byId, leafId).filter((entry) => entry.type !== "label");
	const labels = collectLabels(entries);
	const taken = new Set(copied.map((entry) => entry.id));
	const result: SessionEntry[] = [...copied];
	let parentId = copied.length > 0 ? copied[copied.length - 1].id : null;
	for (const entry of copied) {
		const label = labels.get(entry.id);
		if (label === undefined) continue;
		const id = generateEntryId(taken);
		taken.add(id);
		const labelEntry: LabelEntry = { type: "label", id, parentId, timestamp: isoNow(), targetId: entry.id, label };
		result.push(labelEntry);
		parentId = id;
	}
	return result;
}

/** The text of a user message: its text blocks joined with `\n` (a string content is returned as is). */
export function userMessageText(message: AgentMessage): string {
	if (message.role !== "user") return "";
	if (typeof message.content === "string") return message.content;
	return message.content
		.filter((block) => block.type === "text")
		.map((block) => (block as { text: string }).text)
		.join("\n");
}

/** True for a `message` entry whose message is a user message. */
export function isUserMessageEntry(entry: SessionEntry | undefined): entry is SessionEntry & { type: "message" } {
	return entry?.type === "message" && entry.message.role === "user";
}

/** True when a list of entries contains at least one `message` entry (such sessions are written at once). */
export function containsMessage(entries: readonly SessionEntry[]): boolean {
	return entries.some((entry) => entry.type === "message");
}

/**
 * Choosing what a compaction summarises and what it keeps (rpc.md §4.3, session-format.md §7): the most recent
 * `keepRecentTokens` of context stay verbatim; everything before the cut since the previous compaction's kept
 * region is summarised. A cut never separates a tool call from its result: it only falls before a context entry
 * that is not a tool result (a user message, an assistant message opening a turn, a summary or custom message).
 */
import type { AgentMessage } from "@pi/agent-core";
import {
	buildSessionContext,
	type CompactionEntry,
	type SessionEntry,
	type SummaryFileDetails,
} from "../session/index.js";
import { sessionTexts } from "../session-events.js";
import { readFileDetails } from "./file-tracking.js";
import { estimateMessageTokens } from "./tokens.js";

/** Everything needed to summarise and record a compaction. */
export interface CompactionPlan {
	/** Id of the first entry kept verbatim. */
	firstKeptEntryId: string;
	/** Context messages that the summary replaces (excluding the previous summary itself). */
	messagesToSummarize: AgentMessage[];
	/** The previous compaction's summary, folded into the new one. */
	previousSummary?: string;
	/** The previous compaction's file lists. */
	previousDetails?: SummaryFileDetails;
}

/** Result of planning: a plan, or the caller-visible reason why there is nothing to do. */
export type CompactionPlanResult = { ok: true; plan: CompactionPlan } | { ok: false; error: string };

/** The message a context entry produces (the same conversion as buildSessionContext); undefined for others. */
export function entryMessage(entry: SessionEntry): AgentMessage | undefined {
	if (entry.type !== "message" && entry.type !== "custom_message" && entry.type !== "branch_summary") return undefined;
	return buildSessionContext([{ ...entry, parentId: null }], entry.id).messages[0];
}

/**
 * A cut may fall before this entry: it produces a context message that is not a tool result. A failed or aborted
 * reply is no cut point either: replay drops it, so a kept region starting there would lose its prompt.
 */
function isValidCutPoint(entry: SessionEntry): boolean {
	const message = entryMessage(entry);
	if (message === undefined || message.role === "toolResult") return false;
	return !(message.role === "assistant" && (message.stopReason === "error" || message.stopReason === "aborted"));
}

/**
 * Plans a compaction of `path` (root..leaf). Errors: `Already compacted` when the leaf is a compaction,
 * `Nothing to compact (session too small)` when the context holds less than `keepRecentTokens` before a valid cut.
 */
export function planCompaction(path: readonly SessionEntry[], keepRecentTokens: number): CompactionPlanResult {
	if (path.length === 0) return { ok: false, error: sessionTexts.nothingToCompact };
	if (path[path.length - 1]!.type === "compaction") return { ok: false, error: sessionTexts.alreadyCompacted };

	let previousIndex = -1;
	for (let i = path.length - 1; i >= 0; i--) {
		if (path[i]!.type === "compaction") {
			previousIndex = i;
			break;
		}
	}
	const previous = previousIndex >= 0 ? (path[previousIndex] as CompactionEntry) : undefined;
	let start = previousIndex + 1;
	if (previous) {
		const kept = path.findIndex((entry, i) => i < previousIndex && entry.id === previous.firstKeptEntryId);
		if (kept >= 0) start = kept;
	}

	// Walk back from the leaf until the kept region holds keepRecentTokens, then back to a valid cut point.
	let kept = 0;
	let cut = -1;
	for (let i = path.length - 1; i >= start; i--) {
		if (i === previousIndex) continue;
		const message = entryMessage(path[i]!);
		if (!message) continue;
		kept += estimateMessageTokens(message);
		if (kept >= keepRecentTokens) {
			cut = i;
			break;
		}
	}
	while (cut > start && !isValidCutPoint(path[cut]!)) cut--;
	if (cut <= start || !isValidCutPoint(path[cut]!)) return { ok: false, error: sessionTexts.nothingToCompact };

	const messagesToSummarize: AgentMessage[] = [];
	for (let i = start; i < cut; i++) {
		if (i === previousIndex) continue;
		const message = entryMessage(path[i]!);
		if (message) messagesToSummarize.push(message);
	}
	if (messagesToSummarize.length === 0) return { ok: false, error: sessionTexts.nothingToCompact };
	return {
		ok: true,
		plan: {
			firstKeptEntryId: path[cut]!.id,
			messagesToSummarize,
			previousSummary: previous?.summary,
			previousDetails: previous ? readFileDetails(previous.details) : undefined,
		},
	};
}

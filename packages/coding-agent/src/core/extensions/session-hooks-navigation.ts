/**
 * Navigation as extensions see it: `session_before_switch` / `session_before_fork` / `session_before_tree` may
 * cancel; a replaced session ends for the extensions with `session_shutdown` (reason "new", "resume" or "fork")
 * and the next one starts with `session_start` (same reason, `previousSessionFile`); a tree move ends with
 * `session_tree`. pi keeps the same extension instances across sessions (the original reloads them), so one
 * instance hears both events.
 */
import type { BranchSummaryEntry, SessionEntry, SessionManager } from "../session/index.js";
import type { EventDispatcher } from "./dispatch.js";
import type { SessionBeforeTreeResult, SessionStartReason, TreePreparation } from "./events.js";

/** `session_before_switch`: true when a handler cancelled. */
export async function switchCancelled(
	dispatch: EventDispatcher,
	reason: "new" | "resume",
	targetSessionFile?: string,
): Promise<boolean> {
	if (!dispatch.has("session_before_switch")) return false;
	const outcome = await dispatch.cancellable("session_before_switch", {
		type: "session_before_switch",
		reason,
		...(targetSessionFile !== undefined ? { targetSessionFile } : {}),
	});
	return outcome.cancel;
}

/** `session_before_fork` (`position` "before" for a fork, "at" for a clone): true when a handler cancelled. */
export async function forkCancelled(
	dispatch: EventDispatcher,
	entryId: string,
	position: "before" | "at",
): Promise<boolean> {
	if (!dispatch.has("session_before_fork")) return false;
	const outcome = await dispatch.cancellable("session_before_fork", { type: "session_before_fork", entryId, position });
	return outcome.cancel;
}

/** `session_shutdown` for the session being replaced (it is still the current one while handlers run). */
export function announceLeaving(
	dispatch: EventDispatcher,
	reason: Exclude<SessionStartReason, "startup" | "reload">,
	targetSessionFile?: string,
): Promise<void> {
	return dispatch.notify("session_shutdown", {
		type: "session_shutdown",
		reason,
		...(targetSessionFile !== undefined ? { targetSessionFile } : {}),
	});
}

/** `session_start` for the session that replaced another. */
export function announceArrival(
	dispatch: EventDispatcher,
	reason: Exclude<SessionStartReason, "startup" | "reload">,
	previousSessionFile?: string,
): Promise<void> {
	return dispatch.notify("session_start", {
		type: "session_start",
		reason,
		...(previousSessionFile !== undefined ? { previousSessionFile } : {}),
	});
}

/** What a move from the current leaf to `newLeafId` leaves behind. */
export function treePreparation(
	manager: SessionManager,
	targetId: string,
	newLeafId: string | null,
	options: { summarize?: boolean; customInstructions?: string; replaceInstructions?: boolean; label?: string },
): TreePreparation {
	const kept = new Set(newLeafId === null ? [] : manager.getBranch(newLeafId).map((entry) => entry.id));
	const branch = manager.getBranch();
	let commonAncestorId: string | null = null;
	const entriesToSummarize: SessionEntry[] = [];
	for (const entry of branch) {
		if (kept.has(entry.id)) commonAncestorId = entry.id;
		else entriesToSummarize.push(entry);
	}
	return {
		targetId,
		oldLeafId: manager.getLeafId(),
		commonAncestorId,
		entriesToSummarize,
		userWantsSummary: options.summarize === true,
		...(options.customInstructions !== undefined ? { customInstructions: options.customInstructions } : {}),
		...(options.replaceInstructions !== undefined ? { replaceInstructions: options.replaceInstructions } : {}),
		...(options.label !== undefined ? { label: options.label } : {}),
	};
}

/** `session_before_tree`: cancelled, or what the handlers supplied (summary, instructions, label). */
export async function beforeTree(
	dispatch: EventDispatcher,
	preparation: TreePreparation,
	signal: AbortSignal,
): Promise<{ cancel: true } | { cancel: false; result?: SessionBeforeTreeResult }> {
	if (!dispatch.has("session_before_tree")) return { cancel: false };
	const outcome = await dispatch.cancellable("session_before_tree", {
		type: "session_before_tree",
		preparation,
		signal,
	});
	return outcome.cancel ? { cancel: true } : { cancel: false, result: outcome.result };
}

/** `session_tree` after the move. */
export async function announceTreeMove(
	dispatch: EventDispatcher,
	manager: SessionManager,
	event: { oldLeafId: string | null; summaryEntryId?: string; fromExtension: boolean },
): Promise<void> {
	if (!dispatch.has("session_tree")) return;
	const summaryEntry = event.summaryEntryId ? manager.getEntry(event.summaryEntryId) : undefined;
	await dispatch.notify("session_tree", {
		type: "session_tree",
		newLeafId: manager.getLeafId(),
		oldLeafId: event.oldLeafId,
		...(summaryEntry?.type === "branch_summary"
			? { summaryEntry: summaryEntry as BranchSummaryEntry<unknown>, fromExtension: event.fromExtension }
			: {}),
	});
}

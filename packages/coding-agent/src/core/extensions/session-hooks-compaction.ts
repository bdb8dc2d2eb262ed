/**
 * Compaction as extensions see it: `session_before_compact` (cancel, or supply the summary) before pi asks the
 * model, then `session_compact` with the stored entry or `session_compact_failed`. The run controller calls these
 * around its compaction; everything extension-specific stays here.
 */
import type { CompactionPlan } from "../compaction/index.js";
import { collectFileOperations, estimateMessageTokens, getContextTokens } from "../compaction/index.js";
import type { CompactionEntry, SessionEntry, SessionManager } from "../session/index.js";
import type { CompactionReason, CompactionResult } from "../session-events.js";
import type { EventDispatcher } from "./dispatch.js";
import type { CompactionPreparation, ExtensionCompaction } from "./events.js";

/** What a compaction is about to do, in the original's `CompactionPreparation` shape. */
export function compactionPreparation(
	manager: SessionManager,
	plan: CompactionPlan,
	settings: CompactionPreparation["settings"],
): CompactionPreparation {
	const path = manager.getBranch();
	const tokensBefore =
		getContextTokens(path) ??
		manager.buildContext().messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
	const files = collectFileOperations(plan.messagesToSummarize, plan.previousDetails);
	return {
		firstKeptEntryId: plan.firstKeptEntryId,
		messagesToSummarize: plan.messagesToSummarize,
		turnPrefixMessages: [],
		isSplitTurn: false,
		tokensBefore,
		...(plan.previousSummary !== undefined ? { previousSummary: plan.previousSummary } : {}),
		// pi tracks "modified" files without telling writes from edits: they are listed as edited.
		fileOps: { read: new Set(files.readFiles), written: new Set(), edited: new Set(files.modifiedFiles) },
		settings,
	};
}

/** The decision of the `session_before_compact` handlers. */
export type CompactionDecision =
	| { kind: "cancel" }
	| { kind: "extension"; result: ExtensionCompaction }
	| { kind: "pi" };

/** Asks the `session_before_compact` handlers (nothing to ask without handlers). */
export async function decideCompaction(
	dispatch: EventDispatcher,
	options: {
		manager: SessionManager;
		plan: CompactionPlan;
		settings: CompactionPreparation["settings"];
		reason: CompactionReason;
		customInstructions?: string;
		signal: AbortSignal;
	},
): Promise<CompactionDecision> {
	if (!dispatch.has("session_before_compact")) return { kind: "pi" };
	const { manager, plan, settings, reason, customInstructions, signal } = options;
	const outcome = await dispatch.cancellable("session_before_compact", {
		type: "session_before_compact",
		preparation: compactionPreparation(manager, plan, settings),
		branchEntries: manager.getBranch(),
		...(customInstructions !== undefined ? { customInstructions } : {}),
		signal,
		reason,
		willRetry: reason === "overflow",
	});
	if (outcome.cancel) return { kind: "cancel" };
	const supplied = outcome.result?.compaction;
	return supplied ? { kind: "extension", result: supplied } : { kind: "pi" };
}

/** Stores a compaction an extension supplied (marked `fromHook`). */
export function storeExtensionCompaction(manager: SessionManager, result: ExtensionCompaction): CompactionResult {
	manager.appendCompaction(result.summary, result.firstKeptEntryId, result.tokensBefore, result.details, true);
	// The details are the extension's own shape, not pi's file lists; callers pass them through untouched.
	return result as CompactionResult;
}

/** `session_compact` with the entry just stored (the current leaf). */
export async function announceCompaction(
	dispatch: EventDispatcher,
	manager: SessionManager,
	reason: CompactionReason,
	fromExtension: boolean,
): Promise<void> {
	if (!dispatch.has("session_compact")) return;
	const leafId = manager.getLeafId();
	const entry: SessionEntry | undefined = leafId ? manager.getEntry(leafId) : undefined;
	if (entry?.type !== "compaction") return;
	await dispatch.notify("session_compact", {
		type: "session_compact",
		compactionEntry: entry as CompactionEntry<unknown>,
		fromExtension,
		reason,
		willRetry: reason === "overflow",
	});
}

/** `session_compact_failed`: the compaction failed, was aborted, or a handler cancelled it. */
export async function announceCompactionFailure(
	dispatch: EventDispatcher,
	event: { reason: CompactionReason; aborted: boolean; errorMessage?: string; fromExtension: boolean },
): Promise<void> {
	await dispatch.notify("session_compact_failed", {
		type: "session_compact_failed",
		reason: event.reason,
		aborted: event.aborted,
		willRetry: event.reason === "overflow",
		fromExtension: event.fromExtension,
		...(event.errorMessage !== undefined ? { errorMessage: event.errorMessage } : {}),
	});
}

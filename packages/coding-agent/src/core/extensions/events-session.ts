/**
 * Extension events about the session itself: resource discovery, start, switch, fork, compaction, tree moves,
 * renaming and shutdown. Each event object comes with what its handler may return; the session's collaborators
 * (session-hooks-*.ts) fire them. Re-exported by events.ts, which maps names to these types.
 */
import type { AgentMessage } from "@pi/agent-core";
import type { BranchSummaryEntry, CompactionEntry, SessionEntry } from "../session/index.js";
import type { CompactionReason, CompactionResult } from "../session-events.js";

/** After `session_start`: extensions may add skill, prompt-template and theme paths. */
export interface ResourcesDiscoverEvent {
	type: "resources_discover";
	cwd: string;
	reason: "startup" | "reload";
}

/** What a `resources_discover` handler may return; paths of every handler are collected. */
export interface ResourcesDiscoverResult {
	skillPaths?: string[];
	promptPaths?: string[];
	/** Accepted but not loaded: the terminal UI reads its themes before extensions start (docs/extensions.md). */
	themePaths?: string[];
}

/** Why a session (re)started, and why an extension instance stops hearing the old one. */
export type SessionStartReason = "startup" | "reload" | "new" | "resume" | "fork";

/** A session started: at start-up once the mode is ready, and after `/new`, a switch, a fork or a clone. */
export interface SessionStartEvent {
	type: "session_start";
	reason: SessionStartReason;
	/** The session file active before a "new", "resume" or "fork" (absent for in-memory sessions). */
	previousSessionFile?: string;
}

/** Before `/new` or a switch to another session file. Return `{cancel: true}` to stay. */
export interface SessionBeforeSwitchEvent {
	type: "session_before_switch";
	reason: "new" | "resume";
	/** The file switched to (only for "resume"). */
	targetSessionFile?: string;
}

export interface SessionBeforeSwitchResult {
	cancel?: boolean;
}

/** Before a fork (`position: "before"` the chosen user message) or a clone (`"at"` the current leaf). */
export interface SessionBeforeForkEvent {
	type: "session_before_fork";
	entryId: string;
	position: "before" | "at";
}

export interface SessionBeforeForkResult {
	cancel?: boolean;
	/** Accepted for compatibility; it has no effect (as in the original). */
	skipConversationRestore?: boolean;
}

/** The file operations a compaction's summary lists (the original's `FileOperations`, as sets). */
export interface FileOperations {
	read: Set<string>;
	written: Set<string>;
	edited: Set<string>;
}

/** What pi is about to summarise; a handler may write its own summary from it. */
export interface CompactionPreparation {
	/** The first entry kept verbatim (the cut point). */
	firstKeptEntryId: string;
	messagesToSummarize: AgentMessage[];
	/** Always empty: pi never cuts inside a turn (isSplitTurn is always false). */
	turnPrefixMessages: AgentMessage[];
	isSplitTurn: boolean;
	tokensBefore: number;
	previousSummary?: string;
	fileOps: FileOperations;
	settings: { enabled: boolean; reserveTokens: number; keepRecentTokens: number };
}

/** Before a compaction (manual, threshold or overflow). Cancel it, or supply the compaction. */
export interface SessionBeforeCompactEvent {
	type: "session_before_compact";
	preparation: CompactionPreparation;
	/** Every entry of the current branch, root first. */
	branchEntries: SessionEntry[];
	customInstructions?: string;
	/** Aborted when the compaction is (Esc, RPC `abort`, `abort_compaction`). */
	signal: AbortSignal;
	reason: CompactionReason;
	willRetry: boolean;
}

/** A compaction an extension writes itself; `details` is the extension's own data, stored as is. */
export type ExtensionCompaction = Omit<CompactionResult, "details"> & { details?: unknown };

export interface SessionBeforeCompactResult {
	cancel?: boolean;
	/** Stored instead of pi's own summary; `fromHook` is recorded in the entry. */
	compaction?: ExtensionCompaction;
}

/** A compaction was stored. */
export interface SessionCompactEvent {
	type: "session_compact";
	compactionEntry: CompactionEntry<unknown>;
	fromExtension: boolean;
	reason: CompactionReason;
	willRetry: boolean;
}

/** A compaction failed, was cancelled by a handler, or was aborted. */
export interface SessionCompactFailedEvent {
	type: "session_compact_failed";
	reason: CompactionReason;
	errorMessage?: string;
	aborted: boolean;
	willRetry: boolean;
	fromExtension: boolean;
}

/** What a tree move is about to do. */
export interface TreePreparation {
	targetId: string;
	oldLeafId: string | null;
	commonAncestorId: string | null;
	/** Entries of the branch left behind that a summary would cover. */
	entriesToSummarize: SessionEntry[];
	userWantsSummary: boolean;
	customInstructions?: string;
	replaceInstructions?: boolean;
	label?: string;
}

/** Before moving in the session tree. Cancel it, or supply the branch summary. */
export interface SessionBeforeTreeEvent {
	type: "session_before_tree";
	preparation: TreePreparation;
	signal: AbortSignal;
}

export interface SessionBeforeTreeResult {
	cancel?: boolean;
	/** Stored as the branch summary instead of asking the model (only when a summary was asked for). */
	summary?: { summary: string; details?: unknown };
	customInstructions?: string;
	/** Accepted; pi always appends custom instructions to its own prompt. */
	replaceInstructions?: boolean;
	/** A label set on the branch summary entry. */
	label?: string;
}

/** The session moved in its tree. */
export interface SessionTreeEvent {
	type: "session_tree";
	newLeafId: string | null;
	oldLeafId: string | null;
	summaryEntry?: BranchSummaryEntry<unknown>;
	fromExtension?: boolean;
}

/** The session's name changed (`/name`, RPC `set_session_name`, `pi.setSessionName`). */
export interface SessionInfoChangedEvent {
	type: "session_info_changed";
	name: string | undefined;
}

/** Why an extension stops hearing a session. */
export type SessionShutdownReason = "quit" | "reload" | "new" | "resume" | "fork";

/** The session ends for the extensions: pi quits, reloads, or replaces the session. */
export interface SessionShutdownEvent {
	type: "session_shutdown";
	reason: SessionShutdownReason;
	/** The session file replacing this one ("new", "resume", "fork"). */
	targetSessionFile?: string;
}

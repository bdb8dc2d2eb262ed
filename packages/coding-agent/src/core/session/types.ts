/**
 * Data types of session files (shared/spec/session-format.md) and the message roles the coding agent adds to
 * agent-core's `AgentMessage`.
 */
import type { AgentMessage, AgentThinkingLevel } from "@pi/agent-core";
import type { ImageContent, TextContent } from "@pi/ai";

/** The format version pi writes. */
export const CURRENT_SESSION_VERSION = 3;

/** Thinking level as stored in `thinking_level_change` entries. */
export type SessionThinkingLevel = AgentThinkingLevel;

/** First line of a session file. Not part of the entry tree. */
export interface SessionHeader {
	type: "session";
	/** Absent in version 1 files. */
	version?: number;
	id: string;
	timestamp: string;
	cwd: string;
	/** Absolute path of the session file this one was forked or cloned from. */
	parentSession?: string;
}

/** Files touched while producing a summary. */
export interface SummaryFileDetails {
	readFiles: string[];
	modifiedFiles: string[];
}

/** Fields every entry has. */
export interface SessionEntryBase {
	type: string;
	/** 8 lowercase hex characters for entries pi writes; readers accept any non-empty string. */
	id: string;
	/** `null` for a root. */
	parentId: string | null;
	/** ISO-8601 UTC with milliseconds. */
	timestamp: string;
}

export interface SessionMessageEntry extends SessionEntryBase {
	type: "message";
	message: AgentMessage;
}

export interface ModelChangeEntry extends SessionEntryBase {
	type: "model_change";
	provider: string;
	modelId: string;
}

export interface ThinkingLevelChangeEntry extends SessionEntryBase {
	type: "thinking_level_change";
	thinkingLevel: SessionThinkingLevel;
}

export interface CompactionEntry<TDetails = SummaryFileDetails> extends SessionEntryBase {
	type: "compaction";
	summary: string;
	firstKeptEntryId: string;
	tokensBefore: number;
	details?: TDetails;
	/** True when an extension supplied the summary. */
	fromHook?: boolean;
}

export interface BranchSummaryEntry<TDetails = SummaryFileDetails> extends SessionEntryBase {
	type: "branch_summary";
	/** The abandoned leaf id, or `"root"`. */
	fromId: string;
	summary: string;
	details?: TDetails;
	fromHook?: boolean;
}

/** Extension state; produces no context message. */
export interface CustomEntry<TData = unknown> extends SessionEntryBase {
	type: "custom";
	customType: string;
	data?: TData;
}

/** An extension message that takes part in the LLM context. */
export interface CustomMessageEntry<TDetails = unknown> extends SessionEntryBase {
	type: "custom_message";
	customType: string;
	content: string | (TextContent | ImageContent)[];
	display: boolean;
	details?: TDetails;
}

/** Sets, or with an empty/absent label clears, the label of `targetId`. */
export interface LabelEntry extends SessionEntryBase {
	type: "label";
	targetId: string;
	label?: string;
}

export interface SessionInfoEntry extends SessionEntryBase {
	type: "session_info";
	name?: string;
}

/** Every entry type pi knows. Entries of other types are kept (as {@link SessionEntryBase}) but ignored. */
export type KnownSessionEntry =
	| SessionMessageEntry
	| ModelChangeEntry
	| ThinkingLevelChangeEntry
	| CompactionEntry
	| BranchSummaryEntry
	| CustomEntry
	| CustomMessageEntry
	| LabelEntry
	| SessionInfoEntry;

export type SessionEntry = KnownSessionEntry;

// ---------------------------------------------------------------------------------------------------------------
// Message roles added by the coding agent

/** A command the user ran (`!cmd`, RPC `bash`). */
export interface BashExecutionMessage {
	role: "bashExecution";
	command: string;
	output: string;
	/** Absent when the process was killed. */
	exitCode?: number;
	cancelled: boolean;
	truncated: boolean;
	fullOutputPath?: string;
	timestamp: number;
	/** `!!cmd`: kept in the history, never sent to the model. */
	excludeFromContext?: boolean;
}

/** An extension message (from `custom_message` entries, or stored directly by older files). */
export interface CustomMessage<TDetails = unknown> {
	role: "custom";
	customType: string;
	content: string | (TextContent | ImageContent)[];
	display: boolean;
	details?: TDetails;
	timestamp: number;
}

/** In memory only: the summary of a compaction, placed first in the context. */
export interface CompactionSummaryMessage {
	role: "compactionSummary";
	summary: string;
	tokensBefore: number;
	timestamp: number;
}

/** In memory only: the summary of a branch the conversation came back from. */
export interface BranchSummaryMessage {
	role: "branchSummary";
	summary: string;
	fromId: string;
	timestamp: number;
}

declare module "@pi/agent-core" {
	interface CustomAgentMessages {
		bashExecution: BashExecutionMessage;
		custom: CustomMessage;
		compactionSummary: CompactionSummaryMessage;
		branchSummary: BranchSummaryMessage;
	}
}

// ---------------------------------------------------------------------------------------------------------------
// Derived views

/** A model reference as restored from a session. */
export interface SessionModelRef {
	provider: string;
	modelId: string;
}

/** What `buildSessionContext` returns (§7). */
export interface SessionContext {
	messages: AgentMessage[];
	model: SessionModelRef | null;
	thinkingLevel: SessionThinkingLevel;
}

/** One node of the tree view. */
export interface SessionTreeNode {
	entry: SessionEntry;
	children: SessionTreeNode[];
	label?: string;
}

/** One listed session file (§9). */
export interface SessionInfo {
	path: string;
	id: string;
	cwd: string;
	name?: string;
	parentSessionPath?: string;
	created: Date;
	modified: Date;
	messageCount: number;
	firstMessage: string;
}

/** Receives user-facing warnings (malformed lines, write failures, re-created files). */
export type SessionWarningHandler = (message: string) => void;

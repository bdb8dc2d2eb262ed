/**
 * The events an extension can handle: for each one the event object its handlers receive and what a handler may
 * return (ExtensionEventMap). Names, fields and return values follow the original pi's extension API (0.73, plus
 * fields added later); docs/extensions.md "Events" lists when each one fires. How results combine across
 * handlers lives in dispatch-rules.ts.
 */
import type { AgentMessage, AgentThinkingLevel } from "@pi/agent-core";
import type {
	AssistantMessage,
	AssistantMessageEvent,
	ImageContent,
	Model,
	TextContent,
	ToolResultMessage,
} from "@pi/ai";
import type { BashResult } from "../../tools/bash-executor.js";
import type { BranchSummaryEntry, CompactionEntry, SessionEntry } from "../session/index.js";
import type { CompactionReason, CompactionResult } from "../session-events.js";
import type { ExtensionContext } from "./types.js";

// --- resources and session ----------------------------------------------------------------------------------------

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

// --- agent runs ---------------------------------------------------------------------------------------------------

/** The system prompt's sources, as far as an extension can use them. */
export interface SystemPromptOptions {
	cwd: string;
	/** Names of the active tools. */
	selectedTools: string[];
}

/** A prompt passed its preflight and is about to run (not for queued messages). */
export interface BeforeAgentStartEvent {
	type: "before_agent_start";
	/** The prompt text after template and skill expansion. */
	prompt: string;
	images?: ImageContent[];
	/** The system prompt as changed by earlier handlers of this event. */
	systemPrompt: string;
	systemPromptOptions: SystemPromptOptions;
}

/** A message an extension adds to the run (stored in the session, sent to the model). */
export interface ExtensionCustomMessage {
	customType: string;
	content: string | (TextContent | ImageContent)[];
	/** Whether UIs show it. */
	display?: boolean;
	details?: unknown;
}

export interface BeforeAgentStartEventResult {
	/** Added after the user message; each handler may add one. */
	message?: ExtensionCustomMessage;
	/** The system prompt for this prompt's run; the next handler sees it. */
	systemPrompt?: string;
}

export interface AgentStartEvent {
	type: "agent_start";
}

export interface AgentEndEvent {
	type: "agent_end";
	messages: AgentMessage[];
}

/** A turn starts: one LLM call and the tool calls it asks for. `turnIndex` counts from 0 per run. */
export interface TurnStartEvent {
	type: "turn_start";
	turnIndex: number;
	timestamp: number;
}

export interface TurnEndEvent {
	type: "turn_end";
	turnIndex: number;
	message: AssistantMessage;
	toolResults: ToolResultMessage[];
}

export interface MessageStartEvent {
	type: "message_start";
	message: AgentMessage;
}

export interface MessageUpdateEvent {
	type: "message_update";
	message: AgentMessage;
	assistantMessageEvent: AssistantMessageEvent;
}

/** A message is final; it is stored in the session file after the handlers ran. */
export interface MessageEndEvent {
	type: "message_end";
	message: AgentMessage;
}

export interface MessageEndEventResult {
	/** Replaces the finalized message (stored and sent as such); it must keep the same `role`. */
	message?: AgentMessage;
}

/** Before each LLM call: `messages` is a copy of the context, safe to change. */
export interface ContextEvent {
	type: "context";
	messages: AgentMessage[];
}

export interface ContextEventResult {
	/** Sent to the model for this call only; the stored transcript is unchanged. */
	messages?: AgentMessage[];
}

/** The provider payload, built and about to be sent. */
export interface BeforeProviderRequestEvent {
	type: "before_provider_request";
	payload: unknown;
}

/** Anything but `undefined` replaces the payload (for later handlers and the request). */
export type BeforeProviderRequestEventResult = unknown;

/** An HTTP response arrived (one per attempt), before its body is read; `headers` have lower-case names. */
export interface AfterProviderResponseEvent {
	type: "after_provider_response";
	status: number;
	headers: Record<string, string>;
}

export interface ToolExecutionStartEvent {
	type: "tool_execution_start";
	toolCallId: string;
	toolName: string;
	args: any;
}

export interface ToolExecutionUpdateEvent {
	type: "tool_execution_update";
	toolCallId: string;
	toolName: string;
	args: any;
	partialResult: any;
}

export interface ToolExecutionEndEvent {
	type: "tool_execution_end";
	toolCallId: string;
	toolName: string;
	result: any;
	isError: boolean;
}

// --- models -------------------------------------------------------------------------------------------------------

export type ModelSelectSource = "set" | "cycle" | "restore";

export interface ModelSelectEvent {
	type: "model_select";
	model: Model;
	previousModel: Model | undefined;
	source: ModelSelectSource;
}

export interface ThinkingLevelSelectEvent {
	type: "thinking_level_select";
	level: AgentThinkingLevel;
	previousLevel: AgentThinkingLevel;
}

// --- tools --------------------------------------------------------------------------------------------------------

/** The arguments of the built-in tools as `tool_call` shows them (the original pi's names). */
export interface BuiltinToolInputs {
	read: { path: string; offset?: number; limit?: number };
	write: { path: string; content: string };
	edit: { path: string; edits: { oldText: string; newText: string }[]; replace_all?: boolean };
	bash: { command: string; timeout?: number };
	grep: {
		pattern: string;
		path?: string;
		glob?: string;
		ignoreCase?: boolean;
		literal?: boolean;
		context?: number;
		limit?: number;
	};
	find: { pattern: string; path?: string; limit?: number };
	ls: { path?: string; limit?: number };
}

/**
 * The model asked for a tool; arguments are validated and about to be used. `input` carries the original pi's
 * argument names for built-in tools (read/write `path`, edit `path` + `edits[{oldText, newText}]`, grep
 * `ignoreCase`). Mutate `input` in place to change the call: later handlers and the tool see the change (it is
 * not validated again).
 */
export interface ToolCallEvent {
	type: "tool_call";
	toolCallId: string;
	toolName: string;
	input: Record<string, any>;
}

export interface ToolCallEventResult {
	/** Refuses the call; the model receives `Tool call blocked: <reason>`. The first block wins. */
	block?: boolean;
	reason?: string;
}

/** A tool finished; handlers may patch the result, each seeing the previous one's changes. */
export interface ToolResultEvent {
	type: "tool_result";
	toolCallId: string;
	toolName: string;
	/** The arguments, with the original's names as in `tool_call`. */
	input: Record<string, any>;
	content: (TextContent | ImageContent)[];
	details: any;
	isError: boolean;
}

export interface ToolResultEventResult {
	content?: (TextContent | ImageContent)[];
	details?: unknown;
	isError?: boolean;
}

// --- user input ---------------------------------------------------------------------------------------------------

/** How an `operations` result of `user_bash` runs a command (the original's BashOperations). */
export interface BashOperations {
	exec(
		command: string,
		cwd: string,
		options: { onData: (data: Buffer) => void; signal?: AbortSignal; timeout?: number; env?: NodeJS.ProcessEnv },
	): Promise<{ exitCode: number | null }>;
}

/** The user ran `!command` (or `!!command`, kept out of the context). */
export interface UserBashEvent {
	type: "user_bash";
	command: string;
	excludeFromContext: boolean;
	cwd: string;
}

/** Either run the command through `operations`, or supply the whole `result`. The first handler that returns one wins. */
export interface UserBashEventResult {
	operations?: BashOperations;
	result?: BashResult;
}

/** Where a prompt came from: typed in the TUI, sent by an RPC client or SDK caller, or by an extension. */
export type InputSource = "interactive" | "rpc" | "extension";

/** A prompt before template and skill expansion (extension commands are checked before it). */
export interface InputEvent {
	type: "input";
	text: string;
	images?: ImageContent[];
	source: InputSource;
	/** How the prompt is delivered while the agent works; absent when idle. */
	streamingBehavior?: "steer" | "followUp";
}

/**
 * What an `input` handler may return: the original's `{action}` results, or the older `{text?, images?}` (same as
 * transform) and `{handled: true}` (same as handled). Transforms chain; the first `handled` wins.
 */
export type InputEventResult =
	| { action: "continue" }
	| { action: "transform"; text: string; images?: ImageContent[] }
	| { action: "handled" }
	| { text?: string; images?: ImageContent[] }
	| { handled: true };

/** @deprecated Use {@link InputEventResult}. */
export type InputHookResult = InputEventResult;
/** @deprecated Use {@link ToolCallEventResult}. */
export type ToolCallHookResult = ToolCallEventResult;

// --- the map ------------------------------------------------------------------------------------------------------

/** Every event an extension can handle: the event object and the result its handler may return. */
export interface ExtensionEventMap {
	resources_discover: { event: ResourcesDiscoverEvent; result: ResourcesDiscoverResult | undefined };
	session_start: { event: SessionStartEvent; result: undefined };
	session_info_changed: { event: SessionInfoChangedEvent; result: undefined };
	session_before_switch: { event: SessionBeforeSwitchEvent; result: SessionBeforeSwitchResult | undefined };
	session_before_fork: { event: SessionBeforeForkEvent; result: SessionBeforeForkResult | undefined };
	session_before_compact: { event: SessionBeforeCompactEvent; result: SessionBeforeCompactResult | undefined };
	session_compact: { event: SessionCompactEvent; result: undefined };
	session_compact_failed: { event: SessionCompactFailedEvent; result: undefined };
	session_before_tree: { event: SessionBeforeTreeEvent; result: SessionBeforeTreeResult | undefined };
	session_tree: { event: SessionTreeEvent; result: undefined };
	session_shutdown: { event: SessionShutdownEvent; result: undefined };
	before_agent_start: { event: BeforeAgentStartEvent; result: BeforeAgentStartEventResult | undefined };
	agent_start: { event: AgentStartEvent; result: undefined };
	agent_end: { event: AgentEndEvent; result: undefined };
	turn_start: { event: TurnStartEvent; result: undefined };
	turn_end: { event: TurnEndEvent; result: undefined };
	message_start: { event: MessageStartEvent; result: undefined };
	message_update: { event: MessageUpdateEvent; result: undefined };
	message_end: { event: MessageEndEvent; result: MessageEndEventResult | undefined };
	context: { event: ContextEvent; result: ContextEventResult | undefined };
	before_provider_request: { event: BeforeProviderRequestEvent; result: BeforeProviderRequestEventResult };
	after_provider_response: { event: AfterProviderResponseEvent; result: undefined };
	tool_execution_start: { event: ToolExecutionStartEvent; result: undefined };
	tool_execution_update: { event: ToolExecutionUpdateEvent; result: undefined };
	tool_execution_end: { event: ToolExecutionEndEvent; result: undefined };
	tool_call: { event: ToolCallEvent; result: ToolCallEventResult | undefined };
	tool_result: { event: ToolResultEvent; result: ToolResultEventResult | undefined };
	model_select: { event: ModelSelectEvent; result: undefined };
	thinking_level_select: { event: ThinkingLevelSelectEvent; result: undefined };
	user_bash: { event: UserBashEvent; result: UserBashEventResult | undefined };
	input: { event: InputEvent; result: InputEventResult | undefined };
}

export type ExtensionEventName = keyof ExtensionEventMap;

/** Any event object a handler can receive. */
export type ExtensionEvent = ExtensionEventMap[ExtensionEventName]["event"];

/**
 * A handler of event `K`. `NoInfer` makes `pi.on(name, handler)` take `K` from the name alone, so the handler's
 * result is checked against that event's result type (literals like `action: "transform"` stay literal).
 */
export type ExtensionHandler<K extends ExtensionEventName> = NoInfer<
	(
		event: ExtensionEventMap[K]["event"],
		ctx: ExtensionContext,
		// biome-ignore lint/suspicious/noConfusingVoidType: handlers that return nothing must type-check
	) => ExtensionEventMap[K]["result"] | void | Promise<ExtensionEventMap[K]["result"] | void>
>;

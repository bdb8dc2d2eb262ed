/**
 * Extension events of an agent run: the run, its turns and messages, the provider request and response, tool
 * execution, the `tool_call` / `tool_result` hooks around each tool, and model or thinking-level changes. Each event
 * object comes with what its handler may return. Re-exported by events.ts, which maps names to these types.
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

// --- runs, turns and messages -------------------------------------------------------------------------------------

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

/** @deprecated Use {@link ToolCallEventResult}. */
export type ToolCallHookResult = ToolCallEventResult;

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

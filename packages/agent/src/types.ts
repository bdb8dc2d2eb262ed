/**
 * Types of @pi/agent-core. The contract is `shared/spec/events.md` Part 2.
 */
import type {
	AssistantMessage,
	AssistantMessageEvent,
	AssistantMessageEventStream,
	Context,
	ImageContent,
	Message,
	Model,
	SimpleStreamOptions,
	TextContent,
	ThinkingBudgets,
	ThinkingLevel,
	Tool,
	ToolResultMessage,
} from "@pi/ai";
import type { Static, TSchema } from "@sinclair/typebox";

/**
 * Application-defined message types. Apps add their own roles by declaration merging:
 *
 * ```ts
 * declare module "@pi/agent-core" {
 *   interface CustomAgentMessages { note: { role: "note"; text: string; timestamp: number } }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging
export interface CustomAgentMessages {}

/** Any LLM message or an application-defined message with its own `role`. */
export type AgentMessage = Message | CustomAgentMessages[keyof CustomAgentMessages];

/** Agent thinking level: "off" sends no reasoning option. */
export type AgentThinkingLevel = "off" | ThinkingLevel;

/** What a tool returns: `content` for the model, `details` for UIs, `terminate` to end the run. */
export interface AgentToolResult<TDetails = unknown> {
	content: (TextContent | ImageContent)[];
	details?: TDetails;
	/** When every tool call of a turn returns terminate, the run ends after that turn. */
	terminate?: boolean;
}

/** Receives accumulated partial results while a tool runs. */
export type AgentToolUpdateCallback<TDetails = unknown> = (partialResult: AgentToolResult<TDetails>) => void;

export interface AgentTool<TParameters extends TSchema = TSchema, TDetails = unknown> extends Tool<TParameters> {
	/** Display name for UIs. */
	label: string;
	/**
	 * Runs the tool. A failure is reported by throwing an Error written for the model; an own `details`
	 * property on the thrown value becomes the result's details.
	 */
	execute(
		toolCallId: string,
		params: Static<TParameters>,
		signal?: AbortSignal,
		onUpdate?: AgentToolUpdateCallback<TDetails>,
	): Promise<AgentToolResult<TDetails>>;
	/** Normalises raw arguments before validation (argument aliases from older transcripts). */
	prepareArguments?: (raw: Record<string, unknown>) => Record<string, unknown>;
	/** "sequential" makes every batch containing this tool run one call at a time. */
	executionMode?: "parallel" | "sequential";
}

/** The context the loop works on. */
export interface AgentContext {
	systemPrompt: string;
	messages: AgentMessage[];
	tools?: AgentTool<any, any>[];
}

/** The stream function the loop calls for each LLM request. Defaults to `streamSimple`. */
export type StreamFn = (
	model: Model,
	context: Context,
	options: SimpleStreamOptions,
) => AssistantMessageEventStream | Promise<AssistantMessageEventStream>;

export interface BeforeToolCallContext {
	toolCall: { id: string; name: string; arguments: Record<string, unknown> };
	/** Validated arguments. */
	args: Record<string, unknown>;
	assistantMessage: AssistantMessage;
	context: AgentContext;
	signal?: AbortSignal;
}

/** Returning `{block: true}` turns the call into an error result `Tool call blocked: <reason>`. */
// biome-ignore lint/suspicious/noConfusingVoidType: lets hooks that return nothing type-check
export type BeforeToolCallResult = { block: true; reason?: string } | undefined | void;

export interface AfterToolCallContext extends BeforeToolCallContext {
	result: AgentToolResult;
	isError: boolean;
}

/** Field-by-field overrides of a tool result. */
export interface AfterToolCallResult {
	content?: AgentToolResult["content"];
	details?: unknown;
	isError?: boolean;
	terminate?: boolean;
}

export interface AgentLoopConfig extends Omit<SimpleStreamOptions, "signal" | "reasoning"> {
	model: Model;
	/** Thinking level; "off" or undefined sends no reasoning option. */
	thinkingLevel?: AgentThinkingLevel;
	thinkingBudgets?: ThinkingBudgets;
	/** Converts the transcript to LLM messages at the call boundary (required). */
	convertToLlm: (messages: AgentMessage[]) => Message[] | Promise<Message[]>;
	/** Optional pruning / compaction / injection before `convertToLlm`. */
	transformContext?: (messages: AgentMessage[], signal?: AbortSignal) => AgentMessage[] | Promise<AgentMessage[]>;
	/** Resolves the API key per LLM call (expiring tokens). */
	getApiKey?: (provider: string) => string | undefined | Promise<string | undefined>;
	/** Messages to inject after the current turn. */
	getSteeringMessages?: () => AgentMessage[] | Promise<AgentMessage[]>;
	/** Messages to run when the agent would otherwise stop. */
	getFollowUpMessages?: () => AgentMessage[] | Promise<AgentMessage[]>;
	/** "parallel" (default) or "sequential". */
	toolExecution?: "parallel" | "sequential";
	beforeToolCall?: (context: BeforeToolCallContext) => BeforeToolCallResult | Promise<BeforeToolCallResult>;
	afterToolCall?: (
		context: AfterToolCallContext,
		// biome-ignore lint/suspicious/noConfusingVoidType: lets hooks that return nothing type-check
	) => AfterToolCallResult | undefined | void | Promise<AfterToolCallResult | undefined | void>;
	/** Asked after each turn_end; true ends the run. */
	shouldStopAfterTurn?: (turn: {
		message: AssistantMessage;
		toolResults: ToolResultMessage[];
	}) => boolean | Promise<boolean>;
}

export type AgentEvent =
	| { type: "agent_start" }
	| { type: "agent_end"; messages: AgentMessage[] }
	| { type: "turn_start" }
	| { type: "turn_end"; message: AssistantMessage; toolResults: ToolResultMessage[] }
	| { type: "message_start"; message: AgentMessage }
	| { type: "message_update"; message: AssistantMessage; assistantMessageEvent: AssistantMessageEvent }
	| { type: "message_end"; message: AgentMessage }
	| { type: "tool_execution_start"; toolCallId: string; toolName: string; args: unknown }
	| {
			type: "tool_execution_update";
			toolCallId: string;
			toolName: string;
			args: unknown;
			partialResult: AgentToolResult;
	  }
	| { type: "tool_execution_end"; toolCallId: string; toolName: string; result: AgentToolResult; isError: boolean };

export type AgentEventType = AgentEvent["type"];

/** Queue delivery: one message per poll, or the whole queue. */
export type QueueMode = "one-at-a-time" | "all";

export interface AgentState {
	systemPrompt: string;
	model: Model;
	thinkingLevel: AgentThinkingLevel;
	tools: AgentTool<any, any>[];
	messages: AgentMessage[];
	isStreaming: boolean;
	/** The assistant message being streamed, if any. */
	streamingMessage?: AssistantMessage;
	/** Ids of tool calls currently executing. */
	pendingToolCalls: Set<string>;
	/** Error message of the last failed run, if any. */
	errorMessage?: string;
}

/**
 * Receives the loop's events. The loop awaits each call before producing the next event, so an async sink is
 * an ordering barrier (the Agent class awaits its listeners in order through one). A throwing sink ends the
 * run with an error message (events.md §2.2).
 */
export type AgentEventSink = (event: AgentEvent) => void | Promise<void>;

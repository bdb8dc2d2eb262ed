/**
 * The events an extension can handle: for each one the event object its handlers receive and what a handler may
 * return (ExtensionEventMap). Names, fields and return values follow the original pi's extension API (0.73, plus
 * fields added later); docs/extensions.md "Events" lists when each one fires. How results combine across
 * handlers lives in dispatch-rules.ts. The event and result types themselves live by family in
 * events-session.ts (session and resources), events-agent.ts (runs, messages, tools, models) and events-input.ts
 * (user shell and prompts); they are re-exported here, so importers use this module only.
 */
import type {
	AfterProviderResponseEvent,
	AgentEndEvent,
	AgentStartEvent,
	BeforeAgentStartEvent,
	BeforeAgentStartEventResult,
	BeforeProviderRequestEvent,
	BeforeProviderRequestEventResult,
	ContextEvent,
	ContextEventResult,
	MessageEndEvent,
	MessageEndEventResult,
	MessageStartEvent,
	MessageUpdateEvent,
	ModelSelectEvent,
	ThinkingLevelSelectEvent,
	ToolCallEvent,
	ToolCallEventResult,
	ToolExecutionEndEvent,
	ToolExecutionStartEvent,
	ToolExecutionUpdateEvent,
	ToolResultEvent,
	ToolResultEventResult,
	TurnEndEvent,
	TurnStartEvent,
} from "./events-agent.js";
import type { InputEvent, InputEventResult, UserBashEvent, UserBashEventResult } from "./events-input.js";
import type {
	ResourcesDiscoverEvent,
	ResourcesDiscoverResult,
	SessionBeforeCompactEvent,
	SessionBeforeCompactResult,
	SessionBeforeForkEvent,
	SessionBeforeForkResult,
	SessionBeforeSwitchEvent,
	SessionBeforeSwitchResult,
	SessionBeforeTreeEvent,
	SessionBeforeTreeResult,
	SessionCompactEvent,
	SessionCompactFailedEvent,
	SessionInfoChangedEvent,
	SessionShutdownEvent,
	SessionStartEvent,
	SessionTreeEvent,
} from "./events-session.js";
import type { ExtensionContext } from "./types.js";

export type * from "./events-agent.js";
export type * from "./events-input.js";
export type * from "./events-session.js";

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

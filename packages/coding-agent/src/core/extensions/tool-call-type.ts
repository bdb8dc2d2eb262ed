/** The original pi's type guard for `tool_call` events, so extensions can narrow `event.input` by tool name. */
import type { ToolCallEvent } from "./events.js";

/**
 * Whether a `tool_call` event is a call of the tool `toolName`; narrows `event.input` to `TInput`
 * (`if (isToolCallEventType("bash", event)) event.input.command`).
 */
export function isToolCallEventType<TName extends string, TInput extends Record<string, unknown> = Record<string, any>>(
	toolName: TName,
	event: ToolCallEvent,
): event is ToolCallEvent & { toolName: TName; input: TInput } {
	return event.toolName === toolName;
}

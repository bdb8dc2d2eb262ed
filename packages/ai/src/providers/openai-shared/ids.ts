import { restrictToolCallId } from "../../utils/transform-messages.js";

/** Chat Completions rejects tool-call ids longer than this. */
export const COMPLETIONS_TOOL_CALL_ID_MAX = 40;
/** Responses `call_id` and item `id` limit. */
export const RESPONSES_TOOL_CALL_ID_MAX = 64;

/**
 * Responses tool-call ids are stored as `<call_id>|<item id>` so both can be replayed; every other API knows a
 * call only by its call id.
 */
export function splitResponsesToolCallId(id: string): { callId: string; itemId?: string } {
	const bar = id.indexOf("|");
	return bar < 0 ? { callId: id } : { callId: id.slice(0, bar), itemId: id.slice(bar + 1) };
}

/** Chat Completions: the call id only, `[A-Za-z0-9_-]`, at most 40 characters. */
export function normalizeCompletionsToolCallId(id: string): string {
	return restrictToolCallId(splitResponsesToolCallId(id).callId, COMPLETIONS_TOOL_CALL_ID_MAX);
}

/** Responses: both halves of a paired id kept (each restricted); a foreign id becomes a plain call id. */
export function normalizeResponsesToolCallId(id: string): string {
	const { callId, itemId } = splitResponsesToolCallId(id);
	const call = restrictToolCallId(callId, RESPONSES_TOOL_CALL_ID_MAX);
	return itemId ? `${call}|${restrictToolCallId(itemId, RESPONSES_TOOL_CALL_ID_MAX)}` : call;
}

/** A new id for a tool call the provider sent without one. */
export function generateToolCallId(prefix = "call"): string {
	return `${prefix}_${crypto.randomUUID().replace(/-/g, "").slice(0, 24)}`;
}

import type { Model, StreamOptions } from "../../types.js";
import { sanitizePayload } from "../../utils/sanitize.js";

/** Model-visible texts every converter adds to tool results the same way. */
export const TOOL_RESULT_TEXTS = {
	/** Sent instead of an empty tool result, which the APIs reject or the model reads as a missing result. */
	empty: "(no output)",
	/** Heads tool-result images sent in a following user message, where the API's tool result cannot carry them. */
	images: "Images returned by the tool call above:",
} as const;

/**
 * The request body as sent: unpaired surrogates removed from every string (events.md §1.8 guarantee 9), then
 * `onPayload` may inspect or replace it (`undefined` keeps it).
 */
export async function applyOnPayload<T>(payload: T, model: Model, options: StreamOptions): Promise<T> {
	const clean = sanitizePayload(payload);
	if (!options.onPayload) return clean;
	const replaced = await options.onPayload(clean, model);
	return replaced === undefined ? clean : (replaced as T);
}

/** Default output limit (events.md §1.8): `min(model.maxTokens, 32000)`. */
export function resolveMaxTokens(model: Model, options: StreamOptions): number {
	return options.maxTokens ?? Math.min(model.maxTokens, 32000);
}

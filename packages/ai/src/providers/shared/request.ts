import type { Model, StreamOptions } from "../../types.js";
import { sanitizePayload } from "../../utils/sanitize.js";

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

/** Helpers the wire protocols share: SSE frames, text split into deltas, the default output token count. */

import type { MockTurn } from "./types.js";

/** One SSE frame with an `event:` line (Anthropic, OpenAI Responses style). */
export function namedEvent(event: string, data: unknown): string {
	return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** One SSE frame with only a `data:` line (Chat Completions, Gemini style). */
export function dataEvent(data: unknown): string {
	return `data: ${typeof data === "string" ? data : JSON.stringify(data)}\n\n`;
}

/**
 * Splits text into pieces of about `size` UTF-16 units (at least one piece, possibly empty), never between the
 * two halves of a surrogate pair.
 */
export function chunkText(text: string, size = 16): string[] {
	const step = Math.max(1, size);
	if (text.length <= step) return [text];
	const parts: string[] = [];
	let start = 0;
	while (start < text.length) {
		let end = Math.min(text.length, start + step);
		const last = text.charCodeAt(end - 1);
		if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
		parts.push(text.slice(start, end));
		start = end;
	}
	return parts;
}

/** Output tokens reported when a turn does not script them: the same rule on every wire protocol. */
export function defaultOutputTokens(turn: MockTurn): number {
	return Math.ceil(((turn.text?.length ?? 0) + (turn.thinking?.length ?? 0)) / 4) + 1;
}

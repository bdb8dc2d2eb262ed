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

/**
 * A `chat.completion.chunk` writer for Chat-Completions-shaped wires (OpenAI's, Mistral's): each call appends one
 * `data:` frame with the delta, the finish reason and, when given, the usage. A `null` delta writes a chunk with no
 * choices (OpenAI's separate usage chunk).
 */
export function chatChunkWriter(frames: string[], id: string, model: string) {
	const created = Math.floor(Date.now() / 1000);
	return (delta: Record<string, unknown> | null, finishReason: string | null = null, usage?: unknown): void => {
		const choices = delta === null ? [] : [{ index: 0, delta, finish_reason: finishReason }];
		frames.push(
			dataEvent({ id, object: "chat.completion.chunk", created, model, choices, ...(usage ? { usage } : {}) }),
		);
	};
}

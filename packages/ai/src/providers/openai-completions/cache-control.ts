import type { CacheRetention, Model } from "../../types.js";
import type { ResolvedCompletionsCompat } from "./compat.js";

/** An Anthropic prompt-cache breakpoint as gateways (OpenRouter) pass it through on Chat Completions parts. */
export interface CompletionsCacheControl {
	type: "ephemeral";
	ttl?: "1h";
}

/** A message or tool of the request body, as far as this module reads and writes it. */
type WireEntry = Record<string, unknown>;

/**
 * The breakpoint to send, or `undefined` for none: only with `compat.cacheControlFormat: "anthropic"` and a
 * retention other than "none". "long" asks for Anthropic's 1h TTL unless `compat.supportsLongCacheRetention` is
 * false (the same default as the Anthropic Messages adapter).
 */
export function completionsCacheControl(
	model: Model,
	compat: ResolvedCompletionsCompat,
	retention: CacheRetention | undefined,
): CompletionsCacheControl | undefined {
	if (compat.cacheControlFormat !== "anthropic" || retention === "none") return undefined;
	const long = retention === "long" && model.compat?.supportsLongCacheRetention !== false;
	return long ? { type: "ephemeral", ttl: "1h" } : { type: "ephemeral" };
}

/**
 * Puts the breakpoint where Anthropic caches the most with its budget of four: on the system prompt, on the
 * last tool definition, and on the last text of the newest message that has text (so the whole conversation so
 * far is cached and the next turn reads it back). Mutates the converted messages and tools in place.
 */
export function applyCompletionsCacheControl(
	messages: WireEntry[],
	tools: WireEntry[] | undefined,
	marker: CompletionsCacheControl,
): void {
	const system = messages.find((message) => message.role === "system" || message.role === "developer");
	if (system) markLastText(system, marker);
	const lastTool = tools?.at(-1);
	if (lastTool) lastTool.cache_control = marker;
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]!;
		const conversational = message.role === "user" || message.role === "assistant" || message.role === "tool";
		if (conversational && markLastText(message, marker)) return;
	}
}

/**
 * Marks the message's last text part, turning plain string content into one text part first (a marker needs a
 * part to sit on). False when the message has no text to mark (an image-only turn, a bare tool call).
 */
function markLastText(message: WireEntry, marker: CompletionsCacheControl): boolean {
	const content = message.content;
	if (typeof content === "string") {
		if (content === "") return false;
		message.content = [{ type: "text", text: content, cache_control: marker }];
		return true;
	}
	if (!Array.isArray(content)) return false;
	for (let i = content.length - 1; i >= 0; i--) {
		const part = content[i] as WireEntry | undefined;
		if (part?.type === "text") {
			part.cache_control = marker;
			return true;
		}
	}
	return false;
}

import type { Model } from "../../types.js";
import type { ResolvedCompletionsCompat } from "./compat.js";
import type { OpenAICompletionsOptions } from "./request.js";

/** OpenAI rejects a `prompt_cache_key` longer than this many characters. */
const PROMPT_CACHE_KEY_MAX_CHARS = 64;

/** The base URL is OpenAI's own API: other Chat Completions servers may reject the prompt-cache fields. */
function isOpenAIHost(baseUrl: string): boolean {
	try {
		return new URL(baseUrl).hostname === "api.openai.com";
	} catch {
		return false;
	}
}

/**
 * `prompt_cache_key` (the session id, which keeps a session's requests on the machines holding its cache) and
 * `prompt_cache_retention`. The key goes to OpenAI's own API unless the retention is "none"; with retention
 * "long" and `compat.supportsLongCacheRetention: true` any server gets the key and `prompt_cache_retention: "24h"`.
 * The long retention is opt-in per model, as on the Responses API, so an unknown server that rejects unknown
 * fields is never sent them. Mutates `params`.
 */
export function applyCompletionsPromptCache(
	params: Record<string, unknown>,
	model: Model,
	options: OpenAICompletionsOptions,
): void {
	const retention = options.cacheRetention ?? "short";
	const long = retention === "long" && model.compat?.supportsLongCacheRetention === true;
	const sendKey = long || (retention !== "none" && isOpenAIHost(model.baseUrl));
	if (sendKey && options.sessionId) {
		// Cut by code points, so a surrogate pair is never split.
		params.prompt_cache_key = Array.from(options.sessionId).slice(0, PROMPT_CACHE_KEY_MAX_CHARS).join("");
	}
	if (long) params.prompt_cache_retention = "24h";
}

/**
 * The session id in the headers a server with many replicas routes on (`compat.sendSessionAffinityHeaders`), so
 * a session keeps reaching the replica that holds its prompt cache. `compat.sessionAffinityFormat` names the
 * headers: OpenRouter reads `x-session-id`; the others read `x-session-affinity` and `x-client-request-id`, with
 * `session_id` as well unless the format is `openai-nosession` (for proxies that drop headers with underscores).
 */
export function completionsSessionAffinityHeaders(
	options: OpenAICompletionsOptions,
	compat: ResolvedCompletionsCompat,
): Record<string, string> | undefined {
	const id = options.sessionId;
	if (!id || !compat.sendSessionAffinityHeaders) return undefined;
	if (compat.sessionAffinityFormat === "openrouter") return { "x-session-id": id };
	const headers: Record<string, string> = { "x-session-affinity": id, "x-client-request-id": id };
	if (compat.sessionAffinityFormat === "openai") headers.session_id = id;
	return headers;
}

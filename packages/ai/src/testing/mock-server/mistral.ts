import { chatChunkWriter, chunkText, dataEvent, defaultOutputTokens } from "./sse.js";
import type { MockTurn, RecordedRequest, WireErrorResponse, WireProtocol } from "./types.js";

/**
 * Finish reasons as Mistral writes them. Mistral has no content-filter reason of its own; the mock sends the common
 * `content_filter` for a refusal or filter turn, a reason the adapter does not know and must treat as final.
 */
const FINISH_REASONS: Record<NonNullable<MockTurn["stopReason"]>, string> = {
	stop: "stop",
	length: "length",
	toolUse: "tool_calls",
	refusal: "content_filter",
	filter: "content_filter",
};

/** Error `type` of the API's error object per HTTP status; 401 and 403 come from the gateway, which sends none. */
const ERROR_TYPES: Record<number, string> = {
	400: "invalid_request_error",
	404: "invalid_request_error",
	422: "invalid_request_error",
	429: "rate_limited",
	500: "internal_server_error",
	502: "bad_gateway",
	503: "service_unavailable",
	504: "gateway_timeout",
};

let completionCounter = 0;

/** A tool-call id the way Mistral makes them: 9 letters and digits. */
function toolCallId(completion: number, index: number): string {
	return `mk${String(completion % 100_000).padStart(5, "0")}t${index % 10}`;
}

/**
 * Mistral's chat completions wire: `POST <prefix>/mistral/v1/chat/completions` (tests give models the base URL
 * `${server.url}/mistral`, a path no other protocol claims) answered with `chat.completion.chunk` frames. A reasoning
 * turn's delta content is a list of chunks, `thinking` ones (`{"type":"thinking","thinking":[{"type":"text",…}]}`,
 * the signature on the last) then `text` ones; a plain turn's content is a string. Tool calls come whole with
 * Mistral's 9-character ids, usage with the finish reason on the last chunk, then `data: [DONE]`.
 */
export const mistralProtocol: WireProtocol = {
	name: "mistral-conversations",

	matches: (method, path) => method === "POST" && path.split("?")[0]!.endsWith("/mistral/v1/chat/completions"),

	encode(turn: MockTurn, request: RecordedRequest): string[] {
		const size = turn.chunkSize ?? 16;
		const n = ++completionCounter;
		const id = turn.responseId ?? `mistral-mock-${n}`;
		const model = request.body?.model ?? "mock-model";
		const frames: string[] = [];
		const chunk = chatChunkWriter(frames, id, model);

		chunk({ role: "assistant", content: "" });
		const reasoning = turn.thinking !== undefined;
		if (reasoning) {
			const pieces = chunkText(turn.thinking!, size);
			pieces.forEach((text, i) => {
				const part: Record<string, unknown> = { type: "thinking", thinking: [{ type: "text", text }] };
				if (i === pieces.length - 1 && turn.thinkingSignature) part.signature = turn.thinkingSignature;
				chunk({ content: [part] });
			});
		}
		if (turn.text !== undefined) {
			for (const text of chunkText(turn.text, size)) chunk({ content: reasoning ? [{ type: "text", text }] : text });
		}
		const toolCalls = (turn.toolCalls ?? []).map((call, index) => ({
			id: call.id ?? toolCallId(n, index),
			type: "function",
			function: { name: call.name, arguments: JSON.stringify(call.arguments) },
			index,
		}));
		if (toolCalls.length > 0) chunk({ tool_calls: toolCalls });

		const usage = turn.usage ?? {};
		const cacheRead = usage.cacheRead ?? 0;
		const prompt = (usage.input ?? 0) + cacheRead;
		const completion = usage.output ?? defaultOutputTokens(turn);
		const reported: Record<string, unknown> = {
			prompt_tokens: prompt,
			completion_tokens: completion,
			total_tokens: prompt + completion,
		};
		if (cacheRead > 0) reported.prompt_tokens_details = { cached_tokens: cacheRead };
		const finishReason =
			turn.rawStopReason ?? FINISH_REASONS[turn.stopReason ?? (turn.toolCalls?.length ? "toolUse" : "stop")];
		chunk({ content: "" }, finishReason, reported);
		frames.push(dataEvent("[DONE]"));
		return frames;
	},

	encodeError(error): WireErrorResponse {
		const headers: Record<string, string> = { "content-type": "application/json" };
		if (error.retryAfter !== undefined) headers["retry-after"] = error.retryAfter;
		const type = error.type ?? ERROR_TYPES[error.status];
		const body = type
			? { object: "error", message: error.message, type, param: null, code: null }
			: { message: error.message, request_id: "mock-request" };
		return { status: error.status, headers, body: JSON.stringify(body) };
	},

	encodeStreamError: (error) =>
		dataEvent({ object: "error", message: error.message, type: error.type ?? null, param: null, code: null }),
};

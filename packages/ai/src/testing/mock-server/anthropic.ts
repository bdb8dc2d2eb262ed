import { chunkText, defaultOutputTokens, namedEvent } from "./sse.js";
import type { MockTurn, RecordedRequest, WireErrorResponse, WireProtocol } from "./types.js";

/** Anthropic's error type for each HTTP status the mock can be asked to return. */
const ERROR_TYPES: Record<number, string> = {
	400: "invalid_request_error",
	401: "authentication_error",
	403: "permission_error",
	404: "not_found_error",
	413: "request_too_large",
	429: "rate_limit_error",
	500: "api_error",
	529: "overloaded_error",
};

const STOP_REASONS: Record<NonNullable<MockTurn["stopReason"]>, string> = {
	stop: "end_turn",
	length: "max_tokens",
	toolUse: "tool_use",
	refusal: "refusal",
	filter: "refusal",
};

let messageCounter = 0;

/** The Anthropic Messages wire protocol: `POST /v1/messages` answered with its SSE event stream. */
export const anthropicProtocol: WireProtocol = {
	name: "anthropic-messages",

	matches: (method, path) => method === "POST" && path.split("?")[0]!.endsWith("/v1/messages"),

	encode(turn: MockTurn, request: RecordedRequest): string[] {
		const size = turn.chunkSize ?? 16;
		const usage = turn.usage ?? {};
		const frames: string[] = [];
		const id = turn.responseId ?? `msg_mock_${++messageCounter}`;
		frames.push(
			namedEvent("message_start", {
				type: "message_start",
				message: {
					id,
					type: "message",
					role: "assistant",
					model: request.body?.model ?? "mock-model",
					content: [],
					stop_reason: null,
					stop_sequence: null,
					usage: {
						input_tokens: usage.input ?? 0,
						output_tokens: 1,
						cache_read_input_tokens: usage.cacheRead ?? 0,
						cache_creation_input_tokens: usage.cacheWrite ?? 0,
					},
				},
			}),
		);
		frames.push(namedEvent("ping", { type: "ping" }));

		let index = 0;
		const block = (start: unknown, deltas: unknown[]) => {
			frames.push(namedEvent("content_block_start", { type: "content_block_start", index, content_block: start }));
			for (const delta of deltas) {
				frames.push(namedEvent("content_block_delta", { type: "content_block_delta", index, delta }));
			}
			frames.push(namedEvent("content_block_stop", { type: "content_block_stop", index }));
			index++;
		};

		if (turn.thinking !== undefined) {
			const deltas: unknown[] = chunkText(turn.thinking, size).map((thinking) => ({
				type: "thinking_delta",
				thinking,
			}));
			deltas.push({ type: "signature_delta", signature: turn.thinkingSignature ?? "mock-signature" });
			block({ type: "thinking", thinking: "", signature: "" }, deltas);
		}
		if (turn.redactedThinking !== undefined) block({ type: "redacted_thinking", data: turn.redactedThinking }, []);
		if (turn.text !== undefined) {
			const deltas = chunkText(turn.text, size).map((text) => ({ type: "text_delta", text }));
			block({ type: "text", text: "" }, deltas);
		}
		for (const [i, call] of (turn.toolCalls ?? []).entries()) {
			const json = JSON.stringify(call.arguments);
			const deltas = chunkText(json, size).map((partial_json) => ({ type: "input_json_delta", partial_json }));
			block(
				{ type: "tool_use", id: call.id ?? `toolu_mock_${messageCounter}_${i}`, name: call.name, input: {} },
				deltas,
			);
		}

		const stopReason =
			turn.rawStopReason ??
			STOP_REASONS[turn.stopReason ?? (turn.toolCalls?.length ? "toolUse" : "stop")] ??
			"end_turn";
		const outputTokens = usage.output ?? defaultOutputTokens(turn);
		frames.push(
			namedEvent("message_delta", {
				type: "message_delta",
				delta: { stop_reason: stopReason, stop_sequence: null },
				usage: { output_tokens: outputTokens },
			}),
		);
		frames.push(namedEvent("message_stop", { type: "message_stop" }));
		return frames;
	},

	encodeStreamError(error): string {
		return namedEvent("error", { type: "error", error: { type: error.type, message: error.message } });
	},

	encodeError(error): WireErrorResponse {
		const headers: Record<string, string> = { "content-type": "application/json", "request-id": "req_mock" };
		if (error.retryAfter !== undefined) headers["retry-after"] = error.retryAfter;
		const type = error.type ?? ERROR_TYPES[error.status] ?? "api_error";
		return {
			status: error.status,
			headers,
			body: JSON.stringify({ type: "error", error: { type, message: error.message } }),
		};
	},
};

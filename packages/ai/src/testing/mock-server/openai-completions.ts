import { encodeOpenAIError } from "./openai-error.js";
import { chatChunkWriter, chunkText, dataEvent, defaultOutputTokens } from "./sse.js";
import type { MockTurn, RecordedRequest, WireProtocol } from "./types.js";

const FINISH_REASONS: Record<NonNullable<MockTurn["stopReason"]>, string> = {
	stop: "stop",
	length: "length",
	toolUse: "tool_calls",
	refusal: "content_filter",
	filter: "content_filter",
};

let completionCounter = 0;

/**
 * The OpenAI Chat Completions wire protocol: `POST …/chat/completions` answered with `chat.completion.chunk`
 * frames (reasoning in `reasoning_content`, tool calls by index), a usage chunk when the request asks for it
 * with `stream_options.include_usage`, and `data: [DONE]`.
 */
export const openaiCompletionsProtocol: WireProtocol = {
	name: "openai-completions",

	matches: (method, path) => method === "POST" && path.split("?")[0]!.endsWith("/chat/completions"),

	encode(turn: MockTurn, request: RecordedRequest): string[] {
		const size = turn.chunkSize ?? 16;
		const id = turn.responseId ?? `chatcmpl-mock-${++completionCounter}`;
		const model = request.body?.model ?? "mock-model";
		const frames: string[] = [];
		const chunk = chatChunkWriter(frames, id, model);

		chunk({ role: "assistant", content: "" });
		if (turn.thinking !== undefined) {
			for (const piece of chunkText(turn.thinking, size)) chunk({ reasoning_content: piece });
		}
		if (turn.text !== undefined) {
			for (const piece of chunkText(turn.text, size)) chunk({ content: piece });
		}
		for (const [index, call] of (turn.toolCalls ?? []).entries()) {
			const callId = call.id ?? `call_mock_${completionCounter}_${index}`;
			chunk({ tool_calls: [{ index, id: callId, type: "function", function: { name: call.name, arguments: "" } }] });
			for (const piece of chunkText(JSON.stringify(call.arguments), size)) {
				chunk({ tool_calls: [{ index, function: { arguments: piece } }] });
			}
		}
		const finishReason =
			turn.rawStopReason ?? FINISH_REASONS[turn.stopReason ?? (turn.toolCalls?.length ? "toolUse" : "stop")];
		chunk({}, finishReason);

		if (request.body?.stream_options?.include_usage) {
			const usage = turn.usage ?? {};
			const cacheRead = usage.cacheRead ?? 0;
			const cacheWrite = usage.cacheWrite ?? 0;
			const prompt = (usage.input ?? 0) + cacheRead + cacheWrite;
			const completion = usage.output ?? defaultOutputTokens(turn);
			const reported: Record<string, unknown> = {
				prompt_tokens: prompt,
				completion_tokens: completion,
				total_tokens: prompt + completion,
				prompt_tokens_details: { cached_tokens: cacheRead },
				completion_tokens_details: { reasoning_tokens: usage.reasoning ?? 0 },
			};
			if (cacheWrite > 0) reported.cache_write_tokens = cacheWrite;
			chunk(null, null, reported);
		}
		frames.push(dataEvent("[DONE]"));
		return frames;
	},

	encodeError: encodeOpenAIError,

	encodeStreamError: (error) =>
		dataEvent({ error: { message: error.message, type: error.type, param: null, code: error.type ?? null } }),
};

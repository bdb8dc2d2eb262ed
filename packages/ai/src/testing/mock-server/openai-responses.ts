import { encodeOpenAIError } from "./openai-error.js";
import { chunkText, defaultOutputTokens, namedEvent } from "./sse.js";
import type { MockTurn, RecordedRequest, WireProtocol } from "./types.js";

/** Final response status for each provider-neutral stop reason. */
const STATUSES: Record<NonNullable<MockTurn["stopReason"]>, string> = {
	stop: "completed",
	length: "incomplete",
	toolUse: "completed",
	refusal: "failed",
	filter: "failed",
};

let responseCounter = 0;

/**
 * The OpenAI Responses wire protocol: `POST …/responses` answered with the `response.*` event family:
 * created, reasoning items with summary deltas and encrypted content, message text deltas, function calls
 * with argument deltas, and a terminal `response.completed` / `response.incomplete` / `response.failed`
 * carrying usage and the service tier the request asked for.
 */
export const openaiResponsesProtocol: WireProtocol = {
	name: "openai-responses",

	matches: (method, path) => method === "POST" && path.split("?")[0]!.endsWith("/responses"),

	encode(turn: MockTurn, request: RecordedRequest): string[] {
		const size = turn.chunkSize ?? 16;
		const n = ++responseCounter;
		const id = turn.responseId ?? `resp_mock_${n}`;
		const model = request.body?.model ?? "mock-model";
		const frames: string[] = [];
		let sequence = 0;
		const emit = (type: string, data: Record<string, unknown>) =>
			frames.push(namedEvent(type, { type, sequence_number: sequence++, ...data }));
		const base = { id, object: "response", created_at: Math.floor(Date.now() / 1000), model };
		emit("response.created", { response: { ...base, status: "in_progress", output: [] } });

		const output: Record<string, unknown>[] = [];
		const item = (
			added: Record<string, unknown>,
			body: (outputIndex: number) => void,
			done: Record<string, unknown>,
		) => {
			const outputIndex = output.length;
			emit("response.output_item.added", { output_index: outputIndex, item: added });
			body(outputIndex);
			emit("response.output_item.done", { output_index: outputIndex, item: done });
			output.push(done);
		};

		if (turn.thinking !== undefined || turn.redactedThinking !== undefined) {
			const itemId = `rs_mock_${n}`;
			const summary = turn.thinking ?? "";
			const encrypted = turn.redactedThinking ?? turn.thinkingSignature ?? `enc_mock_${n}`;
			item(
				{ id: itemId, type: "reasoning", summary: [] },
				(outputIndex) => {
					if (turn.thinking === undefined) return;
					const part = { item_id: itemId, output_index: outputIndex, summary_index: 0 };
					emit("response.reasoning_summary_part.added", { ...part, part: { type: "summary_text", text: "" } });
					for (const delta of chunkText(summary, size))
						emit("response.reasoning_summary_text.delta", { ...part, delta });
					emit("response.reasoning_summary_text.done", { ...part, text: summary });
					emit("response.reasoning_summary_part.done", { ...part, part: { type: "summary_text", text: summary } });
				},
				{
					id: itemId,
					type: "reasoning",
					summary: turn.thinking === undefined ? [] : [{ type: "summary_text", text: summary }],
					encrypted_content: encrypted,
				},
			);
		}
		if (turn.text !== undefined) {
			const itemId = `msg_mock_${n}`;
			const text = turn.text;
			item(
				{ id: itemId, type: "message", role: "assistant", status: "in_progress", content: [] },
				(outputIndex) => {
					const part = { item_id: itemId, output_index: outputIndex, content_index: 0 };
					emit("response.content_part.added", { ...part, part: { type: "output_text", text: "", annotations: [] } });
					for (const delta of chunkText(text, size))
						emit("response.output_text.delta", { ...part, delta, logprobs: [] });
					emit("response.output_text.done", { ...part, text, logprobs: [] });
					emit("response.content_part.done", { ...part, part: { type: "output_text", text, annotations: [] } });
				},
				{
					id: itemId,
					type: "message",
					role: "assistant",
					status: "completed",
					content: [{ type: "output_text", text, annotations: [] }],
				},
			);
		}
		for (const [index, call] of (turn.toolCalls ?? []).entries()) {
			const itemId = `fc_mock_${n}_${index}`;
			const callId = call.id ?? `call_mock_${n}_${index}`;
			const args = JSON.stringify(call.arguments);
			const fields = { id: itemId, type: "function_call", call_id: callId, name: call.name };
			item(
				{ ...fields, arguments: "", status: "in_progress" },
				(outputIndex) => {
					for (const delta of chunkText(args, size)) {
						emit("response.function_call_arguments.delta", { item_id: itemId, output_index: outputIndex, delta });
					}
					emit("response.function_call_arguments.done", {
						item_id: itemId,
						output_index: outputIndex,
						arguments: args,
					});
				},
				{ ...fields, arguments: args, status: "completed" },
			);
		}

		const status = turn.rawStopReason ?? STATUSES[turn.stopReason ?? "stop"];
		const usage = turn.usage ?? {};
		const cacheRead = usage.cacheRead ?? 0;
		const inputTokens = (usage.input ?? 0) + cacheRead;
		const outputTokens = usage.output ?? defaultOutputTokens(turn);
		const response: Record<string, unknown> = {
			...base,
			status,
			output,
			service_tier: request.body?.service_tier ?? "default",
			usage: {
				input_tokens: inputTokens,
				input_tokens_details: { cached_tokens: cacheRead },
				output_tokens: outputTokens,
				output_tokens_details: { reasoning_tokens: usage.reasoning ?? 0 },
				total_tokens: inputTokens + outputTokens,
			},
		};
		if (status === "incomplete") response.incomplete_details = { reason: "max_output_tokens" };
		if (status === "failed") response.error = { code: "content_filter", message: "The response was filtered." };
		const terminal =
			status === "completed"
				? "response.completed"
				: status === "incomplete"
					? "response.incomplete"
					: "response.failed";
		emit(terminal, { response });
		return frames;
	},

	encodeError: encodeOpenAIError,

	encodeStreamError: (error) =>
		namedEvent("error", { type: "error", code: error.type ?? null, message: error.message, param: null }),
};

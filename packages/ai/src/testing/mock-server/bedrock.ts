import { encodeEvent, encodeException } from "./event-stream.js";
import { chunkText, defaultOutputTokens } from "./sse.js";
import type { MockStreamError, MockTurn, WireErrorResponse, WireProtocol } from "./types.js";

/** The AWS error type Bedrock names (in `x-amzn-errortype`) for each HTTP status the mock can be asked for. */
const ERROR_TYPES: Record<number, string> = {
	400: "ValidationException",
	401: "UnrecognizedClientException",
	403: "AccessDeniedException",
	404: "ResourceNotFoundException",
	408: "ModelTimeoutException",
	424: "ModelErrorException",
	429: "ThrottlingException",
	500: "InternalServerException",
	503: "ServiceUnavailableException",
};

const STOP_REASONS: Record<NonNullable<MockTurn["stopReason"]>, string> = {
	stop: "end_turn",
	length: "max_tokens",
	toolUse: "tool_use",
	refusal: "content_filtered",
	filter: "content_filtered",
};

/** `POST /model/{modelId}/converse-stream`, the Bedrock runtime path (the model id is URL-encoded, `:` as `%3A`). */
const CONVERSE_STREAM_PATH = /\/model\/[^/]+\/converse-stream$/;

let turnCounter = 0;

/**
 * The Bedrock ConverseStream wire protocol: binary event-stream messages. Text and reasoning blocks get no
 * `contentBlockStart` (Bedrock sends one only for tool use); `metadata` with the usage comes after `messageStop`.
 */
export const bedrockProtocol: WireProtocol = {
	name: "bedrock-converse-stream",
	contentType: "application/vnd.amazon.eventstream",

	matches: (method, path) => method === "POST" && CONVERSE_STREAM_PATH.test(path.split("?")[0]!),

	encode(turn: MockTurn): Uint8Array[] {
		const size = turn.chunkSize ?? 16;
		const frames: Uint8Array[] = [encodeEvent("messageStart", { role: "assistant" })];
		const turnId = ++turnCounter;
		let index = 0;
		const delta = (body: unknown) => encodeEvent("contentBlockDelta", { contentBlockIndex: index, delta: body });
		const stop = () => frames.push(encodeEvent("contentBlockStop", { contentBlockIndex: index++ }));

		if (turn.thinking !== undefined) {
			for (const text of chunkText(turn.thinking, size)) frames.push(delta({ reasoningContent: { text } }));
			frames.push(delta({ reasoningContent: { signature: turn.thinkingSignature ?? "mock-signature" } }));
			stop();
		}
		if (turn.redactedThinking !== undefined) {
			const bytes = Buffer.from(turn.redactedThinking, "utf8").toString("base64");
			frames.push(delta({ reasoningContent: { redactedContent: bytes } }));
			stop();
		}
		if (turn.text !== undefined) {
			for (const text of chunkText(turn.text, size)) frames.push(delta({ text }));
			stop();
		}
		for (const [i, call] of (turn.toolCalls ?? []).entries()) {
			const toolUseId = call.id ?? `tooluse_mock${turnId}_${i}`;
			frames.push(
				encodeEvent("contentBlockStart", {
					contentBlockIndex: index,
					start: { toolUse: { toolUseId, name: call.name } },
				}),
			);
			for (const input of chunkText(JSON.stringify(call.arguments), size)) frames.push(delta({ toolUse: { input } }));
			stop();
		}

		const stopReason =
			turn.rawStopReason ?? STOP_REASONS[turn.stopReason ?? (turn.toolCalls?.length ? "toolUse" : "stop")];
		frames.push(encodeEvent("messageStop", { stopReason }));
		const usage = turn.usage ?? {};
		const inputTokens = usage.input ?? 0;
		const outputTokens = usage.output ?? defaultOutputTokens(turn);
		const cacheReadInputTokens = usage.cacheRead ?? 0;
		const cacheWriteInputTokens = usage.cacheWrite ?? 0;
		frames.push(
			encodeEvent("metadata", {
				usage: {
					inputTokens,
					outputTokens,
					totalTokens: inputTokens + outputTokens + cacheReadInputTokens + cacheWriteInputTokens,
					cacheReadInputTokens,
					cacheWriteInputTokens,
				},
				metrics: { latencyMs: 1 },
			}),
		);
		return frames;
	},

	/** An `exception` message; its type is the union member name (`throttlingException`), default internal error. */
	encodeStreamError(error: MockStreamError): Uint8Array {
		const type = error.type ?? "InternalServerException";
		return encodeException(type.charAt(0).toLowerCase() + type.slice(1), error.message);
	},

	encodeError(error): WireErrorResponse {
		const type = error.type ?? ERROR_TYPES[error.status] ?? (error.status >= 500 ? "InternalServerException" : "");
		const headers: Record<string, string> = {
			"content-type": "application/json",
			"x-amzn-requestid": `mock-request-${++turnCounter}`,
		};
		// Bedrock appends the service namespace to the type; the SDK strips it.
		if (type) headers["x-amzn-errortype"] = `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`;
		if (error.retryAfter !== undefined) headers["retry-after"] = error.retryAfter;
		return { status: error.status, headers, body: JSON.stringify({ message: error.message }) };
	},
};

import { chunkText, dataEvent, defaultOutputTokens } from "./sse.js";
import type { MockTurn, RecordedRequest, WireErrorResponse, WireProtocol } from "./types.js";

/** Google's canonical status name for each HTTP status the mock can be asked to return. */
const STATUS_NAMES: Record<number, string> = {
	400: "INVALID_ARGUMENT",
	401: "UNAUTHENTICATED",
	403: "PERMISSION_DENIED",
	404: "NOT_FOUND",
	429: "RESOURCE_EXHAUSTED",
	500: "INTERNAL",
	503: "UNAVAILABLE",
	504: "DEADLINE_EXCEEDED",
};

const FINISH_REASONS: Record<NonNullable<MockTurn["stopReason"]>, string> = {
	stop: "STOP",
	length: "MAX_TOKENS",
	toolUse: "STOP",
	refusal: "SAFETY",
	filter: "SAFETY",
};

let responseCounter = 0;

/**
 * The Gemini wire protocol: `POST /v1beta/models/{model}:streamGenerateContent?alt=sse` answered with
 * `GenerateContentResponse` chunks (thought parts, text parts, whole function calls with thought signatures),
 * the finish reason and `usageMetadata` on the last chunk.
 */
export const googleProtocol: WireProtocol = {
	name: "google-generative-ai",

	matches: (method, path) => method === "POST" && /\/models\/[^/]+:streamGenerateContent/.test(path.split("?")[0]!),

	encode(turn: MockTurn, request: RecordedRequest): string[] {
		const size = turn.chunkSize ?? 16;
		const n = ++responseCounter;
		const responseId = turn.responseId ?? `gemini_mock_${n}`;
		const modelVersion = /\/models\/([^/:]+):/.exec(request.path)?.[1] ?? "mock-model";
		const chunks: Record<string, unknown>[][] = [];

		if (turn.thinking !== undefined) {
			const pieces = chunkText(turn.thinking, size);
			pieces.forEach((text, i) => {
				const part: Record<string, unknown> = { text, thought: true };
				if (i === pieces.length - 1 && turn.thinkingSignature && !turn.toolCalls?.length) {
					part.thoughtSignature = turn.thinkingSignature;
				}
				chunks.push([part]);
			});
		}
		if (turn.text !== undefined) for (const text of chunkText(turn.text, size)) chunks.push([{ text }]);
		for (const [i, call] of (turn.toolCalls ?? []).entries()) {
			const functionCall: Record<string, unknown> = { name: call.name, args: call.arguments };
			if (call.id) functionCall.id = call.id;
			const part: Record<string, unknown> = { functionCall };
			// Gemini puts the signature on the first function call of a thinking turn.
			if (i === 0 && turn.thinkingSignature) part.thoughtSignature = turn.thinkingSignature;
			chunks.push([part]);
		}
		if (chunks.length === 0) chunks.push([{ text: "" }]);

		const usage = turn.usage ?? {};
		const cacheRead = usage.cacheRead ?? 0;
		const reasoning = usage.reasoning ?? 0;
		const output = usage.output ?? defaultOutputTokens(turn);
		const promptTokenCount = (usage.input ?? 0) + cacheRead;
		const usageMetadata: Record<string, unknown> = {
			promptTokenCount,
			candidatesTokenCount: Math.max(0, output - reasoning),
			totalTokenCount: promptTokenCount + output,
		};
		if (reasoning > 0) usageMetadata.thoughtsTokenCount = reasoning;
		if (cacheRead > 0) usageMetadata.cachedContentTokenCount = cacheRead;
		const finishReason =
			turn.rawStopReason ?? FINISH_REASONS[turn.stopReason ?? (turn.toolCalls?.length ? "toolUse" : "stop")];

		return chunks.map((parts, i) => {
			const last = i === chunks.length - 1;
			const candidate: Record<string, unknown> = { content: { role: "model", parts }, index: 0 };
			if (last) candidate.finishReason = finishReason;
			const response: Record<string, unknown> = { candidates: [candidate], modelVersion, responseId };
			if (last) response.usageMetadata = usageMetadata;
			return dataEvent(response);
		});
	},

	encodeStreamError: (error) =>
		dataEvent({ error: { code: error.status ?? 500, message: error.message, status: error.type } }),

	encodeError(error): WireErrorResponse {
		const headers: Record<string, string> = { "content-type": "application/json" };
		if (error.retryAfter !== undefined) headers["retry-after"] = error.retryAfter;
		const status = error.type ?? STATUS_NAMES[error.status] ?? "UNKNOWN";
		return {
			status: error.status,
			headers,
			body: JSON.stringify({ error: { code: error.status, message: error.message, status } }),
		};
	},
};

import type { GenerateContentResponse } from "@google/genai";
import { generateToolCallId } from "../openai-shared/ids.js";
import { failFinishReason, failStreamCut } from "../shared/failure.js";
import type { AssistantOutput } from "../shared/output.js";

/**
 * Feeds `GenerateContentResponse` chunks into the output. Thought parts are thinking, other text parts are
 * text, each keeping the latest thought signature of its block; a function call arrives whole and still
 * becomes toolcall start / one delta with the whole JSON / end (events.md §1.8 rule 4).
 */
export class GeminiStreamReader {
	private finishReason: string | undefined;

	constructor(private readonly out: AssistantOutput) {}

	push(chunk: GenerateContentResponse): void {
		const out = this.out;
		// The first chunk starts the response (start emits once); a failure after that is a cut stream.
		out.start();
		out.setResponseId(chunk.responseId);
		const candidate = chunk.candidates?.[0];
		for (const part of candidate?.content?.parts ?? []) {
			if (part.functionCall) {
				const call = part.functionCall;
				// Gemini often sends function calls without an id; pi needs one to pair the call with its result.
				out.startToolCall(call.id || generateToolCallId("gemini"), call.name ?? "", part.thoughtSignature);
				out.appendToolCallArguments(JSON.stringify(call.args ?? {}));
				out.closeBlock();
			} else if (typeof part.text === "string") {
				if (part.thought) {
					out.appendThinking(part.text);
					if (part.thoughtSignature) {
						if (out.openBlockKind !== "thinking") out.startThinking();
						out.setThinkingSignature(part.thoughtSignature);
					}
				} else {
					out.appendText(part.text);
					if (part.thoughtSignature) {
						// A signature may come on an empty part: it still belongs to a text block for replay.
						if (out.openBlockKind !== "text") out.startText();
						out.setTextSignature(part.thoughtSignature);
					}
				}
			}
		}
		if (candidate?.finishReason) this.finishReason = candidate.finishReason;
		const usage = chunk.usageMetadata;
		if (usage) {
			const cacheRead = usage.cachedContentTokenCount ?? 0;
			out.setUsage({
				input: (usage.promptTokenCount ?? 0) - cacheRead,
				output: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
				cacheRead,
				cacheWrite: 0,
			});
		}
	}

	/** Finalises after the stream ended cleanly: STOP / MAX_TOKENS end normally, every other reason is an error. */
	end(): void {
		const raw = this.finishReason;
		if (raw === undefined) {
			failStreamCut(this.out);
		} else if (raw === "STOP") {
			this.out.finish("stop");
		} else if (raw === "MAX_TOKENS") {
			this.out.finish("length");
		} else {
			failFinishReason(this.out, raw);
		}
	}
}

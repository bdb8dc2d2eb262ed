import type { CompletionChunk, ContentChunk, ToolCall, UsageInfo } from "@mistralai/mistralai/models/components";
import { makeErrorInfo } from "../../utils/errors.js";
import { parseToolArguments } from "../../utils/partial-json.js";
import type { TokenCounts } from "../../utils/usage.js";
import { FAILURE_TEXTS, failFinishReason, failStreamCut } from "../shared/failure.js";
import type { AssistantOutput } from "../shared/output.js";
import { generateMistralToolCallId } from "./messages.js";

/** Finish reasons that end a turn normally; `model_length` is the context window filling up mid-answer. */
const FINISH_REASONS: Record<string, "stop" | "length" | "toolUse"> = {
	stop: "stop",
	length: "length",
	model_length: "length",
	tool_calls: "toolUse",
};

/** A streamed tool call, by the `index` the wire gives it. */
interface ToolCallState {
	contentIndex: number;
	rawArgs: string;
}

/**
 * Mistral's usage: `prompt_tokens` includes the tokens read from its prompt cache, reported (when there are any)
 * as `prompt_tokens_details.cached_tokens` (older responses: `num_cached_tokens`); there are no cache writes.
 * `completion_tokens` includes the thinking.
 */
export function mapMistralUsage(usage: UsageInfo): TokenCounts {
	const prompt = usage.promptTokens ?? 0;
	const details = (usage.prompt_tokens_details ?? usage.promptTokensDetails) as
		| { cached_tokens?: unknown; cachedTokens?: unknown }
		| null
		| undefined;
	const rawCached = details?.cached_tokens ?? details?.cachedTokens ?? usage.num_cached_tokens;
	const cacheRead = typeof rawCached === "number" && rawCached > 0 ? Math.min(rawCached, prompt) : 0;
	return { input: prompt - cacheRead, output: usage.completionTokens ?? 0, cacheRead, cacheWrite: 0 };
}

/**
 * Feeds Mistral `chat.completion.chunk`s into the output. A delta's content is a string or a list of chunks:
 * `text` chunks are text, `thinking` chunks (Magistral and other reasoning models) are thinking, with the chunk's
 * signature kept for replay. Tool calls usually arrive whole in one delta; later deltas of the same `index` extend
 * the arguments. Usage comes on the last chunk with the finish reason.
 */
export class MistralStreamReader {
	private finishReason: string | undefined;
	private readonly toolCalls = new Map<number, ToolCallState>();
	private openToolIndex: number | undefined;

	constructor(private readonly out: AssistantOutput) {}

	push(chunk: CompletionChunk): void {
		const out = this.out;
		if (!out.isStarted) {
			out.start();
			out.setResponseId(chunk.id);
		}
		if (chunk.usage) out.setUsage(mapMistralUsage(chunk.usage));
		const choice = chunk.choices[0];
		if (!choice) return;
		const content = choice.delta.content;
		if (typeof content === "string") out.appendText(content);
		else if (content) for (const part of content) this.pushContent(part);
		for (const call of choice.delta.toolCalls ?? []) this.pushToolCall(call);
		if (choice.finishReason) this.finishReason = choice.finishReason;
	}

	/**
	 * Finalises after the stream ended cleanly. `error` is Mistral's own signal that generation failed on its side
	 * (retryable: the same request usually succeeds); other unknown reasons are final.
	 */
	end(): void {
		const raw = this.finishReason;
		const reason = raw === undefined ? undefined : FINISH_REASONS[raw];
		if (raw === undefined) failStreamCut(this.out);
		else if (reason) this.out.finish(reason);
		else if (raw === "error") {
			this.out.fail("error", FAILURE_TEXTS.finishReason(raw), { ...makeErrorInfo(undefined, raw), retryable: true });
		} else failFinishReason(this.out, raw);
	}

	private pushContent(part: ContentChunk): void {
		if (part.type === "text") {
			this.out.appendText(part.text);
		} else if (part.type === "thinking") {
			const text = part.thinking.map((item) => (item.type === "text" ? item.text : "")).join("");
			this.out.appendThinking(text);
			if (part.signature) {
				if (this.out.openBlockKind !== "thinking") this.out.startThinking();
				this.out.setThinkingSignature(part.signature);
			}
		}
		// Other chunk kinds (references, images) carry nothing pi's message model keeps.
	}

	private pushToolCall(call: ToolCall): void {
		const index = call.index ?? 0;
		const args =
			typeof call.function.arguments === "string" ? call.function.arguments : JSON.stringify(call.function.arguments);
		let state = this.toolCalls.get(index);
		if (!state) {
			// The SDK fills a missing id with the string "null"; pi needs a real one to pair the result.
			const id = call.id && call.id !== "null" ? call.id : generateMistralToolCallId();
			state = { contentIndex: this.out.startToolCall(id, call.function.name), rawArgs: "" };
			this.toolCalls.set(index, state);
			this.openToolIndex = index;
		}
		if (!args) return;
		state.rawArgs += args;
		if (this.openToolIndex === index && this.out.openBlockKind === "toolCall") {
			this.out.appendToolCallArguments(args);
		} else {
			// Its block was closed when another one opened; the arguments still belong to it.
			const block = this.out.message.content[state.contentIndex];
			if (block?.type === "toolCall") block.arguments = parseToolArguments(state.rawArgs);
		}
	}
}

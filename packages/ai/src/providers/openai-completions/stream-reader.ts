import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import { parseToolArguments } from "../../utils/partial-json.js";
import type { TokenCounts } from "../../utils/usage.js";
import { generateToolCallId } from "../openai-shared/ids.js";
import { failFinishReason, failStreamCut } from "../shared/failure.js";
import type { AssistantOutput } from "../shared/output.js";
import { REASONING_FIELDS } from "./messages.js";

/** Finish reasons that end a turn normally; anything else (content_filter, vendor values) is an error. */
const FINISH_REASONS: Record<string, "stop" | "length" | "toolUse"> = {
	stop: "stop",
	length: "length",
	tool_calls: "toolUse",
	function_call: "toolUse",
};

/** A streamed tool call, by the `index` the wire gives it. */
interface ToolCallState {
	contentIndex: number;
	rawArgs: string;
}

/** Usage fields vendors add to the Chat Completions usage object. */
type CompletionsUsage = NonNullable<ChatCompletionChunk["usage"]> & {
	prompt_cache_hit_tokens?: number;
	cache_write_tokens?: number;
	prompt_tokens_details?: { cached_tokens?: number; cache_write_tokens?: number } | null;
};

/** Maps Chat Completions usage to pi's counters (events.md §1.6). */
export function mapCompletionsUsage(usage: CompletionsUsage): TokenCounts {
	const prompt = usage.prompt_tokens ?? 0;
	const cacheRead = usage.prompt_tokens_details?.cached_tokens ?? usage.prompt_cache_hit_tokens ?? 0;
	const cacheWrite = usage.cache_write_tokens ?? usage.prompt_tokens_details?.cache_write_tokens ?? 0;
	return {
		input: Math.max(0, prompt - cacheRead - cacheWrite),
		output: usage.completion_tokens ?? 0,
		cacheRead,
		cacheWrite,
	};
}

/**
 * Feeds `chat.completion.chunk`s into the output: reasoning fields as thinking (the field name becomes the
 * signature, so replay uses the same field), content as text, tool calls by index. Tool-call deltas for a
 * call that is no longer the open block (servers that interleave calls) still complete its arguments.
 */
export class CompletionsStreamReader {
	private finishReason: string | undefined;
	private readonly toolCalls = new Map<number, ToolCallState>();
	private openToolIndex: number | undefined;

	constructor(private readonly out: AssistantOutput) {}

	push(chunk: ChatCompletionChunk): void {
		if (!this.out.isStarted) {
			this.out.start();
			this.out.setResponseId(chunk.id);
		}
		if (chunk.usage) this.out.setUsage(mapCompletionsUsage(chunk.usage as CompletionsUsage));
		const choice = chunk.choices?.[0];
		if (!choice) return;
		const delta = choice.delta as Record<string, unknown> | undefined;
		if (delta) {
			for (const field of REASONING_FIELDS) {
				const value = delta[field];
				if (typeof value === "string" && value !== "") {
					if (this.out.openBlockKind !== "thinking") this.out.startThinking({ signature: field });
					this.out.appendThinking(value);
					break;
				}
			}
			const content = delta.content;
			if (typeof content === "string" && content !== "") this.out.appendText(content);
			const toolCalls = delta.tool_calls as ChatCompletionChunk.Choice.Delta.ToolCall[] | undefined;
			if (toolCalls) for (const call of toolCalls) this.pushToolCall(call);
		}
		if (choice.finish_reason) this.finishReason = choice.finish_reason;
	}

	/** Finalises after the stream ended cleanly: maps the finish reason, or reports a stream without one. */
	end(): void {
		const raw = this.finishReason;
		if (raw === undefined) {
			failStreamCut(this.out);
			return;
		}
		const reason = FINISH_REASONS[raw];
		if (reason) this.out.finish(reason);
		else failFinishReason(this.out, raw);
	}

	private pushToolCall(call: ChatCompletionChunk.Choice.Delta.ToolCall): void {
		const index = call.index ?? 0;
		let state = this.toolCalls.get(index);
		if (!state) {
			const contentIndex = this.out.startToolCall(call.id || generateToolCallId(), call.function?.name ?? "");
			state = { contentIndex, rawArgs: "" };
			this.toolCalls.set(index, state);
			this.openToolIndex = index;
		} else if (this.isOpen(index) && call.function?.name) {
			const block = this.out.message.content[state.contentIndex];
			if (block?.type === "toolCall" && block.name === "") this.out.updateToolCall({ name: call.function.name });
		}
		const args = call.function?.arguments;
		if (!args) return;
		state.rawArgs += args;
		if (this.isOpen(index)) {
			this.out.appendToolCallArguments(args);
		} else {
			// The call's block was closed when another one opened; its arguments still belong to it.
			const block = this.out.message.content[state.contentIndex];
			if (block?.type === "toolCall") block.arguments = parseToolArguments(state.rawArgs);
		}
	}

	private isOpen(index: number): boolean {
		return this.openToolIndex === index && this.out.openBlockKind === "toolCall";
	}
}

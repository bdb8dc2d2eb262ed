import type { Response, ResponseStreamEvent } from "openai/resources/responses/responses";
import { makeErrorInfo } from "../../utils/errors.js";
import { failFinishReason, failStreamCut } from "../shared/failure.js";
import type { AssistantOutput } from "../shared/output.js";

/** Cost multiplier of the service tier a response reports (events.md §1.6). */
const PRICE_FACTORS: Record<string, number> = { flex: 0.5, priority: 2 };

/**
 * Feeds `response.*` events into the output. Output items map one to one onto blocks: a reasoning item is a
 * thinking block (summary text as thinking, the whole item JSON as signature for replay), a message is a
 * text block (its item id as text signature), a function call is a tool call with id `<call_id>|<item id>`.
 */
export class ResponsesStreamReader {
	/** Whether the open block got streamed deltas (otherwise its content comes from `output_item.done`). */
	private streamed = false;

	constructor(private readonly out: AssistantOutput) {}

	push(event: ResponseStreamEvent): void {
		const out = this.out;
		// The first chunk starts the response (start emits once); a failure after that is a cut stream.
		out.start();
		switch (event.type) {
			case "response.created":
				out.setResponseId(event.response.id);
				break;
			case "response.output_item.added": {
				const item = event.item;
				this.streamed = false;
				if (item.type === "reasoning") out.startThinking();
				else if (item.type === "message") out.startText();
				else if (item.type === "function_call") {
					out.startToolCall(`${item.call_id}|${item.id}`, item.name);
					if (item.arguments) this.appendArguments(item.arguments);
				}
				break;
			}
			case "response.reasoning_summary_part.added":
				// Summary parts are separate paragraphs of one thinking block.
				if (event.summary_index > 0 && out.openBlockKind === "thinking") out.appendThinking("\n\n");
				break;
			case "response.reasoning_summary_text.delta":
				this.streamed = true;
				out.appendThinking(event.delta);
				break;
			case "response.output_text.delta":
			case "response.refusal.delta":
				this.streamed = true;
				out.appendText(event.delta);
				break;
			case "response.function_call_arguments.delta":
				this.appendArguments(event.delta);
				break;
			case "response.function_call_arguments.done":
				if (!this.streamed) this.appendArguments(event.arguments);
				break;
			case "response.output_item.done":
				this.closeItem(event.item);
				break;
			case "response.completed":
			case "response.incomplete":
			case "response.failed":
				this.finishResponse(event.response);
				break;
			case "error":
				out.fail("error", event.message, makeErrorInfo(undefined, event.code ?? undefined));
				break;
		}
	}

	/** The stream ended without a terminal `response.*` event. */
	end(): void {
		failStreamCut(this.out);
	}

	private appendArguments(delta: string): void {
		if (delta === "") return;
		this.streamed = true;
		this.out.appendToolCallArguments(delta);
	}

	private closeItem(item: Extract<ResponseStreamEvent, { type: "response.output_item.done" }>["item"]): void {
		const out = this.out;
		if (item.type === "reasoning" && out.openBlockKind === "thinking") {
			if (!this.streamed) out.appendThinking(item.summary.map((part) => part.text).join("\n\n"));
			out.setThinkingSignature(JSON.stringify(item));
			out.closeBlock();
		} else if (item.type === "message" && out.openBlockKind === "text") {
			if (!this.streamed) {
				for (const part of item.content) out.appendText(part.type === "output_text" ? part.text : part.refusal);
			}
			out.setTextSignature(item.id);
			out.closeBlock();
		} else if (item.type === "function_call" && out.openBlockKind === "toolCall") {
			if (!this.streamed) this.appendArguments(item.arguments);
			out.closeBlock();
		}
	}

	private finishResponse(response: Response): void {
		const out = this.out;
		out.setResponseId(response.id);
		const factor = PRICE_FACTORS[response.service_tier ?? ""] ?? 1;
		if (factor !== 1) out.setPriceFactor(factor);
		if (response.usage) {
			const cacheRead = response.usage.input_tokens_details?.cached_tokens ?? 0;
			out.setUsage({
				input: response.usage.input_tokens - cacheRead,
				output: response.usage.output_tokens,
				cacheRead,
				cacheWrite: 0,
			});
		}
		const status = response.status ?? "completed";
		const incomplete = response.incomplete_details?.reason;
		if (status === "completed") {
			out.finish("stop");
		} else if (status === "incomplete" && incomplete !== "content_filter") {
			out.finish("length");
		} else if (response.error) {
			out.fail("error", response.error.message, makeErrorInfo(undefined, response.error.code ?? undefined));
		} else {
			// Filtered output, cancelled or failed without details: report the raw reason.
			const raw = incomplete ?? status;
			failFinishReason(out, raw);
		}
	}
}

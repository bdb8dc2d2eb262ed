import type {
	AssistantMessage,
	ErrorInfo,
	Model,
	StopReason,
	TextContent,
	ThinkingContent,
	ToolCall,
} from "../../types.js";
import type { AssistantMessageEventStream } from "../../utils/event-stream.js";
import { StreamingToolArguments } from "../../utils/partial-json.js";
import { emptyUsage, type TokenCounts, updateUsage } from "../../utils/usage.js";

type OpenBlock =
	| { kind: "text"; index: number; block: TextContent }
	| { kind: "thinking"; index: number; block: ThinkingContent }
	| { kind: "toolCall"; index: number; block: ToolCall; args: StreamingToolArguments };

/** An assistant message of `model` with no content yet: zero usage, `stopReason` "stop", stamped now. */
export function createEmptyAssistantMessage(model: Model): AssistantMessage {
	return {
		role: "assistant",
		content: [],
		api: model.api,
		provider: model.provider,
		model: model.id,
		usage: emptyUsage(),
		stopReason: "stop",
		timestamp: Date.now(),
	};
}

/**
 * The one adapter skeleton: owns the output `AssistantMessage` and turns provider callbacks into the event
 * protocol of events.md §1.8. It keeps blocks strictly sequential (opening a block closes the open one), keeps
 * usage and cost current, and finalises exactly once with `done` or `error`. Adapters only map their wire
 * format onto these calls.
 */
export class AssistantOutput {
	readonly message: AssistantMessage;
	private open: OpenBlock | undefined;
	private started = false;
	private finished = false;
	private priceFactor = 1;

	constructor(
		readonly model: Model,
		private readonly stream: AssistantMessageEventStream,
	) {
		this.message = createEmptyAssistantMessage(model);
	}

	get isFinished(): boolean {
		return this.finished;
	}

	/** True once `start` was emitted (the response began). */
	get isStarted(): boolean {
		return this.started;
	}

	/** Emits `start` once; block methods call it implicitly. */
	start(): void {
		if (this.started || this.finished) return;
		this.started = true;
		this.stream.push({ type: "start", partial: this.message });
	}

	setResponseId(id: string | undefined): void {
		if (id) this.message.responseId = id;
	}

	/** Records new token counts (missing fields keep their value) and recomputes totals and cost. */
	setUsage(counts: TokenCounts): void {
		updateUsage(this.message.usage, this.model, counts, this.priceFactor);
	}

	/** Scales every cost component (service tiers: flex ×0.5, priority ×2). */
	setPriceFactor(factor: number): void {
		this.priceFactor = factor;
		updateUsage(this.message.usage, this.model, {}, factor);
	}

	// --- text -------------------------------------------------------------------------------------------------

	startText(): number {
		const block: TextContent = { type: "text", text: "" };
		const index = this.openBlock({ kind: "text", index: -1, block });
		this.stream.push({ type: "text_start", contentIndex: index, partial: this.message });
		return index;
	}

	/** Appends to the open text block, opening one first when the open block is something else. */
	appendText(delta: string): void {
		if (delta === "") return;
		const open = this.open?.kind === "text" ? this.open : undefined;
		const index = open ? open.index : this.startText();
		const block = this.message.content[index] as TextContent;
		block.text += delta;
		this.stream.push({ type: "text_delta", contentIndex: index, delta, partial: this.message });
	}

	setTextSignature(signature: string | undefined): void {
		if (this.open?.kind === "text" && signature) this.open.block.textSignature = signature;
	}

	// --- thinking ---------------------------------------------------------------------------------------------

	startThinking(options: { signature?: string; redacted?: boolean; text?: string } = {}): number {
		const block: ThinkingContent = { type: "thinking", thinking: options.text ?? "" };
		if (options.signature !== undefined) block.thinkingSignature = options.signature;
		if (options.redacted) block.redacted = true;
		const index = this.openBlock({ kind: "thinking", index: -1, block });
		this.stream.push({ type: "thinking_start", contentIndex: index, partial: this.message });
		return index;
	}

	appendThinking(delta: string): void {
		if (delta === "") return;
		const open = this.open?.kind === "thinking" ? this.open : undefined;
		const index = open ? open.index : this.startThinking();
		const block = this.message.content[index] as ThinkingContent;
		block.thinking += delta;
		this.stream.push({ type: "thinking_delta", contentIndex: index, delta, partial: this.message });
	}

	/** Sets (or extends, with `append`) the signature of the open thinking block. */
	setThinkingSignature(signature: string, append = false): void {
		if (this.open?.kind !== "thinking") return;
		const block = this.open.block;
		block.thinkingSignature = append ? (block.thinkingSignature ?? "") + signature : signature;
	}

	// --- tool calls -------------------------------------------------------------------------------------------

	startToolCall(id: string, name: string, thoughtSignature?: string): number {
		const block: ToolCall = { type: "toolCall", id, name, arguments: {} };
		if (thoughtSignature) block.thoughtSignature = thoughtSignature;
		const index = this.openBlock({ kind: "toolCall", index: -1, block, args: new StreamingToolArguments() });
		this.stream.push({ type: "toolcall_start", contentIndex: index, partial: this.message });
		return index;
	}

	/**
	 * Appends a raw JSON fragment of the open tool call's arguments and re-parses them best-effort (throttled for
	 * large arguments, see `StreamingToolArguments`); `closeBlock` always parses the final text.
	 */
	appendToolCallArguments(delta: string): void {
		const open = this.open;
		if (delta === "" || open?.kind !== "toolCall") return;
		open.block.arguments = open.args.append(delta);
		this.stream.push({ type: "toolcall_delta", contentIndex: open.index, delta, partial: this.message });
	}

	/** Name or id can arrive late on some wires (Chat Completions): patch the open tool call. */
	updateToolCall(patch: { id?: string; name?: string; thoughtSignature?: string }): void {
		if (this.open?.kind !== "toolCall") return;
		if (patch.id) this.open.block.id = patch.id;
		if (patch.name) this.open.block.name = patch.name;
		if (patch.thoughtSignature) this.open.block.thoughtSignature = patch.thoughtSignature;
	}

	/** The currently open block's kind, for adapters that must know whether to continue or open a block. */
	get openBlockKind(): OpenBlock["kind"] | undefined {
		return this.open?.kind;
	}

	// --- closing ----------------------------------------------------------------------------------------------

	/** Closes the open block, emitting its `*_end` event. */
	closeBlock(): void {
		const open = this.open;
		if (!open) return;
		this.open = undefined;
		switch (open.kind) {
			case "text":
				this.stream.push({
					type: "text_end",
					contentIndex: open.index,
					content: open.block.text,
					partial: this.message,
				});
				break;
			case "thinking":
				this.stream.push({
					type: "thinking_end",
					contentIndex: open.index,
					content: open.block.thinking,
					partial: this.message,
				});
				break;
			case "toolCall": {
				// Final parse: malformed JSON becomes {} and schema validation reports the missing fields later.
				open.block.arguments = open.args.final();
				this.stream.push({
					type: "toolcall_end",
					contentIndex: open.index,
					toolCall: open.block,
					partial: this.message,
				});
				break;
			}
		}
	}

	/**
	 * Ends the stream normally. A "stop" with tool calls present becomes "toolUse" (events.md §1.7).
	 */
	finish(reason: Extract<StopReason, "stop" | "length" | "toolUse">): void {
		if (this.finished) return;
		this.closeBlock();
		let stopReason = reason;
		if (stopReason === "stop" && this.message.content.some((block) => block.type === "toolCall")) {
			stopReason = "toolUse";
		}
		this.message.stopReason = stopReason;
		this.finished = true;
		this.stream.push({ type: "done", reason: stopReason, message: this.message });
	}

	/** Ends the stream with an error (or abort); partial content and usage are kept. */
	fail(reason: "error" | "aborted", errorMessage: string, errorInfo?: ErrorInfo): void {
		if (this.finished) return;
		this.closeBlock();
		this.message.stopReason = reason;
		this.message.errorMessage = errorMessage;
		if (reason === "error" && errorInfo) this.message.errorInfo = errorInfo;
		this.finished = true;
		this.stream.push({ type: "error", reason, error: this.message });
	}

	private openBlock(open: OpenBlock): number {
		this.start();
		this.closeBlock();
		open.index = this.message.content.length;
		this.message.content.push(open.block);
		this.open = open;
		return open.index;
	}
}

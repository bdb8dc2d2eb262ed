import type { StopReason as BedrockStopReason, ConverseStreamOutput } from "@aws-sdk/client-bedrock-runtime";
import type { StopReason } from "../../types.js";
import { REDACTED_THINKING_TEXT } from "../anthropic-request.js";
import { failFinishReason, failStreamCut } from "../shared/failure.js";
import type { AssistantOutput } from "../shared/output.js";

type DoneReason = Extract<StopReason, "stop" | "length" | "toolUse">;

/** Stop reasons that end a turn normally; the rest (guardrail, content filter, malformed output) are errors. */
const STOP_REASONS: Partial<Record<BedrockStopReason, DoneReason>> = {
	end_turn: "stop",
	stop_sequence: "stop",
	max_tokens: "length",
	model_context_window_exceeded: "length",
	tool_use: "toolUse",
};

/** The exception members of the stream union: the SDK throws these, but a member may also arrive as data. */
const EXCEPTION_MEMBERS = [
	"internalServerException",
	"modelStreamErrorException",
	"validationException",
	"throttlingException",
	"serviceUnavailableException",
] as const;

/**
 * Feeds ConverseStream events into the output. Bedrock numbers content blocks and sends `contentBlockStart` only for
 * tool use: text and reasoning blocks begin with their first delta. `messageStop` carries the stop reason but the
 * usage follows in `metadata`, so the message is finished only at the end of the stream (`end`).
 */
export class BedrockStreamReader {
	/** The Bedrock block index of the open output block. */
	private openIndex: number | undefined;
	/** Encrypted reasoning of the open block, collected until it closes. */
	private redacted: Uint8Array[] = [];
	private stopReason: string | undefined;

	constructor(private readonly out: AssistantOutput) {}

	push(event: ConverseStreamOutput): void {
		const out = this.out;
		if (event.messageStart) {
			out.start();
		} else if (event.contentBlockStart) {
			const { contentBlockIndex, start } = event.contentBlockStart;
			if (start?.toolUse) {
				this.switchTo(contentBlockIndex);
				out.startToolCall(start.toolUse.toolUseId ?? "", start.toolUse.name ?? "");
			}
		} else if (event.contentBlockDelta) {
			this.applyDelta(event.contentBlockDelta.contentBlockIndex, event.contentBlockDelta.delta);
		} else if (event.contentBlockStop) {
			if (event.contentBlockStop.contentBlockIndex === this.openIndex) this.closeBlock();
		} else if (event.messageStop) {
			this.stopReason = event.messageStop.stopReason ?? "end_turn";
		} else if (event.metadata?.usage) {
			const usage = event.metadata.usage;
			out.setUsage({
				input: usage.inputTokens ?? 0,
				output: usage.outputTokens ?? 0,
				cacheRead: usage.cacheReadInputTokens ?? 0,
				cacheWrite: usage.cacheWriteInputTokens ?? 0,
			});
		} else {
			for (const member of EXCEPTION_MEMBERS) {
				const exception = event[member as keyof ConverseStreamOutput] as Error | undefined;
				if (exception) throw exception;
			}
		}
	}

	/** The stream ended: finish with the stop reason, or fail as cut when `messageStop` never came. */
	end(): void {
		const out = this.out;
		if (this.stopReason === undefined) {
			failStreamCut(out);
			return;
		}
		this.closeBlock();
		const reason = STOP_REASONS[this.stopReason as BedrockStopReason];
		if (reason) out.finish(reason);
		else failFinishReason(out, this.stopReason);
	}

	private applyDelta(
		index: number | undefined,
		delta: NonNullable<ConverseStreamOutput["contentBlockDelta"]>["delta"],
	) {
		const out = this.out;
		if (!delta) return;
		if (delta.text !== undefined) {
			if (this.openIndex !== index || out.openBlockKind !== "text") {
				this.switchTo(index);
				out.startText();
			}
			out.appendText(delta.text);
		} else if (delta.toolUse) {
			if (this.openIndex === index && out.openBlockKind === "toolCall")
				out.appendToolCallArguments(delta.toolUse.input ?? "");
		} else if (delta.reasoningContent) {
			const reasoning = delta.reasoningContent;
			if (this.openIndex !== index || out.openBlockKind !== "thinking") {
				this.switchTo(index);
				if (reasoning.redactedContent) out.startThinking({ redacted: true });
				else out.startThinking();
			}
			if (reasoning.text) out.appendThinking(reasoning.text);
			if (reasoning.signature) out.setThinkingSignature(reasoning.signature, true);
			if (reasoning.redactedContent?.length) {
				// Encrypted reasoning (signature holds it as base64 for replay); the text is a placeholder.
				if (this.redacted.length === 0) out.appendThinking(REDACTED_THINKING_TEXT);
				this.redacted.push(reasoning.redactedContent);
			}
		}
	}

	/** Closes whatever is open before a block of another index begins. */
	private switchTo(index: number | undefined): void {
		this.closeBlock();
		this.openIndex = index;
	}

	private closeBlock(): void {
		if (this.redacted.length > 0) {
			this.out.setThinkingSignature(Buffer.concat(this.redacted).toString("base64"));
			this.redacted = [];
		}
		this.out.closeBlock();
		this.openIndex = undefined;
	}
}

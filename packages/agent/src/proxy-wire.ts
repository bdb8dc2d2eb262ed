/**
 * The proxy wire format: the streaming protocol of @pi/ai without the `partial` message every event repeats.
 * The relay sends these as SSE `data:` lines; the client rebuilds the partial from them.
 */
import type {
	AssistantMessage,
	AssistantMessageEvent,
	Context,
	ErrorInfo,
	Model,
	SimpleStreamOptions,
	StopReason,
	ToolCall,
	Usage,
} from "@pi/ai";
import { PartialMessageBuilder } from "./partial-message.js";

/** What the client POSTs to the relay. Never carries an API key or a signal. */
export interface ProxyRequestBody {
	model: Model;
	context: Context;
	options: Omit<SimpleStreamOptions, "signal" | "apiKey" | "onPayload" | "onResponse">;
}

/** One compact event on the wire. */
export type ProxyEvent =
	| { type: "start" }
	| { type: "text_start"; contentIndex: number }
	| { type: "text_delta"; contentIndex: number; delta: string }
	| { type: "text_end"; contentIndex: number; textSignature?: string }
	| { type: "thinking_start"; contentIndex: number; redacted?: boolean; thinkingSignature?: string }
	| { type: "thinking_delta"; contentIndex: number; delta: string }
	| { type: "thinking_end"; contentIndex: number; thinkingSignature?: string; redacted?: boolean }
	| { type: "toolcall_start"; contentIndex: number; id: string; toolName: string }
	| { type: "toolcall_delta"; contentIndex: number; delta: string }
	| { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall }
	| { type: "done"; reason: Extract<StopReason, "stop" | "length" | "toolUse">; usage: Usage; responseId?: string }
	| {
			type: "error";
			reason: Extract<StopReason, "error" | "aborted">;
			errorMessage: string;
			errorInfo?: ErrorInfo;
			usage: Usage;
			responseId?: string;
	  };

/** Drops the partial (and the repeated full text of `*_end` events) from a stream event. */
export function toProxyEvent(event: AssistantMessageEvent): ProxyEvent {
	switch (event.type) {
		case "start":
			return { type: "start" };
		case "text_start":
			return { type: "text_start", contentIndex: event.contentIndex };
		case "text_delta":
		case "thinking_delta":
		case "toolcall_delta":
			return { type: event.type, contentIndex: event.contentIndex, delta: event.delta };
		case "text_end": {
			const block = event.partial.content[event.contentIndex];
			const signature = block?.type === "text" ? block.textSignature : undefined;
			return withoutUndefined({ type: "text_end", contentIndex: event.contentIndex, textSignature: signature });
		}
		case "thinking_start":
		case "thinking_end": {
			const block = event.partial.content[event.contentIndex];
			const thinking = block?.type === "thinking" ? block : undefined;
			return withoutUndefined({
				type: event.type,
				contentIndex: event.contentIndex,
				redacted: thinking?.redacted,
				thinkingSignature: thinking?.thinkingSignature,
			});
		}
		case "toolcall_start": {
			const block = event.partial.content[event.contentIndex];
			const call = block?.type === "toolCall" ? block : undefined;
			return {
				type: "toolcall_start",
				contentIndex: event.contentIndex,
				id: call?.id ?? "",
				toolName: call?.name ?? "",
			};
		}
		case "toolcall_end":
			return { type: "toolcall_end", contentIndex: event.contentIndex, toolCall: event.toolCall };
		case "done":
			return withoutUndefined({
				type: "done",
				reason: event.reason,
				usage: event.message.usage,
				responseId: event.message.responseId,
			});
		case "error":
			return withoutUndefined({
				type: "error",
				reason: event.reason,
				errorMessage: event.error.errorMessage ?? "Unknown error",
				errorInfo: event.error.errorInfo,
				usage: event.error.usage,
				responseId: event.error.responseId,
			});
	}
}

/** Turns compact events back into stream events with a rebuilt partial. */
export class ProxyEventDecoder {
	private readonly builder: PartialMessageBuilder;

	constructor(header: AssistantMessage) {
		this.builder = new PartialMessageBuilder(header);
	}

	/** The message as rebuilt so far (for ending a broken stream with the content received). */
	current(): AssistantMessage {
		return this.builder.snapshot();
	}

	decode(event: ProxyEvent): AssistantMessageEvent {
		const { builder } = this;
		switch (event.type) {
			case "start":
				return { type: "start", partial: builder.snapshot() };
			case "text_start":
				builder.start(event.contentIndex, { type: "text", text: "" });
				return { type: "text_start", contentIndex: event.contentIndex, partial: builder.snapshot() };
			case "thinking_start": {
				builder.start(event.contentIndex, withoutUndefined({ type: "thinking", thinking: "", ...flags(event) }));
				return { type: "thinking_start", contentIndex: event.contentIndex, partial: builder.snapshot() };
			}
			case "toolcall_start":
				builder.start(event.contentIndex, { type: "toolCall", id: event.id, name: event.toolName, arguments: {} });
				return { type: "toolcall_start", contentIndex: event.contentIndex, partial: builder.snapshot() };
			case "text_delta":
			case "thinking_delta":
			case "toolcall_delta":
				builder.delta(event.contentIndex, event.delta);
				return { ...event, partial: builder.snapshot() };
			case "text_end": {
				const content = builder.textAt(event.contentIndex);
				const block = withoutUndefined({ type: "text" as const, text: content, textSignature: event.textSignature });
				builder.end(event.contentIndex, block);
				return { type: "text_end", contentIndex: event.contentIndex, content, partial: builder.snapshot() };
			}
			case "thinking_end": {
				const content = builder.textAt(event.contentIndex);
				builder.end(event.contentIndex, withoutUndefined({ type: "thinking", thinking: content, ...flags(event) }));
				return { type: "thinking_end", contentIndex: event.contentIndex, content, partial: builder.snapshot() };
			}
			case "toolcall_end":
				builder.end(event.contentIndex, event.toolCall);
				return {
					type: "toolcall_end",
					contentIndex: event.contentIndex,
					toolCall: event.toolCall,
					partial: builder.snapshot(),
				};
			case "done":
				builder.setUsage(event.usage);
				builder.update(withoutUndefined({ stopReason: event.reason, responseId: event.responseId }));
				return { type: "done", reason: event.reason, message: builder.snapshot() };
			case "error":
				builder.setUsage(event.usage);
				builder.update(
					withoutUndefined({
						stopReason: event.reason,
						errorMessage: event.errorMessage,
						errorInfo: event.errorInfo,
						responseId: event.responseId,
					}),
				);
				return { type: "error", reason: event.reason, error: builder.snapshot() };
		}
	}
}

function flags(event: { redacted?: boolean; thinkingSignature?: string }) {
	return { redacted: event.redacted, thinkingSignature: event.thinkingSignature };
}

/** The wire omits absent fields instead of sending `undefined`. */
function withoutUndefined<T extends object>(value: T): T {
	for (const key of Object.keys(value) as (keyof T)[]) if (value[key] === undefined) delete value[key];
	return value;
}

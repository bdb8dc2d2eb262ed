/**
 * The agent loop (events.md §2.3): turns of one LLM call plus the tool calls it requested, steering and
 * follow-up polling, abort and terminate. Usable with an awaited event sink (`runAgentLoop`) or as an event
 * stream (`agentLoop`).
 */
import {
	type AssistantMessage,
	type AssistantMessageEvent,
	type Context,
	createErrorMessage,
	EventStream,
	type SimpleStreamOptions,
	streamSimple,
	type ToolCall,
	type ToolResultMessage,
} from "@pi/ai";
import { PartialMessageBuilder } from "./partial-message.js";
import { errorText, executeToolCalls } from "./tool-execution.js";
import type { AgentContext, AgentEvent, AgentEventSink, AgentLoopConfig, AgentMessage, StreamFn } from "./types.js";

/** The loop as an event stream; `result()` resolves with the messages added during the run. */
export type AgentEventStream = EventStream<AgentEvent, AgentMessage[]>;

/**
 * Starts a run with `prompts` and returns its events as a stream. The stream's single consumer sees every
 * event; the loop does not wait for it (use `runAgentLoop` for an awaited sink).
 */
export function agentLoop(
	prompts: AgentMessage[],
	context: AgentContext,
	config: AgentLoopConfig,
	signal?: AbortSignal,
	streamFn?: StreamFn,
): AgentEventStream {
	const events = createAgentEventStream();
	void runAgentLoop(prompts, context, config, (event) => events.push(event), signal, streamFn).then((messages) =>
		events.end(messages),
	);
	return events;
}

/**
 * Continues from the existing transcript without new prompt messages (after an error, or when the last
 * message is a user message or tool result the model has not answered).
 */
export function agentLoopContinue(
	context: AgentContext,
	config: AgentLoopConfig,
	signal?: AbortSignal,
	streamFn?: StreamFn,
): AgentEventStream {
	return agentLoop([], context, config, signal, streamFn);
}

/**
 * Runs the loop, awaiting `emit` for every event before producing the next. Never rejects: a throwing hook,
 * stream function or sink ends the run with a synthetic error message and exactly one `agent_end`. Resolves
 * with the messages added during the run. `context` is not modified.
 */
export async function runAgentLoop(
	prompts: AgentMessage[],
	context: AgentContext,
	config: AgentLoopConfig,
	emit: AgentEventSink,
	signal?: AbortSignal,
	streamFn?: StreamFn,
): Promise<AgentMessage[]> {
	const run = new LoopRun(context, config, emit, signal, streamFn ?? streamSimple);
	try {
		await run.execute(prompts);
	} catch (error) {
		await run.fail(error);
	}
	await run.emitSafely({ type: "agent_end", messages: run.newMessages });
	return run.newMessages;
}

/** `runAgentLoop` without prompt messages. */
export function runAgentLoopContinue(
	context: AgentContext,
	config: AgentLoopConfig,
	emit: AgentEventSink,
	signal?: AbortSignal,
	streamFn?: StreamFn,
): Promise<AgentMessage[]> {
	return runAgentLoop([], context, config, emit, signal, streamFn);
}

/** An event stream that completes at `agent_end`. */
export function createAgentEventStream(): AgentEventStream {
	return new EventStream<AgentEvent, AgentMessage[]>(
		(event) => event.type === "agent_end",
		(event) => (event.type === "agent_end" ? event.messages : []),
	);
}

/** One run's state: the working transcript, the messages it added and the event sink. */
class LoopRun {
	/** The working transcript the LLM sees (the caller's context is left untouched). */
	readonly context: AgentContext;
	readonly newMessages: AgentMessage[] = [];

	constructor(
		context: AgentContext,
		private readonly config: AgentLoopConfig,
		private readonly sink: AgentEventSink,
		private readonly signal: AbortSignal | undefined,
		private readonly streamFn: StreamFn,
	) {
		this.context = { ...context, messages: [...context.messages] };
	}

	async execute(prompts: AgentMessage[]): Promise<void> {
		const { config } = this;
		await this.emit({ type: "agent_start" });
		await this.emit({ type: "turn_start" });
		for (const prompt of prompts) await this.addMessage(prompt);
		let pending = (await config.getSteeringMessages?.()) ?? [];

		for (let firstTurn = true; ; firstTurn = false) {
			if (!firstTurn) await this.emit({ type: "turn_start" });
			for (const message of pending) await this.addMessage(message);

			const message = await this.streamAssistantMessage();
			if (message.stopReason === "error" || message.stopReason === "aborted") {
				await this.emit({ type: "turn_end", message, toolResults: [] });
				return;
			}

			const toolCalls = message.content.filter((block): block is ToolCall => block.type === "toolCall");
			let toolResults: ToolResultMessage[] = [];
			let terminate = false;
			if (toolCalls.length > 0) {
				({ toolResults, terminate } = await executeToolCalls(toolCalls, {
					assistantMessage: message,
					context: this.context,
					config,
					signal: this.signal,
					emit: (event) => this.emit(event),
					addMessage: (result) => this.addMessage(result),
				}));
			}
			await this.emit({ type: "turn_end", message, toolResults });

			if (this.signal?.aborted) return;
			if (terminate) return;
			if (await config.shouldStopAfterTurn?.({ message, toolResults })) return;

			pending = (await config.getSteeringMessages?.()) ?? [];
			if (toolCalls.length > 0 || pending.length > 0) continue;
			pending = (await config.getFollowUpMessages?.()) ?? [];
			if (pending.length > 0) continue;
			return;
		}
	}

	/**
	 * Ends a run that hit a contract violation: a synthetic assistant message carrying the thrown message, its
	 * message_start / message_end and a turn_end. Listener failures here are ignored so the run still ends.
	 */
	async fail(error: unknown): Promise<void> {
		const { model } = this.config;
		const reason = this.signal?.aborted ? "aborted" : "error";
		// One empty text block where @pi/ai's early failures have none (events.md §2.2).
		const message: AssistantMessage = {
			...createErrorMessage(model, reason, errorText(error)),
			content: [{ type: "text", text: "" }],
		};
		this.record(message);
		await this.emitSafely({ type: "message_start", message });
		await this.emitSafely({ type: "message_end", message });
		await this.emitSafely({ type: "turn_end", message, toolResults: [] });
	}

	async emitSafely(event: AgentEvent): Promise<void> {
		try {
			await this.sink(event);
		} catch {
			// The run is already ending; a failing listener must not prevent agent_end.
		}
	}

	private async emit(event: AgentEvent): Promise<void> {
		await this.sink(event);
	}

	private record(message: AgentMessage): void {
		this.context.messages.push(message);
		this.newMessages.push(message);
	}

	/** Adds a non-streamed message (prompt, queued message, tool result) to the transcript. */
	private async addMessage(message: AgentMessage): Promise<void> {
		this.record(message);
		await this.emit({ type: "message_start", message });
		await this.emit({ type: "message_end", message });
	}

	/** One LLM call: transformContext → convertToLlm → stream function, mapped onto message events. */
	private async streamAssistantMessage(): Promise<AssistantMessage> {
		const { config, signal } = this;
		const transformed = config.transformContext
			? await config.transformContext(this.context.messages, signal)
			: this.context.messages;
		const llmContext: Context = { messages: await config.convertToLlm(transformed) };
		if (this.context.systemPrompt) llmContext.systemPrompt = this.context.systemPrompt;
		if (this.context.tools?.length) {
			llmContext.tools = this.context.tools.map(({ name, description, parameters }) => ({
				name,
				description,
				parameters,
			}));
		}
		const apiKey = (await config.getApiKey?.(config.model.provider)) ?? config.apiKey;
		const response = await this.streamFn(config.model, llmContext, buildStreamOptions(config, signal, apiKey));

		let builder: PartialMessageBuilder | undefined;
		let final: AssistantMessage | undefined;
		for await (const event of response) {
			if (event.type === "done") final = event.message;
			else if (event.type === "error") final = event.error;
			else {
				if (!builder) {
					// A stream that skipped `start` still gets its message_start.
					builder = new PartialMessageBuilder(event.partial);
					await this.emit({ type: "message_start", message: builder.snapshot() });
				}
				if (event.type === "start") continue;
				applyStreamEvent(builder, event);
				const message = builder.snapshot();
				await this.emit({ type: "message_update", message, assistantMessageEvent: { ...event, partial: message } });
			}
		}
		final ??= await response.result();
		this.record(final);
		if (!builder) await this.emit({ type: "message_start", message: final });
		await this.emit({ type: "message_end", message: final });
		return final;
	}
}

/** Loop-only fields of the config; everything else is passed to the stream function. */
const LOOP_ONLY_KEYS = [
	"model",
	"thinkingLevel",
	"convertToLlm",
	"transformContext",
	"getApiKey",
	"getSteeringMessages",
	"getFollowUpMessages",
	"toolExecution",
	"beforeToolCall",
	"afterToolCall",
	"shouldStopAfterTurn",
] as const;

/** Stream options for one call: pass-through options, the run's signal, the resolved key and `reasoning`. */
export function buildStreamOptions(
	config: AgentLoopConfig,
	signal: AbortSignal | undefined,
	apiKey: string | undefined,
): SimpleStreamOptions {
	const options: Record<string, unknown> = { ...config };
	for (const key of LOOP_ONLY_KEYS) delete options[key];
	for (const key of Object.keys(options)) if (options[key] === undefined) delete options[key];
	const result = options as SimpleStreamOptions;
	if (signal) result.signal = signal;
	if (apiKey !== undefined) result.apiKey = apiKey;
	else delete result.apiKey;
	if (config.thinkingLevel && config.thinkingLevel !== "off") result.reasoning = config.thinkingLevel;
	return result;
}

type BlockEvent = Exclude<AssistantMessageEvent, { type: "start" | "done" | "error" }>;

/**
 * Mirrors one block event into the builder. The provider's partial may already hold later deltas, so only
 * what the event itself says is applied; a block is copied from the partial at its start (for ids and names)
 * and at its end (closed blocks no longer change).
 */
function applyStreamEvent(builder: PartialMessageBuilder, event: BlockEvent): void {
	const live = event.partial.content[event.contentIndex];
	switch (event.type) {
		case "text_start":
		case "thinking_start":
		case "toolcall_start":
			if (live) builder.start(event.contentIndex, live);
			break;
		case "text_delta":
		case "thinking_delta":
		case "toolcall_delta":
			builder.delta(event.contentIndex, event.delta);
			break;
		case "toolcall_end":
			builder.end(event.contentIndex, event.toolCall);
			break;
		default:
			if (live) builder.end(event.contentIndex, live);
	}
	builder.setUsage(event.partial.usage);
}

/**
 * Where extension events meet the agent: the loop hooks (`context` via transformContext, `before_provider_request`
 * via @pi/ai's `onPayload`, `tool_call` via beforeToolCall, `tool_result` via afterToolCall) and the agent's own
 * events (`agent_*`, `turn_*`, `message_*`, `tool_execution_*`), which the session's event bridge hands here before it
 * persists a message and before any mode sees the event.
 */
import type {
	AfterToolCallContext,
	AfterToolCallResult,
	Agent,
	AgentEvent,
	AgentMessage,
	AgentTool,
	BeforeToolCallContext,
	BeforeToolCallResult,
	StreamFn,
} from "@pi/agent-core";
import { type ImageContent, streamSimple } from "@pi/ai";
import type { EventDispatcher } from "./dispatch.js";
import {
	fromOriginalInput,
	replaceInPlace,
	toOriginalInput,
	usesOurArgumentNames,
} from "./session-hooks-tool-input.js";

/** Installs the hooks on `agent` and forwards its events to the extension handlers. */
export class SessionHooks {
	/** Turn counter of the current run (turn_start/turn_end `turnIndex`). */
	private turnIndex = -1;
	/** The original-named arguments extensions saw at tool_call, for the tool_result of the same call. */
	private readonly inputs = new Map<string, Record<string, any>>();
	/** The session's own system prompt, and the per-prompt one `before_agent_start` last set on the agent. */
	private basePrompt: string | undefined;
	private appliedPrompt: string | undefined;

	constructor(
		private readonly agent: Agent,
		private readonly dispatch: EventDispatcher,
		private readonly cwd: string,
	) {}

	/**
	 * `before_agent_start` for a prompt about to run: handlers chain the system prompt, starting from the session's
	 * own prompt each time (an override lasts one prompt), and may each add a custom message. Returns the messages
	 * to send after `prompt`.
	 */
	async beforeAgentStart(prompt: AgentMessage, signal?: AbortSignal): Promise<AgentMessage[]> {
		const { agent } = this;
		// Whatever the agent holds is the session's own prompt unless it is the override set here last time (tool
		// changes rebuild the prompt in between).
		if (this.appliedPrompt === undefined || agent.state.systemPrompt !== this.appliedPrompt) {
			this.basePrompt = agent.state.systemPrompt;
		}
		const base = this.basePrompt ?? agent.state.systemPrompt;
		if (!this.dispatch.has("before_agent_start")) {
			agent.setSystemPrompt(base);
			this.appliedPrompt = undefined;
			return [];
		}
		const { text, images } = promptParts(prompt);
		// The agent holds the chained prompt while handlers run: ctx.getSystemPrompt() reads it.
		agent.setSystemPrompt(base);
		const outcome = await this.dispatch.beforeAgentStart(
			{
				prompt: text,
				...(images.length > 0 ? { images } : {}),
				systemPrompt: base,
				systemPromptOptions: { cwd: this.cwd, selectedTools: agent.state.tools.map((tool) => tool.name) },
			},
			signal,
			(systemPrompt) => agent.setSystemPrompt(systemPrompt),
		);
		agent.setSystemPrompt(outcome.systemPrompt);
		this.appliedPrompt = outcome.systemPrompt;
		return outcome.messages.map((message) => ({
			role: "custom",
			customType: message.customType,
			content: message.content,
			display: message.display ?? true,
			...(message.details !== undefined ? { details: message.details } : {}),
			timestamp: Date.now(),
		}));
	}

	/** Chains the hooks after whatever the agent already has (an embedder's own hooks run first). */
	install(): void {
		const { agent } = this;
		const earlierTransform = agent.transformContext;
		agent.transformContext = async (messages, signal) => {
			const base = earlierTransform ? await earlierTransform(messages, signal) : messages;
			if (!this.dispatch.has("context")) return base;
			return this.dispatch.context(base, signal);
		};
		const earlierBefore = agent.beforeToolCall;
		agent.beforeToolCall = async (context) => {
			const decision = await earlierBefore?.(context);
			if (decision?.block) return decision;
			return this.toolCall(context);
		};
		const earlierAfter = agent.afterToolCall;
		agent.afterToolCall = async (context) => {
			const earlier = await earlierAfter?.(context);
			const merged = earlier ? applyPatch(context, earlier) : context;
			const patch = await this.toolResult(merged);
			return patch || earlier ? { ...earlier, ...patch } : undefined;
		};
		agent.streamFn = this.wrapStream(agent.streamFn ?? streamSimple);
	}

	/**
	 * `before_provider_request` and `after_provider_response`: the handlers see the provider payload and each HTTP
	 * response through @pi/ai's `onPayload` and `onResponse` (after any the caller set).
	 */
	private wrapStream(inner: StreamFn): StreamFn {
		return (model, context, options) => {
			const hooked = { ...options };
			const { onPayload, onResponse, signal } = options;
			if (this.dispatch.has("before_provider_request")) {
				hooked.onPayload = async (payload, target) => {
					let current = payload;
					const replaced = onPayload ? await onPayload(current, target) : undefined;
					if (replaced !== undefined) current = replaced;
					const result = await this.dispatch.providerRequest(current, signal);
					return result === payload ? undefined : result;
				};
			}
			if (this.dispatch.has("after_provider_response")) {
				hooked.onResponse = async (response) => {
					await onResponse?.(response);
					await this.dispatch.notify(
						"after_provider_response",
						{ type: "after_provider_response", status: response.status, headers: response.headers },
						{ signal },
					);
				};
			}
			return inner(model, context, hooked);
		};
	}

	private findTool(name: string, tools: readonly AgentTool<any, any>[] | undefined): AgentTool<any, any> | undefined {
		return (tools ?? this.agent.state.tools).find((tool) => tool.name === name);
	}

	/** `tool_call`: handlers see (and may change in place) the arguments under the original's names. */
	private async toolCall(context: BeforeToolCallContext): Promise<BeforeToolCallResult> {
		const { id, name } = context.toolCall;
		const mapped = usesOurArgumentNames(this.findTool(name, context.context.tools));
		const before = { ...context.args };
		if (!this.dispatch.has("tool_call")) return undefined;
		const input = mapped ? toOriginalInput(name, context.args) : context.args;
		const decision = await this.dispatch.toolCall(
			{ type: "tool_call", toolCallId: id, toolName: name, input },
			context.signal,
		);
		if (decision) return decision;
		if (mapped) replaceInPlace(context.args, fromOriginalInput(name, input, before));
		// tool_result shows the input as the handlers left it (kept only for calls that will run).
		this.inputs.set(id, input);
		return undefined;
	}

	/** `tool_result`: patches chain; the agent applies the combined one. */
	private async toolResult(context: AfterToolCallContext): Promise<AfterToolCallResult | undefined> {
		const { id, name } = context.toolCall;
		const input = this.inputs.get(id) ?? this.originalArgs(name, context.args);
		this.inputs.delete(id);
		if (!this.dispatch.has("tool_result")) return undefined;
		return this.dispatch.toolResult(
			{
				type: "tool_result",
				toolCallId: id,
				toolName: name,
				input,
				content: context.result.content,
				details: context.result.details,
				isError: context.isError,
			},
			context.signal,
		);
	}

	private originalArgs(name: string, args: unknown): any {
		if (typeof args !== "object" || args === null) return args;
		return usesOurArgumentNames(this.findTool(name, undefined))
			? toOriginalInput(name, args as Record<string, unknown>)
			: args;
	}

	/**
	 * An agent event, before the session persists it or any mode sees it: handlers of the same name run; a
	 * `message_end` replacement is written into the message object itself, so the transcript, the session file and
	 * every listener get the replacement.
	 */
	async onAgentEvent(event: AgentEvent, signal?: AbortSignal): Promise<void> {
		const { dispatch } = this;
		const bound = { signal };
		switch (event.type) {
			case "agent_start":
				this.turnIndex = -1;
				return dispatch.notify("agent_start", { type: "agent_start" }, bound);
			case "agent_end":
				return dispatch.notify("agent_end", { type: "agent_end", messages: event.messages }, bound);
			case "turn_start":
				this.turnIndex++;
				return dispatch.notify(
					"turn_start",
					{ type: "turn_start", turnIndex: this.turnIndex, timestamp: Date.now() },
					bound,
				);
			case "turn_end":
				return dispatch.notify(
					"turn_end",
					{ type: "turn_end", turnIndex: this.turnIndex, message: event.message, toolResults: event.toolResults },
					bound,
				);
			case "message_start":
				return dispatch.notify("message_start", { type: "message_start", message: event.message }, bound);
			case "message_update":
				if (!dispatch.has("message_update")) return;
				return dispatch.notify(
					"message_update",
					{ type: "message_update", message: event.message, assistantMessageEvent: event.assistantMessageEvent },
					bound,
				);
			case "message_end": {
				if (!dispatch.has("message_end")) return;
				const replacement = await dispatch.messageEnd(event.message);
				if (replacement && replacement !== event.message) {
					replaceInPlace(event.message as Record<string, any>, replacement as Record<string, any>);
				}
				return;
			}
			case "tool_execution_start":
				return dispatch.notify(
					"tool_execution_start",
					{ ...event, args: this.originalArgs(event.toolName, event.args) },
					bound,
				);
			case "tool_execution_update":
				return dispatch.notify(
					"tool_execution_update",
					{ ...event, args: this.originalArgs(event.toolName, event.args) },
					bound,
				);
			case "tool_execution_end":
				return dispatch.notify("tool_execution_end", { ...event }, bound);
		}
	}
}

/** The context an after-hook sees once an earlier after-hook's patch applied. */
function applyPatch(context: AfterToolCallContext, patch: AfterToolCallResult): AfterToolCallContext {
	const result = { ...context.result };
	if (patch.content !== undefined) result.content = patch.content;
	if (patch.details !== undefined) result.details = patch.details;
	return { ...context, result, isError: patch.isError ?? context.isError };
}

/** The text and images of a user prompt message. */
function promptParts(message: AgentMessage): { text: string; images: ImageContent[] } {
	const content = (message as { content?: unknown }).content;
	if (typeof content === "string") return { text: content, images: [] };
	if (!Array.isArray(content)) return { text: "", images: [] };
	const text = content
		.filter((block) => block.type === "text")
		.map((block) => block.text as string)
		.join("\n");
	return { text, images: content.filter((block): block is ImageContent => block.type === "image") };
}

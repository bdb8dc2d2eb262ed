/**
 * The stateful `Agent`: owns the transcript, the queues and the current run, updates its state from the
 * loop's events and awaits its listeners in order (events.md §2.2–2.6).
 */
import type { ImageContent, Message, SimpleStreamOptions } from "@pi/ai";
import { runAgentLoop } from "./loop.js";
import { MessageQueue } from "./queues.js";
import type {
	AgentEvent,
	AgentLoopConfig,
	AgentMessage,
	AgentState,
	AgentThinkingLevel,
	AgentTool,
	QueueMode,
	StreamFn,
} from "./types.js";

/** Caller-visible error texts of the Agent class. */
export const AGENT_ERROR_TEXTS = {
	alreadyRunning: "Agent is already running; use steer() or followUp() to queue a message.",
	noModel: "No model set: pass initialState.model or call setModel() first.",
	continueEmpty: "Cannot continue: the transcript is empty. Send a prompt first.",
	continueAfterAssistant:
		"Cannot continue: the transcript ends with an assistant message and no message is queued. Send a prompt, or queue one with steer() or followUp().",
} as const;

/** Receives every event; the agent waits for the returned promise before the next event. */
export type AgentListener = (event: AgentEvent, signal: AbortSignal) => void | Promise<void>;

/** The loop hooks an Agent forwards to every run. */
type LoopHooks = Pick<
	AgentLoopConfig,
	"transformContext" | "getApiKey" | "toolExecution" | "beforeToolCall" | "afterToolCall" | "shouldStopAfterTurn"
>;

export interface AgentOptions extends Omit<SimpleStreamOptions, "signal" | "reasoning">, LoopHooks {
	/** Starting state: systemPrompt, model, thinkingLevel, tools, messages. */
	initialState?: Partial<Pick<AgentState, "systemPrompt" | "model" | "thinkingLevel" | "tools" | "messages">>;
	/** Converts the transcript to LLM messages; default `defaultConvertToLlm`. */
	convertToLlm?: AgentLoopConfig["convertToLlm"];
	/** The stream function for LLM calls; default `streamSimple` from @pi/ai. */
	streamFn?: StreamFn;
	/** Steering queue delivery; default "one-at-a-time". */
	steeringMode?: QueueMode;
	/** Follow-up queue delivery; default "one-at-a-time". */
	followUpMode?: QueueMode;
}

const LLM_ROLES = new Set<string>(["user", "assistant", "toolResult"]);

/** Keeps the messages an LLM understands (user, assistant, toolResult) and drops application messages. */
export function defaultConvertToLlm(messages: AgentMessage[]): Message[] {
	return messages.filter((message): message is Message => LLM_ROLES.has(message.role));
}

/** A stateful agent over the agent loop. See the package README for the event order and queue semantics. */
export class Agent {
	/** Converts the transcript to LLM messages at each call. */
	convertToLlm: AgentLoopConfig["convertToLlm"];
	transformContext: LoopHooks["transformContext"];
	getApiKey: LoopHooks["getApiKey"];
	/** Stream function; undefined means `streamSimple`. */
	streamFn: StreamFn | undefined;
	toolExecution: LoopHooks["toolExecution"];
	beforeToolCall: LoopHooks["beforeToolCall"];
	afterToolCall: LoopHooks["afterToolCall"];
	shouldStopAfterTurn: LoopHooks["shouldStopAfterTurn"];
	/** Options passed to every LLM call (sessionId, thinkingBudgets, maxTokens, headers, ...). */
	streamOptions: Omit<SimpleStreamOptions, "signal" | "reasoning">;

	private readonly _state: AgentState;
	private readonly listeners = new Set<AgentListener>();
	private readonly steeringQueue: MessageQueue;
	private readonly followUpQueue: MessageQueue;
	private abortController: AbortController | undefined;
	private activeRun: Promise<void> | undefined;
	/** Bumped by reset(): events of a run started before it no longer change the (cleared) state. */
	private epoch = 0;

	constructor(options: AgentOptions = {}) {
		const {
			initialState,
			convertToLlm,
			streamFn,
			steeringMode,
			followUpMode,
			transformContext,
			getApiKey,
			toolExecution,
			beforeToolCall,
			afterToolCall,
			shouldStopAfterTurn,
			...streamOptions
		} = options;
		this._state = {
			systemPrompt: initialState?.systemPrompt ?? "",
			// A missing model is reported when a run starts (AGENT_ERROR_TEXTS.noModel).
			model: initialState?.model as AgentState["model"],
			thinkingLevel: initialState?.thinkingLevel ?? "off",
			tools: [...(initialState?.tools ?? [])],
			messages: [...(initialState?.messages ?? [])],
			isStreaming: false,
			pendingToolCalls: new Set(),
		};
		this.convertToLlm = convertToLlm ?? defaultConvertToLlm;
		this.streamFn = streamFn;
		this.transformContext = transformContext;
		this.getApiKey = getApiKey;
		this.toolExecution = toolExecution;
		this.beforeToolCall = beforeToolCall;
		this.afterToolCall = afterToolCall;
		this.shouldStopAfterTurn = shouldStopAfterTurn;
		this.streamOptions = streamOptions;
		this.steeringQueue = new MessageQueue(steeringMode);
		this.followUpQueue = new MessageQueue(followUpMode);
	}

	/** The current state. Read it freely; change it through the setters. */
	get state(): AgentState {
		return this._state;
	}

	/** Prompt-cache key sent with every LLM call. */
	get sessionId(): string | undefined {
		return this.streamOptions.sessionId;
	}

	set sessionId(value: string | undefined) {
		this.streamOptions = { ...this.streamOptions, sessionId: value };
	}

	// --- listeners ----------------------------------------------------------------------------------------------

	/** Adds a listener; returns a function that removes it. Listeners run in subscription order, awaited. */
	subscribe(listener: AgentListener): () => void {
		this.listeners.add(listener);
		return () => {
			this.listeners.delete(listener);
		};
	}

	// --- state setters ------------------------------------------------------------------------------------------

	setSystemPrompt(systemPrompt: string): void {
		this._state.systemPrompt = systemPrompt;
	}

	setModel(model: AgentState["model"]): void {
		this._state.model = model;
	}

	setThinkingLevel(level: AgentThinkingLevel): void {
		this._state.thinkingLevel = level;
	}

	setTools(tools: AgentTool<any, any>[]): void {
		this._state.tools = [...tools];
	}

	/** Replaces the transcript (e.g. after compaction or when switching sessions). */
	replaceMessages(messages: AgentMessage[]): void {
		this._state.messages = [...messages];
	}

	appendMessage(message: AgentMessage): void {
		this._state.messages = [...this._state.messages, message];
	}

	clearMessages(): void {
		this._state.messages = [];
	}

	// --- queues -------------------------------------------------------------------------------------------------

	/** Queues a message delivered after the current turn (tool calls still finish). */
	steer(message: AgentMessage | string): void {
		this.steeringQueue.enqueue(toMessage(message));
	}

	/** Queues a message delivered when the agent would otherwise stop. */
	followUp(message: AgentMessage | string): void {
		this.followUpQueue.enqueue(toMessage(message));
	}

	setSteeringMode(mode: QueueMode): void {
		this.steeringQueue.mode = mode;
	}

	getSteeringMode(): QueueMode {
		return this.steeringQueue.mode;
	}

	setFollowUpMode(mode: QueueMode): void {
		this.followUpQueue.mode = mode;
	}

	getFollowUpMode(): QueueMode {
		return this.followUpQueue.mode;
	}

	/** Removes and returns the queued steering messages. */
	clearSteeringQueue(): AgentMessage[] {
		return this.steeringQueue.clear();
	}

	/** Removes and returns the queued follow-up messages. */
	clearFollowUpQueue(): AgentMessage[] {
		return this.followUpQueue.clear();
	}

	/** Removes and returns every queued message. */
	clearAllQueues(): { steering: AgentMessage[]; followUp: AgentMessage[] } {
		return { steering: this.clearSteeringQueue(), followUp: this.clearFollowUpQueue() };
	}

	hasQueuedMessages(): boolean {
		return this.steeringQueue.size > 0 || this.followUpQueue.size > 0;
	}

	/** Copies of the queued messages, oldest first. */
	getQueuedMessages(): { steering: AgentMessage[]; followUp: AgentMessage[] } {
		return { steering: this.steeringQueue.peek(), followUp: this.followUpQueue.peek() };
	}

	// --- runs ---------------------------------------------------------------------------------------------------

	/**
	 * Starts a run with a user prompt (text plus optional images) or with ready-made messages. Resolves when the
	 * run has ended and every listener has settled; failures of the run are events, not rejections. Rejects at
	 * once while another run is active.
	 */
	prompt(text: string, images?: ImageContent[]): Promise<void>;
	prompt(message: AgentMessage | AgentMessage[]): Promise<void>;
	prompt(input: string | AgentMessage | AgentMessage[], images?: ImageContent[]): Promise<void> {
		if (this.activeRun) return Promise.reject(new Error(AGENT_ERROR_TEXTS.alreadyRunning));
		if (typeof input === "string") return this.startRun([userMessage(input, images)]);
		return this.startRun(Array.isArray(input) ? input : [input]);
	}

	/**
	 * Runs the loop from the current transcript without a new prompt. When the transcript ends with an assistant
	 * message, a queued message (steering first, then follow-up) becomes the run's prompt.
	 */
	continue(): Promise<void> {
		if (this.activeRun) return Promise.reject(new Error(AGENT_ERROR_TEXTS.alreadyRunning));
		const last = this._state.messages.at(-1);
		if (!last) return Promise.reject(new Error(AGENT_ERROR_TEXTS.continueEmpty));
		if (last.role !== "assistant") return this.startRun([]);
		const queued = this.steeringQueue.size > 0 ? this.steeringQueue.poll() : this.followUpQueue.poll();
		if (queued.length === 0) return Promise.reject(new Error(AGENT_ERROR_TEXTS.continueAfterAssistant));
		return this.startRun(queued);
	}

	/** Fires the current run's AbortSignal. No effect when idle. */
	abort(): void {
		this.abortController?.abort();
	}

	/** Resolves when no run is active (after the current run's agent_end listeners settled). */
	waitForIdle(): Promise<void> {
		return this.activeRun ?? Promise.resolve();
	}

	/** Aborts any run and clears the transcript, queues and error state. */
	reset(): void {
		this.abort();
		this.epoch++;
		this._state.messages = [];
		this._state.streamingMessage = undefined;
		this._state.pendingToolCalls = new Set();
		this._state.errorMessage = undefined;
		this.clearAllQueues();
	}

	private startRun(prompts: AgentMessage[]): Promise<void> {
		const model = this._state.model;
		if (!model) return Promise.reject(new Error(AGENT_ERROR_TEXTS.noModel));
		const controller = new AbortController();
		const epoch = this.epoch;
		this.abortController = controller;
		this._state.isStreaming = true;
		this._state.errorMessage = undefined;
		this._state.streamingMessage = undefined;

		const config: AgentLoopConfig = {
			...this.streamOptions,
			model,
			thinkingLevel: this._state.thinkingLevel,
			convertToLlm: this.convertToLlm,
			transformContext: this.transformContext,
			getApiKey: this.getApiKey,
			getSteeringMessages: () => this.steeringQueue.poll(),
			getFollowUpMessages: () => this.followUpQueue.poll(),
			toolExecution: this.toolExecution,
			beforeToolCall: this.beforeToolCall,
			afterToolCall: this.afterToolCall,
			shouldStopAfterTurn: this.shouldStopAfterTurn,
		};
		const context = {
			systemPrompt: this._state.systemPrompt,
			messages: [...this._state.messages],
			tools: [...this._state.tools],
		};
		const run = runAgentLoop(
			prompts,
			context,
			config,
			(event) => this.dispatch(event, controller.signal, epoch === this.epoch),
			controller.signal,
			this.streamFn,
		).then(() => {
			this._state.isStreaming = false;
			this._state.streamingMessage = undefined;
			this._state.pendingToolCalls = new Set();
			this.abortController = undefined;
			this.activeRun = undefined;
		});
		this.activeRun = run;
		return run;
	}

	/** Updates state from the event, then awaits every listener in order; rethrows the first listener failure. */
	private async dispatch(event: AgentEvent, signal: AbortSignal, updateState: boolean): Promise<void> {
		if (updateState) this.applyEvent(event);
		let failure: { error: unknown } | undefined;
		for (const listener of [...this.listeners]) {
			try {
				await listener(event, signal);
			} catch (error) {
				failure ??= { error };
			}
		}
		if (failure) throw failure.error;
	}

	private applyEvent(event: AgentEvent): void {
		const state = this._state;
		switch (event.type) {
			case "message_start":
			case "message_update":
				if (event.message.role === "assistant") state.streamingMessage = event.message;
				break;
			case "message_end":
				if (event.message.role === "assistant") {
					state.streamingMessage = undefined;
					const { stopReason, errorMessage } = event.message;
					if (stopReason === "error" || stopReason === "aborted") state.errorMessage = errorMessage;
				}
				state.messages.push(event.message);
				break;
			case "tool_execution_start":
				state.pendingToolCalls = new Set(state.pendingToolCalls).add(event.toolCallId);
				break;
			case "tool_execution_end": {
				const pending = new Set(state.pendingToolCalls);
				pending.delete(event.toolCallId);
				state.pendingToolCalls = pending;
				break;
			}
		}
	}
}

function userMessage(text: string, images: ImageContent[] = []): AgentMessage {
	return { role: "user", content: [{ type: "text", text }, ...images], timestamp: Date.now() };
}

function toMessage(message: AgentMessage | string): AgentMessage {
	return typeof message === "string" ? userMessage(message) : message;
}

import type { AssistantMessage, AssistantMessageEvent } from "../types.js";

/**
 * A push-based async iterable with a final result. Producers `push` events and the stream completes when
 * `isTerminal(event)` says so; `result()` resolves with `extractResult` of that terminal event whether or not
 * anyone iterates. One consumer: iterating twice shares the same queue.
 */
export class EventStream<TEvent, TResult> implements AsyncIterable<TEvent> {
	private readonly queue: TEvent[] = [];
	private head = 0;
	private waiting: ((value: IteratorResult<TEvent>) => void) | undefined;
	private finished = false;
	private readonly resultPromise: Promise<TResult>;
	private resolveResult!: (value: TResult) => void;

	constructor(
		private readonly isTerminal: (event: TEvent) => boolean,
		private readonly extractResult: (event: TEvent) => TResult,
	) {
		this.resultPromise = new Promise<TResult>((resolve) => {
			this.resolveResult = resolve;
		});
	}

	/** Adds an event. Events pushed after the terminal one are dropped. */
	push(event: TEvent): void {
		if (this.finished) return;
		if (this.isTerminal(event)) {
			this.finished = true;
			this.resolveResult(this.extractResult(event));
		}
		const waiter = this.waiting;
		if (waiter) {
			this.waiting = undefined;
			waiter({ value: event, done: false });
		} else {
			this.queue.push(event);
		}
	}

	/** True once the terminal event has been pushed. */
	get isDone(): boolean {
		return this.finished;
	}

	/**
	 * Ends the stream without a terminal event, resolving `result()` with `result`. For streams whose producer
	 * settles the outcome out of band (the agent loop).
	 */
	end(result: TResult): void {
		if (this.finished) return;
		this.finished = true;
		this.resolveResult(result);
		const waiter = this.waiting;
		if (waiter) {
			this.waiting = undefined;
			waiter({ value: undefined as never, done: true });
		}
	}

	result(): Promise<TResult> {
		return this.resultPromise;
	}

	[Symbol.asyncIterator](): AsyncIterator<TEvent> {
		return {
			next: (): Promise<IteratorResult<TEvent>> => {
				if (this.head < this.queue.length) {
					const value = this.queue[this.head]!;
					this.head++;
					// Compact occasionally so a long stream does not keep every consumed event alive.
					if (this.head > 1024 && this.head * 2 > this.queue.length) {
						this.queue.splice(0, this.head);
						this.head = 0;
					}
					return Promise.resolve({ value, done: false });
				}
				if (this.finished) return Promise.resolve({ value: undefined as never, done: true });
				return new Promise((resolve) => {
					this.waiting = resolve;
				});
			},
			return: (): Promise<IteratorResult<TEvent>> => Promise.resolve({ value: undefined as never, done: true }),
		};
	}
}

/** The stream every adapter returns: assistant message events, resolving to the final message. */
export class AssistantMessageEventStream extends EventStream<AssistantMessageEvent, AssistantMessage> {
	constructor() {
		super(
			(event) => event.type === "done" || event.type === "error",
			(event) => {
				if (event.type === "done") return event.message;
				if (event.type === "error") return event.error;
				throw new Error(`not a terminal event: ${event.type}`);
			},
		);
	}
}

/** Convenience constructor used by adapters and custom stream functions. */
export function createAssistantMessageEventStream(): AssistantMessageEventStream {
	return new AssistantMessageEventStream();
}

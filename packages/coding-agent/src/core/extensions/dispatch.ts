/**
 * Running extension handlers and combining their results, one reducer per kind of event (docs/extensions.md
 * "Events"): notifications ignore results; `tool_call` stops at the first block; transforms (`input`, `context`,
 * `tool_result`, `message_end`, `before_provider_request`, `before_agent_start`) chain, each handler seeing the
 * previous one's result; cancellable `session_before_*` events cancel when any handler cancels. Handlers run in
 * extension load order. A throwing handler or a malformed result is reported (naming the extension file) and
 * skipped. Handlers of a run's events stop being awaited when the run is aborted, so Esc always works.
 */
import type { AgentMessage } from "@pi/agent-core";
import type { ImageContent } from "@pi/ai";
import { malformedResult } from "./dispatch-rules.js";
import type {
	BeforeAgentStartEvent,
	ExtensionCustomMessage,
	ExtensionEventMap,
	ExtensionEventName,
	ExtensionHandler,
	InputSource,
	ResourcesDiscoverResult,
	ToolCallEvent,
	ToolResultEvent,
	ToolResultEventResult,
	UserBashEvent,
	UserBashEventResult,
} from "./events.js";
import { errorMessage, extensionTexts } from "./texts.js";
import type { ExtensionContext } from "./types.js";

/** A registered handler and the extension it came from. */
export interface HandlerEntry {
	extensionPath: string;
	handler: ExtensionHandler<any>;
}

/** What the dispatcher needs of the extension host. */
export interface DispatchHost {
	handlersFor(name: ExtensionEventName): readonly HandlerEntry[];
	context(): ExtensionContext;
	report(extensionPath: string, event: string, error: string): Promise<void>;
}

/** How long `session_shutdown` handlers may take before pi ends without them. */
export const SHUTDOWN_HANDLER_TIMEOUT_MS = 5000;

/** When to stop waiting for a handler: the run's abort signal, or a time bound. */
interface Bound {
	signal?: AbortSignal;
	timeoutMs?: number;
}

/** One handler's outcome; `thrown` is the message of a handler that threw. */
type Outcome<T> = { ok: true; value: T | undefined } | { ok: false; abandoned: boolean; thrown?: string };

/** The outcome of the `input` handlers. */
export type InputOutcome = { handled: true } | { handled: false; text: string; images: ImageContent[] };

/** The outcome of `before_agent_start`: messages to add after the prompt and the run's system prompt. */
export interface BeforeAgentStartOutcome {
	messages: ExtensionCustomMessage[];
	systemPrompt: string;
}

/** The outcome of a cancellable `session_before_*` event: cancelled, or the first value a handler supplied. */
export type CancellableOutcome<R> = { cancel: true } | { cancel: false; result: R | undefined };

export class EventDispatcher {
	constructor(private readonly host: DispatchHost) {}

	has(name: ExtensionEventName): boolean {
		return this.host.handlersFor(name).length > 0;
	}

	/** Runs one handler: a throw, a malformed result or an abandoned wait is reported and gives `ok: false`. */
	private async call<K extends ExtensionEventName>(
		entry: HandlerEntry,
		name: K,
		event: ExtensionEventMap[K]["event"],
		bound: Bound = {},
	): Promise<Outcome<NonNullable<ExtensionEventMap[K]["result"]>>> {
		try {
			const pending = Promise.resolve(entry.handler(event, this.host.context()));
			const settled = await settleWithin(pending, bound);
			if (settled.kind !== "value") {
				const text =
					settled.kind === "aborted"
						? extensionTexts.abandonedOnAbort(name)
						: extensionTexts.shutdownTimeout(bound.timeoutMs ?? 0);
				await this.host.report(entry.extensionPath, name, text);
				return { ok: false, abandoned: true };
			}
			const expected = malformedResult(name, settled.value);
			if (expected) {
				await this.host.report(entry.extensionPath, name, extensionTexts.malformedResult(name, expected));
				return { ok: false, abandoned: false };
			}
			return { ok: true, value: (settled.value ?? undefined) as never };
		} catch (error) {
			const thrown = errorMessage(error);
			await this.host.report(entry.extensionPath, name, thrown);
			return { ok: false, abandoned: false, thrown };
		}
	}

	/** A notification: every handler runs, results are ignored. */
	async notify<K extends ExtensionEventName>(
		name: K,
		event: ExtensionEventMap[K]["event"],
		bound?: Bound,
	): Promise<void> {
		for (const entry of this.host.handlersFor(name)) await this.call(entry, name, event, bound);
	}

	/** `input`: transforms chain, the first `handled` wins (old and new result forms alike). */
	async input(
		text: string,
		images: ImageContent[],
		source: InputSource,
		streamingBehavior?: "steer" | "followUp",
	): Promise<InputOutcome> {
		let current = { text, images };
		for (const entry of this.host.handlersFor("input")) {
			const event = {
				type: "input" as const,
				text: current.text,
				images: current.images,
				source,
				...(streamingBehavior ? { streamingBehavior } : {}),
			};
			const outcome = await this.call(entry, "input", event);
			if (!outcome.ok || !outcome.value) continue;
			const result = outcome.value as Record<string, any>;
			if (result.action === "handled" || result.handled === true) return { handled: true };
			if (result.action === "continue" || result.handled === false) continue;
			current = { text: result.text ?? current.text, images: result.images ?? current.images };
		}
		return { handled: false, ...current };
	}

	/**
	 * `before_agent_start`: system prompts chain; each handler may add one message. `onSystemPrompt` hears every
	 * change at once, so `ctx.getSystemPrompt()` in the next handler shows the chained prompt.
	 */
	async beforeAgentStart(
		event: Omit<BeforeAgentStartEvent, "type">,
		signal?: AbortSignal,
		onSystemPrompt?: (systemPrompt: string) => void,
	): Promise<BeforeAgentStartOutcome> {
		const messages: ExtensionCustomMessage[] = [];
		let systemPrompt = event.systemPrompt;
		for (const entry of this.host.handlersFor("before_agent_start")) {
			const outcome = await this.call(
				entry,
				"before_agent_start",
				{
					type: "before_agent_start",
					...event,
					systemPrompt,
				},
				{ signal },
			);
			if (!outcome.ok || !outcome.value) continue;
			if (outcome.value.message) messages.push(outcome.value.message);
			if (outcome.value.systemPrompt !== undefined) {
				systemPrompt = outcome.value.systemPrompt;
				onSystemPrompt?.(systemPrompt);
			}
		}
		return { messages, systemPrompt };
	}

	/** `context`: each handler gets the previous one's messages; the last replacement is sent. */
	async context(messages: AgentMessage[], signal?: AbortSignal): Promise<AgentMessage[]> {
		let current = messages;
		for (const entry of this.host.handlersFor("context")) {
			const event = { type: "context" as const, messages: copyMessages(current) };
			const outcome = await this.call(entry, "context", event, { signal });
			if (outcome.ok && outcome.value?.messages) current = outcome.value.messages;
			else if (outcome.ok) current = event.messages;
			if (signal?.aborted) break;
		}
		return current;
	}

	/** `before_provider_request`: anything but `undefined` replaces the payload for later handlers and the request. */
	async providerRequest(payload: unknown, signal?: AbortSignal): Promise<unknown> {
		let current = payload;
		for (const entry of this.host.handlersFor("before_provider_request")) {
			const outcome = await this.call(
				entry,
				"before_provider_request",
				{
					type: "before_provider_request",
					payload: current,
				},
				{ signal },
			);
			if (outcome.ok && outcome.value !== undefined) current = outcome.value;
		}
		return current;
	}

	/**
	 * `tool_call`: handlers share `event.input` (mutations carry over); the first `{block: true}` stops. A throwing
	 * handler blocks too: a guard that fails must not let the call through.
	 */
	async toolCall(event: ToolCallEvent, signal?: AbortSignal): Promise<{ block: true; reason?: string } | undefined> {
		for (const entry of this.host.handlersFor("tool_call")) {
			const outcome = await this.call(entry, "tool_call", event, { signal });
			if (!outcome.ok && outcome.thrown !== undefined) {
				return { block: true, reason: extensionTexts.guardFailed(entry.extensionPath, outcome.thrown) };
			}
			if (!outcome.ok && outcome.abandoned) return { block: true, reason: extensionTexts.toolCallAborted };
			if (outcome.ok && outcome.value?.block) return { block: true, reason: outcome.value.reason };
		}
		return undefined;
	}

	/** `tool_result`: patches chain; omitted fields keep their values. Returns the changed fields, if any. */
	async toolResult(event: ToolResultEvent, signal?: AbortSignal): Promise<ToolResultEventResult | undefined> {
		const current = { ...event };
		let changed = false;
		for (const entry of this.host.handlersFor("tool_result")) {
			const outcome = await this.call(entry, "tool_result", { ...current }, { signal });
			if (!outcome.ok || !outcome.value) continue;
			const patch = outcome.value;
			if (patch.content !== undefined) current.content = patch.content;
			if (patch.details !== undefined) current.details = patch.details;
			if (patch.isError !== undefined) current.isError = patch.isError;
			changed ||= patch.content !== undefined || patch.details !== undefined || patch.isError !== undefined;
		}
		return changed ? { content: current.content, details: current.details, isError: current.isError } : undefined;
	}

	/** `message_end`: replacements chain; one with another role is reported and ignored. */
	async messageEnd(message: AgentMessage): Promise<AgentMessage | undefined> {
		let current: AgentMessage | undefined;
		for (const entry of this.host.handlersFor("message_end")) {
			const outcome = await this.call(entry, "message_end", { type: "message_end", message: current ?? message });
			const replacement = outcome.ok ? outcome.value?.message : undefined;
			if (!replacement) continue;
			if (replacement.role !== message.role) {
				await this.host.report(
					entry.extensionPath,
					"message_end",
					extensionTexts.messageRoleChanged(message.role, replacement.role),
				);
				continue;
			}
			current = replacement;
		}
		return current;
	}

	/**
	 * A cancellable `session_before_*` event: any `{cancel: true}` cancels (so does an abort while a handler runs);
	 * else the first supplied result counts.
	 */
	async cancellable<
		K extends "session_before_switch" | "session_before_fork" | "session_before_compact" | "session_before_tree",
	>(
		name: K,
		event: ExtensionEventMap[K]["event"],
	): Promise<CancellableOutcome<NonNullable<ExtensionEventMap[K]["result"]>>> {
		let first: NonNullable<ExtensionEventMap[K]["result"]> | undefined;
		// Compaction and tree events carry the operation's signal: aborting it stops waiting for their handlers.
		const bound = "signal" in event ? { signal: event.signal } : {};
		for (const entry of this.host.handlersFor(name)) {
			const outcome = await this.call(entry, name, event, bound);
			if (!outcome.ok && outcome.abandoned) return { cancel: true };
			if (!outcome.ok || !outcome.value) continue;
			if ((outcome.value as { cancel?: boolean }).cancel) return { cancel: true };
			first ??= outcome.value;
		}
		return { cancel: false, result: first };
	}

	/** `user_bash`: the first handler returning operations or a result decides. */
	async userBash(event: UserBashEvent): Promise<UserBashEventResult | undefined> {
		for (const entry of this.host.handlersFor("user_bash")) {
			const outcome = await this.call(entry, "user_bash", event);
			if (outcome.ok && (outcome.value?.operations || outcome.value?.result)) return outcome.value;
		}
		return undefined;
	}

	/** `resources_discover`: the paths of every handler, in load order. */
	async resourcesDiscover(cwd: string, reason: "startup" | "reload"): Promise<Required<ResourcesDiscoverResult>> {
		const paths = { skillPaths: [] as string[], promptPaths: [] as string[], themePaths: [] as string[] };
		for (const entry of this.host.handlersFor("resources_discover")) {
			const outcome = await this.call(entry, "resources_discover", { type: "resources_discover", cwd, reason });
			if (!outcome.ok || !outcome.value) continue;
			paths.skillPaths.push(...(outcome.value.skillPaths ?? []));
			paths.promptPaths.push(...(outcome.value.promptPaths ?? []));
			paths.themePaths.push(...(outcome.value.themePaths ?? []));
		}
		return paths;
	}
}

/**
 * A deep copy handlers may change freely. Messages are plain data; one that is not cloneable (a function in an
 * extension's `details`) is copied one level deep rather than failing the LLM call.
 */
function copyMessages(messages: AgentMessage[]): AgentMessage[] {
	try {
		return structuredClone(messages);
	} catch {
		return messages.map((message) => ({ ...message }));
	}
}

type Settled<T> = { kind: "value"; value: T } | { kind: "aborted" } | { kind: "timeout" };

/**
 * Waits for `pending` unless the signal aborts or the time bound passes first (the handler keeps running; pi
 * just stops waiting). Rejections propagate.
 */
function settleWithin<T>(pending: Promise<T>, bound: Bound): Promise<Settled<T>> {
	const { timeoutMs } = bound;
	// A handler that starts after the abort (agent_end of an aborted run) is awaited: only an abort that arrives
	// while it runs stops the wait.
	const signal = bound.signal?.aborted ? undefined : bound.signal;
	if (!signal && timeoutMs === undefined) return pending.then((value) => ({ kind: "value", value }));
	return new Promise((resolve, reject) => {
		let timer: NodeJS.Timeout | undefined;
		const onAbort = () => finish({ kind: "aborted" });
		const finish = (result: Settled<T>) => {
			if (timer) clearTimeout(timer);
			signal?.removeEventListener("abort", onAbort);
			resolve(result);
		};
		signal?.addEventListener("abort", onAbort, { once: true });
		if (timeoutMs !== undefined) timer = setTimeout(() => finish({ kind: "timeout" }), timeoutMs);
		pending.then(
			(value) => finish({ kind: "value", value }),
			(error) => {
				if (timer) clearTimeout(timer);
				signal?.removeEventListener("abort", onAbort);
				reject(error);
			},
		);
	});
}

/**
 * The `ctx` objects extensions receive: `ExtensionContext` for event handlers, tools and shortcuts, and
 * `ExtensionCommandContext` (plus session control) for commands. Every member reads the session at the time of
 * use, so a context kept across a new session, switch or fork sees the current one.
 */
import type { AgentSession } from "../agent-session.js";
import { estimateMessageTokens, getContextTokens } from "../compaction/index.js";
import type { SessionManager } from "../session/index.js";
import type {
	ContextUsage,
	ExtensionCommandContext,
	ExtensionContext,
	ExtensionMode,
	ReadonlySessionManager,
	ReplacedSessionContext,
} from "./api-types.js";
import { errorMessage } from "./texts.js";
import type { ExtensionUiContext } from "./ui-defaults.js";

/** What the contexts need of the host. */
export interface ContextHost {
	readonly ui: ExtensionUiContext;
	readonly hasUI: boolean;
	readonly mode: ExtensionMode;
	readonly cwd: string;
	/** The attached session; throws the "not yet" error before one exists. */
	requireSession(): AgentSession;
	/** The signal of the run under way, if any. */
	readonly runSignal: AbortSignal | undefined;
	requestShutdown(): void;
	sessionInfo(): ReturnType<ExtensionContext["getSession"]>;
	sendCustomMessage: ReplacedSessionContext["sendMessage"];
	sendUserMessage: ReplacedSessionContext["sendUserMessage"];
}

const READ_METHODS = [
	"getCwd",
	"getSessionDir",
	"getSessionId",
	"getSessionFile",
	"getLeafId",
	"getEntry",
	"getLabel",
	"getBranch",
	"getChildren",
	"getHeader",
	"getEntries",
	"getTree",
	"getSessionName",
	"getForkMessages",
	"buildContext",
	"isPersisted",
] as const;

/** A read-only view of the session's current SessionManager (no method that writes is reachable). */
export function readonlySessionManager(current: () => SessionManager): ReadonlySessionManager {
	const view: Record<string, unknown> = {};
	for (const name of READ_METHODS) {
		view[name] = (...args: unknown[]) => (current()[name] as (...a: unknown[]) => unknown).apply(current(), args);
	}
	view.getLeafEntry = () => {
		const leaf = current().getLeafId();
		return leaf === null ? undefined : current().getEntry(leaf);
	};
	return Object.freeze(view) as unknown as ReadonlySessionManager;
}

/**
 * Context tokens (the last reply's usage, plus an estimate for the messages after it) against the model's window;
 * undefined without a model.
 */
export function contextUsage(session: AgentSession): ContextUsage | undefined {
	const model = session.model;
	if (!model) return undefined;
	const branch = session.sessionManager.getBranch();
	let tokens = getContextTokens(branch);
	if (tokens !== null) {
		const messages = session.messages;
		let last = messages.length - 1;
		while (last >= 0 && messages[last]!.role !== "assistant") last--;
		for (const message of messages.slice(last + 1)) tokens += estimateMessageTokens(message);
	}
	const percent = tokens === null ? null : (tokens / model.contextWindow) * 100;
	return { tokens, contextWindow: model.contextWindow, percent };
}

/** The context of event handlers, tools and shortcuts. */
export function createExtensionContext(host: ContextHost): ExtensionContext {
	const session = () => host.requireSession();
	return {
		get ui() {
			return host.ui;
		},
		get hasUI() {
			return host.hasUI;
		},
		get mode() {
			return host.mode;
		},
		cwd: host.cwd,
		get sessionManager() {
			const current = session();
			return readonlySessionManager(() => current.sessionManager);
		},
		get modelRegistry() {
			return session().modelRegistry;
		},
		get model() {
			return session().model;
		},
		get scopedModels() {
			return session().scopedModels;
		},
		get thinkingLevel() {
			return session().thinkingLevel;
		},
		isProjectTrusted: () => true,
		get signal() {
			return host.runSignal;
		},
		isIdle: () => {
			const current = session();
			return !current.isStreaming && !current.isCompacting;
		},
		abort: () => void session().abort(),
		// The agent's queues also hold steered custom messages (pi.sendMessage), which the prompt queue does not list.
		hasPendingMessages: () => session().agent.hasQueuedMessages(),
		shutdown: () => host.requestShutdown(),
		getContextUsage: () => contextUsage(session()),
		compact: (options = {}) => {
			session()
				.compact(options.customInstructions)
				.then(
					(result) => options.onComplete?.(result),
					(error) => options.onError?.(error instanceof Error ? error : new Error(errorMessage(error))),
				);
		},
		getSystemPrompt: () => session().agent.state.systemPrompt,
		getSystemPromptOptions: () => session().toolSet.promptOptions(),
		getSession: () => host.sessionInfo(),
	};
}

/** Runs `withSession` with a fresh command context once the session was replaced (unless cancelled). */
async function afterReplace(
	host: ContextHost,
	result: { cancelled: boolean },
	withSession: ((ctx: ReplacedSessionContext) => Promise<void>) | undefined,
): Promise<{ cancelled: boolean }> {
	if (!result.cancelled && withSession) await withSession(createReplacedSessionContext(host));
	return { cancelled: result.cancelled };
}

/** The context of command handlers: the extension context plus session control. */
export function createCommandContext(host: ContextHost): ExtensionCommandContext {
	const session = () => host.requireSession();
	const base = createExtensionContext(host);
	return Object.defineProperties(base, {
		waitForIdle: { value: () => session().waitForIdle(), enumerable: true },
		newSession: {
			enumerable: true,
			value: async (options: Parameters<ExtensionCommandContext["newSession"]>[0] = {}) => {
				const current = session();
				const result = await current.newSession({ parentSession: options.parentSession });
				if (!result.cancelled && options.setup) {
					await options.setup(current.sessionManager);
					// What setup appended is the new session's context.
					current.syncAgentWithSession();
				}
				return afterReplace(host, result, options.withSession);
			},
		},
		fork: {
			enumerable: true,
			value: async (entryId: string, options: Parameters<ExtensionCommandContext["fork"]>[1] = {}) => {
				const current = session();
				const result = options.position === "at" ? await current.cloneAt(entryId) : await current.fork(entryId);
				return afterReplace(host, result, options.withSession);
			},
		},
		navigateTree: {
			enumerable: true,
			value: async (targetId: string, options: Parameters<ExtensionCommandContext["navigateTree"]>[1] = {}) => {
				const result = await session().navigateTree(targetId, options);
				return { cancelled: result.cancelled };
			},
		},
		switchSession: {
			enumerable: true,
			value: async (path: string, options: Parameters<ExtensionCommandContext["switchSession"]>[1] = {}) =>
				afterReplace(host, await session().switchSession(path), options.withSession),
		},
		reload: { value: () => session().reload(), enumerable: true },
	}) as ExtensionCommandContext;
}

/** What `withSession` callbacks receive. */
function createReplacedSessionContext(host: ContextHost): ReplacedSessionContext {
	return Object.defineProperties(createCommandContext(host), {
		sendMessage: { value: host.sendCustomMessage, enumerable: true },
		sendUserMessage: { value: host.sendUserMessage, enumerable: true },
	}) as ReplacedSessionContext;
}

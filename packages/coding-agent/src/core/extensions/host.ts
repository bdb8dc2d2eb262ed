/**
 * The extension host of one session: it owns what extensions registered (registry.ts), runs
 * their handlers in load order with every failure caught and reported as an `extension_error` event (rpc.md §6),
 * runs their commands and input hooks for the prompt preflight (rpc.md §4.1 steps 1–2), guards tool calls, and
 * holds the UI of the mode that runs (RPC bridge, TUI, or headless).
 */
import type { Agent, AgentEvent, AgentMessage } from "@pi/agent-core";
import type { ImageContent } from "@pi/ai";
import type { AgentSession } from "../agent-session.js";
import type { ModelRegistry } from "../config/model-registry.js";
import { packageTexts } from "../packages/texts.js";
import type { AgentSessionEvent, CommandInfo } from "../session-events.js";
import type { ExtensionToolSource } from "../session-tools.js";
import { type ContextHost, createCommandContext, createExtensionContext } from "./context.js";
import { EventDispatcher, type InputOutcome, SHUTDOWN_HANDLER_TIMEOUT_MS } from "./dispatch.js";
import { createEventBus, type EventBusController } from "./event-bus.js";
import type { SessionShutdownReason } from "./events.js";
import { type CommandInvocation, type ExtensionOrigin, ExtensionRegistry } from "./registry.js";
import { SessionHooks } from "./session-hooks.js";
import { errorMessage, extensionTexts } from "./texts.js";
import type {
	CustomMessageInput,
	EntryRenderer,
	ExtensionCommandContext,
	ExtensionContext,
	ExtensionErrorEvent,
	ExtensionEventMap,
	ExtensionEventName,
	ExtensionFlag,
	ExtensionHandler,
	ExtensionMode,
	ExtensionSessionInfo,
	ExtensionShortcut,
	ExtensionTool,
	InputSource,
	MarkdownTransformer,
	MessageRenderer,
	SendMessageOptions,
	UserMessageContent,
} from "./types.js";
import { createHeadlessUi } from "./ui-context.js";
import { completeUi, type ExtensionUiContext, type ModeUi } from "./ui-defaults.js";

/** What the host needs of the session it serves (an AgentSession provides it). */
export interface ExtensionSessionPort {
	agent: Pick<Agent, "beforeToolCall">;
	info(): ExtensionSessionInfo;
	emit(event: AgentSessionEvent): Promise<void>;
	subscribe(listener: (event: AgentSessionEvent) => void | Promise<void>): () => void;
	sendUserMessage(content: UserMessageContent, deliverAs: "steer" | "followUp"): Promise<void>;
	/** `pi.sendMessage` (AgentSession.sendCustomMessage, deferred while a run is ending). */
	sendCustomMessage(message: CustomMessageInput, options?: SendMessageOptions): Promise<void>;
	/** The session itself, for the extension contexts (context.ts) and the `pi.*` actions (api.ts). */
	session: AgentSession;
	/** The signal of the run under way, if any. */
	runSignal(): AbortSignal | undefined;
	/** Applies tools registered after start-up (tool list and system prompt). */
	refreshTools(): void;
}

/** Options of {@link ExtensionHost}. */
export interface ExtensionHostOptions {
	cwd: string;
	/** Values of registered flags given on the command line, by flag name. */
	flagValues?: Readonly<Record<string, boolean | string>>;
	/** Receives errors raised before a session is attached (loading, factories); later ones become events. */
	onError?: (error: ExtensionErrorEvent) => void;
	/** The installed package an extension file belongs to, named in its errors (docs/packages.md). */
	packageOf?: (extensionPath: string) => string | undefined;
	/** How long `session_shutdown` handlers may run; default {@link SHUTDOWN_HANDLER_TIMEOUT_MS}. */
	shutdownTimeoutMs?: number;
}

export type { InputOutcome } from "./dispatch.js";
export type { CommandInvocation, ExtensionOrigin } from "./registry.js";

/** The extension host of one session (see the file comment). */
export class ExtensionHost {
	/** What the extensions registered (registry.ts); `pi.register*` writes to it. */
	readonly registry: ExtensionRegistry = new ExtensionRegistry({
		flagValues: () => this.options.flagValues,
		report: (extensionPath, event, error) => this.report(extensionPath, event, error),
		context: () => this.context(),
		toolAdded: () => this.port?.refreshTools(),
	});
	/** `pi.events`, shared by every extension of this host. */
	readonly events: EventBusController = createEventBus((channel, error) => {
		void this.report("pi.events", `events:${channel}`, errorMessage(error));
	});
	private currentUi: ExtensionUiContext = completeUi(createHeadlessUi());
	private uiAttached = false;
	private currentMode: ExtensionMode = "print";
	/** Between agent_end and the next agent_start (see {@link whenAccepting}). */
	private loopEnded = false;
	private port: ExtensionSessionPort | undefined;
	private shutdownHandler: (() => void) | undefined;
	private startTask: Promise<void> | undefined;
	private shutdownTask: Promise<void> | undefined;

	/** Runs handlers and combines their results, per event (dispatch.ts); the session's collaborators call it. */
	readonly dispatch: EventDispatcher = new EventDispatcher({
		handlersFor: (name) => this.registry.handlersFor(name),
		context: () => this.context(),
		report: (extensionPath, event, error) => this.report(extensionPath, event, error),
	});
	/** The agent-side hooks (session-hooks.ts), once a session is attached. */
	private hooks: SessionHooks | undefined;

	constructor(private readonly options: ExtensionHostOptions) {}

	// --- registrations: delegations to ExtensionRegistry (registry.ts, documented there) for modes, CLI and SDK --

	get extensionPaths(): string[] {
		return this.registry.extensionPaths;
	}
	originOf(extensionPath: string): ExtensionOrigin | undefined {
		return this.registry.originOf(extensionPath);
	}
	addHandler<K extends ExtensionEventName>(extensionPath: string, event: K, handler: ExtensionHandler<K>): void {
		this.registry.addHandler(extensionPath, event, handler);
	}
	getShortcuts(): Map<string, { extensionPath: string; shortcut: ExtensionShortcut }> {
		return this.registry.getShortcuts();
	}
	runShortcut(key: string): Promise<boolean> {
		return this.registry.runShortcut(key);
	}
	getMessageRenderer(customType: string): MessageRenderer<any> | undefined {
		return this.registry.getMessageRenderer(customType);
	}
	getMessageRendererPath(customType: string): string | undefined {
		return this.registry.getMessageRendererPath(customType);
	}
	getEntryRenderer(customType: string): EntryRenderer<any> | undefined {
		return this.registry.getEntryRenderer(customType);
	}
	getMarkdownTransformers(): MarkdownTransformer[] {
		return this.registry.getMarkdownTransformers();
	}
	bindModelRegistry(registry: ModelRegistry): void {
		this.registry.bindModelRegistry(registry);
	}
	getFlag(name: string): boolean | string | undefined {
		return this.registry.getFlag(name);
	}
	getFlags(): Map<string, ExtensionFlag> {
		return this.registry.getFlags();
	}
	getTools(): ExtensionToolSource[] {
		return this.registry.getTools();
	}
	getToolDefinition(name: string): ExtensionTool | undefined {
		return this.registry.getToolDefinition(name);
	}
	findCommand(text: string): CommandInvocation | undefined {
		return this.registry.findCommand(text);
	}
	listCommands(): CommandInfo[] {
		return this.registry.listCommands();
	}

	/**
	 * Forgets every registration and handler (before the extensions are loaded again by a reload); flags given on
	 * the command line keep their values. Providers the old extensions registered are removed (with their sign-ins).
	 */
	reset(): void {
		this.registry.reset();
		this.events.clear();
	}

	// --- the mode ---------------------------------------------------------------------------------------------------

	/** The UI handlers see; the headless UI until a mode sets its own. */
	get ui(): ExtensionUiContext {
		return this.currentUi;
	}

	/** Sets the mode's UI. `hasUI` false marks a headless UI (dialogs resolve to defaults at once). */
	setUi(ui: ModeUi, hasUI = true, mode: ExtensionMode = hasUI ? "tui" : "print"): void {
		this.currentMode = mode;
		// Methods the mode does not implement get the original's headless behaviour (ui-defaults.ts).
		this.currentUi = completeUi(ui);
		this.uiAttached = hasUI;
	}

	/** What `pi.shutdown()` does in this mode (RPC: end as on stdin EOF). */
	setShutdownHandler(handler: (() => void) | undefined): void {
		this.shutdownHandler = handler;
	}

	/** `pi.shutdown()`: hands over to the mode; without a handler (print/JSON) pi ends after its prompts anyway. */
	requestShutdown(): void {
		this.shutdownHandler?.();
	}

	/** The context object passed to handlers, tools and shortcuts (context.ts). */
	context(): ExtensionContext {
		return createExtensionContext(this.contextHost());
	}

	/** The context object passed to commands: the handler context plus session control. */
	commandContext(): ExtensionCommandContext {
		return createCommandContext(this.contextHost());
	}

	/** The attached session; the error names what is missing before one exists. */
	requireSession(): AgentSession {
		if (!this.port) throw new Error(extensionTexts.noSessionYet);
		return this.port.session;
	}

	private contextHost(): ContextHost {
		const host = this;
		return {
			get ui() {
				return host.currentUi;
			},
			get hasUI() {
				return host.uiAttached;
			},
			get mode() {
				return host.currentMode;
			},
			cwd: this.options.cwd,
			requireSession: () => this.requireSession(),
			get runSignal() {
				return host.port?.runSignal();
			},
			requestShutdown: () => this.requestShutdown(),
			sessionInfo: () => this.sessionInfo(),
			sendCustomMessage: (message, options) => this.sendCustomMessage(message, options),
			sendUserMessage: (content, options) => this.sendUserMessage(content, options?.deliverAs ?? "followUp"),
		};
	}

	sessionInfo(): ExtensionSessionInfo {
		if (!this.port) throw new Error("getSession() is available once the session exists (in handlers and commands).");
		return this.port.info();
	}

	sendUserMessage(content: UserMessageContent, deliverAs: "steer" | "followUp" = "followUp"): Promise<void> {
		const port = this.port;
		if (!port) return Promise.reject(new Error("sendUserMessage() is available once the session exists."));
		return this.whenAccepting("sendUserMessage", () => port.sendUserMessage(content, deliverAs));
	}

	/** `pi.sendMessage`: a custom message into the session (AgentSession.sendCustomMessage). */
	sendCustomMessage(message: CustomMessageInput, options?: SendMessageOptions): Promise<void> {
		const port = this.port;
		if (!port) return Promise.reject(new Error(extensionTexts.noSessionYet));
		if (options?.deliverAs === "nextTurn") return port.sendCustomMessage(message, options);
		return this.whenAccepting("sendMessage", () => port.sendCustomMessage(message, options));
	}

	/**
	 * Runs `send` now, or once the session is idle when the agent's loop has ended but the run has not (agent_end
	 * handlers, a retry wait): the agent takes no queued message then, so it would wait for the next prompt. The
	 * deferred send resolves at once (a handler awaiting it would wait for its own run); its failure is reported.
	 */
	private whenAccepting(method: string, send: () => Promise<void>): Promise<void> {
		const session = this.port?.session;
		if (!session || !this.loopEnded || !session.isStreaming) return send();
		void session
			.waitForIdle()
			.then(send)
			.catch((error) => this.report("pi", method, errorMessage(error)));
		return Promise.resolve();
	}

	// --- the session ------------------------------------------------------------------------------------------------

	/**
	 * Connects the host to its session: extension errors become session events, and the agent's hooks and events
	 * reach the handlers (session-hooks.ts; the session's event bridge calls {@link onAgentEvent}).
	 */
	attach(port: ExtensionSessionPort): void {
		this.port = port;
		this.hooks = new SessionHooks(port.session.agent, this.dispatch, this.options.cwd);
		this.hooks.install();
		port.subscribe(async (event) => {
			if (event.type !== "session_info_changed") return;
			await this.dispatch.notify("session_info_changed", { type: "session_info_changed", name: event.name });
		});
	}

	/** `before_agent_start` for a prompt about to run; returns the custom messages extensions add (session-hooks.ts). */
	beforeAgentStart(prompt: AgentMessage, signal?: AbortSignal): Promise<AgentMessage[]> {
		return this.hooks?.beforeAgentStart(prompt, signal) ?? Promise.resolve([]);
	}

	/** An agent event, before the session persists it or a mode sees it (the session's event bridge calls this). */
	onAgentEvent(event: AgentEvent, signal?: AbortSignal): Promise<void> {
		if (event.type === "agent_start") this.loopEnded = false;
		else if (event.type === "agent_end") this.loopEnded = true;
		return this.hooks?.onAgentEvent(event, signal) ?? Promise.resolve();
	}

	/**
	 * `session_start` (reason "startup") then `resources_discover`, once: the mode calls it after setting its UI and
	 * subscribing to events.
	 */
	start(): Promise<void> {
		this.startTask ??= this.dispatch
			.notify("session_start", { type: "session_start", reason: "startup" })
			.then(() => this.discoverResources("startup"));
		return this.startTask;
	}

	/** `resources_discover`: the paths extensions return are added to the session's skills and prompt templates. */
	async discoverResources(reason: "startup" | "reload"): Promise<void> {
		if (!this.dispatch.has("resources_discover")) return;
		const paths = await this.dispatch.resourcesDiscover(this.options.cwd, reason);
		if (paths.skillPaths.length > 0 || paths.promptPaths.length > 0) this.port?.session.addResourcePaths(paths);
	}

	/**
	 * `session_shutdown` with reason "quit", once (AgentSession.shutdown calls it before the final fsync). Handlers
	 * get {@link SHUTDOWN_HANDLER_TIMEOUT_MS}: one that hangs is reported and pi ends anyway.
	 */
	shutdown(reason: SessionShutdownReason = "quit"): Promise<void> {
		this.shutdownTask ??= this.dispatch.notify(
			"session_shutdown",
			{ type: "session_shutdown", reason },
			{ timeoutMs: this.options.shutdownTimeoutMs ?? SHUTDOWN_HANDLER_TIMEOUT_MS },
		);
		return this.shutdownTask;
	}

	// --- preflight --------------------------------------------------------------------------------------------------

	/** Runs a command's handler; its failure is the caller's (the prompt fails with the handler's message). */
	async runCommand(invocation: CommandInvocation): Promise<void> {
		await invocation.command.handler(invocation.args, this.commandContext());
	}

	/** Passes a prompt through the `input` handlers in load order (rpc.md §4.1 step 2; dispatch.ts). */
	transformInput(
		text: string,
		images: ImageContent[],
		source: InputSource,
		streamingBehavior?: "steer" | "followUp",
	): Promise<InputOutcome> {
		return this.dispatch.input(text, images, source, streamingBehavior);
	}

	// --- events and errors ------------------------------------------------------------------------------------------

	/** Runs every handler of `name` in load order; a throwing handler is reported and the next one still runs. */
	emit<K extends ExtensionEventName>(name: K, event: ExtensionEventMap[K]["event"]): Promise<void> {
		return this.dispatch.notify(name, event);
	}

	/** Reports an extension failure: an `extension_error` session event, or `onError` before a session exists. */
	async report(extensionPath: string, event: string, error: string): Promise<void> {
		const source = this.options.packageOf?.(extensionPath);
		const message = source ? packageTexts.withPackage(error, source) : error;
		const payload: ExtensionErrorEvent = { type: "extension_error", extensionPath, event, error: message };
		if (this.port) await this.port.emit(payload);
		else this.options.onError?.(payload);
	}
}

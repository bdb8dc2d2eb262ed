/**
 * The extension host of one session: it keeps what extensions registered (commands, tools, flags, handlers), runs
 * their handlers in load order with every failure caught and reported as an `extension_error` event (rpc.md §6),
 * runs their commands and input hooks for the prompt preflight (rpc.md §4.1 steps 1–2), guards tool calls, and
 * holds the UI of the mode that runs (RPC bridge, TUI, or headless).
 */
import type { Agent, AgentEvent, AgentMessage } from "@pi/agent-core";
import type { ImageContent } from "@pi/ai";
import type { AgentSession } from "../agent-session.js";
import type { ModelRegistry } from "../config/model-registry.js";
import type { PackageOrigin } from "../packages/origin.js";
import { packageTexts } from "../packages/texts.js";
import { type AgentSessionEvent, type CommandInfo, commandSourceInfo } from "../session-events.js";
import type { ExtensionToolSource } from "../session-tools.js";
import { type ContextHost, createCommandContext, createExtensionContext } from "./context.js";
import { EventDispatcher, type InputOutcome, SHUTDOWN_HANDLER_TIMEOUT_MS } from "./dispatch.js";
import { createEventBus, type EventBusController } from "./event-bus.js";
import type { SessionShutdownReason } from "./events.js";
import { registerExtensionProvider, unregisterExtensionProvider } from "./providers.js";
import { SessionHooks } from "./session-hooks.js";
import { EXTENSION_EVENT_NAMES, errorMessage, extensionTexts, UNFIRED_EVENT_NAMES } from "./texts.js";
import { assertToolDefinition, type PromptedTool, toAgentTool } from "./tool-definition.js";
import type {
	CustomMessageInput,
	EntryRenderer,
	ExtensionCommand,
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
	ProviderConfig,
	SendMessageOptions,
	UserMessageContent,
} from "./types.js";
import { createHeadlessUi } from "./ui-context.js";
import { completeUi, type ExtensionUiContext, type ModeUi } from "./ui-defaults.js";

/** Where an extension was found; drives `CommandInfo.sourceInfo` (rpc.md §5). */
export type ExtensionOrigin = "cli" | "settings" | "project" | "user" | "sdk" | PackageOrigin;

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

/** A prompt that names an extension command. */
export interface CommandInvocation {
	name: string;
	args: string;
	extensionPath: string;
	command: ExtensionCommand;
}

export type { InputOutcome } from "./dispatch.js";

const COMMAND_NAME = /^[A-Za-z0-9][A-Za-z0-9_:.-]*$/;
const FLAG_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

interface Registered<T> {
	extensionPath: string;
	value: T;
}

/** A provider registration waiting for the model registry (`pi.registerProvider` during loading). */
type ProviderChange = { name: string; config?: ProviderConfig; extensionPath: string };

export class ExtensionHost {
	private readonly handlers = new Map<ExtensionEventName, Registered<ExtensionHandler<any>>[]>();
	private readonly commands = new Map<string, Registered<ExtensionCommand>>();
	private readonly tools: (Registered<ExtensionTool> & { tool: PromptedTool })[] = [];
	private readonly flags = new Map<string, Registered<ExtensionFlag>>();
	private readonly shortcuts = new Map<string, Registered<ExtensionShortcut>>();
	private readonly renderers = new Map<string, Registered<MessageRenderer<any>>>();
	private readonly entryRenderers = new Map<string, Registered<EntryRenderer<any>>>();
	private readonly markdownTransformers: Registered<MarkdownTransformer>[] = [];
	private pendingProviders: ProviderChange[] = [];
	private modelRegistry: ModelRegistry | undefined;
	/** `pi.events`, shared by every extension of this host. */
	readonly events: EventBusController = createEventBus((channel, error) => {
		void this.report("pi.events", `events:${channel}`, errorMessage(error));
	});
	private readonly origins = new Map<string, ExtensionOrigin>();
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
		handlersFor: (name) =>
			(this.handlers.get(name) ?? []).map((entry) => ({ extensionPath: entry.extensionPath, handler: entry.value })),
		context: () => this.context(),
		report: (extensionPath, event, error) => this.report(extensionPath, event, error),
	});
	/** The agent-side hooks (session-hooks.ts), once a session is attached. */
	private hooks: SessionHooks | undefined;

	constructor(private readonly options: ExtensionHostOptions) {}

	// --- registration (through ExtensionAPI) ----------------------------------------------------------------------

	/** Records a loaded extension and where it came from. */
	addExtension(extensionPath: string, origin: ExtensionOrigin): void {
		this.origins.set(extensionPath, origin);
	}

	/** Extension files that were loaded, in load order. */
	get extensionPaths(): string[] {
		return [...this.origins.keys()];
	}

	/** Where a loaded extension was found (its package for a package's extension); undefined when not loaded. */
	originOf(extensionPath: string): ExtensionOrigin | undefined {
		return this.origins.get(extensionPath);
	}

	addHandler<K extends ExtensionEventName>(extensionPath: string, event: K, handler: ExtensionHandler<K>): void {
		const known = EXTENSION_EVENT_NAMES.includes(event) || UNFIRED_EVENT_NAMES.includes(event);
		if (!known) throw new Error(extensionTexts.unknownEvent(String(event)));
		if (typeof handler !== "function") throw new TypeError(`pi.on("${event}") needs a handler function.`);
		const list = this.handlers.get(event) ?? [];
		list.push({ extensionPath, value: handler });
		this.handlers.set(event, list);
	}

	addCommand(extensionPath: string, name: string, command: ExtensionCommand): void {
		if (typeof name !== "string" || !COMMAND_NAME.test(name)) throw new Error(extensionTexts.invalidCommandName(name));
		if (typeof command?.handler !== "function") throw new TypeError(`registerCommand("${name}") needs a handler.`);
		const existing = this.commands.get(name);
		if (existing) {
			void this.report(extensionPath, "registerCommand", extensionTexts.duplicateCommand(name, existing.extensionPath));
			return;
		}
		this.commands.set(name, { extensionPath, value: command });
	}

	/** Registers a tool (a built-in of the same name is replaced); after start-up the tool list refreshes at once. */
	addTool(extensionPath: string, tool: ExtensionTool): void {
		assertToolDefinition(tool);
		const existing = this.tools.find((entry) => entry.value.name === tool.name);
		if (existing) {
			void this.report(extensionPath, "registerTool", extensionTexts.duplicateTool(tool.name, existing.extensionPath));
			return;
		}
		this.tools.push({ extensionPath, value: tool, tool: toAgentTool(tool, () => this.context()) });
		this.port?.refreshTools();
	}

	/** Registers a keyboard shortcut for the interactive mode; a key taken by another extension is reported. */
	addShortcut(extensionPath: string, shortcut: string, options: ExtensionShortcut): void {
		if (typeof shortcut !== "string" || typeof options?.handler !== "function")
			throw new TypeError(extensionTexts.invalidShortcut(String(shortcut)));
		const key = shortcut.toLowerCase();
		const existing = this.shortcuts.get(key);
		if (existing) {
			void this.report(
				extensionPath,
				"registerShortcut",
				extensionTexts.duplicateShortcut(key, existing.extensionPath),
			);
			return;
		}
		this.shortcuts.set(key, { extensionPath, value: options });
	}

	/** Shortcuts by key id (lower case), with the extension each came from. */
	getShortcuts(): Map<string, { extensionPath: string; shortcut: ExtensionShortcut }> {
		return new Map(
			[...this.shortcuts].map(([key, entry]) => [key, { extensionPath: entry.extensionPath, shortcut: entry.value }]),
		);
	}

	/** Runs a shortcut's handler; its failure is reported as an extension error. */
	async runShortcut(key: string): Promise<boolean> {
		const entry = this.shortcuts.get(key.toLowerCase());
		if (!entry) return false;
		try {
			await entry.value.handler(this.context());
		} catch (error) {
			await this.report(entry.extensionPath, "shortcut", errorMessage(error));
		}
		return true;
	}

	addMessageRenderer(extensionPath: string, customType: string, renderer: MessageRenderer<any>): void {
		if (typeof customType !== "string" || typeof renderer !== "function")
			throw new TypeError(extensionTexts.invalidRenderer);
		this.renderers.set(customType, { extensionPath, value: renderer });
	}

	addEntryRenderer(extensionPath: string, customType: string, renderer: EntryRenderer<any>): void {
		if (typeof customType !== "string" || typeof renderer !== "function")
			throw new TypeError(extensionTexts.invalidRenderer);
		this.entryRenderers.set(customType, { extensionPath, value: renderer });
	}

	/** The renderer registered for custom entries of `customType`, if any. */
	getEntryRenderer(customType: string): EntryRenderer<any> | undefined {
		return this.entryRenderers.get(customType)?.value;
	}

	addMarkdownTransformer(extensionPath: string, transformer: MarkdownTransformer): void {
		if (typeof transformer !== "function") throw new TypeError(extensionTexts.invalidTransformer);
		this.markdownTransformers.push({ extensionPath, value: transformer });
	}

	/** Markdown transformers in registration order (the TUI applies them to assistant text). */
	getMarkdownTransformers(): MarkdownTransformer[] {
		return this.markdownTransformers.map((entry) => entry.value);
	}

	/** The renderer registered for custom messages of `customType`, if any. */
	getMessageRenderer(customType: string): MessageRenderer<any> | undefined {
		return this.renderers.get(customType)?.value;
	}

	/** The extension that registered the renderer of `customType` (the TUI names it when the renderer fails). */
	getMessageRendererPath(customType: string): string | undefined {
		return this.renderers.get(customType)?.extensionPath;
	}

	/** `pi.registerProvider` / `unregisterProvider`: queued until a model registry is bound, then immediate. */
	changeProvider(extensionPath: string, name: string, config?: ProviderConfig): void {
		if (typeof name !== "string" || name.length === 0) throw new TypeError(extensionTexts.invalidProviderName);
		const change = { name, config, extensionPath };
		if (this.modelRegistry) this.applyProvider(this.modelRegistry, change);
		else this.pendingProviders.push(change);
	}

	/** Binds the model registry: queued provider changes apply now, later ones at once. */
	bindModelRegistry(registry: ModelRegistry): void {
		this.modelRegistry = registry;
		const pending = this.pendingProviders;
		this.pendingProviders = [];
		for (const change of pending) this.applyProvider(registry, change);
	}

	private applyProvider(registry: ModelRegistry, change: ProviderChange): void {
		try {
			if (change.config) registerExtensionProvider(registry, change.name, change.config);
			else unregisterExtensionProvider(registry, change.name);
		} catch (error) {
			void this.report(change.extensionPath, "registerProvider", errorMessage(error));
		}
	}

	addFlag(extensionPath: string, name: string, flag: ExtensionFlag): void {
		if (typeof name !== "string" || !FLAG_NAME.test(name)) throw new Error(extensionTexts.invalidFlagName(name));
		const existing = this.flags.get(name);
		if (!existing) this.flags.set(name, { extensionPath, value: flag });
		// The same extension registers its flags again on reload; another extension's flag of that name is reported.
		else if (existing.extensionPath !== extensionPath)
			void this.report(extensionPath, "registerFlag", extensionTexts.duplicateFlag(name, existing.extensionPath));
	}

	getFlag(name: string): boolean | string | undefined {
		const flag = this.flags.get(name);
		if (!flag) return undefined;
		return this.options.flagValues?.[name] ?? flag.value.default;
	}

	/** Registered flags by name (for help texts and a second parse of the command line). */
	getFlags(): Map<string, ExtensionFlag> {
		return new Map([...this.flags].map(([name, entry]) => [name, entry.value]));
	}

	/** Tools extensions registered, in registration order, with the path of the extension each came from. */
	getTools(): ExtensionToolSource[] {
		return this.tools.map((entry) => ({
			extensionPath: entry.extensionPath,
			origin: this.origins.get(entry.extensionPath) ?? "sdk",
			definition: entry.value,
			tool: entry.tool,
		}));
	}

	/** The definition an extension registered for tool `name` (its renderers are the TUI's business). */
	getToolDefinition(name: string): ExtensionTool | undefined {
		return this.tools.find((entry) => entry.value.name === name)?.value;
	}

	/**
	 * Forgets every registration and handler (before the extensions are loaded again by a reload); flags given on
	 * the command line keep their values. Providers registered by the old extensions stay until re-registered.
	 */
	reset(): void {
		this.handlers.clear();
		this.commands.clear();
		this.tools.length = 0;
		this.shortcuts.clear();
		this.renderers.clear();
		this.entryRenderers.clear();
		this.markdownTransformers.length = 0;
		this.origins.clear();
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

	/** The extension command a prompt names (`/<name>` up to the first whitespace), if any. */
	findCommand(text: string): CommandInvocation | undefined {
		if (!text.startsWith("/")) return undefined;
		const match = /^\/(\S+)(?:\s([\s\S]*))?$/.exec(text);
		if (!match) return undefined;
		const entry = this.commands.get(match[1]!);
		if (!entry) return undefined;
		return { name: match[1]!, args: match[2] ?? "", extensionPath: entry.extensionPath, command: entry.value };
	}

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

	/** Extension commands as CommandInfo (rpc.md §5), in registration order. */
	listCommands(): CommandInfo[] {
		return [...this.commands].map(([name, { extensionPath, value }]) => ({
			name,
			...(value.description ? { description: value.description } : {}),
			source: "extension" as const,
			sourceInfo: commandSourceInfo(extensionPath, this.origins.get(extensionPath) ?? "sdk"),
		}));
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

/**
 * The extension host of one session: it keeps what extensions registered (commands, tools, flags, handlers), runs
 * their handlers in load order with every failure caught and reported as an `extension_error` event (rpc.md §6),
 * runs their commands and input hooks for the prompt preflight (rpc.md §4.1 steps 1–2), guards tool calls, and
 * holds the UI of the mode that runs (RPC bridge, TUI, or headless).
 */
import type { Agent, BeforeToolCallContext, BeforeToolCallResult } from "@pi/agent-core";
import type { ImageContent } from "@pi/ai";
import type { PackageOrigin } from "../packages/origin.js";
import { packageTexts } from "../packages/texts.js";
import { type AgentSessionEvent, type CommandInfo, commandSourceInfo } from "../session-events.js";
import { EXTENSION_EVENT_NAMES, errorMessage, extensionTexts } from "./texts.js";
import type {
	ExtensionCommand,
	ExtensionContext,
	ExtensionErrorEvent,
	ExtensionEventMap,
	ExtensionEventName,
	ExtensionFlag,
	ExtensionHandler,
	ExtensionSessionInfo,
	ExtensionTool,
	InputSource,
} from "./types.js";
import { createHeadlessUi, type UiContext } from "./ui-context.js";

/** Where an extension was found; drives `CommandInfo.sourceInfo` (rpc.md §5). */
export type ExtensionOrigin = "cli" | "settings" | "project" | "user" | "sdk" | PackageOrigin;

/** What the host needs of the session it serves (an AgentSession provides it). */
export interface ExtensionSessionPort {
	agent: Pick<Agent, "beforeToolCall">;
	info(): ExtensionSessionInfo;
	emit(event: AgentSessionEvent): Promise<void>;
	subscribe(listener: (event: AgentSessionEvent) => void | Promise<void>): () => void;
	sendUserMessage(text: string, deliverAs: "steer" | "followUp"): Promise<void>;
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
}

/** A prompt that names an extension command. */
export interface CommandInvocation {
	name: string;
	args: string;
	extensionPath: string;
	command: ExtensionCommand;
}

/** The outcome of the input hooks: the (possibly changed) prompt, or handled by an extension. */
export type InputOutcome = { handled: true } | { handled: false; text: string; images: ImageContent[] };

const COMMAND_NAME = /^[A-Za-z0-9][A-Za-z0-9_:.-]*$/;
const FLAG_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*$/;
/** Session events that are handed to extension handlers of the same name. */
const FORWARDED_EVENTS = new Set<string>(["agent_start", "agent_end", "turn_end", "message_end"]);

interface Registered<T> {
	extensionPath: string;
	value: T;
}

export class ExtensionHost {
	private readonly handlers = new Map<ExtensionEventName, Registered<ExtensionHandler<any>>[]>();
	private readonly commands = new Map<string, Registered<ExtensionCommand>>();
	private readonly tools: Registered<ExtensionTool>[] = [];
	private readonly flags = new Map<string, Registered<ExtensionFlag>>();
	private readonly origins = new Map<string, ExtensionOrigin>();
	private currentUi: UiContext = createHeadlessUi();
	private uiAttached = false;
	private port: ExtensionSessionPort | undefined;
	private shutdownHandler: (() => void) | undefined;
	private startTask: Promise<void> | undefined;
	private shutdownTask: Promise<void> | undefined;

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

	addHandler<K extends ExtensionEventName>(extensionPath: string, event: K, handler: ExtensionHandler<K>): void {
		if (!EXTENSION_EVENT_NAMES.includes(event)) throw new Error(extensionTexts.unknownEvent(String(event)));
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

	addTool(extensionPath: string, tool: ExtensionTool): void {
		const valid =
			typeof tool?.name === "string" &&
			typeof tool.description === "string" &&
			typeof tool.parameters === "object" &&
			typeof tool.execute === "function";
		if (!valid) throw new TypeError(extensionTexts.invalidTool);
		const existing = this.tools.find((entry) => entry.value.name === tool.name);
		if (existing) {
			void this.report(extensionPath, "registerTool", extensionTexts.duplicateTool(tool.name, existing.extensionPath));
			return;
		}
		this.tools.push({ extensionPath, value: { ...tool, label: tool.label ?? tool.name } });
	}

	addFlag(extensionPath: string, name: string, flag: ExtensionFlag): void {
		if (typeof name !== "string" || !FLAG_NAME.test(name)) throw new Error(extensionTexts.invalidFlagName(name));
		if (!this.flags.has(name)) this.flags.set(name, { extensionPath, value: flag });
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
	getTools(): { extensionPath: string; tool: ExtensionTool }[] {
		return this.tools.map((entry) => ({ extensionPath: entry.extensionPath, tool: entry.value }));
	}

	// --- the mode ---------------------------------------------------------------------------------------------------

	/** The UI handlers see; the headless UI until a mode sets its own. */
	get ui(): UiContext {
		return this.currentUi;
	}

	/** Sets the mode's UI. `hasUI` false marks a headless UI (dialogs resolve to defaults at once). */
	setUi(ui: UiContext, hasUI = true): void {
		this.currentUi = ui;
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

	/** The context object passed to handlers and commands. */
	context(): ExtensionContext {
		return {
			ui: this.currentUi,
			hasUI: this.uiAttached,
			cwd: this.options.cwd,
			getSession: () => this.sessionInfo(),
		};
	}

	sessionInfo(): ExtensionSessionInfo {
		if (!this.port) throw new Error("getSession() is available once the session exists (in handlers and commands).");
		return this.port.info();
	}

	sendUserMessage(text: string, deliverAs: "steer" | "followUp" = "followUp"): Promise<void> {
		if (!this.port) return Promise.reject(new Error("sendUserMessage() is available once the session exists."));
		return this.port.sendUserMessage(text, deliverAs);
	}

	// --- the session ------------------------------------------------------------------------------------------------

	/**
	 * Connects the host to its session: extension errors become session events, agent events reach the handlers
	 * of the same name, and every tool call passes the `tool_call` handlers (after any earlier guard).
	 */
	attach(port: ExtensionSessionPort): void {
		this.port = port;
		port.subscribe(async (event) => {
			if (FORWARDED_EVENTS.has(event.type)) await this.emit(event.type as ExtensionEventName, event as never);
		});
		const earlier = port.agent.beforeToolCall;
		port.agent.beforeToolCall = async (context) => {
			const decision = await earlier?.(context);
			if (decision?.block) return decision;
			return this.checkToolCall(context);
		};
	}

	/** `session_start`, once: the mode calls it after setting its UI and subscribing to events. */
	start(): Promise<void> {
		this.startTask ??= this.emit("session_start", { type: "session_start" });
		return this.startTask;
	}

	/** `session_shutdown`, once (AgentSession.shutdown calls it before the final fsync). */
	shutdown(): Promise<void> {
		this.shutdownTask ??= this.emit("session_shutdown", { type: "session_shutdown" });
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
		await invocation.command.handler(invocation.args, this.context());
	}

	/** Passes a prompt through the `input` handlers in load order (rpc.md §4.1 step 2). */
	async transformInput(text: string, images: ImageContent[], source: InputSource): Promise<InputOutcome> {
		let current = { text, images };
		for (const { extensionPath, value: handler } of this.handlers.get("input") ?? []) {
			const event = { type: "input" as const, text: current.text, images: current.images, source };
			try {
				const result = (await handler(event, this.context())) as ExtensionEventMap["input"]["result"];
				if (!result) continue;
				if ("handled" in result && result.handled) return { handled: true };
				const change = result as { text?: string; images?: ImageContent[] };
				current = { text: change.text ?? current.text, images: change.images ?? current.images };
			} catch (error) {
				await this.report(extensionPath, "input", errorMessage(error));
			}
		}
		return { handled: false, ...current };
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
	async emit<K extends ExtensionEventName>(name: K, event: ExtensionEventMap[K]["event"]): Promise<void> {
		for (const { extensionPath, value: handler } of this.handlers.get(name) ?? []) {
			try {
				await handler(event, this.context());
			} catch (error) {
				await this.report(extensionPath, name, errorMessage(error));
			}
		}
	}

	/** Reports an extension failure: an `extension_error` session event, or `onError` before a session exists. */
	async report(extensionPath: string, event: string, error: string): Promise<void> {
		const source = this.options.packageOf?.(extensionPath);
		const message = source ? packageTexts.withPackage(error, source) : error;
		const payload: ExtensionErrorEvent = { type: "extension_error", extensionPath, event, error: message };
		if (this.port) await this.port.emit(payload);
		else this.options.onError?.(payload);
	}

	/** The `tool_call` handlers; a throwing handler blocks the call (a failing guard must not let it through). */
	private async checkToolCall(context: BeforeToolCallContext): Promise<BeforeToolCallResult> {
		const event = {
			type: "tool_call" as const,
			toolCallId: context.toolCall.id,
			toolName: context.toolCall.name,
			input: context.args,
		};
		for (const { extensionPath, value: handler } of this.handlers.get("tool_call") ?? []) {
			try {
				const result = (await handler(event, this.context())) as ExtensionEventMap["tool_call"]["result"];
				if (result?.block) return { block: true, reason: result.reason };
			} catch (error) {
				const message = errorMessage(error);
				await this.report(extensionPath, "tool_call", message);
				return { block: true, reason: extensionTexts.guardFailed(extensionPath, message) };
			}
		}
		return undefined;
	}
}

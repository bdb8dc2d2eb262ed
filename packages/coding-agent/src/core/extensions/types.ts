/**
 * The extension contract: what an extension module exports, the `ExtensionAPI` it receives, the events it may
 * handle and what each handler may return. Extension authors read this file (and docs/extensions.md).
 */
import type { AgentEvent, AgentMessage, AgentTool } from "@pi/agent-core";
import type { AssistantMessage, ImageContent, ToolResultMessage } from "@pi/ai";
import type { UiContext } from "./ui-context.js";

/** The default export of an extension module. */
export type ExtensionFactory = (pi: ExtensionAPI) => void | Promise<void>;

/** Read-only facts about the running session. */
export interface ExtensionSessionInfo {
	cwd: string;
	/** The current model, if one is selected. */
	model?: { provider: string; id: string };
	/** Absent for `--no-session`. */
	sessionFile?: string;
	sessionId: string;
	/** A run (or its retry/recovery) is under way. */
	isStreaming: boolean;
}

/** Passed to every handler and command. */
export interface ExtensionContext {
	/** The mode's UI: real dialogs (TUI), client dialogs (RPC), or defaults at once (print/JSON). */
	ui: UiContext;
	/** False in print and JSON mode, where every dialog resolves to its default at once. */
	hasUI: boolean;
	cwd: string;
	getSession(): ExtensionSessionInfo;
}

/** A command the user runs as `/<name> [args]`. */
export interface ExtensionCommand {
	description?: string;
	/** `args` is the rest of the line after `/<name> ` (may be empty). */
	handler(args: string, ctx: ExtensionContext): void | Promise<void>;
}

/** A tool an extension adds; `guidelines` are appended to the built-in system prompt's guideline list. */
export type ExtensionTool = AgentTool<any, any> & { guidelines?: readonly string[] };

/** A command-line flag an extension accepts (`--<name>`; string flags as `--<name>=<value>` or `--<name> <value>`). */
export interface ExtensionFlag {
	description?: string;
	type: "boolean" | "string";
	default?: boolean | string;
}

/** Where a prompt came from. */
export type InputSource = "prompt" | "steer" | "followUp" | "extension";

/** The events an extension can handle, with the event object and the result its handler may return. */
export interface ExtensionEventMap {
	/** The mode is ready (its UI is attached). */
	session_start: { event: { type: "session_start" }; result: undefined };
	/** A prompt before template/skill expansion. Return `{text?, images?}` to change it, `{handled: true}` to drop it. */
	input: {
		event: { type: "input"; text: string; images: ImageContent[]; source: InputSource };
		result: InputHookResult | undefined;
	};
	agent_start: { event: Extract<AgentEvent, { type: "agent_start" }>; result: undefined };
	agent_end: { event: { type: "agent_end"; messages: AgentMessage[] }; result: undefined };
	turn_end: {
		event: { type: "turn_end"; message: AssistantMessage; toolResults: ToolResultMessage[] };
		result: undefined;
	};
	message_end: { event: { type: "message_end"; message: AgentMessage }; result: undefined };
	/** The model asked for a tool, arguments validated, before it runs. Return `{block: true, reason}` to refuse. */
	tool_call: {
		event: { type: "tool_call"; toolCallId: string; toolName: string; input: Record<string, unknown> };
		result: ToolCallHookResult | undefined;
	};
	/** pi is ending (stdin EOF, signal, end of print/JSON mode); the session file is flushed after this. */
	session_shutdown: { event: { type: "session_shutdown" }; result: undefined };
}

export type ExtensionEventName = keyof ExtensionEventMap;

/** What an `input` handler may return. */
export type InputHookResult = { text?: string; images?: ImageContent[] } | { handled: true };

/** What a `tool_call` handler may return; the model receives `Tool call blocked: <reason>`. */
export type ToolCallHookResult = { block: true; reason?: string } | { block?: false };

/** A handler of event `K`. */
export type ExtensionHandler<K extends ExtensionEventName> = (
	event: ExtensionEventMap[K]["event"],
	ctx: ExtensionContext,
	// biome-ignore lint/suspicious/noConfusingVoidType: handlers that return nothing must type-check
) => ExtensionEventMap[K]["result"] | void | Promise<ExtensionEventMap[K]["result"] | void>;

/** Result of {@link ExtensionAPI.exec}. */
export interface ExecResult {
	stdout: string;
	stderr: string;
	/** Exit code; null when the process was killed. */
	code: number | null;
}

/** What an extension's factory receives. Every method may be called in the factory or later. */
export interface ExtensionAPI {
	/** Absolute path of this extension's file. */
	readonly extensionPath: string;
	/** The mode's UI (see {@link ExtensionContext.ui}); before the mode starts, the headless UI. */
	readonly ui: UiContext;
	/** Registers `/<name>`; runs at once when a prompt starts with it, even while the agent works. */
	registerCommand(name: string, command: ExtensionCommand): void;
	/** Adds a tool the model can call (register it in the factory so it is in the system prompt). */
	registerTool(tool: ExtensionTool): void;
	/** Handles an event; handlers run in extension load order and a throwing handler is reported, not fatal. */
	on<K extends ExtensionEventName>(event: K, handler: ExtensionHandler<K>): void;
	/** Declares a command-line flag (see docs/extensions.md for how values reach extensions). */
	registerFlag(name: string, flag: ExtensionFlag): void;
	/** The value of a registered flag: the command line's, else its default. */
	getFlag(name: string): boolean | string | undefined;
	/**
	 * Sends a user message as if typed: runs when idle; while busy it is queued (`deliverAs`, default follow-up).
	 * Resolves when the run it started has ended (or once queued).
	 */
	sendUserMessage(text: string, options?: { deliverAs?: "steer" | "followUp" }): Promise<void>;
	getSession(): ExtensionSessionInfo;
	/** Asks pi to end as on stdin EOF in RPC mode: finish the work under way, `session_shutdown`, exit 0. */
	shutdown(): void;
	/** Runs a shell command in the session's cwd (`sh -c`), collecting its output. */
	exec(command: string, options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<ExecResult>;
}

/** The `extension_error` session event (rpc.md §6). */
export interface ExtensionErrorEvent {
	type: "extension_error";
	extensionPath: string;
	event: string;
	error: string;
}

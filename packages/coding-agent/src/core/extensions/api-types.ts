/**
 * The extension API contract: the `pi` object a factory receives (`ExtensionAPI`), the `ctx` handlers, tools and
 * commands receive (`ExtensionContext`, `ExtensionCommandContext`), tool definitions and provider registration.
 * Names, signatures and behaviour follow the original pi's extension API (docs/extensions.md lists the
 * differences). Event types live in types.ts.
 */
import type { AgentThinkingLevel, AgentToolResult, AgentToolUpdateCallback } from "@pi/agent-core";
import type {
	Api,
	AssistantMessageEventStream,
	Context,
	ImageContent,
	Model,
	SimpleStreamOptions,
	TextContent,
} from "@pi/ai";
import type { Static, TSchema } from "@sinclair/typebox";
import type { ModelRegistry } from "../config/model-registry.js";
import type { SessionManager } from "../session/index.js";
import type { CustomMessage } from "../session/types.js";
import type { CommandInfo, CompactionResult } from "../session-events.js";
import type { ExtensionEventName, ExtensionHandler } from "./types.js";
import type { ExtensionUiContext } from "./ui-defaults.js";

/** The session manager as extensions see it: every reading method, none that writes. */
export type ReadonlySessionManager = Pick<
	SessionManager,
	| "getCwd"
	| "getSessionDir"
	| "getSessionId"
	| "getSessionFile"
	| "getLeafId"
	| "getEntry"
	| "getLabel"
	| "getBranch"
	| "getChildren"
	| "getHeader"
	| "getEntries"
	| "getTree"
	| "getSessionName"
	| "getForkMessages"
	| "buildContext"
	| "isPersisted"
> & {
	/** The entry the conversation continues from; undefined before the first entry. */
	getLeafEntry(): ReturnType<SessionManager["getEntry"]>;
};

/** Read-only facts about the running session (pi's own addition, kept for older extensions). */
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

/** `ctx.getContextUsage()`. */
export interface ContextUsage {
	/** Context tokens of the last reply plus an estimate of later messages; null right after a compaction. */
	tokens: number | null;
	contextWindow: number;
	/** `tokens` as a percentage of `contextWindow`; null when tokens is null. */
	percent: number | null;
}

/** `ctx.compact()` options: the compaction runs in the background and reports through the callbacks. */
export interface CompactOptions {
	customInstructions?: string;
	onComplete?: (result: CompactionResult) => void;
	onError?: (error: Error) => void;
}

/** The mode pi runs in (`ctx.mode`). */
export type ExtensionMode = "tui" | "rpc" | "json" | "print";

/** What the system prompt is built from (`ctx.getSystemPromptOptions()`), in the original's field names. */
export interface ExtensionSystemPromptOptions {
	cwd: string;
	/** SYSTEM.md or `--system-prompt`, replacing pi's built-in prompt. */
	customPrompt?: string;
	/** APPEND_SYSTEM.md or `--append-system-prompt`. */
	appendSystemPrompt?: string;
	/** Names of the active tools, in order. */
	selectedTools: string[];
	/** The tool-list line of each listed tool. */
	toolSnippets: Record<string, string>;
	/** Guideline lines the active tools contribute. */
	promptGuidelines: string[];
	contextFiles: { path: string; content: string }[];
	skills: { name: string; description: string; filePath: string }[];
}

/** Passed to every event handler, tool `execute` and shortcut. */
export interface ExtensionContext {
	/** The mode's UI: real dialogs (TUI), client dialogs (RPC), or defaults at once (print/JSON). */
	ui: ExtensionUiContext;
	/** The mode pi runs in; guard terminal-only UI (custom components) with `mode === "tui"`. */
	readonly mode: ExtensionMode;
	/** False in print and JSON mode, where every dialog resolves to its default at once. */
	hasUI: boolean;
	cwd: string;
	/** The current session, read-only (follows the session after new/switch/fork). */
	sessionManager: ReadonlySessionManager;
	modelRegistry: ModelRegistry;
	/** The current model. */
	readonly model: Model | undefined;
	/** The `--models` / `enabledModels` scope used for cycling (empty: every available model). */
	readonly scopedModels: readonly { model: Model; thinkingLevel?: AgentThinkingLevel }[];
	/** The current thinking level. */
	readonly thinkingLevel: AgentThinkingLevel;
	/** Always true: pi loads project-local resources without a trust prompt. */
	isProjectTrusted(): boolean;
	/** The abort signal of the run under way; undefined while idle. */
	readonly signal: AbortSignal | undefined;
	/** No run, retry, compaction or branch summary under way. */
	isIdle(): boolean;
	/** Aborts the run under way (does not wait). */
	abort(): void;
	/** Steering or follow-up messages are queued. */
	hasPendingMessages(): boolean;
	/** Ends pi gracefully once idle (interactive, RPC); a no-op in print/JSON mode, which ends after its prompts. */
	shutdown(): void;
	/** Context usage of the current model; undefined without a model. */
	getContextUsage(): ContextUsage | undefined;
	/** Starts a compaction without waiting for it. */
	compact(options?: CompactOptions): void;
	/** The system prompt of the current (or next) request. */
	getSystemPrompt(): string;
	/** What pi's system prompt is built from. */
	getSystemPromptOptions(): ExtensionSystemPromptOptions;
	/** pi's older form of the session facts. */
	getSession(): ExtensionSessionInfo;
}

/** What `withSession` callbacks receive: a command context bound to the replacement session. */
export interface ReplacedSessionContext extends ExtensionCommandContext {
	sendMessage<T = unknown>(message: CustomMessageInput<T>, options?: SendMessageOptions): Promise<void>;
	sendUserMessage(content: UserMessageContent, options?: { deliverAs?: "steer" | "followUp" }): Promise<void>;
}

/** Passed to command handlers: the context plus session control (only safe outside event handlers). */
export interface ExtensionCommandContext extends ExtensionContext {
	/** Resolves once the session is idle. */
	waitForIdle(): Promise<void>;
	/** Starts a new session; `setup` may append entries to it before `withSession` runs. */
	newSession(options?: {
		parentSession?: string;
		setup?: (sessionManager: SessionManager) => Promise<void> | void;
		withSession?: (ctx: ReplacedSessionContext) => Promise<void>;
	}): Promise<{ cancelled: boolean }>;
	/** Forks before a user message (`position: "before"`, default) or copies the path through an entry (`"at"`). */
	fork(
		entryId: string,
		options?: { position?: "before" | "at"; withSession?: (ctx: ReplacedSessionContext) => Promise<void> },
	): Promise<{ cancelled: boolean }>;
	/** Moves in the session tree, optionally summarising the branch left behind. */
	navigateTree(
		targetId: string,
		options?: { summarize?: boolean; customInstructions?: string; replaceInstructions?: boolean; label?: string },
	): Promise<{ cancelled: boolean }>;
	/** Opens another session file. */
	switchSession(
		sessionPath: string,
		options?: { withSession?: (ctx: ReplacedSessionContext) => Promise<void> },
	): Promise<{ cancelled: boolean }>;
	/** `/reload`: reloads extensions, skills, prompt templates and context files. */
	reload(): Promise<void>;
}

/** The fields of a custom message an extension supplies. */
export type CustomMessageInput<T = unknown> = Pick<CustomMessage<T>, "customType" | "content" | "display" | "details">;

/** `pi.sendMessage` options. */
export interface SendMessageOptions {
	/** Idle: start a run with the message (ignored for `nextTurn`). */
	triggerTurn?: boolean;
	/** While busy: `steer` (default) or `followUp`; `nextTurn` waits for the next user prompt in any state. */
	deliverAs?: "steer" | "followUp" | "nextTurn";
}

/** A user message: text, or text and image blocks. */
export type UserMessageContent = string | (TextContent | ImageContent)[];

/** Options of a tool renderer's result view. */
export interface ToolRenderResultOptions {
	expanded: boolean;
	isPartial: boolean;
}

/**
 * A tool an extension registers. `execute` gets the extension context as its fifth argument. The render
 * functions are kept for the interactive UI (theme and component types are the TUI's).
 */
export interface ToolDefinition<TParams extends TSchema = TSchema, TDetails = unknown> {
	name: string;
	/** Display name; default the name. */
	label?: string;
	/** What the model reads about the tool. */
	description: string;
	/** One line for the system prompt's tool list; without it the tool is left out of that list. */
	promptSnippet?: string;
	/** Lines appended to the system prompt's guidelines while the tool is active (name the tool in each). */
	promptGuidelines?: string[];
	/** pi's older name for `promptGuidelines`. */
	guidelines?: readonly string[];
	/** TypeBox schema or plain JSON schema of the arguments. */
	parameters: TParams;
	/** Runs on the raw arguments before validation (to accept older argument shapes). */
	prepareArguments?: (args: unknown) => Static<TParams>;
	/** `sequential`: a batch of calls containing this tool runs one call at a time. */
	executionMode?: "parallel" | "sequential";
	/** Whether the TUI draws its standard frame around the tool's rendering. */
	renderShell?: "default" | "self";
	execute(
		toolCallId: string,
		params: Static<TParams>,
		signal: AbortSignal | undefined,
		onUpdate: AgentToolUpdateCallback<TDetails> | undefined,
		ctx: ExtensionContext,
	): Promise<AgentToolResult<TDetails>>;
	renderCall?: (args: Static<TParams>, theme: any, context: any) => unknown;
	renderResult?: (
		result: AgentToolResult<TDetails>,
		options: ToolRenderResultOptions,
		theme: any,
		context: any,
	) => unknown;
}

/** pi's older name of {@link ToolDefinition}. */
export type ExtensionTool = ToolDefinition<any, any>;

/** Where a tool or command came from (`sourceInfo`). */
export interface SourceInfo {
	path: string;
	/** `builtin`, `sdk`, `cli`, `settings`, `auto`, or the package name of a pi package. */
	source: string;
	scope: "user" | "project" | "path" | "temporary";
	/** `package` for a resource of a pi package, else `top-level` (the original's field). */
	origin?: "package" | "top-level";
}

/** `pi.getAllTools()` entries. */
export interface ToolInfo {
	name: string;
	description: string;
	parameters: unknown;
	sourceInfo: SourceInfo;
}

/** `pi.getCommands()` entries (the RPC `get_commands` shape). */
export type SlashCommandInfo = CommandInfo;

/** An argument completion of `getArgumentCompletions`. */
export interface AutocompleteItem {
	value: string;
	label: string;
	description?: string;
}

/** A command the user runs as `/<name> [args]`. */
export interface ExtensionCommand {
	description?: string;
	/** Completions for the text after `/<name> `; null for none. */
	getArgumentCompletions?: (argumentPrefix: string) => AutocompleteItem[] | null | Promise<AutocompleteItem[] | null>;
	/** `args` is the rest of the line after `/<name> ` (may be empty). */
	handler(args: string, ctx: ExtensionCommandContext): void | Promise<void>;
}

/** A keyboard shortcut (key ids as in keybindings.md, e.g. `ctrl+shift+p`). */
export interface ExtensionShortcut {
	description?: string;
	handler: (ctx: ExtensionContext) => void | Promise<void>;
}

/** Draws custom messages of one `customType` in the TUI (component and theme types are the TUI's). */
export type MessageRenderer<T = unknown> = (
	message: CustomMessage<T>,
	options: { expanded: boolean },
	theme: any,
) => unknown;

/** Draws a custom entry of one `customType` in the TUI. */
export type EntryRenderer<T = unknown> = (
	entry: { type: "custom"; customType: string; data?: T; id: string },
	options: { expanded: boolean },
	theme: any,
) => unknown;

/** Rewrites markdown before the TUI draws it. */
export type MarkdownTransformer = (markdown: string, context: unknown) => string;

/** A command-line flag an extension accepts (`--<name>`; string flags as `--<name>=<value>` or `--<name> <value>`). */
export interface ExtensionFlag {
	description?: string;
	type: "boolean" | "string";
	default?: boolean | string;
}

/** `pi.exec` options. */
export interface ExecOptions {
	signal?: AbortSignal;
	/** Milliseconds after which the process is killed. */
	timeout?: number;
	/** Default the session's cwd. */
	cwd?: string;
	/** pi's older name of `timeout`. */
	timeoutMs?: number;
}

/** Result of {@link ExtensionAPI.exec}. */
export interface ExecResult {
	stdout: string;
	stderr: string;
	/** Exit code (null in pi's older string form when the process was killed). */
	code: number | null;
	/** Killed by the signal or the timeout. */
	killed: boolean;
}

/** The bus `pi.events` shares between every extension of a session. */
export interface EventBus {
	emit(channel: string, data: unknown): void;
	/** Returns the removal of the handler. */
	on(channel: string, handler: (data: unknown) => void): () => void;
}

/** A model of {@link ProviderConfig.models}. */
export interface ProviderModelConfig {
	id: string;
	name: string;
	api?: Api;
	baseUrl?: string;
	reasoning: boolean;
	thinkingLevelMap?: Model["thinkingLevelMap"];
	input: ("text" | "image")[];
	cost: { input: number; output: number; cacheRead: number; cacheWrite: number };
	contextWindow: number;
	maxTokens: number;
	headers?: Record<string, string>;
	compat?: Model["compat"];
}

/** `pi.registerProvider` configuration. */
export interface ProviderConfig {
	/** Display name. */
	name?: string;
	/** Endpoint; with `models` required, alone it overrides the endpoint of the provider's existing models. */
	baseUrl?: string;
	/** Key, environment variable name or `!command` (as in models.json). */
	apiKey?: string;
	/** Wire API of the models. */
	api?: Api;
	/** A stream function for a custom `api` (registered under `api`, default the provider name). */
	streamSimple?: (model: Model, context: Context, options?: SimpleStreamOptions) => AssistantMessageEventStream;
	headers?: Record<string, string>;
	/** Send the key as `Authorization: Bearer`. */
	authHeader?: boolean;
	/** Replaces the provider's models. */
	models?: ProviderModelConfig[];
	/**
	 * A sign-in flow for the provider: it is offered by /login and `pi auth login <name>`, its credentials are
	 * stored in auth.json under the provider name and refreshed like a built-in subscription's.
	 */
	oauth?: ProviderOAuthConfig;
}

/** What a `login` flow's callbacks receive and return, in the original pi's shape. */
export interface ProviderOAuthLoginCallbacks {
	/** Show (and where possible open) a URL; `instructions` is one line for the user. */
	onAuth(info: { url: string; instructions?: string }): void;
	/** Device flows: show the code to type at `verificationUri` (documented by the original pi). */
	onDeviceCode(info: { userCode: string; verificationUri: string }): void;
	/** Ask a question; resolves with the answer ("" when empty). */
	onPrompt(prompt: { message: string; placeholder?: string; allowEmpty?: boolean }): Promise<string>;
	onProgress(message: string): void;
	/**
	 * A code or redirect URL the user pasted. With `usesCallbackServer` it is raced against the flow's own callback
	 * and taken away once the flow ends; without, it is a plain question.
	 */
	onManualCodeInput(): Promise<string>;
	/** Pick one option; resolves with its id, or undefined when cancelled. */
	onSelect(prompt: { message: string; options: { id: string; label: string }[] }): Promise<string | undefined>;
	/** Fires when the user cancels (Esc, Ctrl+C). */
	signal?: AbortSignal;
}

/** Credentials a flow returns and auth.json keeps (extra fields are kept too). */
export interface ProviderOAuthCredentials {
	refresh: string;
	access: string;
	/** Epoch milliseconds. */
	expires: number;
	[extra: string]: unknown;
}

/** `oauth` of {@link ProviderConfig}, as in the original pi. */
export interface ProviderOAuthConfig {
	/** What /login shows. */
	name: string;
	login(callbacks: ProviderOAuthLoginCallbacks): Promise<ProviderOAuthCredentials>;
	/** New credentials from `credentials.refresh`; `signal` fires when the request that needed them is aborted. */
	refreshToken(credentials: ProviderOAuthCredentials, signal?: AbortSignal): Promise<ProviderOAuthCredentials>;
	/** The key requests carry (usually `credentials.access`). */
	getApiKey(credentials: ProviderOAuthCredentials): string;
	/** Adjusts the provider's models while signed in (it receives only this provider's models). */
	modifyModels?(models: Model[], credentials: ProviderOAuthCredentials): Model[];
	/** The flow listens on a loopback callback server, so a pasted code is offered too. */
	usesCallbackServer?: boolean;
}

/** What an extension's factory receives. Every method may be called in the factory or later. */
export interface ExtensionAPI {
	/** Absolute path of this extension's file. */
	readonly extensionPath: string;
	/** The mode's UI (see {@link ExtensionContext.ui}); before the mode starts, the headless UI. */
	readonly ui: ExtensionUiContext;
	/** Shared event bus between extensions. */
	readonly events: EventBus;
	/** Handles an event; handlers run in extension load order and a throwing handler is reported, not fatal. */
	on<K extends ExtensionEventName>(event: K, handler: ExtensionHandler<K>): void;
	/** Adds a tool, or replaces a built-in tool of the same name; works at any time (the tool list refreshes). */
	registerTool<TParams extends TSchema = TSchema, TDetails = unknown>(tool: ToolDefinition<TParams, TDetails>): void;
	/** Registers `/<name>`; runs at once when a prompt starts with it, even while the agent works. */
	registerCommand(name: string, command: ExtensionCommand): void;
	/** Registers a keyboard shortcut of the interactive mode. */
	registerShortcut(shortcut: string, options: ExtensionShortcut): void;
	/** Declares a command-line flag (listed in `pi --help`). */
	registerFlag(name: string, flag: ExtensionFlag): void;
	/** The value of a registered flag: the command line's, else its default. */
	getFlag(name: string): boolean | string | undefined;
	/** Draws custom messages of `customType` in the interactive mode. */
	registerMessageRenderer<T = unknown>(customType: string, renderer: MessageRenderer<T>): void;
	/** Draws custom entries (`appendEntry`) of `customType` in the interactive mode. */
	registerEntryRenderer<T = unknown>(customType: string, renderer: EntryRenderer<T>): void;
	/** Changes assistant markdown before the interactive mode draws it. */
	registerMarkdownTransformer(transformer: MarkdownTransformer): void;
	/** Adds a custom message to the session (see {@link SendMessageOptions}). */
	sendMessage<T = unknown>(message: CustomMessageInput<T>, options?: SendMessageOptions): Promise<void>;
	/**
	 * Sends a user message as if typed: runs when idle; while busy it is queued (`deliverAs`, default follow-up).
	 * Resolves when the run it started has ended (or once queued).
	 */
	sendUserMessage(content: UserMessageContent, options?: { deliverAs?: "steer" | "followUp" }): Promise<void>;
	/** Stores extension state in the session (a `custom` entry, never sent to the model). */
	appendEntry<T = unknown>(customType: string, data?: T): void;
	setSessionName(name: string): void;
	getSessionName(): string | undefined;
	/** Sets (or with undefined clears) an entry's label. */
	setLabel(entryId: string, label: string | undefined): void;
	/**
	 * Runs `command` with `args` (no shell) in the session's cwd; never rejects for a non-zero exit. Without an
	 * `args` array (pi's older form) `command` runs through the shell.
	 */
	exec(command: string, args?: string[] | ExecOptions, options?: ExecOptions): Promise<ExecResult>;
	/** Names of the tools the model currently gets. */
	getActiveTools(): string[];
	/** Every tool (active or not) with its schema and source. */
	getAllTools(): ToolInfo[];
	/** Sets the active tools by name (unknown names are ignored). */
	setActiveTools(toolNames: string[]): void;
	/** Extension commands, prompt templates and skills (RPC `get_commands`). */
	getCommands(): SlashCommandInfo[];
	/** Switches the model; false when it has no API key. */
	setModel(model: Model): Promise<boolean>;
	getThinkingLevel(): AgentThinkingLevel;
	/** Sets the thinking level (clamped to the model). */
	setThinkingLevel(level: AgentThinkingLevel): void;
	/** Adds or changes a provider (queued while loading, immediate afterwards). */
	registerProvider(name: string, config: ProviderConfig): void;
	/** Removes a provider registered with {@link registerProvider}. */
	unregisterProvider(name: string): void;
	/** pi's older form of the session facts. */
	getSession(): ExtensionSessionInfo;
	/** Asks pi to end gracefully (see {@link ExtensionContext.shutdown}). */
	shutdown(): void;
}

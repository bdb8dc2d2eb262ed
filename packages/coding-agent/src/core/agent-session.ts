/**
 * AgentSession: the one core every mode drives. It owns the Agent, the session file, the settings it changes,
 * prompting with its preflight, queues, automatic retry and compaction, user shell commands, navigation and the
 * session's end (shutdown with its final fsync). Modes subscribe to its events and call its methods; they never
 * touch the agent or the session file directly. Behaviour contract: shared/spec/rpc.md §2, §4–§6, §8.
 */
import type { Agent, AgentMessage, AgentThinkingLevel } from "@pi/agent-core";
import type { ImageContent, Model } from "@pi/ai";
import type { BashResult } from "../tools/index.js";
import { getContextTokens } from "./compaction/index.js";
import type { ModelRegistry } from "./config/model-registry.js";
import type { ScopedModel } from "./config/model-resolver.js";
import type { QueueMode, SettingsManager } from "./config/settings.js";
import type { CustomMessageInput, SendMessageOptions } from "./extensions/api-types.js";
import { ExtensionHost } from "./extensions/host.js";
import type { DiscoveredResourcePaths } from "./extensions/session-hooks-resources.js";
import { createSessionPort, queuedPromptOptions, withExtensionShutdown } from "./extensions/session-port.js";
import type { McpManager } from "./mcp/manager.js";
import type { ModelCycleResult } from "./model-control.js";
import { listPromptCommands, type PromptResources } from "./prompt-expansion.js";
import type { PromptOptions } from "./prompt-preflight.js";
import { runPrompt } from "./prompt-run.js";
import type { QueuedTexts } from "./queue-tracker.js";
import type { SessionHeader, SessionManager, SessionTreeNode } from "./session/index.js";
import {
	type AgentSessionEvent,
	type AgentSessionListener,
	type CommandInfo,
	type CompactionResult,
	type SessionStateSnapshot,
	type SessionStats,
	sessionTexts,
} from "./session-events.js";
import type { ShutdownOptions, WaitForIdleOptions } from "./session-lifecycle.js";
import { type AgentSessionConfig, createSessionParts, type SessionParts } from "./session-parts.js";
import { SessionToolSet } from "./session-tools.js";
import { buildSessionStats, buildStateSnapshot, getLastAssistantText } from "./stats.js";

export type { AgentSessionConfig, ModelCycleResult, PromptOptions, QueuedTexts, ShutdownOptions, WaitForIdleOptions };

export class AgentSession {
	readonly agent: Agent;
	readonly settingsManager: SettingsManager;
	readonly modelRegistry: ModelRegistry;
	readonly cwd: string;
	/** The current session; replaced by switchSession. */
	sessionManager: SessionManager;
	private scope: ScopedModel[];
	/** The collaborators this facade delegates to (session-parts.ts). */
	private readonly parts: SessionParts;
	/** The session's extensions: modes set their UI on it and start it (`session_start`). */
	readonly extensions: ExtensionHost;
	/** Built-in, extension and custom tools, the active ones, and the system prompt built from them. */
	readonly toolSet: SessionToolSet;
	/** The MCP servers (docs/mcp.md); undefined when none are configured. */
	readonly mcp: McpManager | undefined;

	constructor(config: AgentSessionConfig) {
		this.agent = config.agent;
		this.sessionManager = config.sessionManager;
		this.settingsManager = config.settingsManager;
		this.modelRegistry = config.modelRegistry;
		this.cwd = config.cwd;
		this.scope = config.scopedModels ?? [];
		this.parts = createSessionParts(this, config);
		this.agent.sessionId = this.sessionManager.getSessionId();
		this.refreshSecrets();
		this.extensions = config.extensions ?? new ExtensionHost({ cwd: this.cwd });
		this.toolSet = config.toolSet ?? SessionToolSet.ofAgentTools(this.agent.state.tools, this.cwd);
		this.mcp = config.mcp;
		this.toolSet.bind(this.agent);
		this.extensions.attach(createSessionPort(this));
	}

	// --- state ----------------------------------------------------------------------------------------------------

	get model(): Model | undefined {
		return this.agent.state.model ?? undefined;
	}

	get thinkingLevel(): AgentThinkingLevel {
		return this.agent.state.thinkingLevel;
	}

	/** Busy (rpc.md §2): a run, a pending retry, or overflow recovery with its continuation. */
	get isStreaming(): boolean {
		return this.parts.runs.isBusy;
	}

	/** A compaction (manual or automatic) or a branch summary is running. */
	get isCompacting(): boolean {
		return this.parts.runs.isCompacting || this.parts.navigator.isSummarizing;
	}

	get isBashRunning(): boolean {
		return this.parts.bash.isRunning;
	}

	/** The current context, including bashExecution, custom and summary roles. */
	get messages(): AgentMessage[] {
		return this.agent.state.messages;
	}

	get sessionFile(): string | undefined {
		return this.sessionManager.getSessionFile();
	}

	get sessionId(): string {
		return this.sessionManager.getSessionId();
	}

	/** The name given with /name or `set_session_name` (the latest `session_info` entry); `undefined` when none. */
	get sessionName(): string | undefined {
		return this.sessionManager.getSessionName();
	}

	/** The directory this project's sessions are stored in; `undefined` for in-memory sessions. */
	get sessionDir(): string | undefined {
		return this.sessionManager.getSessionDir();
	}

	get autoCompactionEnabled(): boolean {
		return this.settingsManager.getCompactionSettings().enabled;
	}

	get autoRetryEnabled(): boolean {
		return this.settingsManager.getRetrySettings().enabled;
	}

	/** shutdown() was called: prompts, user commands, compaction and navigation are refused from then on. */
	get isShutDown(): boolean {
		return this.parts.lifecycle.isShutDown;
	}

	/** The state snapshot of rpc.md §5 (placeholder model when none is selected). */
	getState(): SessionStateSnapshot {
		return buildStateSnapshot(this);
	}

	// --- events ---------------------------------------------------------------------------------------------------

	/** Adds a listener for agent and session events; returns its removal. Listeners are awaited in order. */
	subscribe(listener: AgentSessionListener): () => void {
		return this.parts.events.subscribe(listener);
	}

	/** @internal Delivers an event to every listener in order; a failing listener does not stop the others. */
	emit(event: AgentSessionEvent): Promise<void> {
		return this.parts.events.emit(event);
	}

	// --- prompting ------------------------------------------------------------------------------------------------

	/**
	 * Sends a prompt (rpc.md §4.1): waits for a running compaction, expands templates and skills, queues it when
	 * busy with `streamingBehavior` (else throws the busy error), checks model and key, then runs. Resolves when
	 * the run (with its retries, recovery and automatic compaction) has ended; a queued message resolves once its
	 * `queue_update` was delivered (after `onAccepted`, so an RPC response precedes it).
	 */
	prompt(text: string, options: PromptOptions = {}): Promise<void> {
		return runPrompt(this, this.parts, text, options);
	}

	/**
	 * `pi.sendMessage`: a custom message (role "custom", stored as a `custom_message` entry). `nextTurn`: held for
	 * the next prompt. While busy: steered (default) or queued as a follow-up. Idle: with `triggerTurn` a run starts
	 * with it, else it is only added to the session and the context.
	 */
	sendCustomMessage(input: CustomMessageInput, options: SendMessageOptions = {}): Promise<void> {
		return this.parts.customMessages.send(input, options);
	}

	/** Queues a steering message while busy (delivered after the current turn); idle: same as `prompt`. */
	async steer(text: string, images?: ImageContent[]): Promise<void> {
		await this.prompt(text, queuedPromptOptions("steer", images));
	}

	/** Queues a follow-up while busy (delivered when the agent would stop); idle: same as `prompt`. */
	async followUp(text: string, images?: ImageContent[]): Promise<void> {
		await this.prompt(text, queuedPromptOptions("followUp", images));
	}

	/** Queued message texts (as typed), oldest first. */
	getQueuedMessages(): QueuedTexts {
		return this.parts.queue.texts();
	}

	/** Removes every queued message and returns their texts, so an editor can restore them. */
	clearQueue(): QueuedTexts {
		return this.parts.queue.clear();
	}

	/**
	 * Aborts the run, a retry wait (ending with `auto_retry_end` "Retry cancelled"), a running compaction
	 * (`compaction_end` with `aborted: true`) or branch summary, and resolves once the session is idle (rpc.md §4.3).
	 * A running user command is left alone (see abortBash). Queued messages stay queued.
	 */
	abort(): Promise<void> {
		return this.parts.lifecycle.abort();
	}

	/**
	 * Resolves when the session is idle: no run, retry wait, recovery, compaction or branch summary; with
	 * `includeBash`, also no user command (the notion of idle rpc.md §8 waits for at stdin EOF).
	 */
	waitForIdle(options: WaitForIdleOptions = {}): Promise<void> {
		return this.parts.lifecycle.waitForIdle(options);
	}

	/**
	 * Ends the session (rpc.md §8, json-mode.md §2 step 4): refuses new work from now on, with `abort` stops
	 * everything under way including a user command (signals), waits until idle including a user command (bounded
	 * by `timeoutMs`), runs `beforeFlush`, then fsyncs the session file. Listeners keep receiving the events of the
	 * work that finishes; extensions hear `session_shutdown` before the fsync. A second call returns the same
	 * shutdown; with `abort` it still aborts and bounds its wait.
	 */
	shutdown(options: ShutdownOptions = {}): Promise<void> {
		const done = this.parts.lifecycle.shutdown(withExtensionShutdown(this.extensions, options));
		// MCP servers end with the session (stdio servers are child processes).
		return this.mcp ? done.finally(() => this.mcp?.close()) : done;
	}

	/** Writes entries whose append failed earlier and fsyncs the session file (R4); a no-op before it exists. */
	flush(): void {
		this.sessionManager.sync();
	}

	/** Starts a new session (its file is created at the first prompt). Aborts and waits first. */
	async newSession(options: { parentSession?: string } = {}): Promise<{ cancelled: boolean }> {
		this.parts.lifecycle.assertOpen();
		return this.parts.navigator.newSession(options);
	}

	// --- models and thinking --------------------------------------------------------------------------------------

	/** Models whose provider has a key. */
	getAvailableModels(): Model[] {
		return this.modelRegistry.getAvailable();
	}

	/** The model scope used for cycling (empty: all available models). */
	get scopedModels(): ScopedModel[] {
		return [...this.scope];
	}

	set scopedModels(scope: ScopedModel[]) {
		this.scope = [...scope];
	}

	/**
	 * Switches the model: records a `model_change`, saves `defaultProvider`/`defaultModel` in global settings and
	 * clamps the thinking level (`thinking_level_changed` when it changes). Takes effect at the next request.
	 */
	setModel(model: Model): Promise<void> {
		return this.parts.models.setModel(model);
	}

	/** Next (or previous) model of the scope, else of the available models; `null` with at most one candidate. */
	cycleModel(direction: "forward" | "backward" = "forward"): Promise<ModelCycleResult | null> {
		return this.parts.models.cycleModel(direction);
	}

	/**
	 * Sets the thinking level, clamped to the model (not an error). Unknown names throw `Invalid thinking level:
	 * ...`. Recorded in the session and saved as `defaultThinkingLevel`.
	 */
	setThinkingLevel(level: string): Promise<void> {
		return this.parts.models.setThinkingLevel(level);
	}

	/** The next supported level, wrapping; `null` when the model has no reasoning. */
	cycleThinkingLevel(): Promise<AgentThinkingLevel | null> {
		return this.parts.models.cycleThinkingLevel();
	}

	/** Whether the current model can think. */
	supportsThinking(): boolean {
		return this.model?.reasoning === true;
	}

	setSteeringMode(mode: QueueMode): void {
		this.agent.setSteeringMode(mode);
		this.settingsManager.setSteeringMode(mode);
	}

	setFollowUpMode(mode: QueueMode): void {
		this.agent.setFollowUpMode(mode);
		this.settingsManager.setFollowUpMode(mode);
	}

	// --- compaction and retry -------------------------------------------------------------------------------------

	/**
	 * Compacts now (aborting a running turn first). Errors: `Nothing to compact (session too small)`, `Already
	 * compacted`, `Compaction cancelled`, `Compaction failed: <message>`.
	 */
	compact(customInstructions?: string): Promise<CompactionResult> {
		return this.parts.lifecycle.compact(customInstructions);
	}

	/** Cancels a running compaction or branch summary. */
	abortCompaction(): void {
		this.parts.lifecycle.abortCompaction();
	}

	/** Saves `compaction.enabled`. */
	setAutoCompactionEnabled(enabled: boolean): void {
		this.settingsManager.setCompactionEnabled(enabled);
	}

	/** Saves `retry.enabled`. */
	setAutoRetryEnabled(enabled: boolean): void {
		this.settingsManager.setRetryEnabled(enabled);
	}

	/** Cancels a pending retry wait (`auto_retry_end` with `finalError: "Retry cancelled"`). */
	abortRetry(): void {
		this.parts.runs.abortRetry();
	}

	/** Context tokens of rpc.md §6 (`null` after a compaction until the next successful reply). */
	getContextTokens(): number | null {
		return getContextTokens(this.sessionManager.getBranch());
	}

	// --- user shell -----------------------------------------------------------------------------------------------

	/**
	 * Runs a user command (tools.md §8) and records it as a `bashExecution` message: at once when idle, else right
	 * after the current run. `excludeFromContext` keeps it out of the LLM context.
	 */
	async executeBash(
		command: string,
		onChunk?: (chunk: string) => void,
		options: { excludeFromContext?: boolean } = {},
	): Promise<BashResult> {
		this.parts.lifecycle.assertOpen();
		return this.parts.bash.execute(command, onChunk, options.excludeFromContext === true);
	}

	/** Kills the running user command, if any. */
	abortBash(): void {
		this.parts.bash.abort();
	}

	/** @internal Appends bash results that finished during a run (called when the run ends). */
	flushPendingBash(): void {
		this.parts.bash.flushPending();
	}

	// --- navigation -----------------------------------------------------------------------------------------------

	/** Opens another session file (aborts and waits first). Error: `Session file not found: <path>`. */
	async switchSession(path: string): Promise<{ cancelled: boolean }> {
		this.parts.lifecycle.assertOpen();
		return this.parts.navigator.switchSession(path);
	}

	/** Forks at a user message (session-format.md §10.1); `text` is that message, for the editor. */
	async fork(entryId: string): Promise<{ text: string; cancelled: boolean }> {
		this.parts.lifecycle.assertOpen();
		return this.parts.navigator.fork(entryId);
	}

	/** A branched copy of the path through `entryId` (`ctx.fork(id, {position: "at"})`). */
	async cloneAt(entryId: string): Promise<{ cancelled: boolean }> {
		this.parts.lifecycle.assertOpen();
		return this.parts.navigator.cloneAt(entryId);
	}

	/**
	 * `/reload`: extensions (session_shutdown / session_start with reason "reload"), prompt templates, skills,
	 * context files and the system prompt are loaded again. Without a reloader (an AgentSession built by hand) only
	 * the tool set is refreshed.
	 */
	async reload(): Promise<void> {
		this.parts.lifecycle.assertOpen();
		await this.parts.resources.reload();
	}

	/** A branched copy of the current path (session-format.md §10.2). */
	async clone(): Promise<{ cancelled: boolean }> {
		this.parts.lifecycle.assertOpen();
		return this.parts.navigator.clone();
	}

	/**
	 * Moves to another point of the tree. With `summarize`, the branch left behind is summarised by the model into a
	 * `branch_summary` entry. Picking a user message moves to its parent and returns its text as `editorText`.
	 */
	async navigateTree(
		entryId: string,
		options: { summarize?: boolean; customInstructions?: string; replaceInstructions?: boolean; label?: string } = {},
	): Promise<{ editorText?: string; cancelled: boolean }> {
		this.parts.lifecycle.assertOpen();
		return this.parts.navigator.navigateTree(entryId, options);
	}

	/** Every user message of the file (all branches), for choosing a fork point. */
	getForkMessages(): { entryId: string; text: string }[] {
		return this.sessionManager.getForkMessages();
	}

	/** Every entry of the file as a tree (all branches, labels attached), for choosing where to go. */
	getTree(): SessionTreeNode[] {
		return this.sessionManager.getTree();
	}

	/** The entry the conversation continues from; `null` before the first entry. */
	getLeafId(): string | null {
		return this.sessionManager.getLeafId();
	}

	getLabel(entryId: string): string | undefined {
		return this.sessionManager.getLabel(entryId);
	}

	/** Sets (or with an empty label clears) an entry's label. */
	setLabel(entryId: string, label?: string): void {
		this.sessionManager.appendLabel(entryId, label);
	}

	/** Names the session (trimmed; empty → `Session name cannot be empty`). */
	async setSessionName(name: string): Promise<void> {
		const trimmed = name.trim();
		if (!trimmed) throw new Error(sessionTexts.sessionNameEmpty);
		this.sessionManager.appendSessionInfo(trimmed);
		await this.emit({ type: "session_info_changed", name: trimmed });
	}

	/** Writes the session as HTML; returns the written path. */
	exportToHtml(outputPath?: string): Promise<string> {
		return this.parts.navigator.exportToHtml(outputPath);
	}

	// --- views ----------------------------------------------------------------------------------------------------

	getSessionStats(): SessionStats {
		return buildSessionStats(this);
	}

	getLastAssistantText(): string | null {
		return getLastAssistantText(this.messages);
	}

	/** The session header as stored (or to be stored) in the file; JSON mode writes it first (json-mode.md §3). */
	getSessionHeader(): SessionHeader {
		return this.sessionManager.getHeader();
	}

	getMessages(): AgentMessage[] {
		return [...this.messages];
	}

	/** Extension commands, prompt templates and skills (`skill:<name>`) as CommandInfo (rpc.md §4.3). */
	getCommands(): CommandInfo[] {
		return [...this.extensions.listCommands(), ...listPromptCommands(this.parts.resources.current)];
	}

	/** The prompt templates and skills loaded, with where each was found (the TUI's start-up listing). */
	get promptResources(): PromptResources {
		return this.parts.resources.current;
	}

	/** Replaces the prompt templates and skills (after a resource reload). */
	setResources(resources: PromptResources): void {
		this.parts.resources.set(resources);
	}

	/** Adds the skills and prompt templates at paths extensions returned for `resources_discover`. */
	addResourcePaths(paths: DiscoveredResourcePaths): void {
		this.parts.resources.addPaths(paths);
	}

	// --- internals shared with collaborators ----------------------------------------------------------------------

	/** @internal Replaces the agent's transcript with the current session context. */
	syncAgentWithSession(): void {
		this.agent.replaceMessages(this.sessionManager.buildContext().messages);
		this.agent.sessionId = this.sessionManager.getSessionId();
	}

	/** @internal Forgets queued messages (new/switched session). */
	dropQueues(): void {
		this.parts.queue.clear();
	}

	/** @internal Passes every secret resolved so far to the session file writer (R6). */
	refreshSecrets(): void {
		this.sessionManager.setSecrets(this.modelRegistry.getSecretValues());
	}
}

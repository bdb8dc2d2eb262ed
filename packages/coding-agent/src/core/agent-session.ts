/**
 * AgentSession: the one core every mode drives. It owns the Agent, the session file, the settings it changes,
 * prompting with its preflight, queues, automatic retry and compaction, user shell commands and navigation.
 * Modes subscribe to its events and call its methods; they never touch the agent or the session file directly.
 * Behaviour contract: shared/spec/rpc.md §2, §4–§6.
 */
import type { Agent, AgentEvent, AgentMessage, AgentThinkingLevel } from "@pi/agent-core";
import { type AssistantMessage, type ImageContent, type Model, resolveApiAdapter } from "@pi/ai";
import type { BashResult, ShellSettings } from "../tools/index.js";
import { getContextTokens } from "./compaction/index.js";
import { missingApiKeyMessage } from "./config/api-keys.js";
import type { ModelRegistry } from "./config/model-registry.js";
import type { ScopedModel } from "./config/model-resolver.js";
import type { QueueMode, SettingsManager } from "./config/settings.js";
import { ModelController, type ModelCycleResult } from "./model-control.js";
import { SessionNavigator } from "./navigation.js";
import { expandPromptText, listPromptCommands, type PromptResources } from "./prompt-expansion.js";
import { type QueuedTexts, QueueTracker } from "./queue-tracker.js";
import { RunController } from "./run-controller.js";
import type { SessionManager } from "./session/index.js";
import {
	type AgentSessionEvent,
	type AgentSessionListener,
	type CommandInfo,
	type CompactionResult,
	PLACEHOLDER_MODEL,
	type SessionStateSnapshot,
	type SessionStats,
	sessionTexts,
} from "./session-events.js";
import { computeSessionStats, getLastAssistantText } from "./stats.js";
import { shellSettingsFrom, toBashExecutionMessage, UserBashRunner } from "./user-bash.js";

/** What AgentSession is built from (createAgentSession assembles it). */
export interface AgentSessionConfig {
	agent: Agent;
	sessionManager: SessionManager;
	settingsManager: SettingsManager;
	modelRegistry: ModelRegistry;
	/** Working directory: user commands run here, relative session paths resolve against it. */
	cwd: string;
	/** `--models` / `enabledModels` scope for cycling; empty = all available models. */
	scopedModels?: ScopedModel[];
	/** Prompt templates and skills for expansion and `getCommands()`. */
	resources?: PromptResources;
	/** Shell settings for user commands; default: from settings (`shellPath`, `shellCommandPrefix`, `bash.*`). */
	shellSettings?: () => ShellSettings;
	/** Receives session-file warnings of sessions opened later (switch). */
	onWarning?: (message: string) => void;
}

/** Options of {@link AgentSession.prompt}. */
export interface PromptOptions {
	images?: ImageContent[];
	/** While busy: queue as steering or follow-up instead of failing. Ignored when idle. */
	streamingBehavior?: "steer" | "followUp";
	/** Template and skill expansion; default true. */
	expand?: boolean;
	/**
	 * Called once the prompt passed its preflight and the session is busy, before the run starts (the RPC mode
	 * writes its response here, so the response precedes `agent_start`).
	 */
	onAccepted?: () => void | Promise<void>;
}

function userMessage(text: string, images: ImageContent[] = []): AgentMessage {
	return { role: "user", content: [{ type: "text", text }, ...images], timestamp: Date.now() };
}

/** Roles that are written to the session file at their message_end. */
const PERSISTED_ROLES = new Set(["user", "assistant", "toolResult", "custom", "bashExecution"]);

export type { ModelCycleResult, QueuedTexts };

export class AgentSession {
	readonly agent: Agent;
	readonly settingsManager: SettingsManager;
	readonly modelRegistry: ModelRegistry;
	readonly cwd: string;
	/** The current session; replaced by switchSession. */
	sessionManager: SessionManager;
	private scope: ScopedModel[];
	private resources: PromptResources;
	private readonly listeners: AgentSessionListener[] = [];
	private readonly queue: QueueTracker;
	private readonly bash: UserBashRunner;
	private pendingBash: AgentMessage[] = [];
	private readonly runs: RunController;
	private readonly navigator: SessionNavigator;
	private readonly models: ModelController;

	constructor(config: AgentSessionConfig) {
		this.agent = config.agent;
		this.sessionManager = config.sessionManager;
		this.settingsManager = config.settingsManager;
		this.modelRegistry = config.modelRegistry;
		this.cwd = config.cwd;
		this.scope = config.scopedModels ?? [];
		this.resources = config.resources ?? { templates: [], skills: [] };
		const shell = config.shellSettings ?? (() => shellSettingsFrom(this.settingsManager, this.modelRegistry));
		this.bash = new UserBashRunner(this.cwd, shell);
		this.runs = new RunController(this, (event) => this.emit(event));
		this.queue = new QueueTracker(this.agent, (event) => this.emit(event));
		this.navigator = new SessionNavigator(this, config.onWarning);
		this.models = new ModelController(this);
		this.agent.sessionId = this.sessionManager.getSessionId();
		this.refreshSecrets();
		this.agent.subscribe((event) => this.handleAgentEvent(event));
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
		return this.runs.isBusy;
	}

	/** A compaction (manual or automatic) or a branch summary is running. */
	get isCompacting(): boolean {
		return this.runs.isCompacting || this.navigator.isSummarizing;
	}

	get isBashRunning(): boolean {
		return this.bash.isRunning;
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

	get autoCompactionEnabled(): boolean {
		return this.settingsManager.getCompactionSettings().enabled;
	}

	get autoRetryEnabled(): boolean {
		return this.settingsManager.getRetrySettings().enabled;
	}

	/** The state snapshot of rpc.md §5 (placeholder model when none is selected). */
	getState(): SessionStateSnapshot {
		const state: SessionStateSnapshot = {
			model: this.model ?? PLACEHOLDER_MODEL,
			thinkingLevel: this.thinkingLevel,
			isStreaming: this.isStreaming,
			isCompacting: this.isCompacting,
			steeringMode: this.agent.getSteeringMode(),
			followUpMode: this.agent.getFollowUpMode(),
			sessionId: this.sessionId,
			autoCompactionEnabled: this.autoCompactionEnabled,
			messageCount: this.messages.length,
			pendingMessageCount: this.queue.size,
		};
		const file = this.sessionFile;
		if (file !== undefined) state.sessionFile = file;
		const name = this.sessionManager.getSessionName();
		if (name !== undefined) state.sessionName = name;
		return state;
	}

	// --- events ---------------------------------------------------------------------------------------------------

	/** Adds a listener for agent and session events; returns its removal. Listeners are awaited in order. */
	subscribe(listener: AgentSessionListener): () => void {
		this.listeners.push(listener);
		return () => {
			const index = this.listeners.indexOf(listener);
			if (index !== -1) this.listeners.splice(index, 1);
		};
	}

	/** @internal Delivers an event to every listener in order; a failing listener does not stop the others. */
	async emit(event: AgentSessionEvent): Promise<void> {
		for (const listener of [...this.listeners]) {
			try {
				await listener(event);
			} catch {
				// A mode's rendering failure must not break the run or the session file.
			}
		}
	}

	private async handleAgentEvent(event: AgentEvent): Promise<void> {
		if (event.type === "message_start") {
			await this.queue.onMessageStart(event.message);
		} else if (event.type === "message_end") {
			// Persist before any listener sees the event: the write is the ordering barrier (R1, R2).
			if (PERSISTED_ROLES.has(event.message.role)) this.sessionManager.appendMessage(event.message);
		} else if (event.type === "agent_end") {
			this.sessionManager.sync();
			// Decide retry / recovery before agent_end is delivered, so the session stays busy (rpc.md §6).
			const followUps = this.runs.decideAfterRun(event.messages);
			await this.emit(event);
			await followUps();
			return;
		}
		await this.emit(event);
		if (event.type === "message_end" && event.message.role === "assistant") {
			await this.runs.onAssistantMessage(event.message as AssistantMessage);
		}
	}

	// --- prompting ------------------------------------------------------------------------------------------------

	/**
	 * Sends a prompt (rpc.md §4.1): waits for a running compaction, expands templates and skills, queues it when
	 * busy with `streamingBehavior` (else throws the busy error), checks model and key, then runs. Resolves when
	 * the run (with its retries, recovery and automatic compaction) has ended.
	 */
	async prompt(text: string, options: PromptOptions = {}): Promise<void> {
		await this.runs.waitForCompaction();
		const expanded = options.expand === false ? text : expandPromptText(text, this.resources);
		if (this.queueIfBusy(text, expanded, options)) return;
		await this.validateModelAndKey();
		// The key check may have waited: another prompt may have started meanwhile.
		if (this.queueIfBusy(text, expanded, options)) return;
		this.refreshSecrets();
		const message = userMessage(expanded, options.images);
		await this.runs.run(() => this.agent.prompt(message), options.onAccepted);
	}

	/** Queues a steering message while busy (delivered after the current turn); idle: same as `prompt`. */
	async steer(text: string, images?: ImageContent[]): Promise<void> {
		await this.prompt(text, { images, streamingBehavior: "steer" });
	}

	/** Queues a follow-up while busy (delivered when the agent would stop); idle: same as `prompt`. */
	async followUp(text: string, images?: ImageContent[]): Promise<void> {
		await this.prompt(text, { images, streamingBehavior: "followUp" });
	}

	private queueIfBusy(typed: string, expanded: string, options: PromptOptions): boolean {
		if (!this.isStreaming) return false;
		if (!options.streamingBehavior) throw new Error(sessionTexts.busyNeedsBehavior);
		const kind = options.streamingBehavior === "steer" ? "steering" : "followUp";
		void this.queue.enqueue(kind, userMessage(expanded, options.images), typed);
		return true;
	}

	private async validateModelAndKey(): Promise<void> {
		const model = this.model;
		if (!model) throw new Error(sessionTexts.noModel);
		if (this.modelRegistry.isAvailable(model)) return;
		const adapter = await resolveApiAdapter(model.api);
		if (adapter?.needsApiKey === false) return;
		throw new Error(missingApiKeyMessage(model.provider));
	}

	/** Queued message texts (as typed), oldest first. */
	getQueuedMessages(): QueuedTexts {
		return this.queue.texts();
	}

	/** Removes every queued message and returns their texts, so an editor can restore them. */
	clearQueue(): QueuedTexts {
		return this.queue.clear();
	}

	/**
	 * Aborts the run, a retry wait and a running compaction, and resolves once the session is idle. Queued
	 * messages stay queued.
	 */
	async abort(): Promise<void> {
		this.runs.abort();
		this.navigator.abortSummary();
		this.agent.abort();
		await this.waitForIdle();
	}

	/** Resolves when no run, retry, recovery or compaction is under way. */
	async waitForIdle(): Promise<void> {
		await this.runs.waitForIdle();
	}

	/** Starts a new session (its file is created at the first prompt). Aborts and waits first. */
	async newSession(options: { parentSession?: string } = {}): Promise<{ cancelled: boolean }> {
		return this.navigator.newSession(options);
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
		return this.models.setModel(model);
	}

	/** Next (or previous) model of the scope, else of the available models; `null` with at most one candidate. */
	cycleModel(direction: "forward" | "backward" = "forward"): Promise<ModelCycleResult | null> {
		return this.models.cycleModel(direction);
	}

	/**
	 * Sets the thinking level, clamped to the model (not an error). Unknown names throw `Invalid thinking level:
	 * ...`. Recorded in the session and saved as `defaultThinkingLevel`.
	 */
	setThinkingLevel(level: string): Promise<void> {
		return this.models.setThinkingLevel(level);
	}

	/** The next supported level, wrapping; `null` when the model has no reasoning. */
	cycleThinkingLevel(): Promise<AgentThinkingLevel | null> {
		return this.models.cycleThinkingLevel();
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
		if (this.isStreaming) return this.abort().then(() => this.runs.compactManually(customInstructions));
		return this.runs.compactManually(customInstructions);
	}

	/** Cancels a running compaction or branch summary. */
	abortCompaction(): void {
		this.runs.abortCompaction();
		this.navigator.abortSummary();
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
		this.runs.abortRetry();
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
		const result = await this.bash.run(command, onChunk);
		const message = toBashExecutionMessage(command, result, options.excludeFromContext === true);
		if (this.isStreaming) this.pendingBash.push(message);
		else this.recordMessage(message);
		return result;
	}

	/** Kills the running user command, if any. */
	abortBash(): void {
		this.bash.abort();
	}

	/** @internal Appends bash results that finished during a run (called when the run ends). */
	flushPendingBash(): void {
		const pending = this.pendingBash;
		this.pendingBash = [];
		for (const message of pending) this.recordMessage(message);
	}

	private recordMessage(message: AgentMessage): void {
		this.agent.appendMessage(message);
		this.sessionManager.appendMessage(message);
	}

	// --- navigation -----------------------------------------------------------------------------------------------

	/** Opens another session file (aborts and waits first). Error: `Session file not found: <path>`. */
	switchSession(path: string): Promise<{ cancelled: boolean }> {
		return this.navigator.switchSession(path);
	}

	/** Forks at a user message (session-format.md §10.1); `text` is that message, for the editor. */
	fork(entryId: string): Promise<{ text: string; cancelled: boolean }> {
		return this.navigator.fork(entryId);
	}

	/** A branched copy of the current path (session-format.md §10.2). */
	clone(): Promise<{ cancelled: boolean }> {
		return this.navigator.clone();
	}

	/**
	 * Moves to another point of the tree. With `summarize`, the branch left behind is summarised by the model into a
	 * `branch_summary` entry. Picking a user message moves to its parent and returns its text as `editorText`.
	 */
	navigateTree(
		entryId: string,
		options: { summarize?: boolean; customInstructions?: string } = {},
	): Promise<{ editorText?: string; cancelled: boolean }> {
		return this.navigator.navigateTree(entryId, options);
	}

	/** Every user message of the file (all branches), for choosing a fork point. */
	getForkMessages(): { entryId: string; text: string }[] {
		return this.sessionManager.getForkMessages();
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
		return this.navigator.exportToHtml(outputPath);
	}

	// --- views ----------------------------------------------------------------------------------------------------

	getSessionStats(): SessionStats {
		return computeSessionStats({
			messages: this.messages,
			sessionFile: this.sessionFile,
			sessionId: this.sessionId,
			model: this.model,
			contextTokens: this.getContextTokens(),
		});
	}

	getLastAssistantText(): string | null {
		return getLastAssistantText(this.messages);
	}

	getMessages(): AgentMessage[] {
		return [...this.messages];
	}

	/** Prompt templates and skills (`skill:<name>`) as CommandInfo. */
	getCommands(): CommandInfo[] {
		return listPromptCommands(this.resources);
	}

	/** Replaces the prompt templates and skills (after a resource reload). */
	setResources(resources: PromptResources): void {
		this.resources = resources;
	}

	// --- internals shared with collaborators ----------------------------------------------------------------------

	/** @internal Replaces the agent's transcript with the current session context. */
	syncAgentWithSession(): void {
		this.agent.replaceMessages(this.sessionManager.buildContext().messages);
		this.agent.sessionId = this.sessionManager.getSessionId();
	}

	/** @internal Forgets queued messages (new/switched session). */
	dropQueues(): void {
		this.queue.clear();
	}

	/** @internal Passes every secret resolved so far to the session file writer (R6). */
	refreshSecrets(): void {
		this.sessionManager.setSecrets(this.modelRegistry.getSecretValues());
	}
}

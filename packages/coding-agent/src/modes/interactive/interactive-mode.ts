/**
 * The interactive mode's orchestrator: lays out the transcript (header first), pending messages, the status row,
 * extension widgets around the editor, and the footer; draws the first frame before the session exists and fills
 * in the session's parts when it is attached (starting its extensions with the TUI's UiContext); feeds session
 * events to the transcript; owns the theme and the way out (quit shuts the session down). Its collaborators:
 * screen-layout.ts arranges and restyles the parts, session-events.ts routes session events to them,
 * attach-notices.ts shows what the session loaded, quit.ts ends the session; key handling lives in
 * input/key-actions.ts, the commands' view of the mode in mode-context.ts, the extensions' UI in extension-ui.ts.
 */
import type { ImageContent } from "@pi/ai";
import { type AutocompleteProvider, type Component, Container, type KeybindingsManager, TUI } from "@pi/tui";
import type { AgentSession } from "../../core/agent-session.js";
import type { SettingsManager } from "../../core/config/settings.js";
import { listLoadedResources, reportShortcutConflicts, slashCommandInfo } from "./attach-notices.js";
import { CombinedAutocompleteProvider, FileMentionProvider, SlashCommandProvider } from "./autocomplete/index.js";
import type { ModeContext } from "./commands/index.js";
import { readGitBranch } from "./components/git-branch.js";
import type { PromptEditor } from "./components/prompt-editor.js";
import { Dialogs } from "./dialogs.js";
import { extensionRenderers, TranscriptView } from "./event-rendering.js";
import { collectFooterData } from "./footer-data.js";
import { handleHotkey } from "./hotkeys.js";
import { editInExternalEditor } from "./input/external-editor.js";
import { KeyActions } from "./input/key-actions.js";
import { noModelText, sendToSession, submitErrorText } from "./input/submit.js";
import { createModeContext } from "./mode-context.js";
import type { InteractiveModeOptions } from "./mode-options.js";
import { NO_MODEL_NOTICE, NOTICE_TEXT, type NoticeKind, type NoticeOptions } from "./notices.js";
import { endSession } from "./quit.js";
import type { RunStatus } from "./run-status.js";
import { buildScreen, restyleChrome, type ScreenParts } from "./screen-layout.js";
import { routeSessionEvent } from "./session-events.js";
import { createTheme, type Theme } from "./theme/index.js";

export { DOUBLE_PRESS_MS } from "./input/key-actions.js";
export type { InteractiveModeOptions } from "./mode-options.js";
export { QUIT_LIMIT_MS } from "./quit.js";

export class InteractiveMode {
	readonly tui: TUI;
	readonly keybindings: KeybindingsManager;
	readonly dialogs: Dialogs;
	readonly transcript: TranscriptView;
	readonly ready: Promise<AgentSession>;
	private theme: Theme;
	private themeName: string;
	private attached: AgentSession | undefined;
	private resolveReady!: (session: AgentSession) => void;
	private readonly settings: SettingsManager;
	private readonly transcriptContainer = new Container();
	/** The screen's parts (screen-layout.ts). */
	private readonly parts: ScreenParts;
	/** The run status row (the working spinner), kept by name: extension-UI tests drive it. */
	private readonly status: RunStatus;
	private readonly slashCommands: SlashCommandProvider;
	private readonly autocomplete: CombinedAutocompleteProvider;
	private readonly actions: KeyActions;
	private readonly context: ModeContext;
	private currentGitBranch: string | undefined;
	private toolsExpanded = false;
	private autocompleteChain: AutocompleteProvider;
	private finished: ((code: number) => void) | undefined;
	private readonly done: Promise<number>;
	private unsubscribe: (() => void) | undefined;
	private stopped = false;
	private quitting: Promise<void> | undefined;

	constructor(private readonly options: InteractiveModeOptions) {
		this.settings = options.settings;
		this.keybindings = options.keybindings;
		this.themeName = options.themeName;
		this.theme = this.makeTheme(options.themeName);
		this.tui = new TUI(options.terminal, { showHardwareCursor: options.showHardwareCursor ?? false });
		this.transcript = new TranscriptView(this.transcriptContainer, {
			theme: this.theme,
			cwd: options.cwd,
			hideThinking: this.settings.getHideThinkingBlock(),
			toolsExpanded: false,
			codeBlockIndent: this.settings.getMarkdownCodeBlockIndent(),
		});
		this.slashCommands = new SlashCommandProvider(slashCommandInfo(undefined, this.settings));
		this.autocomplete = new CombinedAutocompleteProvider([
			this.slashCommands,
			new FileMentionProvider({ cwd: options.cwd }),
		]);
		this.autocompleteChain = this.autocomplete;
		this.dialogs = new Dialogs({ tui: this.tui, theme: () => this.theme });
		this.parts = buildScreen(this, {
			tui: this.tui,
			transcript: this.transcriptContainer,
			theme: () => this.theme,
			settings: this.settings,
			keybindings: this.keybindings,
			version: options.version,
			cwd: options.cwd,
			home: options.home,
			autocomplete: this.autocomplete,
			onSubmit: (submitted) => void this.actions.submit(submitted, "steer"),
			onKey: (data) => handleHotkey(this.actions, data),
		});
		this.status = this.parts.status;
		this.context = createModeContext(this, {
			cwd: options.cwd,
			agentDir: options.agentDir,
			version: options.version,
			authStorage: options.authStorage,
			keybindings: this.keybindings,
			terminal: options.terminal,
			clipboardCommand: options.clipboardCommand,
			browser: options.browser,
		});
		this.actions = new KeyActions(this);
		this.ready = new Promise((resolve) => {
			this.resolveReady = resolve;
		});
		this.done = new Promise((resolve) => {
			this.finished = resolve;
		});
	}

	/** The commands' view of the mode (tests drive commands through it). */
	get modeContext(): ModeContext {
		return this.context;
	}

	/** The session; throws before {@link attachSession} (commands only run once it is ready). */
	get session(): AgentSession {
		if (!this.attached) throw new Error("The session is not ready yet.");
		return this.attached;
	}

	/** The session once attached, else undefined. */
	get readySession(): AgentSession | undefined {
		return this.attached;
	}

	/**
	 * The editor with the text (one for the whole run: a theme or settings change restyles it in place). While an
	 * extension's editor replaces pi's (ctx.ui.setEditorComponent) it is that one: the key actions use only the
	 * Editor methods both have.
	 */
	get editor(): PromptEditor {
		return this.parts.extensionUi.activeEditor as PromptEditor;
	}

	/** False once the mode stopped (quit, signal): nothing is drawn any more. */
	get isRunning(): boolean {
		return !this.stopped;
	}

	get currentTheme(): Theme {
		return this.theme;
	}

	get currentThemeName(): string {
		return this.themeName;
	}

	/**
	 * Draws the first frame and starts listening. Without a session yet the status row says so; typed input waits
	 * for {@link attachSession}.
	 */
	start(): void {
		this.currentGitBranch = readGitBranch(this.options.cwd);
		this.parts.footer.update({ gitBranch: this.currentGitBranch });
		this.tui.setFocus(this.parts.promptEditor);
		if (this.options.session) this.attachSession(this.options.session);
		else this.status.showSpinner(NOTICE_TEXT.starting);
		this.tui.start();
	}

	/**
	 * Connects the session: its history, commands, model and figures appear; its extensions get the TUI's UI and
	 * hear `session_start`; waiting input proceeds. Ignored once the mode stopped (the caller shuts it down).
	 */
	attachSession(session: AgentSession): void {
		if (this.attached || this.stopped) return;
		this.attached = session;
		this.transcript.setRenderers(extensionRenderers(session.extensions));
		this.transcript.requestRender = () => this.tui.requestRender();
		listLoadedResources(this.transcript, session, this.settings, this.options);
		if (session.messages.length > 0) this.transcript.rebuild(session.messages);
		this.slashCommands.setCommands(slashCommandInfo(session, this.settings));
		this.unsubscribe = session.subscribe((event) =>
			routeSessionEvent(event, this.session, {
				transcript: this.transcript,
				status: this.status,
				pending: this.parts.pending,
				refreshFooter: () => this.refreshFooter(),
				requestRender: () => this.tui.requestRender(),
			}),
		);
		this.status.clear();
		this.refreshFooter();
		// The first run (no key anywhere): the first screen says how to get going.
		if (!session.model) this.transcript.addNotice("warning", noModelText(session), NO_MODEL_NOTICE);
		session.extensions.setUi(this.parts.extensionUi.context, true);
		reportShortcutConflicts(this.transcript, this.keybindings, session);
		// ctx.shutdown(): quit once the agent is idle (queued messages run first), as /quit would.
		session.extensions.setShutdownHandler(() => void session.waitForIdle().then(() => this.shutdown(0)));
		// Handler failures arrive as extension_error events (shown as notices); start() itself does not reject.
		void session.extensions.start();
		this.resolveReady(session);
	}

	/** Resolves with the exit code when the user quits. */
	waitForExit(): Promise<number> {
		return this.done;
	}

	/** Shows `text` for `ms` milliseconds over the row above the editor; it never enters the transcript. */
	showHint(text: string, ms: number): void {
		this.parts.hint.show(text, ms);
	}

	/** Shows a notice in the transcript (`options`: a keyed notice replaces itself, see NoticeOptions). */
	notify(kind: NoticeKind, text: string, options?: NoticeOptions): void {
		this.transcript.addNotice(kind, text, options);
		this.tui.requestRender();
	}

	/** Sends a prompt as if typed (initial messages from the command line); resolves when its run ended. */
	async submitPrompt(text: string, images?: ImageContent[]): Promise<void> {
		const session = await this.ready;
		try {
			await sendToSession(session, text, images, "steer");
		} catch (error) {
			this.notify("error", submitErrorText(session, text, error));
		}
		this.refreshFooter();
	}

	/** Types `text` into the editor and presses Enter, as the user would (tests). */
	submitEditorText(text: string): Promise<void> {
		return this.actions.submit(text, "steer");
	}

	/**
	 * Quits: stops the UI (the terminal is restored at once), then shuts the session down (aborting work under way,
	 * extensions' `session_shutdown`, fsync) and resolves waitForExit with `code`. Safe to call twice.
	 */
	shutdown(code = 0): Promise<void> {
		this.quitting ??= this.stopAndEndSession().then(() => this.finished?.(code));
		return this.quitting;
	}

	/** Stops drawing and restores the terminal right away (quit, signals, a crash); the session is left alone. */
	stopTerminal(): void {
		if (this.stopped) return;
		this.stopped = true;
		this.dialogs.cancel();
		this.parts.extensionUi.components.closeAll();
		this.parts.hint.clear();
		this.status.clear();
		this.unsubscribe?.();
		this.tui.stop();
	}

	private async stopAndEndSession(): Promise<void> {
		this.stopTerminal();
		if (this.attached) await endSession(this.attached);
	}

	// --- the parts the commands and key actions use ---------------------------------------------------------------

	addToTranscript(component: Component): void {
		this.transcript.addFinal(component);
		this.tui.requestRender();
	}

	setEditorText(text: string): void {
		this.editor.setText(text);
		this.tui.requestRender();
	}

	getEditorText(): string {
		return this.editor.getText();
	}

	requestRender(): void {
		this.tui.requestRender();
	}

	setTitle(title: string): void {
		this.options.terminal.setTitle(title);
	}

	get hasExternalEditor(): boolean {
		return Boolean(this.options.externalEditor);
	}

	/** Edits `text` in $VISUAL/$EDITOR with the terminal handed over; undefined without one or when it failed. */
	editExternally(text: string): string | undefined {
		const command = this.options.externalEditor;
		if (!command || this.stopped) return undefined;
		this.tui.stop();
		const edited = editInExternalEditor(command, text);
		this.tui.start();
		this.tui.requestRender();
		return edited;
	}

	/** Shows the session's messages after a switch, a tree move or a fork (below a divider). */
	showSessionHistory(): void {
		this.transcript.rebuild(this.session.messages, NOTICE_TEXT.divider(this.session.sessionId));
		this.clearPending();
		this.tui.requestRender();
	}

	clearPending(): void {
		this.parts.pending.setMessages([], []);
		this.tui.requestRender();
	}

	refreshFooter(): void {
		const session = this.attached;
		if (!session) return;
		this.parts.footer.setData(
			collectFooterData(session, { cwd: this.options.cwd, home: this.options.home, gitBranch: this.currentGitBranch }),
		);
		this.parts.promptEditor.setThinkingLevel(session.thinkingLevel);
		this.tui.requestRender();
	}

	/** Ctrl+O: the boxes not yet committed to scrollback change their look; the live tail is printed again. */
	setToolsExpanded(expanded: boolean): void {
		this.toolsExpanded = expanded;
		this.transcript.setToolsExpanded(expanded);
		this.tui.requestTailRedraw();
	}

	/** Ctrl+T and /settings: like {@link setToolsExpanded}, for thinking blocks. */
	setHideThinking(hidden: boolean): void {
		this.transcript.setHideThinking(hidden);
		this.tui.requestTailRedraw();
	}

	themeNames(): string[] {
		return [...this.options.themes.keys()];
	}

	// --- what the extension UI uses (extension-ui.ts) -------------------------------------------------------------

	get extensionPaths(): readonly string[] {
		return this.attached?.extensions.extensionPaths ?? [];
	}

	get gitBranch(): string | undefined {
		return this.currentGitBranch;
	}

	get autocompleteProvider(): AutocompleteProvider {
		return this.autocompleteChain;
	}

	set autocompleteProvider(provider: AutocompleteProvider) {
		this.autocompleteChain = provider;
	}

	/** A theme by name, not applied (ctx.ui.getTheme). */
	themeByName(name: string): Theme | undefined {
		return this.options.themes.has(name) ? this.makeTheme(name) : undefined;
	}

	getToolsExpanded(): boolean {
		return this.toolsExpanded;
	}

	changeWorkingRow(change: Parameters<RunStatus["changeWorkingRow"]>[0]): void {
		this.status.changeWorkingRow(change);
	}

	reportProblem(text: string): void {
		if (this.stopped) return;
		this.transcript.addNotice("warning", text);
		this.tui.requestRender();
	}

	runAppKey(data: string): boolean {
		return handleHotkey(this.actions, data);
	}

	/** Switches the theme (saving it unless it is a preview); false when the name is unknown. */
	applyTheme(name: string, save: boolean): boolean {
		if (!this.options.themes.has(name)) return false;
		this.theme = this.makeTheme(name);
		this.themeName = name;
		if (save) this.settings.setTheme(name);
		this.transcript.setTheme(this.theme);
		this.restyleChrome();
		return true;
	}

	/** Applies display settings changed in /settings. */
	applySettings(): void {
		this.setHideThinking(this.settings.getHideThinkingBlock());
		this.restyleChrome();
	}

	/** /reload: settings, models, keybindings, extensions and resources are read again. */
	async reload(): Promise<void> {
		this.settings.reload();
		this.session.modelRegistry.refresh();
		await this.options.onReload?.();
		// What the extensions put on screen goes; the reloaded ones set it again at session_start.
		this.parts.extensionUi.reset();
		// Extensions (session_shutdown/session_start "reload"), prompt templates, skills, context files and the
		// system prompt are read again by the session.
		await this.session.reload();
		listLoadedResources(this.transcript, this.session, this.settings, this.options);
		reportShortcutConflicts(this.transcript, this.keybindings, this.session);
		this.slashCommands.setCommands(slashCommandInfo(this.attached, this.settings));
		this.applySettings();
		this.refreshFooter();
	}

	// --- internals ----------------------------------------------------------------------------------------------

	private makeTheme(name: string): Theme {
		const spec = this.options.themes.get(name)!;
		return this.options.colorLevel === undefined
			? createTheme(spec)
			: createTheme(spec, { colorLevel: this.options.colorLevel });
	}

	private restyleChrome(): void {
		restyleChrome(this.parts, this.theme, this.settings);
	}
}

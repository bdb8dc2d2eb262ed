/**
 * The interactive mode's orchestrator: lays out the transcript (header first), pending messages, the status row,
 * extension widgets around the editor, and the footer; draws the first frame before the session exists and fills
 * in the session's parts when it is attached (starting its extensions with the TUI's UiContext); feeds session
 * events to the transcript; owns the theme and the way out (quit shuts the session down). Key handling lives in
 * input/key-actions.ts, the commands' view of the mode in mode-context.ts, the extensions' UI in extension-ui.ts.
 */
import type { ImageContent } from "@pi/ai";
import {
	type AutocompleteProvider,
	type Component,
	Container,
	type KeybindingsManager,
	markFinal,
	type Terminal,
	TUI,
} from "@pi/tui";
import { SIGNAL_SETTLE_MS } from "../../cli/signals.js";
import type { AgentSession } from "../../core/agent-session.js";
import type { AuthStorage } from "../../core/config/auth-storage.js";
import type { SettingsManager } from "../../core/config/settings.js";
import { extensionTexts } from "../../core/extensions/texts.js";
import type { AgentSessionEvent } from "../../core/session-events.js";
import {
	CombinedAutocompleteProvider,
	completionCommands,
	FileMentionProvider,
	SlashCommandProvider,
	type SlashCommandProviderOptions,
} from "./autocomplete/index.js";
import { BUILTIN_COMMANDS, type ModeContext } from "./commands/index.js";
import { FooterComponent } from "./components/footer.js";
import { readGitBranch } from "./components/git-branch.js";
import { HeaderComponent } from "./components/header.js";
import { HintLine } from "./components/hint-line.js";
import { PendingMessagesComponent } from "./components/pending-messages.js";
import { PromptEditor } from "./components/prompt-editor.js";
import { Dialogs } from "./dialogs.js";
import { extensionRenderers, TranscriptView } from "./event-rendering.js";
import { TuiExtensionUi } from "./extension-ui.js";
import { collectFooterData, placeholderFooterData } from "./footer-data.js";
import { handleHotkey, shortcutConflicts } from "./hotkeys.js";
import { editInExternalEditor } from "./input/external-editor.js";
import { KeyActions } from "./input/key-actions.js";
import { noModelText, sendToSession, submitErrorText } from "./input/submit.js";
import { formatKeys, headerKeyHints } from "./keybindings.js";
import { showLoadedResources, type ThemeSource } from "./loaded-resources.js";
import { createModeContext } from "./mode-context.js";
import { NO_MODEL_NOTICE, NOTICE_TEXT, type NoticeKind, type NoticeOptions } from "./notices.js";
import { RunStatus } from "./run-status.js";
import { createTheme, type Theme, type ThemeSpec } from "./theme/index.js";

export { DOUBLE_PRESS_MS } from "./input/key-actions.js";

/**
 * The longest a quit waits for the session's shutdown (aborted work settling, extensions' `session_shutdown`)
 * before the session file is flushed and pi ends anyway: a hanging extension must not keep pi from exiting.
 */
export const QUIT_LIMIT_MS = SIGNAL_SETTLE_MS + 2000;

/** Everything the mode is built from (index.ts assembles it). */
export interface InteractiveModeOptions {
	/** The session, when it exists already; otherwise {@link InteractiveMode.attachSession} supplies it later. */
	session?: AgentSession;
	/** The settings the session will use (read for the first frame, before the session exists). */
	settings: SettingsManager;
	terminal: Terminal;
	keybindings: KeybindingsManager;
	themes: ReadonlyMap<string, ThemeSpec>;
	themeName: string;
	version: string;
	cwd: string;
	/** Shown as `~` in paths. */
	home: string;
	agentDir: string;
	authStorage?: AuthStorage;
	/** PI_CLIPBOARD_COMMAND: a shell command receiving copied text on stdin (tests stub the clipboard). */
	clipboardCommand?: string;
	/** `PI_HARDWARE_CURSOR=1` or settings `showHardwareCursor`. */
	showHardwareCursor?: boolean;
	/** Called by /reload after settings and models are re-read (resources, keybindings). */
	onReload?: () => void | Promise<void>;
	/** VISUAL or EDITOR, for Ctrl+G. */
	externalEditor?: string;
	/** Colour depth of created themes (tests pin it; default: what the terminal supports). */
	colorLevel?: 0 | 1 | 2 | 3;
	/** The themes read from files, for the start-up listing of loaded resources. */
	listedThemes?: readonly ThemeSource[];
	/** `--verbose`: the start-up listing is shown (expanded) even with settings `quietStartup`. */
	verbose?: boolean;
}

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
	private readonly statusSlot = new Container();
	private readonly extensionUi: TuiExtensionUi;
	private readonly pending: PendingMessagesComponent;
	private readonly footer: FooterComponent;
	private readonly promptEditor: PromptEditor;
	private readonly status: RunStatus;
	private readonly hint = new HintLine(
		() => this.theme,
		() => this.tui.requestRender(),
	);
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
		const header = this.createHeader();
		this.transcriptContainer.addChild(markFinal(header));
		this.pending = new PendingMessagesComponent(this.theme, {
			hint: NOTICE_TEXT.pendingHint(formatKeys(this.keybindings.getKeys("dequeue"))),
		});
		this.footer = new FooterComponent(this.theme, placeholderFooterData(options.cwd, options.home, undefined));
		this.status = new RunStatus(this.statusSlot, this.tui, () => this.theme);
		this.slashCommands = new SlashCommandProvider(this.commandInfo());
		this.autocomplete = new CombinedAutocompleteProvider([
			this.slashCommands,
			new FileMentionProvider({ cwd: options.cwd }),
		]);
		this.autocompleteChain = this.autocomplete;
		this.promptEditor = this.createEditor();
		this.dialogs = new Dialogs({ tui: this.tui, theme: () => this.theme });
		this.context = createModeContext(this, {
			cwd: options.cwd,
			agentDir: options.agentDir,
			version: options.version,
			authStorage: options.authStorage,
			keybindings: this.keybindings,
			terminal: options.terminal,
			clipboardCommand: options.clipboardCommand,
		});
		this.actions = new KeyActions(this);
		// Extensions may replace the header, editor and footer: the layout holds their slots.
		this.extensionUi = new TuiExtensionUi(this, this.theme, {
			transcript: this.transcriptContainer,
			header,
			footer: this.footer,
			editor: this.promptEditor,
		});
		for (const part of [
			this.transcriptContainer,
			this.pending,
			this.statusSlot,
			this.extensionUi.statusLine,
			this.extensionUi.widgetsAbove,
			this.extensionUi.editorSlot,
			this.extensionUi.widgetsBelow,
			this.extensionUi.footerSlot,
		]) {
			this.tui.addChild(part);
		}
		// The completion popup is drawn over the rows next to the editor (below it, or above when there is no room):
		// opening and closing it moves nothing, so the screen comes back exactly as it was.
		this.tui.showOverlay(
			{ render: (width) => this.promptEditor.renderPopup(width) },
			{ anchor: { component: this.extensionUi.editorSlot, position: "below" }, focus: false },
		);
		// Passing hints go over the row above the editor in the same way.
		this.tui.showOverlay(this.hint, {
			anchor: { component: this.extensionUi.editorSlot, position: "above" },
			focus: false,
		});
		// An extension component with the keyboard gets every key; a CustomEditor runs the app keys itself.
		this.tui.addInputListener((data) =>
			this.extensionUi.components.focusOwnsKeys() ? false : handleHotkey(this.actions, data),
		);
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
		return this.extensionUi.activeEditor as PromptEditor;
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
		this.footer.update({ gitBranch: this.currentGitBranch });
		this.tui.setFocus(this.promptEditor);
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
		this.listLoadedResources(session);
		if (session.messages.length > 0) this.transcript.rebuild(session.messages);
		this.slashCommands.setCommands(this.commandInfo());
		this.unsubscribe = session.subscribe((event) => this.onSessionEvent(event));
		this.status.clear();
		this.refreshFooter();
		// The first run (no key anywhere): the first screen says how to get going.
		if (!session.model) this.transcript.addNotice("warning", noModelText(session), NO_MODEL_NOTICE);
		session.extensions.setUi(this.extensionUi.context, true);
		this.reportShortcutConflicts(session);
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
		this.hint.show(text, ms);
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
		this.quitting ??= this.endSession().then(() => this.finished?.(code));
		return this.quitting;
	}

	/** Stops drawing and restores the terminal right away (quit, signals, a crash); the session is left alone. */
	stopTerminal(): void {
		if (this.stopped) return;
		this.stopped = true;
		this.dialogs.cancel();
		this.extensionUi.components.closeAll();
		this.hint.clear();
		this.status.clear();
		this.unsubscribe?.();
		this.tui.stop();
	}

	private async endSession(): Promise<void> {
		this.stopTerminal();
		const session = this.attached;
		if (!session) return;
		let timer: NodeJS.Timeout | undefined;
		const limit = new Promise<void>((resolve) => {
			timer = setTimeout(resolve, QUIT_LIMIT_MS);
		});
		// The terminal is restored already: a failure has nowhere to be shown, and the file is flushed below anyway.
		const ended = session.shutdown({ abort: true, timeoutMs: SIGNAL_SETTLE_MS }).catch(() => {});
		await Promise.race([ended, limit]);
		clearTimeout(timer);
		try {
			session.flush();
		} catch {
			// Nothing left to report to: the terminal belongs to the shell again.
		}
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
		this.pending.setMessages([], []);
		this.tui.requestRender();
	}

	refreshFooter(): void {
		const session = this.attached;
		if (!session) return;
		this.footer.setData(
			collectFooterData(session, { cwd: this.options.cwd, home: this.options.home, gitBranch: this.currentGitBranch }),
		);
		this.promptEditor.setThinkingLevel(session.thinkingLevel);
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
		this.extensionUi.reset();
		// Extensions (session_shutdown/session_start "reload"), prompt templates, skills, context files and the
		// system prompt are read again by the session.
		await this.session.reload();
		this.listLoadedResources(this.session);
		this.reportShortcutConflicts(this.session);
		this.slashCommands.setCommands(this.commandInfo());
		this.applySettings();
		this.refreshFooter();
	}

	// --- internals ----------------------------------------------------------------------------------------------

	private onSessionEvent(event: AgentSessionEvent): void {
		const session = this.session;
		this.transcript.handleEvent(event);
		this.status.handleEvent(event, session);
		switch (event.type) {
			case "extension_error":
				this.transcript.addNotice("error", extensionTexts.errorLine(event.extensionPath, event.error));
				break;
			case "queue_update":
				this.pending.setMessages(event.steering, event.followUp);
				break;
			case "agent_end":
				void session.waitForIdle().then(() => this.refreshFooter());
				break;
			case "message_end":
			case "thinking_level_changed":
			case "session_info_changed":
			case "compaction_end":
				this.refreshFooter();
				break;
			default:
				break;
		}
		this.tui.requestRender();
	}

	/** The listing of loaded resources (start-up, /reload), unless settings `quietStartup` (`--verbose` shows it). */
	private listLoadedResources(session: AgentSession): void {
		if (!this.options.verbose && this.settings.getQuietStartup()) return;
		showLoadedResources(this.transcript, session, { ...this.options, themes: this.options.listedThemes ?? [] });
	}

	/** Warns once about extension shortcuts on keys pi uses (skipped on reserved keys, else taking the key over). */
	private reportShortcutConflicts(session: AgentSession): void {
		for (const warning of shortcutConflicts(this.keybindings, session.extensions.getShortcuts()))
			this.transcript.addNotice("warning", warning);
	}

	/** Built-in commands, extension commands, prompt templates and skills for `/` completion. */
	private commandInfo(): SlashCommandProviderOptions {
		const session = this.attached;
		return {
			...completionCommands(BUILTIN_COMMANDS, session?.getCommands() ?? [], {
				enableSkillCommands: this.settings.getEnableSkillCommands(),
			}),
			// Extension commands complete their own arguments (pi.registerCommand getArgumentCompletions).
			argumentCompletions: (name, prefix) =>
				session?.extensions.findCommand(`/${name}`)?.command.getArgumentCompletions?.(prefix),
		};
	}

	private makeTheme(name: string): Theme {
		const spec = this.options.themes.get(name)!;
		return this.options.colorLevel === undefined
			? createTheme(spec)
			: createTheme(spec, { colorLevel: this.options.colorLevel });
	}

	private createHeader(): HeaderComponent {
		return new HeaderComponent({
			theme: this.theme,
			version: this.options.version,
			quiet: this.settings.getQuietStartup(),
			hints: headerKeyHints(this.keybindings),
		});
	}

	private createEditor(): PromptEditor {
		const editor = new PromptEditor(this.theme, {
			keybindings: this.keybindings,
			popup: "separate",
			...this.editorLayout(),
		});
		editor.onSubmit = (submitted) => void this.actions.submit(submitted, "steer");
		editor.setAutocompleteProvider(this.autocomplete);
		return editor;
	}

	/** The editor's layout settings. */
	private editorLayout(): { paddingX: number; autocompleteMaxVisible: number } {
		return {
			paddingX: this.settings.getEditorPaddingX(),
			autocompleteMaxVisible: this.settings.getAutocompleteMaxVisible(),
		};
	}

	/**
	 * Restyles the parts below the transcript (pending area, extension UI, editor, footer) with the current theme and
	 * settings, in place: what they show stays (in the editor: what is typed, its history, undo steps, folded pastes).
	 */
	private restyleChrome(): void {
		this.pending.setTheme(this.theme);
		this.extensionUi.setTheme(this.theme);
		this.footer.setTheme(this.theme);
		this.promptEditor.setPiTheme(this.theme);
		this.promptEditor.setLayout(this.editorLayout());
		this.tui.invalidate();
		this.tui.requestRender();
	}
}

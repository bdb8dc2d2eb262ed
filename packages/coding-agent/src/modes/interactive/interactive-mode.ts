/**
 * The interactive mode's orchestrator: lays out header, transcript, pending messages, status, editor and footer,
 * feeds session events to the transcript, routes editor submissions (prompts, steering, `!cmd`, slash commands)
 * and keys, and owns start and shutdown. It drives the AgentSession only.
 */
import type { ImageContent } from "@pi/ai";
import {
	type AutocompleteProvider,
	Container,
	Editor,
	type KeybindingsManager,
	Loader,
	Markdown,
	type Terminal,
	TUI,
} from "@pi/tui";
import type { AgentSession } from "../../core/agent-session.js";
import type { AuthStorage } from "../../core/config/auth-storage.js";
import type { AgentSessionEvent } from "../../core/session-events.js";
import {
	CombinedAutocompleteProvider,
	FileMentionProvider,
	SlashCommandProvider,
	type SlashCommandProviderOptions,
} from "./autocomplete/index.js";
import { copyToClipboard, readClipboardImage } from "./clipboard.js";
import { BUILTIN_COMMANDS, findCommand, type ModeContext, parseCommandLine, runCommandLine } from "./commands/index.js";
import { cycleModel, cycleThinking, pickModel } from "./commands/models.js";
import { openFork, openTree } from "./commands/tree.js";
import { Dialogs } from "./dialogs.js";
import { TranscriptView } from "./event-rendering.js";
import { type HotkeyTarget, handleHotkey } from "./hotkeys.js";
import { editInExternalEditor } from "./input/external-editor.js";
import { PendingMessages } from "./input/pending-messages.js";
import { parseShellCommand } from "./input/submit.js";
import { APP_ACTIONS } from "./keybindings.js";
import { NOTICE_TEXT, type NoticeKind } from "./notices.js";
import { collectFooterData, Footer, Header, readGitBranch } from "./status-bar.js";
import {
	createEditorTheme,
	createMarkdownTheme,
	createTheme,
	type Theme,
	type ThemeSpec,
	thinkingBorderRole,
} from "./theme/index.js";

/** Two presses of Ctrl+C or Escape within this many ms count as a double press. */
export const DOUBLE_PRESS_MS = 500;

/** Everything the mode is built from (index.ts assembles it). */
export interface InteractiveModeOptions {
	session: AgentSession;
	terminal: Terminal;
	keybindings: KeybindingsManager;
	themes: ReadonlyMap<string, ThemeSpec>;
	themeName: string;
	version: string;
	cwd: string;
	agentDir: string;
	authStorage?: AuthStorage;
	/** PI_CLIPBOARD_COMMAND: a shell command receiving copied text on stdin (tests stub the clipboard). */
	copyCommand?: string;
	/** `PI_HARDWARE_CURSOR=1` or settings `showHardwareCursor`. */
	showHardwareCursor?: boolean;
	/** Called by /reload after settings and models are re-read (resources, keybindings). */
	onReload?: () => void;
	/** VISUAL or EDITOR, for Ctrl+G. */
	externalEditor?: string;
}

export class InteractiveMode implements HotkeyTarget {
	readonly tui: TUI;
	readonly session: AgentSession;
	readonly keybindings: KeybindingsManager;
	private theme: Theme;
	private themeName: string;
	private readonly header: Header;
	private readonly transcriptContainer = new Container();
	private readonly transcript: TranscriptView;
	private readonly pending: PendingMessages;
	private readonly status = new Container();
	private readonly editorSlot = new Container();
	private editor: Editor;
	private readonly footer: Footer;
	private readonly slashCommands: SlashCommandProvider;
	private readonly autocomplete: AutocompleteProvider;
	private readonly dialogs: Dialogs;
	private readonly context: ModeContext;
	private loader: Loader | undefined;
	private retryTimer: ReturnType<typeof setInterval> | undefined;
	private gitBranch: string | undefined;
	private pendingImages: ImageContent[] = [];
	private toolsExpanded = false;
	private lastCtrlC = 0;
	private lastEscape = 0;
	private finished: ((code: number) => void) | undefined;
	private readonly done: Promise<number>;
	private unsubscribe: (() => void) | undefined;

	constructor(private readonly options: InteractiveModeOptions) {
		this.session = options.session;
		this.keybindings = options.keybindings;
		this.themeName = options.themeName;
		this.theme = createTheme(options.themes.get(options.themeName)!);
		const settings = this.session.settingsManager;
		this.tui = new TUI(options.terminal, { showHardwareCursor: options.showHardwareCursor ?? false });
		const quiet = settings.getQuietStartup();
		const hints = quiet
			? undefined
			: (["interrupt", "clear", "cycleModelForward", "cycleThinkingLevel", "expandTools"] as const).map(
					(action) =>
						[this.keybindings.getKeys(action), APP_ACTIONS[action].description.split(";")[0]!] as [string[], string],
				);
		this.header = new Header(
			this.theme,
			options.version,
			hints ? [...hints, [["/"], "commands"], [["!"], "shell"]] : undefined,
		);
		this.transcript = new TranscriptView(this.transcriptContainer, {
			theme: this.theme,
			cwd: options.cwd,
			hideThinking: settings.getHideThinkingBlock(),
			toolsExpanded: false,
			codeBlockIndent: settings.getMarkdownCodeBlockIndent(),
		});
		this.pending = new PendingMessages(() => this.theme);
		this.slashCommands = new SlashCommandProvider(this.commandInfo());
		this.autocomplete = new CombinedAutocompleteProvider([
			this.slashCommands,
			new FileMentionProvider({ cwd: options.cwd }),
		]);
		this.editor = this.createEditor();
		this.editorSlot.addChild(this.editor);
		this.footer = new Footer(this.theme);
		this.dialogs = new Dialogs({
			tui: this.tui,
			slot: this.editorSlot,
			editor: () => this.editor,
			theme: () => this.theme,
		});
		this.context = this.createContext();
		this.tui.addChild(this.header);
		this.tui.addChild(this.transcriptContainer);
		this.tui.addChild(this.pending);
		this.tui.addChild(this.status);
		this.tui.addChild(this.editorSlot);
		this.tui.addChild(this.footer);
		this.tui.addInputListener((data) => handleHotkey(this, data));
		this.done = new Promise((resolve) => {
			this.finished = resolve;
		});
	}

	/** The commands' view of the mode (tests drive commands through it). */
	get modeContext(): ModeContext {
		return this.context;
	}

	/** Draws the first frame and starts listening. The transcript shows the session's history (-c, --session). */
	start(): void {
		this.gitBranch = readGitBranch(this.options.cwd);
		if (this.session.messages.length > 0) this.transcript.rebuild(this.session.messages);
		this.refreshFooter();
		this.unsubscribe = this.session.subscribe((event) => this.onSessionEvent(event));
		this.tui.setFocus(this.editor);
		this.tui.start();
	}

	/** Resolves with the exit code when the user quits. */
	waitForExit(): Promise<number> {
		return this.done;
	}

	/** Shows a notice in the transcript. */
	notify(kind: NoticeKind, text: string): void {
		this.transcript.addNotice(kind, text);
		this.tui.requestRender();
	}

	/** Sends a prompt as if typed (initial messages from the command line); resolves when its run ended. */
	async submitPrompt(text: string, images?: ImageContent[]): Promise<void> {
		try {
			if (this.session.isStreaming) await this.session.steer(text, images);
			else await this.session.prompt(text, { images });
		} catch (error) {
			this.notify("error", (error as Error).message);
		}
		this.refreshFooter();
	}

	/** Stops the UI, flushes the session and resolves waitForExit. Safe to call twice. */
	shutdown(code = 0): void {
		if (!this.finished) return;
		const finish = this.finished;
		this.finished = undefined;
		this.stopLoader();
		this.unsubscribe?.();
		this.tui.stop();
		this.session.sessionManager.sync();
		finish(code);
	}

	// --- session events -------------------------------------------------------------------------------------------

	private onSessionEvent(event: AgentSessionEvent): void {
		this.transcript.handleEvent(event);
		switch (event.type) {
			case "agent_start":
				this.startLoader(NOTICE_TEXT.working);
				break;
			case "agent_end":
				// The session stays busy through retries and automatic compaction after agent_end.
				void this.session.waitForIdle().then(() => {
					if (!this.session.isStreaming && !this.session.isCompacting) this.stopLoader();
					this.refreshFooter();
				});
				break;
			case "message_end":
			case "thinking_level_changed":
			case "session_info_changed":
				this.refreshFooter();
				break;
			case "queue_update":
				this.pending.update(event.steering, event.followUp);
				break;
			case "compaction_start":
				this.startLoader(NOTICE_TEXT.compacting);
				break;
			case "compaction_end":
				if (this.session.isStreaming) this.startLoader(NOTICE_TEXT.working);
				else this.stopLoader();
				this.refreshFooter();
				break;
			case "auto_retry_start":
				this.showRetryCountdown(event.attempt, event.maxAttempts, event.delayMs, event.errorMessage);
				break;
			case "auto_retry_end":
				this.clearRetryCountdown();
				break;
			default:
				break;
		}
		this.tui.requestRender();
	}

	/** Built-in commands, prompt templates and skills for `/` completion. */
	private commandInfo(): SlashCommandProviderOptions {
		const resources = this.session.getCommands();
		return {
			commands: BUILTIN_COMMANDS.flatMap((command) => [
				{ name: command.name, description: command.description },
				...(command.aliases ?? []).map((alias) => ({ name: alias, description: command.description })),
			]),
			templates: resources
				.filter((c) => c.source === "prompt")
				.map((c) => ({ name: c.name, description: c.description })),
			skills: resources
				.filter((c) => c.source === "skill")
				.map((c) => ({ name: c.name.replace(/^skill:/, ""), description: c.description })),
			enableSkillCommands: this.session.settingsManager.getEnableSkillCommands(),
		};
	}

	private startLoader(message: string): void {
		if (this.loader) {
			this.loader.setMessage(message);
			return;
		}
		this.loader = new Loader({
			requestRender: () => this.tui.requestRender(),
			message,
			spinnerStyle: this.theme.fgStyle("accent"),
			messageStyle: this.theme.fgStyle("muted"),
		});
		this.status.clear();
		this.status.addChild(this.loader);
	}

	private stopLoader(): void {
		this.clearRetryCountdown();
		this.loader?.stop();
		this.loader = undefined;
		this.status.clear();
	}

	private showRetryCountdown(attempt: number, max: number, delayMs: number, error: string): void {
		this.clearRetryCountdown();
		const until = Date.now() + delayMs;
		const update = () => {
			const seconds = Math.max(0, Math.ceil((until - Date.now()) / 1000));
			this.startLoader(NOTICE_TEXT.retrying(attempt, max, seconds, error));
			this.tui.requestRender();
		};
		update();
		this.retryTimer = setInterval(update, 1000);
		this.retryTimer.unref?.();
	}

	private clearRetryCountdown(): void {
		if (this.retryTimer) clearInterval(this.retryTimer);
		this.retryTimer = undefined;
	}

	private refreshFooter(): void {
		this.footer.update(collectFooterData(this.session, this.options.cwd, this.gitBranch));
		this.tui.requestRender();
	}

	// --- editor and submission ------------------------------------------------------------------------------------

	private createEditor(text = ""): Editor {
		const settings = this.session.settingsManager;
		const border = (line: string) => this.theme.fg(thinkingBorderRole(this.session.thinkingLevel), line);
		const editor = new Editor({
			theme: createEditorTheme(this.theme, border),
			keybindings: this.keybindings,
			paddingX: settings.getEditorPaddingX(),
			autocompleteMaxVisible: settings.getAutocompleteMaxVisible(),
		});
		editor.onSubmit = (submitted) => void this.handleSubmit(submitted, "steer");
		if (text) editor.setText(text);
		editor.setAutocompleteProvider(this.autocomplete);
		return editor;
	}

	/** Enter (and Alt+Enter with `followUp`): shell commands, slash commands, prompts, or queueing while busy. */
	private async handleSubmit(text: string, whileBusy: "steer" | "followUp"): Promise<void> {
		const trimmed = text.trim();
		if (!trimmed) return;
		const shell = parseShellCommand(trimmed);
		if (shell) {
			await this.runShellCommand(shell.command, shell.excludeFromContext);
			return;
		}
		if (trimmed.startsWith("/") && (await runCommandLine(this.context, trimmed))) {
			this.tui.requestRender();
			return;
		}
		const images = this.pendingImages;
		this.pendingImages = [];
		try {
			if (this.session.isStreaming) {
				if (whileBusy === "steer") await this.session.steer(text, images);
				else await this.session.followUp(text, images);
			} else {
				await this.session.prompt(text, { images });
			}
		} catch (error) {
			this.notify("error", (error as Error).message);
		}
		this.refreshFooter();
	}

	private async runShellCommand(command: string, excludeFromContext: boolean): Promise<void> {
		if (this.session.isBashRunning) {
			this.notify("warning", NOTICE_TEXT.bashRunning);
			return;
		}
		const view = this.transcript.addLiveBash(command, excludeFromContext);
		this.tui.requestRender();
		try {
			const result = await this.session.executeBash(
				command,
				(chunk) => {
					view.append(chunk);
					this.tui.requestRender();
				},
				{ excludeFromContext },
			);
			view.finish(result);
		} catch (error) {
			view.finish({ output: (error as Error).message, cancelled: false, exitCode: 1 });
		}
		this.tui.requestRender();
	}

	// --- hotkeys (HotkeyTarget) -----------------------------------------------------------------------------------

	dialogOpen(): boolean {
		return this.tui.focused !== this.editor;
	}

	editorIsEmpty(): boolean {
		return this.editor.getText() === "";
	}

	autocompleteOpen(): boolean {
		return this.editor.isAutocompleteOpen();
	}

	onInterrupt(): void {
		const now = Date.now();
		if (this.session.isBashRunning) {
			this.session.abortBash();
			return;
		}
		if (this.session.isStreaming || this.session.isCompacting) {
			const queued = this.session.clearQueue();
			const restored = [...queued.steering, ...queued.followUp];
			if (this.session.isCompacting && !this.session.isStreaming) this.session.abortCompaction();
			else void this.session.abort();
			if (restored.length > 0) {
				const current = this.editor.getText();
				this.editor.setText([...restored, ...(current ? [current] : [])].join("\n\n"));
			}
			this.pending.update([], []);
			return;
		}
		if (this.editorIsEmpty() && now - this.lastEscape < DOUBLE_PRESS_MS) {
			this.lastEscape = 0;
			const action = this.session.settingsManager.getDoubleEscapeAction();
			if (action === "tree") void openTree(this.context);
			else if (action === "fork") void openFork(this.context);
			return;
		}
		this.lastEscape = now;
	}

	onClear(): void {
		const now = Date.now();
		if (now - this.lastCtrlC < DOUBLE_PRESS_MS) {
			this.shutdown(0);
			return;
		}
		this.lastCtrlC = now;
		if (this.editorIsEmpty()) this.notify("muted", NOTICE_TEXT.pressAgainToExit);
		else this.editor.clear();
	}

	onExit(): void {
		this.shutdown(0);
	}

	onSubmitWithPopup(): boolean {
		const text = this.editor.getText().trim();
		const parsed = parseCommandLine(text);
		if (!parsed || parsed.args || !findCommand(parsed.name)) return false;
		this.editor.addToHistory(text);
		this.editor.clear();
		void this.handleSubmit(text, "steer");
		return true;
	}

	onFollowUp(): void {
		const text = this.editor.getExpandedText();
		if (!text.trim()) return;
		this.editor.addToHistory(text);
		this.editor.clear();
		void this.handleSubmit(text, "followUp");
	}

	onCycleModel(direction: "forward" | "backward"): void {
		void cycleModel(this.context, direction).catch((error) => this.notify("error", (error as Error).message));
	}

	onSelectModel(): void {
		void pickModel(this.context).catch((error) => this.notify("error", (error as Error).message));
	}

	onCycleThinking(): void {
		void cycleThinking(this.context).catch((error) => this.notify("error", (error as Error).message));
	}

	onToggleTools(): void {
		this.toolsExpanded = !this.toolsExpanded;
		this.transcript.setToolsExpanded(this.toolsExpanded);
	}

	onToggleThinking(): void {
		const settings = this.session.settingsManager;
		const hidden = !settings.getHideThinkingBlock();
		settings.setHideThinkingBlock(hidden);
		this.transcript.setHideThinking(hidden);
		this.notify("muted", NOTICE_TEXT.thinkingHidden(hidden));
	}

	onExternalEditor(): void {
		const command = this.options.externalEditor;
		if (!command) return;
		this.tui.stop();
		const edited = editInExternalEditor(command, this.editor.getText());
		this.tui.start();
		if (edited !== undefined) this.editor.setText(edited);
		this.tui.requestRender();
	}

	onPasteImage(): void {
		const png = readClipboardImage();
		if (!png) {
			this.notify("muted", NOTICE_TEXT.noImage);
			return;
		}
		this.pendingImages.push({ type: "image", data: png.toString("base64"), mimeType: "image/png" });
		this.notify("info", NOTICE_TEXT.imageAttached(this.pendingImages.length));
	}

	// --- the commands' context ------------------------------------------------------------------------------------

	private createContext(): ModeContext {
		const options = this.options;
		return {
			session: this.session,
			cwd: options.cwd,
			agentDir: options.agentDir,
			version: options.version,
			authStorage: options.authStorage,
			keybindings: this.keybindings,
			dialogs: this.dialogs,
			notify: (kind, text) => this.notify(kind, text),
			showMarkdown: (markdown) => {
				this.transcript.addFinal(
					new Markdown(markdown, { theme: createMarkdownTheme(this.theme), paddingX: 1, paddingY: 1 }),
				);
				this.tui.requestRender();
			},
			setEditorText: (text) => this.editor.setText(text),
			rebuildTranscript: () => {
				this.transcript.rebuild(this.session.messages, NOTICE_TEXT.divider(this.session.sessionId));
				this.pending.update([], []);
				this.tui.requestRender();
			},
			refreshFooter: () => this.refreshFooter(),
			copy: (text) =>
				copyToClipboard(text, {
					copyCommand: options.copyCommand,
					writeTerminal: (data) => options.terminal.write(data),
				}),
			themeNames: () => [...options.themes.keys()],
			currentTheme: () => this.themeName,
			setTheme: (name) => this.applyTheme(name),
			setHideThinking: (hidden) => this.transcript.setHideThinking(hidden),
			reload: () => {
				this.session.settingsManager.reload();
				this.session.modelRegistry.refresh();
				options.onReload?.();
				this.slashCommands.setCommands(this.commandInfo());
				this.refreshFooter();
			},
			quit: () => this.shutdown(0),
		};
	}

	private applyTheme(name: string): boolean {
		const spec = this.options.themes.get(name);
		if (!spec) return false;
		this.theme = createTheme(spec);
		this.themeName = name;
		this.session.settingsManager.setTheme(name);
		this.header.setTheme(this.theme);
		this.footer.setTheme(this.theme);
		this.transcript.setTheme(this.theme);
		const text = this.editor.getText();
		this.editorSlot.clear();
		this.editor = this.createEditor(text);
		this.editorSlot.addChild(this.editor);
		this.tui.setFocus(this.editor);
		this.tui.invalidate();
		this.tui.requestRender();
		return true;
	}
}

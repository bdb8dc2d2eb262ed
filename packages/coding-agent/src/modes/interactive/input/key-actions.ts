/**
 * What the editor's submissions and the application keys do: `!cmd` shell commands, slash commands, prompts
 * (steering or follow-up while the agent works; extension commands at once), abort, clear/exit, cycling, display toggles, the external
 * editor and image paste. Works on the mode through {@link KeyActionHost}; input typed before the session is
 * ready waits for it.
 */
import type { ImageContent } from "@pi/ai";
import { markFinal, matchesKey, type TUI } from "@pi/tui";
import type { AgentSession } from "../../../core/agent-session.js";
import { readClipboardImage } from "../clipboard.js";
import { findCommand, type ModeContext, parseCommandLine, runCommandLine } from "../commands/index.js";
import type { PromptEditor } from "../components/prompt-editor.js";
import type { Dialogs } from "../dialogs.js";
import type { TranscriptView } from "../event-rendering.js";
import { type HotkeyTarget, reservedActionForKey } from "../hotkeys.js";
import { NO_MODEL_NOTICE, NOTICE_TEXT, type NoticeKind, type NoticeOptions } from "../notices.js";
import { suspend } from "../suspend.js";
import { isNoModelError, parseShellCommand, sendToSession, submitErrorText } from "./submit.js";

/** The command modules keys act through, imported on first use. */
const COMMAND_MODULES = {
	models: () => import("../commands/models.js"),
	tree: () => import("../commands/tree.js"),
};
type CommandModules = { [K in keyof typeof COMMAND_MODULES]: Awaited<ReturnType<(typeof COMMAND_MODULES)[K]>> };

/** Two presses of Ctrl+C or Escape within this many ms count as a double press. */
export const DOUBLE_PRESS_MS = 500;

/** The parts of the mode the key actions use. */
export interface KeyActionHost {
	readonly tui: TUI;
	readonly modeContext: ModeContext;
	readonly transcript: TranscriptView;
	readonly dialogs: Dialogs;
	readonly editor: PromptEditor;
	/** The session once it is ready, else undefined. */
	readonly readySession: AgentSession | undefined;
	/** Resolves with the session when it is ready. */
	readonly ready: Promise<AgentSession>;
	/** Edits `text` in $VISUAL/$EDITOR (the terminal handed over meanwhile); undefined without one or on failure. */
	editExternally(text: string): string | undefined;
	notify(kind: NoticeKind, text: string, options?: NoticeOptions): void;
	/** A passing hint over the row above the editor, gone after `ms`. */
	showHint(text: string, ms: number): void;
	refreshFooter(): void;
	clearPending(): void;
	setToolsExpanded(expanded: boolean): void;
	shutdown(code: number): void;
}

export class KeyActions implements HotkeyTarget {
	private pendingImages: ImageContent[] = [];
	private toolsExpanded = false;
	private lastCtrlC = 0;
	private lastEscape = 0;

	constructor(private readonly host: KeyActionHost) {}

	get keybindings() {
		return this.host.modeContext.keybindings;
	}

	/** Enter (and Alt+Enter with `followUp`): shell commands, slash commands, prompts, or queueing while busy. */
	async submit(text: string, whileBusy: "steer" | "followUp"): Promise<void> {
		const trimmed = text.trim();
		if (!trimmed) return;
		const session = await this.host.ready;
		const shell = parseShellCommand(trimmed);
		if (shell) {
			await this.runShellCommand(session, shell.command, shell.excludeFromContext);
			return;
		}
		if (trimmed.startsWith("/") && (await runCommandLine(this.host.modeContext, trimmed))) {
			this.host.tui.requestRender();
			return;
		}
		const images = this.pendingImages;
		this.pendingImages = [];
		try {
			await sendToSession(session, text, images, whileBusy);
		} catch (error) {
			const noModel = isNoModelError(error);
			this.host.notify(
				noModel ? "warning" : "error",
				submitErrorText(session, text, error),
				noModel ? NO_MODEL_NOTICE : undefined,
			);
			// A prompt that was not sent goes back into the editor (an extension command ran: it does not).
			if (!session.extensions.findCommand(text) && this.editorIsEmpty()) {
				this.host.editor.setText(text);
				this.pendingImages = [...images, ...this.pendingImages];
			}
		}
		this.host.refreshFooter();
	}

	/** `!cmd` / `!!cmd`: the output streams into a BashExecutionComponent; Escape cancels. */
	private async runShellCommand(session: AgentSession, command: string, excludeFromContext: boolean): Promise<void> {
		const { host } = this;
		if (session.isBashRunning) {
			host.notify("warning", NOTICE_TEXT.bashRunning);
			return;
		}
		const view = host.transcript.addLiveBash(command, excludeFromContext);
		host.tui.requestRender();
		try {
			const result = await session.executeBash(
				command,
				(chunk) => {
					view.appendOutput(chunk);
					host.tui.requestRender();
				},
				{ excludeFromContext },
			);
			view.setComplete(result);
		} catch (error) {
			view.setComplete({ output: (error as Error).message, exitCode: 1, cancelled: false, truncated: false });
		}
		markFinal(view);
		host.tui.requestRender();
	}

	// --- HotkeyTarget ---------------------------------------------------------------------------------------------

	dialogOpen(): boolean {
		return this.host.dialogs.isOpen;
	}

	editorIsEmpty(): boolean {
		return this.host.editor.getText() === "";
	}

	autocompleteOpen(): boolean {
		return this.host.editor.isAutocompleteOpen();
	}

	onInterrupt(): void {
		const session = this.host.readySession;
		if (!session) return;
		const now = Date.now();
		if (session.isBashRunning) {
			session.abortBash();
			return;
		}
		if (session.isStreaming || session.isCompacting) {
			const queued = session.clearQueue();
			const restored = [...queued.steering, ...queued.followUp];
			if (session.isCompacting && !session.isStreaming) session.abortCompaction();
			else void session.abort();
			if (restored.length > 0) {
				const current = this.host.editor.getText();
				this.host.editor.setText([...restored, ...(current ? [current] : [])].join("\n\n"));
			}
			this.host.clearPending();
			return;
		}
		if (this.editorIsEmpty() && now - this.lastEscape < DOUBLE_PRESS_MS) {
			this.lastEscape = 0;
			const action = session.settingsManager.getDoubleEscapeAction();
			if (action === "tree" || action === "fork")
				void this.runInCommandModule("tree", (m) => m.treeCommandRuns[action]);
			return;
		}
		this.lastEscape = now;
	}

	onClear(): void {
		const now = Date.now();
		if (now - this.lastCtrlC < DOUBLE_PRESS_MS) {
			this.host.shutdown(0);
			return;
		}
		this.lastCtrlC = now;
		// Only true for the double-press window: the hint goes away with it.
		if (this.editorIsEmpty()) this.host.showHint(NOTICE_TEXT.pressAgainToExit, DOUBLE_PRESS_MS);
		else this.host.editor.setText("");
	}

	onExit(): void {
		this.host.shutdown(0);
	}

	/**
	 * Runs the extension shortcut registered for this key, if any (its failure is an extension error). A shortcut
	 * on a reserved key of pi's is skipped (reported once when the extensions load).
	 */
	onExtensionShortcut(data: string): boolean {
		const extensions = this.host.readySession?.extensions;
		if (!extensions) return false;
		for (const key of extensions.getShortcuts().keys()) {
			if (!matchesKey(data, key) || reservedActionForKey(this.keybindings, key)) continue;
			void extensions.runShortcut(key);
			return true;
		}
		return false;
	}

	/** Ctrl+Z: the terminal is restored and pi stops until `fg` (suspend.ts). */
	onSuspend(): void {
		const { tui } = this.host;
		suspend({
			stop: () => tui.stop(),
			resume: () => {
				// The shell wrote below pi's last frame: pi draws itself afresh there.
				tui.forgetScreen();
				tui.start();
			},
			unavailable: () => this.host.notify("warning", NOTICE_TEXT.suspendUnavailable),
		});
	}

	/** Alt+Up: the queued steering and follow-up messages go back into the editor, above what is typed there. */
	onDequeue(): void {
		const session = this.host.readySession;
		const queued = session?.clearQueue();
		const restored = queued ? [...queued.steering, ...queued.followUp] : [];
		if (restored.length === 0) {
			this.host.showHint(NOTICE_TEXT.noQueuedMessages, 1500);
			return;
		}
		const current = this.host.editor.getText();
		this.host.editor.setText([...restored, ...(current.trim() ? [current] : [])].join("\n\n"));
		this.host.clearPending();
	}

	/** A key bound to `/new`, `/tree`, `/fork` or `/resume` (keybindings.json; unbound by default). */
	onSessionCommand(command: "new" | "tree" | "fork" | "resume"): void {
		if (!this.host.readySession) return;
		void runCommandLine(this.host.modeContext, `/${command}`).then(() => this.host.tui.requestRender());
	}

	onSubmitWithPopup(): boolean {
		const { editor } = this.host;
		const text = editor.getText().trim();
		const parsed = parseCommandLine(text);
		const extensionCommand = this.host.readySession?.extensions.findCommand(text);
		if (!parsed || parsed.args || !(findCommand(parsed.name) || extensionCommand)) return false;
		editor.addToHistory(text);
		editor.setText("");
		void this.submit(text, "steer");
		return true;
	}

	onFollowUp(): void {
		const { editor } = this.host;
		const text = editor.getExpandedText();
		if (!text.trim()) return;
		editor.addToHistory(text);
		editor.setText("");
		void this.submit(text, "followUp");
	}

	onCycleModel(direction: "forward" | "backward"): void {
		void this.runInCommandModule("models", (m) => (context) => m.cycleModel(context, direction));
	}

	onSelectModel(): void {
		void this.runInCommandModule("models", (m) => m.pickModel);
	}

	onCycleThinking(): void {
		void this.runInCommandModule("models", (m) => m.cycleThinking);
	}

	/**
	 * Runs a key's action from a command module, imported on first use (the first frame does not wait for them).
	 * Does nothing before the session is ready; a failure (e.g. a model without a key) becomes an error notice.
	 */
	private async runInCommandModule<K extends keyof CommandModules>(
		name: K,
		pick: (module: CommandModules[K]) => (context: ModeContext) => Promise<void> | void,
	): Promise<void> {
		if (!this.host.readySession) return;
		try {
			const module = (await COMMAND_MODULES[name]()) as CommandModules[K];
			await pick(module)(this.host.modeContext);
		} catch (error) {
			this.host.notify("error", (error as Error).message);
		}
	}

	onToggleTools(): void {
		this.toolsExpanded = !this.toolsExpanded;
		this.host.setToolsExpanded(this.toolsExpanded);
	}

	onToggleThinking(): void {
		const session = this.host.readySession;
		if (!session) return;
		const hidden = !session.settingsManager.getHideThinkingBlock();
		session.settingsManager.setHideThinkingBlock(hidden);
		this.host.modeContext.setHideThinking(hidden);
		this.host.notify("info", NOTICE_TEXT.thinkingHidden(hidden));
	}

	onExternalEditor(): void {
		const { editor } = this.host;
		const edited = this.host.editExternally(editor.getText());
		if (edited !== undefined) editor.setText(edited);
		this.host.tui.requestRender();
	}

	onPasteImage(): void {
		const png = readClipboardImage();
		if (!png) {
			this.host.notify("info", NOTICE_TEXT.noImage);
			return;
		}
		this.pendingImages.push({ type: "image", data: png.toString("base64"), mimeType: "image/png" });
		this.host.notify("info", NOTICE_TEXT.imageAttached(this.pendingImages.length));
	}
}

/**
 * The contract between the interactive mode and its slash commands: what a command may do to the screen and the
 * session. Commands drive the AgentSession only; they never touch the agent or the session file.
 */
import type { KeybindingsManager } from "@pi/tui";
import type { AgentSession } from "../../../core/agent-session.js";
import type { AuthStorage } from "../../../core/config/auth-storage.js";
import type { Dialogs } from "../dialogs.js";
import type { NoticeKind, NoticeOptions } from "../notices.js";

/** What the mode offers to commands and hotkeys. */
export interface ModeContext {
	readonly session: AgentSession;
	readonly cwd: string;
	readonly agentDir: string;
	readonly version: string;
	readonly authStorage: AuthStorage | undefined;
	/** Whether /login may open a browser: PI_NO_BROWSER=1 and a missing display forbid it. */
	readonly browser: { noBrowser: boolean; hasDisplay: boolean };
	readonly keybindings: KeybindingsManager;
	readonly dialogs: Dialogs;
	/** A notice row in the transcript (`options`: one that replaces itself or goes away, see NoticeOptions). */
	notify(kind: NoticeKind, text: string, options?: NoticeOptions): void;
	/** A markdown block in the transcript (stats, changelog, hotkeys). */
	showMarkdown(markdown: string): void;
	/** Replaces the editor text. */
	setEditorText(text: string): void;
	/** Redraws the transcript from the session's messages (after switching sessions or moving in the tree). */
	rebuildTranscript(): void;
	/** Re-reads the footer figures. */
	refreshFooter(): void;
	/** Copies to the clipboard; resolves with what was used (empty: nothing worked). */
	copy(text: string): Promise<string[]>;
	themeNames(): string[];
	currentTheme(): string;
	/** Switches the theme and (unless `save` is false: a preview) saves it; false when unknown. */
	setTheme(name: string, options?: { save?: boolean }): boolean;
	setHideThinking(hidden: boolean): void;
	/** Applies display settings changed through /settings (thinking blocks, editor padding, autocomplete rows). */
	applySettings(): void;
	/** Re-reads settings, models, keybindings and resources. */
	reload(): Promise<void>;
	/** Leaves pi (restoring the terminal). */
	quit(): void;
}

/** What a command does with the rest of its line. */
export type CommandRun = (context: ModeContext, args: string) => Promise<void> | void;

/**
 * One built-in slash command as listed (autocomplete, /hotkeys). Its implementation is imported on first use, so
 * the first frame does not wait for the modules behind the commands (model catalogue, session listing, selectors).
 */
export interface SlashCommand {
	name: string;
	aliases?: readonly string[];
	/** Shown in autocomplete and /hotkeys. */
	description: string;
	/** Argument hint for autocomplete, e.g. `[instructions]`. */
	argumentHint?: string;
	load(): Promise<CommandRun>;
}

/**
 * What the interactive mode is built from: the session (or, for the first frame, its settings), the terminal,
 * keybindings and themes, and the facts and switches the CLI maps from the command line and environment.
 */
import type { KeybindingsManager, Terminal } from "@pi/tui";
import type { AgentSession } from "../../core/agent-session.js";
import type { AuthStorage } from "../../core/config/auth-storage.js";
import type { SettingsManager } from "../../core/config/settings.js";
import type { ThemeSource } from "./loaded-resources.js";
import type { ThemeSpec } from "./theme/index.js";

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
	/** Whether /login may open a browser: PI_NO_BROWSER and whether a display is there. */
	browser?: { noBrowser: boolean; hasDisplay: boolean };
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

/**
 * Builds the commands' view of the mode (ModeContext) from the mode's parts: what a slash command or hotkey may
 * do to the screen and the session, and nothing else.
 */
import { type KeybindingsManager, Markdown, type Terminal } from "@pi/tui";
import type { AgentSession } from "../../core/agent-session.js";
import type { AuthStorage } from "../../core/config/auth-storage.js";
import { copyToClipboard } from "./clipboard.js";
import type { ModeContext } from "./commands/types.js";
import type { Dialogs } from "./dialogs.js";
import type { NoticeKind, NoticeOptions } from "./notices.js";
import { createMarkdownTheme, type Theme } from "./theme/index.js";

/** The mode operations a context is made of (implemented by InteractiveMode). */
export interface ModeContextHost {
	readonly session: AgentSession;
	readonly dialogs: Dialogs;
	readonly currentTheme: Theme;
	readonly currentThemeName: string;
	themeNames(): string[];
	applyTheme(name: string, save: boolean): boolean;
	notify(kind: NoticeKind, text: string, options?: NoticeOptions): void;
	addToTranscript(component: Markdown): void;
	setEditorText(text: string): void;
	showSessionHistory(): void;
	refreshFooter(): void;
	setHideThinking(hidden: boolean): void;
	applySettings(): void;
	reload(): Promise<void>;
	shutdown(code: number): void;
}

/** Fixed facts the context passes through. */
export interface ModeContextInfo {
	cwd: string;
	agentDir: string;
	version: string;
	authStorage?: AuthStorage;
	keybindings: KeybindingsManager;
	terminal: Terminal;
	/** PI_CLIPBOARD_COMMAND (tests stub the clipboard with it). */
	clipboardCommand?: string;
	/** Whether /login may open a browser (PI_NO_BROWSER, a display). */
	browser?: { noBrowser: boolean; hasDisplay: boolean };
}

export function createModeContext(host: ModeContextHost, info: ModeContextInfo): ModeContext {
	return {
		get session() {
			return host.session;
		},
		cwd: info.cwd,
		agentDir: info.agentDir,
		version: info.version,
		authStorage: info.authStorage,
		browser: info.browser ?? { noBrowser: false, hasDisplay: false },
		keybindings: info.keybindings,
		dialogs: host.dialogs,
		notify: (kind, text, options) => host.notify(kind, text, options),
		showMarkdown: (markdown) =>
			host.addToTranscript(
				new Markdown(markdown, { theme: createMarkdownTheme(host.currentTheme), paddingX: 1, paddingY: 1 }),
			),
		setEditorText: (text) => host.setEditorText(text),
		rebuildTranscript: () => host.showSessionHistory(),
		refreshFooter: () => host.refreshFooter(),
		copy: (text) =>
			copyToClipboard(text, {
				copyCommand: info.clipboardCommand,
				writeTerminal: (data) => info.terminal.write(data),
			}),
		themeNames: () => host.themeNames(),
		currentTheme: () => host.currentThemeName,
		setTheme: (name, options) => host.applyTheme(name, options?.save ?? true),
		setHideThinking: (hidden) => host.setHideThinking(hidden),
		applySettings: () => host.applySettings(),
		reload: () => host.reload(),
		quit: () => host.shutdown(0),
	};
}

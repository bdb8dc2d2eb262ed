/**
 * Editor actions and their default keys. Keys are ids understood by the input module ("ctrl+a",
 * "shift+enter"), so every terminal encoding (legacy, Kitty, modifyOtherKeys) maps to the same action, and an
 * app-wide KeybindingsManager can rebind them.
 */
import { KeybindingsManager } from "../../input/keybindings.js";

/** Default key ids per editor action. The order matters: the first matching action wins. */
export const EDITOR_KEYBINDINGS = {
	submit: ["enter"],
	newline: ["shift+enter", "alt+enter", "ctrl+j"],
	cursorLeft: ["left", "ctrl+b"],
	cursorRight: ["right", "ctrl+f"],
	cursorUp: ["up"],
	cursorDown: ["down"],
	cursorLineStart: ["home", "ctrl+a"],
	cursorLineEnd: ["end", "ctrl+e"],
	cursorWordLeft: ["alt+b", "ctrl+left", "alt+left"],
	cursorWordRight: ["alt+f", "ctrl+right", "alt+right"],
	deleteBackward: ["backspace", "shift+backspace"],
	deleteForward: ["delete", "ctrl+d"],
	deleteWordBackward: ["alt+backspace", "ctrl+w", "ctrl+backspace"],
	deleteWordForward: ["alt+d", "alt+delete", "ctrl+delete"],
	deleteToLineEnd: ["ctrl+k"],
	deleteToLineStart: ["ctrl+u"],
	yank: ["ctrl+y"],
	yankPop: ["alt+y"],
	undo: ["ctrl+-", "ctrl+_", "ctrl+z"],
	redo: ["ctrl+shift+z", "alt+z"],
	complete: ["tab"],
} as const satisfies Record<string, readonly string[]>;

/** Something the editor can do in response to a key. */
export type EditorAction = keyof typeof EDITOR_KEYBINDINGS;

const EDITOR_ACTIONS = Object.keys(EDITOR_KEYBINDINGS) as EditorAction[];

/**
 * Resolves raw input to an editor action. `newlineKeys` replaces the keys of the `newline` action (e.g.
 * `["alt+enter"]` for terminals that send shift+enter as plain enter); a shared manager may hold user overrides.
 */
export class EditorKeymap {
	private readonly manager: KeybindingsManager;

	constructor(options: { keybindings?: KeybindingsManager; newlineKeys?: readonly string[] } = {}) {
		this.manager = options.keybindings ?? new KeybindingsManager();
		const defaults: Record<string, readonly string[]> = { ...EDITOR_KEYBINDINGS };
		if (options.newlineKeys) defaults.newline = options.newlineKeys;
		// Only add what the shared manager does not define yet, so an app's own editor defaults are kept.
		const missing = Object.fromEntries(
			Object.entries(defaults).filter(([action]) => !this.manager.getActions().includes(action)),
		);
		this.manager.addDefaults(missing);
	}

	/** The editor action `data` triggers, if any. */
	resolve(data: string): EditorAction | undefined {
		return EDITOR_ACTIONS.find((action) => this.manager.matches(data, action));
	}

	/** Whether `data` is one of the keys of `action`. */
	matches(data: string, action: EditorAction): boolean {
		return this.manager.matches(data, action);
	}
}

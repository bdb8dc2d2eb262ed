/** Options, theme and user-visible texts of the Editor. */
import chalk from "chalk";
import type { KeybindingsManager } from "../../input/keybindings.js";
import type { SelectListTheme } from "../select-list.js";

export interface EditorTheme {
	/** Colours the border lines. */
	border: (text: string) => string;
	/** Draws the cursor cell (default: inverse video). */
	cursor: (text: string) => string;
	/** Colours the prompt shown before the first row. */
	prompt: (text: string) => string;
	/** Styles of the autocomplete popup. */
	autocomplete?: Partial<SelectListTheme>;
}

export const DEFAULT_EDITOR_THEME: EditorTheme = {
	border: (text) => chalk.gray(text),
	cursor: (text) => chalk.inverse(text),
	prompt: (text) => chalk.cyan(text),
};

/** User-visible texts of the editor. */
export const EDITOR_TEXT = {
	moreAbove: (count: number) => ` ↑ ${count} more `,
	moreBelow: (count: number) => ` ↓ ${count} more `,
} as const;

export interface EditorOptions {
	theme?: Partial<EditorTheme>;
	/** Keys that insert a newline instead of submitting (default shift+enter, alt+enter, ctrl+j). */
	newlineKeys?: readonly string[];
	/** A shared keybindings manager (user overrides of editor actions); the editor adds its defaults to it. */
	keybindings?: KeybindingsManager;
	/** Horizontal lines above and below the text (default true). */
	border?: boolean;
	/** Text shown before the first row, e.g. "> "; continuation rows are indented to match (default none). */
	prompt?: string;
	/** Blank columns left and right of the text (default 0). */
	paddingX?: number;
	/** Text rows shown before the editor scrolls (default 12). */
	maxRows?: number;
	/** Suggestions shown at once in the autocomplete popup (default 5). */
	autocompleteMaxVisible?: number;
	/**
	 * Where the autocomplete popup is drawn: `"inline"` (default) below the text, as part of the editor's rows;
	 * `"separate"`: not in `render()`, the owner draws `renderPopup()` itself, e.g. as an overlay next to the editor
	 * so opening and closing it does not move anything on screen.
	 */
	popup?: "inline" | "separate";
}

/**
 * The interactive mode's named actions and their default keys, and the loading of user overrides from
 * `<agentDir>/keybindings.json`. Editor actions (cursor motion, kills, undo) come from @pi/tui's
 * EDITOR_KEYBINDINGS; both live in one KeybindingsManager so a single file can rebind either.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { EDITOR_KEYBINDINGS, type KeybindingOverrides, KeybindingsManager } from "@pi/tui";
import type { KeyHint } from "./components/header.js";

/** One application action: its default keys and the description /hotkeys and the docs show. */
export interface AppAction {
	keys: readonly string[];
	description: string;
}

/**
 * Application actions, checked before the editor sees a key. Order matters only for display. Keep
 * docs/keybindings.md in step with this table.
 */
export const APP_ACTIONS = {
	interrupt: { keys: ["escape"], description: "Abort the run or shell command; twice on an empty editor: tree/fork" },
	clear: { keys: ["ctrl+c"], description: "Clear the editor; twice quickly: exit" },
	exit: { keys: ["ctrl+d"], description: "Exit (when the editor is empty)" },
	followUp: { keys: ["alt+enter"], description: "Queue a follow-up message (delivered when the agent stops)" },
	cycleModelForward: { keys: ["ctrl+p"], description: "Next model" },
	cycleModelBackward: { keys: ["shift+ctrl+p"], description: "Previous model" },
	selectModel: { keys: ["ctrl+l"], description: "Open the model selector" },
	cycleThinkingLevel: { keys: ["shift+tab"], description: "Next thinking level" },
	expandTools: { keys: ["ctrl+o"], description: "Expand or collapse tool output" },
	toggleThinking: { keys: ["ctrl+t"], description: "Show or hide thinking blocks" },
	externalEditor: { keys: ["ctrl+g"], description: "Edit the message in $VISUAL / $EDITOR" },
	pasteImage: { keys: ["ctrl+v"], description: "Paste an image from the clipboard" },
	suspend: { keys: ["ctrl+z"], description: "Suspend pi to the background (fg resumes it)" },
	dequeue: { keys: ["alt+up"], description: "Put the queued messages back into the editor" },
	newSession: { keys: [], description: "Start a new session (/new)" },
	tree: { keys: [], description: "Open the session tree (/tree)" },
	fork: { keys: [], description: "Fork the session (/fork)" },
	resume: { keys: [], description: "Resume a session (/resume)" },
} as const satisfies Record<string, AppAction>;

export type AppActionName = keyof typeof APP_ACTIONS;

/** Editor defaults as the interactive mode uses them: Alt+Enter queues a follow-up instead of a newline. */
export const INTERACTIVE_EDITOR_KEYBINDINGS: Record<string, readonly string[]> = {
	...EDITOR_KEYBINDINGS,
	newline: ["shift+enter", "ctrl+j"],
	// Ctrl+Z suspends pi (as in the original and in shells); undo keeps its own keys.
	undo: ["ctrl+-", "ctrl+_"],
};

/**
 * The original pi's keybinding ids (`app.*`, `tui.*`) and the action each is in pi, so a keybindings.json written
 * for it works here. Keep docs/keybindings.md in step with this table.
 */
export const ORIGINAL_KEYBINDING_IDS: Readonly<Record<string, string>> = {
	"app.interrupt": "interrupt",
	"app.clear": "clear",
	"app.exit": "exit",
	"app.suspend": "suspend",
	"app.editor.external": "externalEditor",
	"app.clipboard.pasteImage": "pasteImage",
	"app.session.new": "newSession",
	"app.session.tree": "tree",
	"app.session.fork": "fork",
	"app.session.resume": "resume",
	"app.model.select": "selectModel",
	"app.model.cycleForward": "cycleModelForward",
	"app.model.cycleBackward": "cycleModelBackward",
	"app.thinking.cycle": "cycleThinkingLevel",
	"app.thinking.toggle": "toggleThinking",
	"app.tools.expand": "expandTools",
	"app.message.followUp": "followUp",
	"app.message.dequeue": "dequeue",
	"tui.editor.cursorUp": "cursorUp",
	"tui.editor.cursorDown": "cursorDown",
	"tui.editor.cursorLeft": "cursorLeft",
	"tui.editor.cursorRight": "cursorRight",
	"tui.editor.cursorWordLeft": "cursorWordLeft",
	"tui.editor.cursorWordRight": "cursorWordRight",
	"tui.editor.cursorLineStart": "cursorLineStart",
	"tui.editor.cursorLineEnd": "cursorLineEnd",
	"tui.editor.deleteCharBackward": "deleteBackward",
	"tui.editor.deleteCharForward": "deleteForward",
	"tui.editor.deleteWordBackward": "deleteWordBackward",
	"tui.editor.deleteWordForward": "deleteWordForward",
	"tui.editor.deleteToLineStart": "deleteToLineStart",
	"tui.editor.deleteToLineEnd": "deleteToLineEnd",
	"tui.editor.yank": "yank",
	"tui.editor.yankPop": "yankPop",
	"tui.editor.undo": "undo",
	"tui.input.newLine": "newline",
	"tui.input.submit": "submit",
	"tui.input.tab": "complete",
};

/**
 * The original's ids of keys pi has no such action for (its selectors' own keys, jumps, copy): accepted in
 * keybindings.json without effect, so a file written for the original loads without warnings.
 */
const ORIGINAL_IDS_WITHOUT_ACTION =
	/^(app\.(session|tree|models)\.|tui\.select\.|tui\.input\.copy$|tui\.editor\.(jump|page))/;

/** Overrides with the original's ids renamed to pi's actions (and the ones pi has no action for left out). */
export function translateKeybindingIds(overrides: KeybindingOverrides): KeybindingOverrides {
	const translated: Record<string, string | readonly string[]> = {};
	for (const [id, keys] of Object.entries(overrides)) {
		const action = ORIGINAL_KEYBINDING_IDS[id];
		if (action) translated[action] = keys;
		else if (!ORIGINAL_IDS_WITHOUT_ACTION.test(id)) translated[id] = keys;
	}
	return translated;
}

/** Texts about keybindings.json. */
export const KEYBINDINGS_TEXT = {
	unreadable: (path: string, message: string) => `Ignoring ${path}: ${message}`,
	notAnObject: (path: string) => `Ignoring ${path}: expected a JSON object of action names to key ids`,
	/** An ignored entry, with the file it came from. */
	entry: (path: string, warning: string) => `${path}: ${warning}`,
} as const;

/** Reads keybindings.json (absent file = no overrides). Problems are returned as warnings, never thrown. */
export function readKeybindingOverrides(agentDir: string): { overrides: KeybindingOverrides; warnings: string[] } {
	const path = join(agentDir, "keybindings.json");
	let text: string;
	try {
		text = readFileSync(path, "utf8");
	} catch (error) {
		// Only a missing file means "no overrides"; a directory or an unreadable file is the user's mistake to hear of.
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return { overrides: {}, warnings: [] };
		return { overrides: {}, warnings: [KEYBINDINGS_TEXT.unreadable(path, (error as Error).message)] };
	}
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		return { overrides: {}, warnings: [KEYBINDINGS_TEXT.unreadable(path, (error as Error).message)] };
	}
	if (typeof data !== "object" || data === null || Array.isArray(data)) {
		return { overrides: {}, warnings: [KEYBINDINGS_TEXT.notAnObject(path)] };
	}
	return { overrides: data as KeybindingOverrides, warnings: [] };
}

/** The manager holding editor and application actions with the user's overrides applied. */
export function createKeybindings(overrides: KeybindingOverrides = {}): KeybindingsManager {
	const appDefaults = Object.fromEntries(Object.entries(APP_ACTIONS).map(([name, action]) => [name, action.keys]));
	return new KeybindingsManager(
		{ ...INTERACTIVE_EDITOR_KEYBINDINGS, ...appDefaults },
		translateKeybindingIds(overrides),
	);
}

/** Loads keybindings.json from the agent dir into a manager; warnings cover the file and each ignored entry. */
export function loadKeybindings(agentDir: string): { keybindings: KeybindingsManager; warnings: string[] } {
	const { overrides, warnings } = readKeybindingOverrides(agentDir);
	const keybindings = createKeybindings(overrides);
	const path = join(agentDir, "keybindings.json");
	return {
		keybindings,
		warnings: [...warnings, ...keybindings.warnings.map((warning) => KEYBINDINGS_TEXT.entry(path, warning))],
	};
}

/** The header's key hints: the main application keys with their short descriptions, then the prefixes. */
const HEADER_HINTS: { actions: Partial<Record<AppActionName, string>>; prefixes: KeyHint[] } = {
	actions: {
		interrupt: "interrupt",
		clear: "clear / exit",
		selectModel: "select model",
		cycleThinkingLevel: "thinking level",
		expandTools: "expand tools",
	},
	prefixes: [
		{ key: "/", description: "commands" },
		{ key: "!", description: "run bash" },
		{ key: "@", description: "mention file" },
	],
};

/** The header's key hints as the user's keybindings resolve them (the first key of each action). */
export function headerKeyHints(keybindings: KeybindingsManager): KeyHint[] {
	const hints: KeyHint[] = Object.entries(HEADER_HINTS.actions).flatMap(([action, description]) => {
		const key = keybindings.getKeys(action)[0];
		return key && description ? [{ key: key === "escape" ? "esc" : key, description }] : [];
	});
	return [...hints, ...HEADER_HINTS.prefixes];
}

/** A key list for display: `ctrl+p` → `Ctrl+P`, several joined by ` / `. */
export function formatKeys(keys: readonly string[]): string {
	return keys
		.map((key) =>
			key
				.split("+")
				.map((part) => (part.length === 1 ? part.toUpperCase() : part[0]!.toUpperCase() + part.slice(1)))
				.join("+"),
		)
		.join(" / ");
}

/**
 * Application keys, seen before the editor: abort, clear/exit, suspend, model and thinking cycling, display toggles,
 * follow-up queueing and restoring, image paste, the external editor and session commands; and extension shortcuts
 * (pi.registerShortcut), which take over any key but the reserved ones, as in the original pi. Returns true when a
 * key was consumed.
 */
import { type KeybindingsManager, normalizeKeyId } from "@pi/tui";
import type { AppActionName } from "./keybindings.js";

/** What the hotkeys act on (implemented by InteractiveMode). */
export interface HotkeyTarget {
	keybindings: KeybindingsManager;
	/** Whether a dialog (selector, input) has the keyboard: only the editor's own keys apply then. */
	dialogOpen(): boolean;
	editorIsEmpty(): boolean;
	autocompleteOpen(): boolean;
	onInterrupt(): void;
	onClear(): void;
	onExit(): void;
	onFollowUp(): void;
	onCycleModel(direction: "forward" | "backward"): void;
	onSelectModel(): void;
	onCycleThinking(): void;
	onToggleTools(): void;
	onToggleThinking(): void;
	onExternalEditor(): void;
	onPasteImage(): void;
	onSuspend(): void;
	onDequeue(): void;
	/** A session command bound to a key (`/new`, `/tree`, `/fork`, `/resume`). */
	onSessionCommand(command: "new" | "tree" | "fork" | "resume"): void;
	/** Enter while the completion popup is open: true when the mode submitted a complete command itself. */
	onSubmitWithPopup(): boolean;
	/** A key no built-in action took: true when an extension shortcut (pi.registerShortcut) ran for it. */
	onExtensionShortcut?(data: string): boolean;
}

/** Actions handled here, in priority order (the first match wins). */
const ORDER: AppActionName[] = [
	"interrupt",
	"clear",
	"exit",
	"suspend",
	"followUp",
	"dequeue",
	"cycleModelBackward",
	"cycleModelForward",
	"selectModel",
	"cycleThinkingLevel",
	"expandTools",
	"toggleThinking",
	"externalEditor",
	"pasteImage",
	"newSession",
	"tree",
	"fork",
	"resume",
];

/**
 * Actions an extension shortcut never takes over (the original pi's reserved keybindings): a shortcut on one of
 * their keys is skipped. On any other key pi uses (editor keys, image paste, dequeue) the shortcut wins.
 */
const RESERVED: readonly string[] = [
	"interrupt",
	"clear",
	"exit",
	"suspend",
	"cycleThinkingLevel",
	"cycleModelForward",
	"cycleModelBackward",
	"selectModel",
	"expandTools",
	"toggleThinking",
	"externalEditor",
	"followUp",
	"submit",
	"deleteToLineEnd",
];

/** Texts about extension shortcuts on keys pi uses. */
export const SHORTCUT_TEXT = {
	skipped: (key: string, extensionPath: string, action: string) =>
		`Shortcut ${key} of ${extensionPath} is skipped: the key is pi's ${action} key, which extensions cannot take over.`,
	takesOver: (key: string, extensionPath: string, action: string) =>
		`Shortcut ${key} of ${extensionPath} takes over pi's ${action} key.`,
} as const;

/** The actions bound to `keyId` (application and editor actions, reserved ones first). */
function actionsForKey(keys: KeybindingsManager, keyId: string): string[] {
	const wanted = normalizeKeyId(keyId) ?? keyId.toLowerCase();
	const bound = keys.getActions().filter((name) => keys.getKeys(name).some((key) => key === wanted));
	return [...bound.filter((name) => RESERVED.includes(name)), ...bound.filter((name) => !RESERVED.includes(name))];
}

/** The reserved action bound to `keyId`, if any: an extension shortcut on that key never fires. */
export function reservedActionForKey(keys: KeybindingsManager, keyId: string): string | undefined {
	return actionsForKey(keys, keyId).find((name) => RESERVED.includes(name));
}

/** One warning per extension shortcut on a key pi uses: skipped (reserved key) or taking the key over. */
export function shortcutConflicts(
	keys: KeybindingsManager,
	shortcuts: Iterable<[string, { extensionPath: string }]>,
): string[] {
	const warnings: string[] = [];
	for (const [key, { extensionPath }] of shortcuts) {
		const [action] = actionsForKey(keys, key);
		if (!action) continue;
		warnings.push(
			RESERVED.includes(action)
				? SHORTCUT_TEXT.skipped(key, extensionPath, action)
				: SHORTCUT_TEXT.takesOver(key, extensionPath, action),
		);
	}
	return warnings;
}

/** Dispatches one unit of input; true when consumed. */
export function handleHotkey(target: HotkeyTarget, data: string): boolean {
	if (target.dialogOpen()) return false;
	const keys = target.keybindings;
	// A fully typed `/command` runs on Enter instead of Enter accepting the (same) completion first.
	if (target.autocompleteOpen() && keys.matches(data, "submit") && target.onSubmitWithPopup()) return true;
	const action = ORDER.find((name) => keys.matches(data, name));
	// Extension shortcuts come before pi's keys except the reserved ones (their shortcuts are skipped altogether).
	if (!(action && RESERVED.includes(action)) && target.onExtensionShortcut?.(data)) return true;
	if (!action) return false;
	switch (action) {
		case "interrupt":
			// Escape closes the autocomplete popup first.
			if (target.autocompleteOpen()) return false;
			target.onInterrupt();
			return true;
		case "clear":
			target.onClear();
			return true;
		case "exit":
			if (!target.editorIsEmpty()) return false; // ctrl+d deletes forward in a non-empty editor
			target.onExit();
			return true;
		case "followUp":
			target.onFollowUp();
			return true;
		case "cycleModelForward":
			target.onCycleModel("forward");
			return true;
		case "cycleModelBackward":
			target.onCycleModel("backward");
			return true;
		case "selectModel":
			target.onSelectModel();
			return true;
		case "cycleThinkingLevel":
			if (target.autocompleteOpen()) return false;
			target.onCycleThinking();
			return true;
		case "expandTools":
			target.onToggleTools();
			return true;
		case "toggleThinking":
			target.onToggleThinking();
			return true;
		case "externalEditor":
			target.onExternalEditor();
			return true;
		case "pasteImage":
			target.onPasteImage();
			return true;
		case "suspend":
			target.onSuspend();
			return true;
		case "dequeue":
			target.onDequeue();
			return true;
		case "newSession":
			target.onSessionCommand("new");
			return true;
		case "tree":
		case "fork":
		case "resume":
			target.onSessionCommand(action);
			return true;
	}
}

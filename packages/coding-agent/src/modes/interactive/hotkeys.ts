/**
 * Application keys, seen before the editor: abort, clear/exit, model and thinking cycling, display toggles,
 * follow-up queueing, image paste and the external editor. Returns true when a key was consumed.
 */
import type { KeybindingsManager } from "@pi/tui";
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
	"followUp",
	"cycleModelBackward",
	"cycleModelForward",
	"selectModel",
	"cycleThinkingLevel",
	"expandTools",
	"toggleThinking",
	"externalEditor",
	"pasteImage",
];

/** The application action bound to `keyId`, if any: an extension shortcut on that key never fires. */
export function appActionForKey(keys: KeybindingsManager, keyId: string): AppActionName | undefined {
	const wanted = keyId.toLowerCase();
	return ORDER.find((name) => keys.getKeys(name).some((bound) => bound.toLowerCase() === wanted));
}

/** Dispatches one unit of input; true when consumed. */
export function handleHotkey(target: HotkeyTarget, data: string): boolean {
	if (target.dialogOpen()) return false;
	const keys = target.keybindings;
	// A fully typed `/command` runs on Enter instead of Enter accepting the (same) completion first.
	if (target.autocompleteOpen() && keys.matches(data, "submit") && target.onSubmitWithPopup()) return true;
	const action = ORDER.find((name) => keys.matches(data, name));
	// Built-in keys win: an extension shortcut on a key pi already uses never fires (docs/extensions.md).
	if (!action) return target.onExtensionShortcut?.(data) ?? false;
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
	}
}

export {
	type AutocompleteItem,
	type AutocompleteProvider,
	type AutocompleteSuggestions,
	type CompletionResult,
	replacePrefix,
} from "./autocomplete.js";
export { type BufferSnapshot, type CursorPosition, TextBuffer } from "./buffer.js";
export { Editor } from "./editor.js";
export { EditorHistory } from "./history.js";
export { EDITOR_KEYBINDINGS, type EditorAction, EditorKeymap } from "./keymap.js";
export { KillRing } from "./kill-ring.js";
export { type EditorLayout, type LayoutRow, layoutEditor, wrapEditorLine } from "./layout.js";
export { DEFAULT_EDITOR_THEME, EDITOR_TEXT, type EditorOptions, type EditorTheme } from "./options.js";
export { normalizePastedText, PASTE_FOLD_CHARS, PASTE_FOLD_LINES, PasteStore } from "./paste.js";
export { UndoStack } from "./undo.js";

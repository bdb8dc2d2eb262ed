export { CONFIRM_TEXT, ConfirmDialog, type ConfirmDialogOptions } from "./confirm-dialog.js";
export {
	HOTKEYS_TEXT,
	type HotkeyRow,
	type HotkeySection,
	HotkeysView,
	type HotkeysViewOptions,
} from "./hotkeys-view.js";
export { describeModel, MODEL_SELECTOR_TEXT, ModelSelector, type ModelSelectorOptions } from "./model-selector.js";
export { SELECTOR_TEXT, SearchList, type SearchListOptions } from "./search-list.js";
export {
	formatAge,
	SESSION_SELECTOR_TEXT,
	type SessionListItem,
	SessionSelector,
	type SessionSelectorOptions,
} from "./session-selector.js";
export {
	SETTINGS_TEXT,
	type SettingChoice,
	SettingsSelector,
	type SettingsSelectorOptions,
	tuiSettingChoices,
} from "./settings-selector.js";
export { TEXT_INPUT_TEXT, TextInputDialog, type TextInputDialogOptions } from "./text-input-dialog.js";
export { THEME_SELECTOR_TEXT, ThemeSelector, type ThemeSelectorOptions } from "./theme-selector.js";
export { THINKING_SELECTOR_TEXT, ThinkingSelector, type ThinkingSelectorOptions } from "./thinking-selector.js";
export {
	describeEntry,
	flattenTree,
	isVisibleIn,
	TREE_FILTER_MODES,
	type TreeFilterMode,
	type TreeRow,
} from "./tree-entries.js";
export { TREE_SELECTOR_TEXT, TreeSelector, type TreeSelectorOptions } from "./tree-selector.js";

/**
 * The UI part of what an extension gets for `@mariozechner/pi-coding-agent`: theme accessors, key hints and the
 * original's UI components. Loaded only when an extension uses one of these names (it loads the TUI).
 */
export { copyToClipboard, getLanguageFromPath, highlightCode } from "./ui/code.js";
export { BorderedLoader, CustomEditor, DynamicBorder } from "./ui/components.js";
export { keyHint, keyText, rawKeyHint } from "./ui/key-hints.js";
export {
	getEditorTheme,
	getExtensionTheme,
	getMarkdownTheme,
	getSelectListTheme,
	getSettingsListTheme,
	setExtensionTheme,
} from "./ui/theme.js";

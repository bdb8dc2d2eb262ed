export { applyBackground, expandTabs, type StyleFn } from "./background.js";
export { BORDERS, type BorderChars, Box, type BoxOptions } from "./box.js";
export { CURSOR_MARKER } from "./cursor.js";
export * from "./editor/index.js";
export { fuzzyFilter, fuzzyScore } from "./fuzzy.js";
export * from "./image/index.js";
export { Input, type InputOptions } from "./input.js";
export { Loader, type LoaderOptions, SPINNER_FRAMES } from "./loader.js";
export * from "./markdown/index.js";
export {
	DEFAULT_SELECT_LIST_THEME,
	SELECT_LIST_TEXT,
	type SelectItem,
	SelectList,
	type SelectListOptions,
	type SelectListTheme,
} from "./select-list.js";
export { Spacer } from "./spacer.js";
export { renderPadded, Text, type TextOptions } from "./text.js";
export { TruncatedText, type TruncatedTextOptions } from "./truncated-text.js";

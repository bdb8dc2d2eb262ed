export { CURSOR_MARKER } from "./cursor.js";
export * from "./editor/index.js";
export { fuzzyFilter, fuzzyScore } from "./fuzzy.js";
export {
	DEFAULT_SELECT_LIST_THEME,
	SELECT_LIST_TEXT,
	type SelectItem,
	SelectList,
	type SelectListOptions,
	type SelectListTheme,
} from "./select-list.js";

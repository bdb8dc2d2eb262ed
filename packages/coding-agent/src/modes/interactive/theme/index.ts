export { createEditorTheme, createMarkdownTheme, createSelectListTheme } from "./adapters.js";
export { BUILTIN_THEME_FILES, DARK_THEME_FILE, LIGHT_THEME_FILE } from "./builtin-themes.js";
export {
	type ColorLevel,
	type ColorValue,
	type CreateThemeOptions,
	createTheme,
	type Style,
	THEME_COLOR_ROLES,
	type Theme,
	type ThemeColorRole,
	type ThemeSpec,
	thinkingBorderRole,
} from "./theme.js";
export { isColorValue, type ResolvedThemeFile, resolveThemeFile, THEME_TEXT, type ThemeFile } from "./theme-file.js";
export {
	BUILTIN_THEME_NAMES,
	DARK_THEME,
	detectBackground,
	LIGHT_THEME,
	type LoadedThemes,
	type LoadThemesOptions,
	loadThemeFile,
	loadThemes,
	selectTheme,
} from "./theme-loader.js";

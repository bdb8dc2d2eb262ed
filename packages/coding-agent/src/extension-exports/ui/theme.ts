/**
 * The theme extension UI helpers draw with (`getMarkdownTheme()` and friends take no theme argument in the original
 * pi). The interactive mode sets it when it starts and on a theme switch; until then, the built-in dark theme.
 */
import type { EditorTheme, MarkdownTheme, SelectListTheme } from "@pi/tui";
import {
	createEditorTheme,
	createMarkdownTheme,
	createSelectListTheme,
} from "../../modes/interactive/theme/adapters.js";
import { createTheme, type Theme } from "../../modes/interactive/theme/theme.js";
import { DARK_THEME } from "../../modes/interactive/theme/theme-loader.js";
import type { SettingsListTheme } from "../settings-list.js";

let current: Theme | undefined;

/** Sets the theme extension helpers use (the interactive mode's current theme). */
export function setExtensionTheme(theme: Theme): void {
	current = theme;
}

/** The theme extension helpers use. */
export function getExtensionTheme(): Theme {
	current ??= createTheme(DARK_THEME);
	return current;
}

/** Markdown component styles from the current theme. */
export function getMarkdownTheme(): MarkdownTheme {
	return createMarkdownTheme(getExtensionTheme());
}

/** SelectList styles from the current theme. */
export function getSelectListTheme(): SelectListTheme {
	return createSelectListTheme(getExtensionTheme());
}

/** Editor styles from the current theme. */
export function getEditorTheme(): EditorTheme {
	return createEditorTheme(getExtensionTheme());
}

/** SettingsList styles from the current theme. */
export function getSettingsListTheme(): SettingsListTheme {
	const theme = getExtensionTheme();
	return {
		label: (text, selected) => (selected ? theme.bold(theme.fg("selected", text)) : text),
		value: (text, selected) => theme.fg(selected ? "accent" : "muted", text),
		description: (text) => theme.fg("dim", text),
		cursor: theme.fg("accent", "› "),
		hint: (text) => theme.fg("dim", text),
	};
}

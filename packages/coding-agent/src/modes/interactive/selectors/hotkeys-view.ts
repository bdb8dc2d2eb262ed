/** /hotkeys: a table of the key bindings by section; Esc, Enter or q closes it. */
import { type Focusable, matchesKey, truncateToWidth, visibleWidth } from "@pi/tui";
import type { Theme } from "../theme/theme.js";

export const HOTKEYS_TEXT = {
	title: "Keyboard shortcuts",
	hint: "esc close",
} as const;

/** One binding: its keys (e.g. from `KeybindingsManager.getKeys(action)`) and what it does. */
export interface HotkeyRow {
	keys: readonly string[];
	description: string;
}

export interface HotkeySection {
	title: string;
	rows: readonly HotkeyRow[];
}

export interface HotkeysViewOptions {
	theme: Theme;
	sections: readonly HotkeySection[];
	onClose: () => void;
}

export class HotkeysView implements Focusable {
	focused = false;

	constructor(private readonly options: HotkeysViewOptions) {}

	handleInput(data: string): void {
		if (matchesKey(data, "escape") || matchesKey(data, "enter") || data === "q" || matchesKey(data, "ctrl+c")) {
			this.options.onClose();
		}
	}

	render(width: number): string[] {
		const { theme, sections } = this.options;
		const border = theme.fg("borderAccent", "─".repeat(Math.max(0, width)));
		const keyText = (row: HotkeyRow) => (row.keys.length > 0 ? row.keys.join(", ") : "(unbound)");
		const keyColumn = Math.min(
			Math.floor(width / 2),
			Math.max(0, ...sections.flatMap((section) => section.rows.map((row) => visibleWidth(keyText(row))))),
		);
		const rows = [border, truncateToWidth(` ${theme.bold(HOTKEYS_TEXT.title)}`, width)];
		for (const section of sections) {
			rows.push("", truncateToWidth(` ${theme.fg("accent", section.title)}`, width));
			for (const row of section.rows) {
				const keys = truncateToWidth(keyText(row), keyColumn);
				const padded = keys + " ".repeat(Math.max(0, keyColumn - visibleWidth(keys)));
				rows.push(truncateToWidth(`   ${theme.fg("warning", padded)}  ${row.description}`, width));
			}
		}
		rows.push("", truncateToWidth(` ${theme.fg("dim", HOTKEYS_TEXT.hint)}`, width), border);
		return rows;
	}
}

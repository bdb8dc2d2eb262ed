/**
 * /hotkeys: a table of the key bindings by section; Esc, Enter or q closes it. Taller than the screen, it scrolls
 * inside itself (↑↓, PgUp/PgDn, Home/End) with its title and hint kept in view.
 */
import { type Focusable, matchesKey, truncateToWidth, visibleWidth } from "@pi/tui";
import type { Theme } from "../theme/theme.js";

export const HOTKEYS_TEXT = {
	title: "Keyboard shortcuts",
	hint: "esc close",
	scrollHint: (first: number, last: number, total: number) =>
		`rows ${first}–${last} of ${total} · ↑↓ pgup/pgdn scroll · esc close`,
} as const;

/** Rows around the scrolled body: border and title above; a blank row, the hint and a border below. */
const HEAD_ROWS = 2;
const TAIL_ROWS = 3;

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
	private maxRows = Number.POSITIVE_INFINITY;
	private scrollTop = 0;

	constructor(private readonly options: HotkeysViewOptions) {}

	setMaxRows(rows: number): void {
		this.maxRows = rows;
	}

	handleInput(data: string): void {
		if (matchesKey(data, "escape") || matchesKey(data, "enter") || data === "q" || matchesKey(data, "ctrl+c")) {
			this.options.onClose();
			return;
		}
		const page = Math.max(1, this.bodyRows() - 1);
		if (matchesKey(data, "up")) this.scrollTop -= 1;
		else if (matchesKey(data, "down")) this.scrollTop += 1;
		else if (matchesKey(data, "pageUp")) this.scrollTop -= page;
		else if (matchesKey(data, "pageDown") || data === " ") this.scrollTop += page;
		else if (matchesKey(data, "home")) this.scrollTop = 0;
		else if (matchesKey(data, "end")) this.scrollTop = Number.MAX_SAFE_INTEGER;
		// render() clamps the offset to the table it draws.
	}

	render(width: number): string[] {
		const rows = this.renderAll(width);
		if (rows.length <= this.maxRows) {
			this.scrollTop = 0;
			return rows;
		}
		const body = rows.slice(HEAD_ROWS, rows.length - TAIL_ROWS);
		const shown = this.bodyRows();
		this.scrollTop = Math.max(0, Math.min(this.scrollTop, body.length - shown));
		const { theme } = this.options;
		const hint = HOTKEYS_TEXT.scrollHint(this.scrollTop + 1, this.scrollTop + shown, body.length);
		return [
			...rows.slice(0, HEAD_ROWS),
			...body.slice(this.scrollTop, this.scrollTop + shown),
			"",
			truncateToWidth(` ${theme.fg("dim", hint)}`, width),
			rows[rows.length - 1]!,
		];
	}

	/** Body rows that fit between the title and the hint. */
	private bodyRows(): number {
		return Math.max(1, this.maxRows - HEAD_ROWS - TAIL_ROWS);
	}

	private renderAll(width: number): string[] {
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

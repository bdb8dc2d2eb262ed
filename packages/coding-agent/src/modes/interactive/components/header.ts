/** The start-up header: name and version, and (unless quiet) the most useful keys. */
import { type Component, truncateToWidth } from "@pi/tui";
import type { Theme } from "../theme/theme.js";

/** One key hint: `ctrl+c` and what it does. */
export interface KeyHint {
	key: string;
	description: string;
}

/** The hints shown when the caller passes none. */
export const DEFAULT_KEY_HINTS: readonly KeyHint[] = [
	{ key: "esc", description: "interrupt" },
	{ key: "ctrl+c", description: "clear / exit" },
	{ key: "ctrl+l", description: "select model" },
	{ key: "shift+tab", description: "thinking level" },
	{ key: "ctrl+o", description: "expand tools" },
	{ key: "ctrl+t", description: "hide thinking" },
	{ key: "/", description: "commands" },
	{ key: "!", description: "run bash" },
	{ key: "@", description: "mention file" },
];

export interface HeaderOptions {
	theme: Theme;
	version: string;
	/** settings quietStartup: the title only. */
	quiet?: boolean;
	hints?: readonly KeyHint[];
	/** Extra muted lines, e.g. loaded context files and skills. */
	details?: readonly string[];
}

export class HeaderComponent implements Component {
	constructor(private readonly options: HeaderOptions) {}

	render(width: number): string[] {
		const { theme, version, quiet } = this.options;
		const rows = [truncateToWidth(` ${theme.bold(theme.fg("accent", "pi"))} ${theme.fg("dim", `v${version}`)}`, width)];
		if (quiet) return rows;
		rows.push(...this.hintRows(width));
		for (const line of this.options.details ?? []) rows.push(truncateToWidth(` ${theme.fg("muted", line)}`, width));
		return rows;
	}

	/** Hints packed into as few rows as fit, `key description` separated by two spaces. */
	private hintRows(width: number): string[] {
		const { theme } = this.options;
		const rows: string[] = [];
		let row = "";
		let used = 1;
		for (const hint of this.options.hints ?? DEFAULT_KEY_HINTS) {
			const plainWidth = hint.key.length + 1 + hint.description.length;
			const piece = `${theme.fg("dim", hint.key)} ${theme.fg("muted", hint.description)}`;
			const gap = row === "" ? 0 : 2;
			if (row !== "" && used + gap + plainWidth > width) {
				rows.push(truncateToWidth(` ${row}`, width));
				row = "";
				used = 1;
			}
			row += (row === "" ? "" : "  ") + piece;
			used += (row === piece ? 0 : 2) + plainWidth;
		}
		if (row !== "") rows.push(truncateToWidth(` ${row}`, width));
		return rows;
	}
}

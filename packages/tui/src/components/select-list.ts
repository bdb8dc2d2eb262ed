/**
 * A list of items to pick from: arrow keys move, typing filters (fuzzy), Enter selects, Escape cancels. Shows at
 * most `maxVisible` items and a scroll indicator when there are more.
 */
import chalk from "chalk";
import type { Focusable } from "../component.js";
import { matchesKey, parseKey } from "../input/keys.js";
import { truncateToWidth } from "../text/truncate.js";
import { visibleWidth } from "../text/width.js";
import { fuzzyFilter } from "./fuzzy.js";

/** One entry of a {@link SelectList}. */
export interface SelectItem {
	/** What the caller gets back on selection. */
	value: string;
	/** The text shown (and filtered on). */
	label: string;
	/** Shown dimmed after the label. */
	description?: string;
	/**
	 * Shown right after the label and never cut: a narrow row shortens the label instead (e.g. a "← current"
	 * marker after a long entry). Already styled; not filtered on. Items with a description ignore it.
	 */
	suffix?: string;
}

/** Styling functions; each gets plain text and returns styled text of the same width. */
export interface SelectListTheme {
	selected: (text: string) => string;
	label: (text: string) => string;
	description: (text: string) => string;
	scrollInfo: (text: string) => string;
	filter: (text: string) => string;
	noMatch: (text: string) => string;
}

export const DEFAULT_SELECT_LIST_THEME: SelectListTheme = {
	selected: (text) => chalk.cyan(text),
	label: (text) => text,
	description: (text) => chalk.dim(text),
	scrollInfo: (text) => chalk.dim(text),
	filter: (text) => chalk.dim(text),
	noMatch: (text) => chalk.dim(text),
};

/** User-visible texts of the list. */
export const SELECT_LIST_TEXT = {
	noMatches: "No matches",
	filterLabel: "Filter: ",
	selectedMarker: "→ ",
	unselectedMarker: "  ",
	scrollInfo: (position: number, total: number) => `(${position}/${total})`,
} as const;

export interface SelectListOptions {
	/** Items shown at once (default 8). */
	maxVisible?: number;
	/** Whether typed characters filter the list (default true). */
	filterable?: boolean;
	theme?: Partial<SelectListTheme>;
}

const DESCRIPTION_GAP = 2;
/** Labels longer than this share their row's room with the description instead of pushing it off screen. */
const MAX_LABEL_COLUMN = 32;

export class SelectList implements Focusable {
	focused = false;
	/** Called with the highlighted item on Enter. */
	onSelect?: (item: SelectItem) => void;
	/** Called on Escape. */
	onCancel?: () => void;
	/** Called whenever the highlighted item changes. */
	onSelectionChange?: (item: SelectItem | undefined) => void;

	private items: SelectItem[];
	private visible: SelectItem[];
	private filter = "";
	private selectedIndex = 0;
	private maxVisible: number;
	private readonly filterable: boolean;
	private readonly theme: SelectListTheme;

	constructor(items: SelectItem[] = [], options: SelectListOptions = {}) {
		this.items = [...items];
		this.visible = [...items];
		this.maxVisible = Math.max(1, options.maxVisible ?? 8);
		this.filterable = options.filterable ?? true;
		this.theme = { ...DEFAULT_SELECT_LIST_THEME, ...options.theme };
	}

	/** Changes how many items are shown at once (at least 1), e.g. to fit a shorter screen. */
	setMaxVisible(count: number): void {
		this.maxVisible = Math.max(1, Math.floor(count));
	}

	/** Replaces the items, keeps the filter, and highlights the first match. */
	setItems(items: SelectItem[]): void {
		this.items = [...items];
		this.applyFilter();
	}

	/** Sets the filter text (as if typed) and highlights the best match. */
	setFilter(filter: string): void {
		this.filter = filter;
		this.applyFilter();
	}

	getFilter(): string {
		return this.filter;
	}

	/** The items that match the filter, best first. */
	getVisibleItems(): SelectItem[] {
		return [...this.visible];
	}

	getSelectedItem(): SelectItem | undefined {
		return this.visible[this.selectedIndex];
	}

	getSelectedIndex(): number {
		return this.selectedIndex;
	}

	setSelectedIndex(index: number): void {
		if (this.visible.length === 0) return;
		this.selectedIndex = Math.max(0, Math.min(index, this.visible.length - 1));
		this.onSelectionChange?.(this.getSelectedItem());
	}

	/** Moves the highlight up, wrapping from the first item to the last. */
	moveUp(): void {
		if (this.visible.length === 0) return;
		this.setSelectedIndex(this.selectedIndex === 0 ? this.visible.length - 1 : this.selectedIndex - 1);
	}

	/** Moves the highlight down, wrapping from the last item to the first. */
	moveDown(): void {
		if (this.visible.length === 0) return;
		this.setSelectedIndex(this.selectedIndex === this.visible.length - 1 ? 0 : this.selectedIndex + 1);
	}

	handleInput(data: string): void {
		if (matchesKey(data, "up") || matchesKey(data, "ctrl+p")) {
			this.moveUp();
			return;
		}
		if (matchesKey(data, "down") || matchesKey(data, "ctrl+n")) {
			this.moveDown();
			return;
		}
		if (matchesKey(data, "enter")) {
			const item = this.getSelectedItem();
			if (item) this.onSelect?.(item);
			return;
		}
		if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) {
			this.onCancel?.();
			return;
		}
		if (!this.filterable) return;
		if (matchesKey(data, "backspace")) {
			if (this.filter !== "") this.setFilter([...this.filter].slice(0, -1).join(""));
			return;
		}
		const event = parseKey(data);
		if (event?.text && !event.ctrl && !event.alt) this.setFilter(this.filter + event.text);
	}

	render(width: number): string[] {
		const rows: string[] = [];
		if (this.filterable && this.filter !== "") {
			rows.push(truncateToWidth(this.theme.filter(SELECT_LIST_TEXT.filterLabel + this.filter), width));
		}
		if (this.visible.length === 0) {
			rows.push(truncateToWidth(this.theme.noMatch(`  ${SELECT_LIST_TEXT.noMatches}`), width));
			return rows;
		}
		const start = Math.max(
			0,
			Math.min(this.selectedIndex - Math.floor(this.maxVisible / 2), this.visible.length - this.maxVisible),
		);
		const shown = this.visible.slice(start, start + this.maxVisible);
		const labelColumn = Math.min(MAX_LABEL_COLUMN, Math.max(...shown.map((item) => visibleWidth(item.label))));
		shown.forEach((item, offset) => {
			rows.push(this.renderItem(item, start + offset === this.selectedIndex, labelColumn, width));
		});
		if (this.visible.length > this.maxVisible) {
			const info = SELECT_LIST_TEXT.scrollInfo(this.selectedIndex + 1, this.visible.length);
			rows.push(truncateToWidth(this.theme.scrollInfo(`  ${info}`), width));
		}
		return rows;
	}

	private renderItem(item: SelectItem, selected: boolean, labelColumn: number, width: number): string {
		const marker = selected ? SELECT_LIST_TEXT.selectedMarker : SELECT_LIST_TEXT.unselectedMarker;
		const suffix = item.suffix ?? "";
		const suffixWidth = visibleWidth(suffix);
		if (suffix !== "" && !item.description) {
			// The suffix keeps its room; the label gives way (down to nothing on a very narrow row).
			const room = Math.max(0, width - visibleWidth(marker) - suffixWidth);
			const shortLabel = truncateToWidth(item.label, room);
			const body = selected ? this.theme.selected(marker + shortLabel) : marker + this.theme.label(shortLabel);
			return truncateToWidth(body + suffix, width);
		}
		const available = width - visibleWidth(marker);
		let label = truncateToWidth(item.label, Math.max(0, Math.min(available, labelColumn)));
		let description = "";
		const descriptionRoom = available - labelColumn - DESCRIPTION_GAP;
		if (item.description && descriptionRoom >= 8) {
			label += " ".repeat(Math.max(0, labelColumn - visibleWidth(label)) + DESCRIPTION_GAP);
			description = truncateToWidth(item.description.replace(/\s*\n\s*/g, " "), descriptionRoom);
		} else if (!item.description) {
			label = truncateToWidth(item.label, Math.max(0, available));
		}
		const text = selected
			? this.theme.selected(marker + label) + (description ? this.theme.selected(description) : "")
			: marker + this.theme.label(label) + (description ? this.theme.description(description) : "");
		return truncateToWidth(text, width);
	}

	private applyFilter(): void {
		this.visible = this.filterable ? fuzzyFilter(this.items, this.filter, (item) => item.label) : [...this.items];
		this.selectedIndex = 0;
		this.onSelectionChange?.(this.getSelectedItem());
	}
}

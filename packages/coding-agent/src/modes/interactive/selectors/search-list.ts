/**
 * The body shared by the selectors: a title, a search input, a SelectList of matching entries and a key hint,
 * between two borders. Up/Down (and PageUp/PageDown) move, typing searches, Enter selects, Escape cancels.
 * Entries are any type; the caller says how to show and search them.
 */
import { type Focusable, fuzzyFilter, Input, matchesKey, type SelectItem, SelectList, truncateToWidth } from "@pi/tui";
import { createSelectListTheme } from "../theme/adapters.js";
import type { Theme } from "../theme/theme.js";
import { dialogTitleRows } from "./dialog-title.js";
import { fitMessageRows } from "./fit-message.js";

export interface SearchListOptions<T> {
	theme: Theme;
	title: string;
	/** Key hint under the list, e.g. "enter select · esc cancel". */
	hint?: string;
	entries: readonly T[];
	/** The row of an entry (`value` must be unique). */
	toItem: (entry: T) => SelectItem;
	/** Text the search matches against (default: the label). */
	searchText?: (entry: T) => string;
	/** `fuzzy` (default) ranks matches; `substring` keeps entry order (for trees). */
	match?: "fuzzy" | "substring";
	/** Rows shown at once (default 10). */
	maxVisible?: number;
	/** Whether to show the search input (default true). */
	searchable?: boolean;
	onSelect: (entry: T) => void;
	onCancel: () => void;
	/** Called when the highlighted entry changes (previews). */
	onHighlight?: (entry: T | undefined) => void;
}

/** The common hint texts of selectors. */
export const SELECTOR_TEXT = {
	hint: "↑↓ move · enter select · esc cancel",
	searchPrompt: "search: ",
	empty: "nothing to show",
} as const;

export class SearchList<T> implements Focusable {
	focused = false;
	private entries: readonly T[];
	private readonly byValue = new Map<string, T>();
	private readonly list: SelectList;
	private readonly input: Input;
	private title: string;
	private hint: string;
	private maxRows = Number.POSITIVE_INFINITY;

	constructor(private readonly options: SearchListOptions<T>) {
		this.entries = options.entries;
		this.title = options.title;
		this.hint = options.hint ?? SELECTOR_TEXT.hint;
		this.list = new SelectList([], {
			maxVisible: options.maxVisible ?? 10,
			filterable: false,
			theme: createSelectListTheme(options.theme),
		});
		this.input = new Input({ prompt: SELECTOR_TEXT.searchPrompt });
		this.refilter();
		this.list.onSelectionChange = (item) => options.onHighlight?.(item ? this.byValue.get(item.value) : undefined);
	}

	/** Replaces the entries, keeping the search text. */
	setEntries(entries: readonly T[]): void {
		this.entries = entries;
		this.refilter();
	}

	setTitle(title: string): void {
		this.title = title;
	}

	setHint(hint: string): void {
		this.hint = hint;
	}

	getSearch(): string {
		return this.input.getValue();
	}

	/** The entries matching the search, in display order. */
	getVisibleEntries(): T[] {
		return this.list.getVisibleItems().map((item) => this.byValue.get(item.value) as T);
	}

	getHighlighted(): T | undefined {
		const item = this.list.getSelectedItem();
		return item ? this.byValue.get(item.value) : undefined;
	}

	/** Highlights the first visible entry satisfying `predicate`. */
	highlight(predicate: (entry: T) => boolean): void {
		const index = this.getVisibleEntries().findIndex(predicate);
		if (index !== -1 && index !== this.list.getSelectedIndex()) this.list.setSelectedIndex(index);
	}

	/** Shows fewer entries at once when the screen is short, so the whole list (and its hint) stays visible. */
	setMaxRows(rows: number): void {
		this.maxRows = rows;
		this.fitList(1);
	}

	/** Rows besides the title and the entries: borders, two blank rows and the hint; the search input; "(n/m)". */
	private get chromeRows(): number {
		return 5 + (this.options.searchable !== false ? 1 : 0) + 1;
	}

	/** Shows as many entries as fit under a title of `titleRows` rows (at least one). */
	private fitList(titleRows: number): void {
		const room = this.maxRows - this.chromeRows - titleRows;
		this.list.setMaxVisible(Math.min(this.options.maxVisible ?? 10, Math.max(1, room)));
	}

	handleInput(data: string): void {
		if (matchesKey(data, "up") || matchesKey(data, "ctrl+p")) {
			this.list.moveUp();
			return;
		}
		if (matchesKey(data, "down") || matchesKey(data, "ctrl+n")) {
			this.list.moveDown();
			return;
		}
		const page = this.options.maxVisible ?? 10;
		if (matchesKey(data, "pageUp")) {
			this.list.setSelectedIndex(this.list.getSelectedIndex() - page);
			return;
		}
		if (matchesKey(data, "pageDown")) {
			this.list.setSelectedIndex(this.list.getSelectedIndex() + page);
			return;
		}
		if (matchesKey(data, "enter")) {
			const entry = this.getHighlighted();
			if (entry !== undefined) this.options.onSelect(entry);
			return;
		}
		if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) {
			this.options.onCancel();
			return;
		}
		if (this.options.searchable === false) return;
		const before = this.input.getValue();
		this.input.handleInput(data);
		if (this.input.getValue() !== before) this.refilter();
	}

	render(width: number): string[] {
		const { theme } = this.options;
		const border = theme.fg("borderAccent", "─".repeat(Math.max(0, width)));
		// A long title (an extension's question) gives up rows before the list does, down to one entry.
		const titleRoom = Math.max(1, this.maxRows - this.chromeRows - 1);
		const title = fitMessageRows(dialogTitleRows(theme, this.title, width), titleRoom, ` ${theme.fg("dim", "…")}`);
		this.fitList(title.length);
		const rows = [border, ...title];
		if (this.options.searchable !== false) {
			this.input.focused = this.focused;
			rows.push(...this.input.render(Math.max(1, width - 1)).map((row) => ` ${row}`));
		}
		rows.push("");
		if (this.entries.length === 0) rows.push(truncateToWidth(` ${theme.fg("muted", SELECTOR_TEXT.empty)}`, width));
		else rows.push(...this.list.render(width));
		rows.push("", truncateToWidth(` ${theme.fg("dim", this.hint)}`, width), border);
		return rows;
	}

	private refilter(): void {
		const previous = this.list.getSelectedItem()?.value;
		this.byValue.clear();
		const items = this.entries.map((entry) => {
			const item = this.options.toItem(entry);
			this.byValue.set(item.value, entry);
			return { item, entry };
		});
		const query = this.input.getValue().trim();
		const textOf = ({ item, entry }: { item: SelectItem; entry: T }) =>
			this.options.searchText ? this.options.searchText(entry) : item.label;
		let matches = items;
		if (query !== "") {
			if (this.options.match === "substring") {
				const words = query.toLowerCase().split(/\s+/);
				matches = items.filter((candidate) => {
					const text = textOf(candidate).toLowerCase();
					return words.every((word) => text.includes(word));
				});
			} else {
				matches = fuzzyFilter(items, query, textOf);
			}
		}
		this.list.setItems(matches.map(({ item }) => item));
		if (previous !== undefined && query === "") {
			const index = matches.findIndex(({ item }) => item.value === previous);
			if (index > 0) this.list.setSelectedIndex(index);
		}
	}
}

/**
 * A selector whose whole view is one {@link SearchList}: focus and rendering go to the list, and so does input
 * unless the selector overrides `handleInput` to take keys of its own first.
 */
export abstract class SearchListSelector<T> implements Focusable {
	protected abstract readonly list: SearchList<T>;

	get focused(): boolean {
		return this.list.focused;
	}

	set focused(value: boolean) {
		this.list.focused = value;
	}

	handleInput(data: string): void {
		this.list.handleInput(data);
	}

	setMaxRows(rows: number): void {
		this.list.setMaxRows(rows);
	}

	render(width: number): string[] {
		return this.list.render(width);
	}
}

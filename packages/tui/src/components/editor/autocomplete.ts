/**
 * The editor's completion popup. What to suggest and how to apply a choice belong to an
 * {@link AutocompleteProvider} (slash commands, file paths); the popup only shows the items and tracks the
 * highlighted one.
 */
import { SelectList, type SelectListTheme } from "../select-list.js";

/** One suggestion. `value` is what gets inserted; `label` is what is shown. */
export interface AutocompleteItem {
	value: string;
	label: string;
	description?: string;
}

/** Suggestions for the text before the cursor; `prefix` is the part of the text they would replace. */
export interface AutocompleteSuggestions {
	items: AutocompleteItem[];
	prefix: string;
}

/** The editor content after applying a completion. */
export interface CompletionResult {
	lines: string[];
	cursorLine: number;
	cursorCol: number;
}

/** Supplies completions. Called after every edit (`explicit` false) and on Tab (`explicit` true). */
export interface AutocompleteProvider {
	/** Suggestions for the cursor position, or null when there is nothing to complete here. */
	getSuggestions(
		lines: string[],
		cursorLine: number,
		cursorCol: number,
		options: { explicit: boolean },
	): AutocompleteSuggestions | null;
	/** Applies `item`, replacing `prefix` before the cursor. {@link replacePrefix} does the common case. */
	applyCompletion(
		lines: string[],
		cursorLine: number,
		cursorCol: number,
		item: AutocompleteItem,
		prefix: string,
	): CompletionResult;
}

/** Replaces the `prefix` that ends at the cursor with `value`, leaving the cursor after it. */
export function replacePrefix(
	lines: readonly string[],
	cursorLine: number,
	cursorCol: number,
	prefix: string,
	value: string,
): CompletionResult {
	const line = lines[cursorLine] ?? "";
	const start = line.slice(0, cursorCol).endsWith(prefix) ? cursorCol - prefix.length : cursorCol;
	const updated = [...lines];
	updated[cursorLine] = line.slice(0, start) + value + line.slice(cursorCol);
	return { lines: updated, cursorLine, cursorCol: start + value.length };
}

/** Popup state: open with suggestions, or closed. */
export class AutocompletePopup {
	private readonly list: SelectList;
	private suggestions: AutocompleteSuggestions | undefined;

	constructor(
		private readonly provider: AutocompleteProvider,
		options: { maxVisible?: number; theme?: Partial<SelectListTheme> } = {},
	) {
		this.list = new SelectList([], { maxVisible: options.maxVisible ?? 5, filterable: false, theme: options.theme });
	}

	get isOpen(): boolean {
		return this.suggestions !== undefined;
	}

	get prefix(): string {
		return this.suggestions?.prefix ?? "";
	}

	/** Asks the provider again for the current text; opens, refreshes or closes the popup. */
	update(
		lines: string[],
		cursorLine: number,
		cursorCol: number,
		explicit: boolean,
	): AutocompleteSuggestions | undefined {
		const result = this.provider.getSuggestions(lines, cursorLine, cursorCol, { explicit });
		if (!result || result.items.length === 0) {
			this.close();
			return undefined;
		}
		this.suggestions = result;
		this.list.setItems(result.items);
		return result;
	}

	close(): void {
		this.suggestions = undefined;
	}

	moveUp(): void {
		this.list.moveUp();
	}

	moveDown(): void {
		this.list.moveDown();
	}

	selectedItem(): AutocompleteItem | undefined {
		return this.list.getSelectedItem();
	}

	/** Applies `item` (default: the highlighted one) through the provider and closes the popup. */
	apply(
		lines: string[],
		cursorLine: number,
		cursorCol: number,
		item = this.selectedItem(),
	): CompletionResult | undefined {
		if (!item || !this.suggestions) return undefined;
		const result = this.provider.applyCompletion(lines, cursorLine, cursorCol, item, this.suggestions.prefix);
		this.close();
		return result;
	}

	render(width: number): string[] {
		return this.isOpen ? this.list.render(width) : [];
	}
}

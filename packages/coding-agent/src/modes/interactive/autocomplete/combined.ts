/** One provider for the editor made of several: the first with suggestions wins and applies its own item. */
import type { AutocompleteItem, AutocompleteProvider, AutocompleteSuggestions, CompletionResult } from "@pi/tui";

export class CombinedAutocompleteProvider implements AutocompleteProvider {
	private active: AutocompleteProvider | undefined;

	constructor(private readonly providers: readonly AutocompleteProvider[]) {}

	getSuggestions(
		lines: string[],
		cursorLine: number,
		cursorCol: number,
		options: { explicit: boolean },
	): AutocompleteSuggestions | null {
		for (const provider of this.providers) {
			const suggestions = provider.getSuggestions(lines, cursorLine, cursorCol, options);
			if (suggestions && suggestions.items.length > 0) {
				this.active = provider;
				return suggestions;
			}
		}
		this.active = undefined;
		return null;
	}

	applyCompletion(
		lines: string[],
		cursorLine: number,
		cursorCol: number,
		item: AutocompleteItem,
		prefix: string,
	): CompletionResult {
		const provider = this.active ?? this.providers[0];
		if (!provider) return { lines, cursorLine, cursorCol };
		return provider.applyCompletion(lines, cursorLine, cursorCol, item, prefix);
	}
}

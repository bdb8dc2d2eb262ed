/** /theme: pick a theme; moving the highlight previews it (the caller restores the old one on cancel). */
import type { Theme } from "../theme/theme.js";
import { SearchList, SearchListSelector } from "./search-list.js";

export const THEME_SELECTOR_TEXT = {
	title: "Select theme",
	current: " ✓",
} as const;

export interface ThemeSelectorOptions {
	theme: Theme;
	/** Theme names, e.g. the keys of `loadThemes().themes`. */
	themes: readonly string[];
	current: string;
	/** Called with the highlighted theme on every move. */
	onPreview: (name: string) => void;
	onSelect: (name: string) => void;
	onCancel: () => void;
}

export class ThemeSelector extends SearchListSelector<string> {
	protected readonly list: SearchList<string>;

	constructor(options: ThemeSelectorOptions) {
		super();
		this.list = new SearchList<string>({
			theme: options.theme,
			title: THEME_SELECTOR_TEXT.title,
			entries: options.themes,
			toItem: (name) => ({ value: name, label: name + (name === options.current ? THEME_SELECTOR_TEXT.current : "") }),
			searchText: (name) => name,
			onSelect: options.onSelect,
			onCancel: options.onCancel,
			onHighlight: (name) => {
				if (name !== undefined) options.onPreview(name);
			},
		});
		this.list.highlight((name) => name === options.current);
	}
}

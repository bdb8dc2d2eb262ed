/** /theme: pick a theme; moving the highlight previews it (the caller restores the old one on cancel). */
import type { Focusable } from "@pi/tui";
import type { Theme } from "../theme/theme.js";
import { SearchList } from "./search-list.js";

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

export class ThemeSelector implements Focusable {
	private readonly list: SearchList<string>;

	constructor(options: ThemeSelectorOptions) {
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

	get focused(): boolean {
		return this.list.focused;
	}

	set focused(value: boolean) {
		this.list.focused = value;
	}

	handleInput(data: string): void {
		this.list.handleInput(data);
	}

	render(width: number): string[] {
		return this.list.render(width);
	}
}

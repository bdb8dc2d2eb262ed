/**
 * /settings: the TUI-relevant settings as a list; Enter, Space or → picks the next value, ← the previous one.
 * Every change is reported at once through `onChange` (the caller writes it to the global settings file).
 */
import { matchesKey } from "@pi/tui";
import type { Theme } from "../theme/theme.js";
import { SearchList, SearchListSelector } from "./search-list.js";

export const SETTINGS_TEXT = {
	title: "Settings",
	hint: "↑↓ move · enter/space/→ next value · ← previous · esc close",
} as const;

/** A settings key the selector offers, with the values it cycles through. */
export interface SettingChoice {
	key: string;
	description: string;
	values: readonly (string | number | boolean)[];
}

/** The offered settings (config.md §2.2 keys the TUI uses); `theme` values are filled from the loaded themes. */
export function tuiSettingChoices(themes: readonly string[]): SettingChoice[] {
	return [
		{ key: "theme", description: "colour theme", values: themes },
		{ key: "hideThinkingBlock", description: "one-line placeholder instead of thinking", values: [false, true] },
		{ key: "quietStartup", description: "no key hints or resource listing", values: [false, true] },
		{ key: "collapseChangelog", description: "one-line update notice", values: [false, true] },
		{ key: "steeringMode", description: "steering queue delivery", values: ["one-at-a-time", "all"] },
		{ key: "followUpMode", description: "follow-up queue delivery", values: ["one-at-a-time", "all"] },
		{ key: "compaction.enabled", description: "automatic compaction", values: [true, false] },
		{ key: "retry.enabled", description: "retry transient provider errors", values: [true, false] },
		{ key: "doubleEscapeAction", description: "esc twice on an empty prompt", values: ["tree", "fork", "none"] },
		{
			key: "treeFilterMode",
			description: "initial tree filter",
			values: ["default", "no-tools", "user-only", "labeled-only", "all"],
		},
		{ key: "editorPaddingX", description: "prompt padding", values: [0, 1, 2, 3] },
		{ key: "autocompleteMaxVisible", description: "autocomplete rows", values: [3, 5, 8, 10, 15, 20] },
		{ key: "showHardwareCursor", description: "show the terminal cursor", values: [false, true] },
		{ key: "terminal.showImages", description: "inline images", values: [true, false] },
		{ key: "enableSkillCommands", description: "/skill:<name> completions", values: [true, false] },
	];
}

export interface SettingsSelectorOptions {
	theme: Theme;
	/** Current values by key (missing keys show the first choice). */
	values: Readonly<Record<string, unknown>>;
	/** The settings offered (default: {@link tuiSettingChoices} with the built-in themes). */
	choices?: readonly SettingChoice[];
	onChange: (key: string, value: string | number | boolean) => void;
	onClose: () => void;
}

export class SettingsSelector extends SearchListSelector<SettingChoice> {
	private readonly values: Record<string, unknown>;
	private readonly choices: readonly SettingChoice[];
	private readonly onChange: SettingsSelectorOptions["onChange"];
	protected readonly list: SearchList<SettingChoice>;

	constructor(options: SettingsSelectorOptions) {
		super();
		this.values = { ...options.values };
		this.onChange = options.onChange;
		this.choices = options.choices ?? tuiSettingChoices(["dark", "light"]);
		this.list = new SearchList<SettingChoice>({
			theme: options.theme,
			title: SETTINGS_TEXT.title,
			hint: SETTINGS_TEXT.hint,
			entries: this.choices,
			searchable: false,
			maxVisible: 15,
			toItem: (choice) => ({
				value: choice.key,
				label: `${choice.key}: ${String(this.currentValue(choice))}`,
				description: choice.description,
			}),
			onSelect: (choice) => this.step(choice, 1),
			onCancel: options.onClose,
		});
	}

	/** The value shown for `key`. */
	getValue(key: string): unknown {
		return this.values[key];
	}

	override handleInput(data: string): void {
		const choice = this.list.getHighlighted();
		if (choice && (matchesKey(data, "space") || matchesKey(data, "right"))) {
			this.step(choice, 1);
			return;
		}
		if (choice && matchesKey(data, "left")) {
			this.step(choice, -1);
			return;
		}
		this.list.handleInput(data);
	}

	private currentValue(choice: SettingChoice): string | number | boolean {
		const value = this.values[choice.key];
		return choice.values.includes(value as never) ? (value as string | number | boolean) : choice.values[0]!;
	}

	private step(choice: SettingChoice, direction: 1 | -1): void {
		if (choice.values.length === 0) return;
		const index = choice.values.indexOf(this.currentValue(choice));
		const next = choice.values[(index + direction + choice.values.length) % choice.values.length]!;
		this.values[choice.key] = next;
		this.list.setEntries([...this.choices]);
		this.list.highlight((entry) => entry.key === choice.key);
		this.onChange(choice.key, next);
	}
}

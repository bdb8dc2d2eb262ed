/** Shift+Tab menu / /thinking: the thinking levels the current model supports. */
import type { AgentThinkingLevel } from "@pi/agent-core";
import type { Theme } from "../theme/theme.js";
import { SearchList, SearchListSelector } from "./search-list.js";

export const THINKING_SELECTOR_TEXT = {
	title: "Thinking level",
	current: " ✓",
	descriptions: {
		off: "no reasoning",
		minimal: "very brief reasoning",
		low: "light reasoning",
		medium: "moderate reasoning",
		high: "deep reasoning",
		xhigh: "maximum reasoning",
	} satisfies Record<AgentThinkingLevel, string>,
} as const;

export interface ThinkingSelectorOptions {
	theme: Theme;
	/** Levels the model supports, e.g. from `getSupportedThinkingLevels(model)`. */
	levels: readonly AgentThinkingLevel[];
	current: AgentThinkingLevel;
	onSelect: (level: AgentThinkingLevel) => void;
	onCancel: () => void;
}

export class ThinkingSelector extends SearchListSelector<AgentThinkingLevel> {
	protected readonly list: SearchList<AgentThinkingLevel>;

	constructor(options: ThinkingSelectorOptions) {
		super();
		this.list = new SearchList<AgentThinkingLevel>({
			theme: options.theme,
			title: THINKING_SELECTOR_TEXT.title,
			entries: options.levels,
			searchable: false,
			toItem: (level) => ({
				value: level,
				label: level + (level === options.current ? THINKING_SELECTOR_TEXT.current : ""),
				description: THINKING_SELECTOR_TEXT.descriptions[level],
			}),
			onSelect: options.onSelect,
			onCancel: options.onCancel,
		});
		this.list.highlight((level) => level === options.current);
	}
}

/**
 * /tree: the whole session as an indented tree, the path to the current entry highlighted, labels shown.
 * Typing searches, Tab cycles the filter mode, Enter navigates to the highlighted entry.
 */
import { matchesKey } from "@pi/tui";
import type { SessionTreeNode } from "../../../core/session/types.js";
import type { Theme } from "../theme/theme.js";
import { SearchList, SearchListSelector } from "./search-list.js";
import { flattenTree, isVisibleIn, TREE_FILTER_MODES, type TreeFilterMode, type TreeRow } from "./tree-entries.js";

export const TREE_SELECTOR_TEXT = {
	title: (mode: TreeFilterMode) => `Session tree (filter: ${mode})`,
	hint: "↑↓ move · enter go to entry · tab filter · esc cancel",
	current: " ← current",
} as const;

export interface TreeSelectorOptions {
	theme: Theme;
	/** The tree from `buildTree(entries)` (labels attached). */
	tree: readonly SessionTreeNode[];
	/** The current leaf (highlighted first). */
	leafId: string | null;
	/** Initial filter (settings treeFilterMode). Default "default". */
	filterMode?: TreeFilterMode;
	/** Called with the chosen entry's id. */
	onSelect: (entryId: string) => void;
	onCancel: () => void;
	/** Called when Tab changes the filter mode. */
	onFilterModeChange?: (mode: TreeFilterMode) => void;
	/** Rows shown at once (default 15). */
	maxVisible?: number;
}

export class TreeSelector extends SearchListSelector<TreeRow> {
	private readonly rows: TreeRow[];
	private mode: TreeFilterMode;
	protected readonly list: SearchList<TreeRow>;

	constructor(private readonly options: TreeSelectorOptions) {
		super();
		this.rows = flattenTree(options.tree, options.leafId);
		this.mode = options.filterMode ?? "default";
		const { theme } = options;
		this.list = new SearchList<TreeRow>({
			theme,
			title: TREE_SELECTOR_TEXT.title(this.mode),
			hint: TREE_SELECTOR_TEXT.hint,
			entries: this.visibleRows(),
			match: "substring",
			maxVisible: options.maxVisible ?? 15,
			toItem: (row) => {
				const indent = "  ".repeat(Math.max(0, row.depth - (row.branchStart ? 1 : 0)));
				const marker = row.branchStart ? "├ " : "";
				const label = row.label !== undefined ? `${theme.fg("warning", `[${row.label}]`)} ` : "";
				const text = row.onCurrentPath ? theme.fg("accent", row.text) : theme.fg("muted", row.text);
				// The marker is a suffix: a long entry is cut before it, never the marker itself.
				const suffix = row.isLeaf ? theme.fg("accent", TREE_SELECTOR_TEXT.current) : undefined;
				return { value: row.entry.id, label: `${theme.fg("dim", indent + marker)}${label}${text}`, suffix };
			},
			searchText: (row) => `${row.label ?? ""} ${row.text}`,
			onSelect: (row) => options.onSelect(row.entry.id),
			onCancel: options.onCancel,
		});
		this.highlightLeaf();
	}

	getFilterMode(): TreeFilterMode {
		return this.mode;
	}

	/** Switches the filter (Tab cycles through {@link TREE_FILTER_MODES}). */
	setFilterMode(mode: TreeFilterMode): void {
		this.mode = mode;
		this.list.setTitle(TREE_SELECTOR_TEXT.title(mode));
		this.list.setEntries(this.visibleRows());
		this.highlightLeaf();
		this.options.onFilterModeChange?.(mode);
	}

	/** The ids of the entries shown, top to bottom. */
	getVisibleEntryIds(): string[] {
		return this.list.getVisibleEntries().map((row) => row.entry.id);
	}

	override handleInput(data: string): void {
		const step = matchesKey(data, "tab") ? 1 : matchesKey(data, "shift+tab") ? -1 : 0;
		if (step !== 0) {
			const index = TREE_FILTER_MODES.indexOf(this.mode);
			const count = TREE_FILTER_MODES.length;
			this.setFilterMode(TREE_FILTER_MODES[(index + step + count) % count]!);
			return;
		}
		this.list.handleInput(data);
	}

	private visibleRows(): TreeRow[] {
		return this.rows.filter((row) => isVisibleIn(this.mode, row));
	}

	/** Highlights the current leaf, or the deepest visible entry on the current path. */
	private highlightLeaf(): void {
		const visible = this.list.getVisibleEntries();
		const onPath = visible.filter((row) => row.onCurrentPath);
		const target = onPath[onPath.length - 1];
		if (target) this.list.highlight((row) => row === target);
	}
}

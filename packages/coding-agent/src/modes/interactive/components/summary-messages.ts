/**
 * Compaction and branch summaries in the transcript: a one-line marker by default, the summary as markdown when
 * expanded (Ctrl+O, like tool output).
 */
import { type Component, Markdown, truncateToWidth } from "@pi/tui";
import { createMarkdownTheme } from "../theme/adapters.js";
import type { Theme } from "../theme/theme.js";
import { formatTokens } from "./format.js";

/** User-visible texts of summary markers. */
export const SUMMARY_TEXT = {
	compaction: (tokensBefore: number) => `Compacted ${formatTokens(tokensBefore)} tokens into a summary`,
	branch: "Summary of the branch this conversation came back from",
	expandHint: " (ctrl+o to expand)",
} as const;

class CollapsibleSummary implements Component {
	private expanded = false;
	private readonly markdown: Markdown;

	constructor(
		private readonly title: string,
		summary: string,
		private readonly theme: Theme,
	) {
		this.markdown = new Markdown(summary, { theme: createMarkdownTheme(theme), paddingX: 1 });
	}

	setExpanded(expanded: boolean): void {
		this.expanded = expanded;
	}

	isExpanded(): boolean {
		return this.expanded;
	}

	invalidate(): void {
		this.markdown.invalidate();
	}

	render(width: number): string[] {
		const marker = `${this.theme.fg("accent", "◆")} ${this.theme.bold(this.title)}`;
		if (!this.expanded) {
			const hint = this.theme.fg("dim", SUMMARY_TEXT.expandHint);
			return ["", truncateToWidth(` ${marker}${hint}`, width)];
		}
		return ["", truncateToWidth(` ${marker}`, width), "", ...this.markdown.render(width)];
	}
}

/** A `compactionSummary` message. */
export class CompactionSummaryComponent extends CollapsibleSummary {
	constructor(message: { summary: string; tokensBefore: number }, theme: Theme) {
		super(SUMMARY_TEXT.compaction(message.tokensBefore), message.summary, theme);
	}
}

/** A `branchSummary` message. */
export class BranchSummaryComponent extends CollapsibleSummary {
	constructor(message: { summary: string }, theme: Theme) {
		super(SUMMARY_TEXT.branch, message.summary, theme);
	}
}

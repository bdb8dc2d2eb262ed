/**
 * The status footer under the prompt: where you are (cwd with `~`, git branch, session name) and what the session
 * costs (tokens in/out, cache read/write, cost, context use against the model's window), plus the model and its
 * thinking level on the right. Rows are cut to the width, dropping the least important parts first.
 */
import { type Component, truncateToWidth, visibleWidth } from "@pi/tui";
import type { Theme } from "../theme/theme.js";
import { formatCost, formatTokens, tildePath } from "./format.js";

/** What the footer shows; the orchestrator fills it from AgentSession state. */
export interface FooterData {
	cwd: string;
	/** Home directory, shown as `~`. */
	home?: string;
	gitBranch?: string;
	sessionName?: string;
	modelId?: string;
	provider?: string;
	/** Thinking level; shown for reasoning models. */
	thinkingLevel?: string;
	/** Whether the model can think (hides the level when false). */
	reasoning?: boolean;
	tokens: { input: number; output: number; cacheRead: number; cacheWrite: number };
	/** Total cost in USD. */
	cost: number;
	/** Tokens in the current context; null right after a compaction (unknown until the next response). */
	contextTokens?: number | null;
	contextWindow?: number;
	/** Whether automatic compaction is on (shown as "(auto)" next to the context use). */
	autoCompact?: boolean;
}

/** Footer texts. */
export const FOOTER_TEXT = {
	noModel: "no model",
	contextUnknown: (window: number) => `?/${formatTokens(window)}`,
	context: (percent: number, window: number) => `${percent.toFixed(1)}%/${formatTokens(window)}`,
	auto: " (auto)",
	thinkingOff: "thinking off",
} as const;

/** The usage part: `↑12k ↓3.4k R40k W1.0k $0.123 42.1%/200k`. */
export function formatUsage(data: FooterData): string {
	const parts: string[] = [];
	const { tokens } = data;
	if (tokens.input) parts.push(`↑${formatTokens(tokens.input)}`);
	if (tokens.output) parts.push(`↓${formatTokens(tokens.output)}`);
	if (tokens.cacheRead) parts.push(`R${formatTokens(tokens.cacheRead)}`);
	if (tokens.cacheWrite) parts.push(`W${formatTokens(tokens.cacheWrite)}`);
	if (data.cost > 0) parts.push(formatCost(data.cost));
	if (data.contextWindow && data.contextWindow > 0) {
		const context =
			data.contextTokens === null || data.contextTokens === undefined
				? FOOTER_TEXT.contextUnknown(data.contextWindow)
				: FOOTER_TEXT.context((data.contextTokens / data.contextWindow) * 100, data.contextWindow);
		parts.push(context + (data.autoCompact ? FOOTER_TEXT.auto : ""));
	}
	return parts.join(" ");
}

/** The model part: `claude-sonnet-4-5 • medium`. */
export function formatModel(data: FooterData): string {
	if (!data.modelId) return FOOTER_TEXT.noModel;
	if (data.reasoning === false || !data.thinkingLevel) return data.modelId;
	return `${data.modelId} • ${data.thinkingLevel === "off" ? FOOTER_TEXT.thinkingOff : data.thinkingLevel}`;
}

/** Cuts a path in the middle (`~/src/…/deep/dir`) so its end, the most telling part, stays visible. */
function fitPath(path: string, width: number): string {
	if (visibleWidth(path) <= width) return path;
	if (width <= 1) return truncateToWidth(path, width);
	const keep = width - 1;
	const head = Math.ceil(keep / 3);
	return `${path.slice(0, head)}…${path.slice(path.length - (keep - head))}`;
}

export class FooterComponent implements Component {
	private data: FooterData;

	constructor(
		private theme: Theme,
		data?: FooterData,
	) {
		this.data = data ?? { cwd: "", tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, cost: 0 };
	}

	setData(data: FooterData): void {
		this.data = data;
	}

	/** Changes some fields (e.g. only the branch after a checkout). */
	update(partial: Partial<FooterData>): void {
		this.data = { ...this.data, ...partial };
	}

	/** Restyles the footer (a theme switch); the data stays. */
	setTheme(theme: Theme): void {
		this.theme = theme;
	}

	render(width: number): string[] {
		if (width <= 0) return [];
		const { theme } = this;
		const data = this.data;
		const suffix = (data.gitBranch ? ` (${data.gitBranch})` : "") + (data.sessionName ? ` • ${data.sessionName}` : "");
		const path = tildePath(data.cwd, data.home);
		const location = fitPath(path, Math.max(1, width - visibleWidth(suffix))) + suffix;
		const rows = [theme.fg("footer", truncateToWidth(location, width))];

		const usage = formatUsage(data);
		const model = formatModel(data);
		const gap = 2;
		let line: string;
		if (visibleWidth(usage) + gap + visibleWidth(model) <= width) {
			const padding = width - visibleWidth(usage) - visibleWidth(model);
			line = usage + " ".repeat(padding) + model;
		} else if (visibleWidth(model) + gap < width) {
			// Not enough room for both: the model wins, usage is cut.
			const room = width - visibleWidth(model) - gap;
			line = `${truncateToWidth(usage, room).padEnd(room)}${" ".repeat(gap)}${model}`;
		} else {
			line = truncateToWidth(model, width);
		}
		rows.push(theme.fg("footer", line));
		return rows;
	}
}

/**
 * One tool call, drawn while its arguments stream in, while it runs (live partial results) and after it
 * finished, on a background that tells its state. Long bodies are collapsed to a few lines with a hint; Ctrl+O
 * (through {@link ToolExecutionComponent.setExpanded}) shows everything.
 */
import { type Component, expandTabs, renderPadded } from "@pi/tui";
import type { Theme, ThemeColorRole } from "../theme/theme.js";
import { type ToolResultData, type ToolState, toolViewFor } from "./tool-views/index.js";

/** User-visible texts of tool boxes. */
export const TOOL_TEXT = {
	moreBelow: (count: number) => `… ${count} more ${count === 1 ? "line" : "lines"} (ctrl+o to expand)`,
	moreAbove: (count: number) => `… ${count} earlier ${count === 1 ? "line" : "lines"} (ctrl+o to expand)`,
} as const;

/** Lines a collapsed body shows. */
export const DEFAULT_COLLAPSED_LINES = 10;

export interface ToolExecutionOptions {
	theme: Theme;
	/** Paths inside it are shown relative. */
	cwd?: string;
	/** Shown as `~`. */
	home?: string;
	/** Start expanded (Ctrl+O state). Default false. */
	expanded?: boolean;
	/** Body lines shown when collapsed (default 10). */
	collapsedLines?: number;
}

const BACKGROUND: Record<ToolState, ThemeColorRole> = {
	pending: "toolPendingBg",
	running: "toolPendingBg",
	success: "toolSuccessBg",
	error: "toolErrorBg",
};

export class ToolExecutionComponent implements Component {
	private args: Record<string, unknown>;
	private state: ToolState = "pending";
	private result: ToolResultData | undefined;
	private expanded: boolean;
	private cache: { width: number; rows: string[] } | undefined;

	constructor(
		readonly toolName: string,
		args: Record<string, unknown>,
		private readonly options: ToolExecutionOptions,
	) {
		this.args = args;
		this.expanded = options.expanded ?? false;
	}

	/** New (possibly partial) arguments while the model streams the call. */
	updateArgs(args: Record<string, unknown>): void {
		this.args = args;
		this.cache = undefined;
	}

	/** The tool started executing (tool_execution_start). */
	markRunning(): void {
		if (this.state === "pending") this.state = "running";
		this.cache = undefined;
	}

	/**
	 * A result: `partial` for a streaming update while running (tool_execution_update), otherwise the final one
	 * (tool_execution_end or a stored toolResult message).
	 */
	updateResult(result: ToolResultData, partial = false): void {
		this.result = result;
		this.state = partial ? "running" : result.isError ? "error" : "success";
		this.cache = undefined;
	}

	/** Shows the whole body (true) or the collapsed preview (false). */
	setExpanded(expanded: boolean): void {
		if (expanded === this.expanded) return;
		this.expanded = expanded;
		this.cache = undefined;
	}

	isExpanded(): boolean {
		return this.expanded;
	}

	getState(): ToolState {
		return this.state;
	}

	/** Whether the call finished (success or error): the caller may then mark it final. */
	isFinished(): boolean {
		return this.state === "success" || this.state === "error";
	}

	invalidate(): void {
		this.cache = undefined;
	}

	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.rows;
		const { theme } = this.options;
		const view = toolViewFor(this.toolName)({
			toolName: this.toolName,
			args: this.args,
			state: this.state,
			result: this.result,
			theme,
			cwd: this.options.cwd,
			home: this.options.home,
		});
		const lines = [view.title];
		const body = this.collapse(view.body, view.keep ?? "head");
		if (body.length > 0) lines.push("", ...body);
		if (view.status && view.status.length > 0) lines.push("", ...view.status);
		const rows = [
			"",
			...renderPadded(expandTabs(lines.join("\n")), width, {
				paddingX: 1,
				paddingY: 1,
				background: theme.bgStyle(BACKGROUND[this.state]),
			}),
		];
		this.cache = { width, rows };
		return rows;
	}

	private collapse(body: string[], keep: "head" | "tail"): string[] {
		const limit = this.options.collapsedLines ?? DEFAULT_COLLAPSED_LINES;
		if (this.expanded || body.length <= limit) return body;
		const hidden = body.length - limit;
		const hint = this.options.theme.fg(
			"muted",
			keep === "tail" ? TOOL_TEXT.moreAbove(hidden) : TOOL_TEXT.moreBelow(hidden),
		);
		return keep === "tail" ? [hint, ...body.slice(-limit)] : [...body.slice(0, limit), hint];
	}
}

/**
 * One tool call, drawn while its arguments stream in, while it runs (live partial results) and after it
 * finished, on a background that tells its state. Long bodies are collapsed to a few lines with a hint; Ctrl+O
 * (through {@link ToolExecutionComponent.setExpanded}) shows everything.
 *
 * An extension's `renderCall` / `renderResult` (pi.registerTool, also for a tool named like a built-in) draw their
 * slot with the original pi's ToolRenderContext; a slot without one, or whose renderer fails, is drawn pi's way
 * (the built-in view's title or body, else the tool name / the result text). `renderShell: "self"` leaves out the
 * padding and background.
 */
import { applyBackground, type Component, expandTabs, renderPadded, wrapTextWithAnsi } from "@pi/tui";
import type { ToolDefinition } from "../../../core/extensions/api-types.js";
import { toOriginalInput } from "../../../core/extensions/session-hooks-tool-input.js";
import { isBuiltinToolName } from "../../../tools/builtin.js";
import { toExtensionTheme } from "../extension-ui/theme-adapter.js";
import type { Theme, ThemeColorRole } from "../theme/theme.js";
import { callRenderer, type ReportRendererProblem, renderContained } from "./extension-renderers.js";
import { type ToolResultData, type ToolState, toolViewFor } from "./tool-views/index.js";
import { resultText, splitLines, type ToolView } from "./tool-views/types.js";

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
	/** The extension renderers of this tool, if an extension registered any. */
	renderers?: ToolRenderers;
	/** The tool call's id (the renderers' `context.toolCallId`). */
	toolCallId?: string;
	/** A renderer's `context.invalidate()`: the box is drawn again (the transcript also drops its cached rows). */
	onInvalidate?: (view: ToolExecutionComponent) => void;
	/** A renderer failed or drew too wide (the transcript reports each problem once). */
	onRendererProblem?: ReportRendererProblem;
}

/** What an extension registered to draw a tool (pi.registerTool). */
export type ToolRenderers = Pick<ToolDefinition, "renderCall" | "renderResult" | "renderShell"> & {
	extensionPath: string;
};

/** The original pi's `ToolRenderContext`, given to `renderCall` and `renderResult`. */
export interface ToolRenderContext {
	args: Record<string, unknown>;
	toolCallId: string;
	invalidate(): void;
	lastComponent: Component | undefined;
	state: Record<string, unknown>;
	cwd: string;
	executionStarted: boolean;
	argsComplete: boolean;
	isPartial: boolean;
	expanded: boolean;
	showImages: boolean;
	isError: boolean;
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
	private executionStarted = false;
	private argsComplete = false;
	/** Shared by both slots of this row (`context.state`). */
	private readonly rendererState: Record<string, unknown> = {};
	/** The components the slots returned last (`context.lastComponent`), and whether they must be asked again. */
	private readonly slots: Record<"call" | "result", { component?: Component; stale: boolean }> = {
		call: { stale: true },
		result: { stale: true },
	};

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
		this.changed();
	}

	/** The model finished writing the call's arguments (`context.argsComplete`). */
	markArgsComplete(): void {
		if (this.argsComplete) return;
		this.argsComplete = true;
		this.changed();
	}

	/** The tool started executing (tool_execution_start). */
	markRunning(): void {
		if (this.state === "pending") this.state = "running";
		this.executionStarted = true;
		this.argsComplete = true;
		this.changed();
	}

	/**
	 * A result: `partial` for a streaming update while running (tool_execution_update), otherwise the final one
	 * (tool_execution_end or a stored toolResult message).
	 */
	updateResult(result: ToolResultData, partial = false): void {
		this.result = result;
		this.state = partial ? "running" : result.isError ? "error" : "success";
		this.changed();
	}

	/** Shows the whole body (true) or the collapsed preview (false). */
	setExpanded(expanded: boolean): void {
		if (expanded === this.expanded) return;
		this.expanded = expanded;
		this.changed();
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
		this.changed();
		this.slots.call.component?.invalidate?.();
		this.slots.result.component?.invalidate?.();
	}

	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.rows;
		const rows = this.options.renderers
			? this.renderWithExtension(width, this.options.renderers)
			: this.renderView(width);
		this.cache = { width, rows };
		return rows;
	}

	/** Something a renderer sees changed: both slots are asked again at the next frame. */
	private changed(): void {
		this.cache = undefined;
		this.slots.call.stale = true;
		this.slots.result.stale = true;
	}

	/** pi's own drawing of the call (the built-in view, or the generic one for other tools). */
	private view(): ToolView {
		const { theme } = this.options;
		return toolViewFor(this.toolName)({
			toolName: this.toolName,
			args: this.args,
			state: this.state,
			result: this.result,
			theme,
			cwd: this.options.cwd,
			home: this.options.home,
		});
	}

	private renderView(width: number): string[] {
		const { theme } = this.options;
		const view = this.view();
		const lines = [view.title];
		const body = this.collapse(view.body, view.keep ?? "head");
		if (body.length > 0) lines.push("", ...body);
		if (view.status && view.status.length > 0) lines.push("", ...view.status);
		return [
			"",
			...renderPadded(expandTabs(lines.join("\n")), width, {
				paddingX: 1,
				paddingY: 1,
				background: theme.bgStyle(BACKGROUND[this.state]),
			}),
		];
	}

	/**
	 * The box with an extension's slot renderers: the call slot, then (once there is a result) the result slot, in the
	 * default shell (padding and the state's background) or, with `renderShell: "self"`, as the components drew them.
	 */
	private renderWithExtension(width: number, renderers: ToolRenderers): string[] {
		const self = renderers.renderShell === "self";
		const inner = self ? width : Math.max(1, width - 2);
		const builtin = isBuiltinToolName(this.toolName);
		let view: ToolView | undefined;
		const pisView = () => {
			view ??= this.view();
			return view;
		};
		const { theme } = this.options;
		const wrap = (lines: string[]) => (lines.length === 0 ? [] : wrapTextWithAnsi(expandTabs(lines.join("\n")), inner));
		const call =
			this.slotRows("call", renderers, inner) ??
			wrap([builtin ? pisView().title : theme.fg("toolTitle", theme.bold(this.toolName))]);
		let result: string[] = [];
		if (this.result) {
			result = this.slotRows("result", renderers, inner) ?? wrap(this.fallbackResult(builtin ? pisView() : undefined));
		}
		if (self) return ["", ...call, ...result];
		const background = theme.bgStyle(BACKGROUND[this.state]);
		const content = [...call, ...result].map((row) => ` ${row}`);
		return ["", ...["", ...content, ""].map((row) => applyBackground(row, width, background))];
	}

	/** pi's result drawing: the built-in view's body (collapsed) and status, or the result's text. */
	private fallbackResult(view: ToolView | undefined): string[] {
		if (view) {
			const body = this.collapse(view.body, view.keep ?? "head");
			const lines = body.length > 0 ? ["", ...body] : [];
			if (view.status && view.status.length > 0) lines.push("", ...view.status);
			return lines;
		}
		const style = this.options.theme.fgStyle(this.state === "error" ? "error" : "toolOutput");
		return this.collapse(
			splitLines(resultText(this.result)).map((line) => style(line)),
			"head",
		);
	}

	/** A slot drawn by the extension's renderer; undefined when it has none or it failed (pi draws the slot then). */
	private slotRows(slot: "call" | "result", renderers: ToolRenderers, width: number): string[] | undefined {
		const render = slot === "call" ? renderers.renderCall : renderers.renderResult;
		if (!render) return undefined;
		const entry = this.slots[slot];
		const problem = {
			extensionPath: renderers.extensionPath,
			slot: slot === "call" ? "renderCall" : "renderResult",
			subject: this.toolName,
		};
		const report = this.options.onRendererProblem ?? (() => {});
		if (entry.stale) {
			entry.stale = false;
			const context = this.renderContext(entry.component);
			const result = this.result;
			entry.component = callRenderer(
				() =>
					slot === "call"
						? renderers.renderCall!(context.args, toExtensionTheme(this.options.theme), context)
						: renderers.renderResult!(
								{ content: [...(result?.content ?? [])], details: result?.details },
								{ expanded: this.expanded, isPartial: this.state !== "success" && this.state !== "error" },
								toExtensionTheme(this.options.theme),
								context,
							),
				problem,
				report,
			);
		}
		return entry.component && renderContained(entry.component, width, problem, report);
	}

	/**
	 * The arguments renderers see: for a tool named like a built-in, with the original pi's names (`path`, `edits`),
	 * as the extension events show them.
	 */
	private rendererArgs(): Record<string, unknown> {
		return isBuiltinToolName(this.toolName) ? toOriginalInput(this.toolName, this.args) : this.args;
	}

	private renderContext(lastComponent: Component | undefined): ToolRenderContext {
		return {
			args: this.rendererArgs(),
			toolCallId: this.options.toolCallId ?? "",
			invalidate: () => {
				this.invalidate();
				this.options.onInvalidate?.(this);
			},
			lastComponent,
			state: this.rendererState,
			cwd: this.options.cwd ?? process.cwd(),
			executionStarted: this.executionStarted,
			argsComplete: this.argsComplete,
			isPartial: this.state !== "success" && this.state !== "error",
			expanded: this.expanded,
			showImages: true,
			isError: this.result?.isError ?? false,
		};
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

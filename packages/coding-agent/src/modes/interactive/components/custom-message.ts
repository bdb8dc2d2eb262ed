/**
 * A custom message an extension sent with `display: true` (pi.sendMessage): drawn by the extension's message
 * renderer (pi.registerMessageRenderer) when it has one, else as pi's labelled box. Ctrl+O expands or collapses
 * it (the renderer gets `{expanded}`). A renderer that throws, returns nothing or draws too wide falls back to the
 * box or is clipped (extension-renderers.ts).
 */
import { applyBackground, type Component, expandTabs, wrapTextWithAnsi } from "@pi/tui";
import type { MessageRenderer } from "../../../core/extensions/api-types.js";
import type { CustomMessage } from "../../../core/session/types.js";
import { toExtensionTheme } from "../extension-ui/theme-adapter.js";
import type { Theme } from "../theme/theme.js";
import { callRenderer, type ReportRendererProblem, renderContained } from "./extension-renderers.js";
import { userMessageText } from "./user-message.js";

/** A message renderer with the extension it came from. */
export interface MessageRendererSource {
	extensionPath: string;
	renderer: MessageRenderer<any>;
}

export interface CustomMessageOptions {
	theme: Theme;
	expanded?: boolean;
	renderer?: MessageRendererSource;
	onRendererProblem?: ReportRendererProblem;
}

export class CustomMessageComponent implements Component {
	private expanded: boolean;
	private component: Component | undefined;
	private stale = true;
	private cache: { width: number; rows: string[] } | undefined;

	constructor(
		private readonly message: CustomMessage,
		private readonly options: CustomMessageOptions,
	) {
		this.expanded = options.expanded ?? false;
	}

	setExpanded(expanded: boolean): void {
		if (expanded === this.expanded) return;
		this.expanded = expanded;
		this.stale = true;
		this.cache = undefined;
	}

	invalidate(): void {
		this.stale = true;
		this.cache = undefined;
	}

	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.rows;
		const rows = ["", ...(this.renderCustom(width) ?? this.renderBox(width))];
		this.cache = { width, rows };
		return rows;
	}

	/** The extension's drawing; undefined without a renderer, or when it returned nothing or failed. */
	private renderCustom(width: number): string[] | undefined {
		const source = this.options.renderer;
		if (!source) return undefined;
		const problem = { extensionPath: source.extensionPath, slot: "message renderer", subject: this.message.customType };
		const report = this.options.onRendererProblem ?? (() => {});
		if (this.stale) {
			this.stale = false;
			// Returning nothing is the renderer's way of leaving a message to pi's drawing (as in the original).
			this.component = callRenderer(
				() => source.renderer(this.message, { expanded: this.expanded }, toExtensionTheme(this.options.theme)) ?? EMPTY,
				problem,
				report,
			);
			if (this.component === EMPTY) this.component = undefined;
		}
		return this.component && renderContained(this.component, width, problem, report);
	}

	/** pi's drawing: the type as a label, then the text, on the custom-message background. */
	private renderBox(width: number): string[] {
		const { theme } = this.options;
		const content = this.message.content;
		const text = typeof content === "string" ? content : userMessageText(content);
		const inner = Math.max(1, width - 2);
		const label = theme.bold(theme.fg("accent", `[${this.message.customType}]`));
		const body = wrapTextWithAnsi(expandTabs(theme.fg("text", text)), inner);
		const background = theme.bgStyle("customMessageBg");
		return ["", label, "", ...body, ""].map((row) => applyBackground(row === "" ? "" : ` ${row}`, width, background));
	}
}

/** Stands for "the renderer returned nothing" (distinct from a failure, which is reported). */
const EMPTY: Component = { render: () => [] };

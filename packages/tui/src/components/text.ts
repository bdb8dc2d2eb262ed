/** Word-wrapped text with padding and an optional background. */
import type { Component } from "../component.js";
import { wrapTextWithAnsi } from "../text/wrap.js";
import { applyBackground, expandTabs, type StyleFn } from "./background.js";

export interface TextOptions {
	/** Blank columns left and right (default 1). */
	paddingX?: number;
	/** Blank rows above and below (default 0). */
	paddingY?: number;
	/** Background applied to every row across the full width, e.g. `chalk.bgGray`. */
	background?: StyleFn;
}

export class Text implements Component {
	private text: string;
	private options: TextOptions;
	private cache: { width: number; rows: string[] } | undefined;

	/**
	 * `new Text(text, options)`, or the original pi-tui's positional form `new Text(text, paddingX, paddingY, bgFn)`
	 * (its defaults: one column and one row of padding), which extensions written for it use.
	 */
	constructor(text?: string, options?: TextOptions);
	constructor(text: string | undefined, paddingX?: number, paddingY?: number, background?: StyleFn);
	constructor(text = "", options: TextOptions | number = {}, paddingY?: number, background?: StyleFn) {
		this.text = text;
		const positional = typeof options === "number" || paddingY !== undefined || background !== undefined;
		this.options = positional
			? { paddingX: typeof options === "number" ? options : 1, paddingY: paddingY ?? 1, background }
			: ((options as TextOptions | undefined) ?? {});
	}

	getText(): string {
		return this.text;
	}

	setText(text: string): void {
		if (text === this.text) return;
		this.text = text;
		this.cache = undefined;
	}

	setBackground(background: StyleFn | undefined): void {
		this.options = { ...this.options, background };
		this.cache = undefined;
	}

	/** The original pi-tui's name of {@link setBackground}. */
	setCustomBgFn(background?: StyleFn): void {
		this.setBackground(background);
	}

	invalidate(): void {
		this.cache = undefined;
	}

	/** Renders nothing for blank text, so an empty Text takes no rows. */
	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.rows;
		const rows = this.text.trim() === "" ? [] : renderPadded(expandTabs(this.text), width, this.options);
		this.cache = { width, rows };
		return rows;
	}
}

/** Wraps `text` inside the padding and fills every row to `width` (with the background, if any). */
export function renderPadded(text: string, width: number, options: TextOptions): string[] {
	const paddingX = Math.max(0, Math.min(options.paddingX ?? 1, Math.floor((width - 1) / 2)));
	const paddingY = Math.max(0, options.paddingY ?? 0);
	const inner = Math.max(1, width - paddingX * 2);
	const margin = " ".repeat(paddingX);
	const blank = "";
	const content = wrapTextWithAnsi(text, inner).map((row) => margin + row);
	const rows = [...Array(paddingY).fill(blank), ...content, ...Array(paddingY).fill(blank)];
	const background = options.background;
	return background ? rows.map((row) => applyBackground(row, width, background)) : rows;
}

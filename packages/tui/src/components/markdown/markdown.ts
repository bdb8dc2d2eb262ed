/**
 * Markdown as a component. Rendering is cached per text and width, so re-rendering unchanged markdown costs a
 * comparison; a streaming response simply calls setText with the longer text and re-renders.
 */
import { marked, type Token } from "marked";
import type { Component } from "../../component.js";
import { truncateToWidth } from "../../text/truncate.js";
import { applyBackground, type StyleFn } from "../background.js";
import { renderBlocks } from "./blocks.js";
import { DEFAULT_MARKDOWN_THEME, type MarkdownTheme } from "./theme.js";

export interface MarkdownOptions {
	theme?: Partial<MarkdownTheme>;
	/** Blank columns left and right (default 0). */
	paddingX?: number;
	/** Blank rows above and below (default 0). */
	paddingY?: number;
	/** Columns code block lines are indented by (default 2). */
	codeIndent?: number;
	/** Emit OSC-8 hyperlinks for links (default true). */
	hyperlinks?: boolean;
	/** Background across the full width of every row. */
	background?: StyleFn;
}

export class Markdown implements Component {
	private text: string;
	private readonly options: MarkdownOptions;
	private readonly theme: MarkdownTheme;
	private tokens: { text: string; tokens: Token[] } | undefined;
	private cache: { text: string; width: number; rows: string[] } | undefined;

	constructor(text = "", options: MarkdownOptions = {}) {
		this.text = text;
		this.options = options;
		this.theme = { ...DEFAULT_MARKDOWN_THEME, ...options.theme };
	}

	getText(): string {
		return this.text;
	}

	setText(text: string): void {
		this.text = text;
	}

	invalidate(): void {
		this.cache = undefined;
	}

	/** Rows for `width`; the same array is returned while text and width are unchanged. */
	render(width: number): string[] {
		if (this.cache && this.cache.text === this.text && this.cache.width === width) return this.cache.rows;
		const rows = this.text.trim() === "" ? [] : this.renderRows(width);
		this.cache = { text: this.text, width, rows };
		return rows;
	}

	private lex(): Token[] {
		if (this.tokens?.text !== this.text) this.tokens = { text: this.text, tokens: marked.lexer(this.text) };
		return this.tokens.tokens;
	}

	private renderRows(width: number): string[] {
		const paddingX = Math.max(0, Math.min(this.options.paddingX ?? 0, Math.floor((width - 1) / 2)));
		const inner = Math.max(1, width - paddingX * 2);
		const content = renderBlocks(this.lex(), inner, {
			theme: this.theme,
			hyperlinks: this.options.hyperlinks ?? true,
			codeIndent: this.options.codeIndent ?? 2,
		});
		const margin = " ".repeat(paddingX);
		const blank = Array<string>(Math.max(0, this.options.paddingY ?? 0)).fill("");
		// Deep nesting at tiny widths can exceed the row; the cut keeps the width promise.
		const rows = [...blank, ...content.map((row) => truncateToWidth(margin + row, width, "")), ...blank];
		const background = this.options.background;
		return background ? rows.map((row) => applyBackground(row, width, background)) : rows;
	}
}

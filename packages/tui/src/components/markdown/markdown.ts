/**
 * Markdown as a component. A streaming response simply calls setText with the longer text and re-renders: when the
 * new text extends the old one, the blocks that can no longer change keep their lexed tokens and rendered rows
 * (see streaming-lexer.ts), and only the last blocks are lexed and rendered again, so a frame's cost follows the
 * changed blocks rather than the length of the answer. Rendering is also cached per text and width, so
 * re-rendering unchanged markdown costs a comparison.
 */
import type { Token } from "marked";
import type { Component } from "../../component.js";
import { truncateToWidth } from "../../text/truncate.js";
import { applyBackground, type StyleFn } from "../background.js";
import { type BlockOptions, renderBlock } from "./blocks.js";
import { StreamingLexer } from "./streaming-lexer.js";
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

/** Finished rows (margin, clipping, background applied) of the frozen blocks at one width. */
interface FrozenRows {
	width: number;
	generation: number;
	/** How many frozen blocks `rows` holds. */
	blocks: number;
	rows: string[];
}

/** Markdown text rendered to styled, word-wrapped rows (see the README for what is supported). */
export class Markdown implements Component {
	private text: string;
	private readonly options: MarkdownOptions;
	private readonly blockOptions: BlockOptions;
	private readonly lexer = new StreamingLexer();
	private frozenRows: FrozenRows | undefined;
	private cache: { text: string; width: number; rows: string[] } | undefined;

	constructor(text = "", options: MarkdownOptions = {}) {
		this.text = text;
		this.options = options;
		this.blockOptions = {
			theme: { ...DEFAULT_MARKDOWN_THEME, ...options.theme },
			hyperlinks: options.hyperlinks ?? true,
			codeIndent: options.codeIndent ?? 2,
		};
	}

	getText(): string {
		return this.text;
	}

	/** Replaces the text; a text that extends the previous one re-renders only its last blocks. */
	setText(text: string): void {
		this.text = text;
	}

	invalidate(): void {
		this.cache = undefined;
		this.frozenRows = undefined;
	}

	/** Rows for `width`; the same array is returned while text and width are unchanged. */
	render(width: number): string[] {
		if (this.cache && this.cache.text === this.text && this.cache.width === width) return this.cache.rows;
		const rows = this.text.trim() === "" ? [] : this.renderRows(width);
		this.cache = { text: this.text, width, rows };
		return rows;
	}

	private renderRows(width: number): string[] {
		const paddingX = Math.max(0, Math.min(this.options.paddingX ?? 0, Math.floor((width - 1) / 2)));
		const inner = Math.max(1, width - paddingX * 2);
		const margin = " ".repeat(paddingX);
		const background = this.options.background;
		// Deep nesting at tiny widths can exceed the row; the cut keeps the width promise.
		const finish = (row: string): string => {
			const clipped = truncateToWidth(margin + row, width, "");
			return background ? applyBackground(clipped, width, background) : clipped;
		};
		const { frozen, generation, tail } = this.lexer.lex(this.text);

		let cached = this.frozenRows;
		if (!cached || cached.width !== width || cached.generation !== generation || cached.blocks > frozen.length) {
			cached = { width, generation, blocks: 0, rows: [] };
			this.frozenRows = cached;
		}
		// Blocks frozen since the last render are rendered once and appended; earlier ones are reused.
		this.appendBlocks(cached.rows, frozen.slice(cached.blocks), inner, finish);
		cached.blocks = frozen.length;

		const tailRows: string[] = [];
		this.appendBlocks(tailRows, tail, inner, finish, cached.rows.length > 0);
		const pad = background ? applyBackground("", width, background) : "";
		const blank = Array<string>(Math.max(0, this.options.paddingY ?? 0)).fill(pad);
		return blank.concat(cached.rows, tailRows, blank);
	}

	/** Renders `blocks` onto `rows`, a blank row between non-empty blocks (also after `rows` already there). */
	private appendBlocks(
		rows: string[],
		blocks: readonly Token[],
		width: number,
		finish: (row: string) => string,
		separateFirst = rows.length > 0,
	): void {
		let separate = separateFirst;
		for (const token of blocks) {
			const blockRows = renderBlock(token, width, this.blockOptions);
			if (blockRows.length === 0) continue;
			if (separate) rows.push(finish(""));
			for (const row of blockRows) rows.push(finish(row));
			separate = true;
		}
	}
}

/**
 * Markdown as a component. A streaming response simply calls setText with the longer text and re-renders: when the
 * new text extends the old one, the blocks that can no longer change keep their lexed tokens and rendered rows
 * (see streaming-lexer.ts), and only the last blocks are lexed and rendered again. Finished blocks that scrolled
 * above the screen are committed like a Container's final children (renderLive/commitRows), so a frame's cost
 * follows the blocks on screen, not the length of the answer. Rendering is also cached per text and width.
 */
import type { Token } from "marked";
import type { Component } from "../../component.js";
import type { CommittableComponent } from "../../container.js";
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

/** Rows of the current text at one width, in pieces. */
interface Layout {
	text: string;
	width: number;
	/** Finished rows of each frozen block, each with the blank row that separates it from the block before. */
	frozen: string[][];
	/** Rows of the blocks after the frozen ones. */
	tail: string[];
	/** Padding rows (the same above and below). */
	padding: string[];
}

/** What has been committed to scrollback: the top padding, then whole frozen blocks. */
interface Committed {
	blocks: number;
	/** The text the committed blocks were lexed from (a prefix of the current text). */
	text: string;
	generation: number;
}

/** Markdown text rendered to styled, word-wrapped rows (see the README for what is supported). */
export class Markdown implements Component, CommittableComponent {
	private text: string;
	private readonly options: MarkdownOptions;
	private readonly blockOptions: BlockOptions;
	private readonly lexer = new StreamingLexer();
	/** Rendered frozen blocks at one width; blocks frozen later are appended. */
	private frozenRows: { width: number; generation: number; blocks: string[][]; nonEmpty: boolean } | undefined;
	private layoutCache: Layout | undefined;
	private committed: Committed | undefined;
	private cache: { text: string; width: number; rows: string[] } | undefined;
	private liveCache: { text: string; width: number; blocks: number; rows: string[] } | undefined;

	/**
	 * `new Markdown(text, options)`, or the original pi-tui's `new Markdown(text, paddingX, paddingY, theme,
	 * defaultTextStyle)` (its theme's `code`, `codeBlock` and `codeBlockBorder` style inline code, code and fences;
	 * of the default style only the background is used).
	 */
	constructor(text?: string, options?: MarkdownOptions);
	constructor(
		text: string,
		paddingX: number,
		paddingY: number,
		theme?: Record<string, unknown>,
		defaultTextStyle?: { bgColor?: StyleFn },
	);
	constructor(
		text = "",
		options: MarkdownOptions | number = {},
		paddingY?: number,
		theme?: Record<string, unknown>,
		defaultTextStyle?: { bgColor?: StyleFn },
	) {
		this.text = text;
		if (typeof options === "number" || paddingY !== undefined) {
			options = {
				paddingX: typeof options === "number" ? options : 0,
				paddingY: paddingY ?? 0,
				theme: originalTheme(theme),
				background: defaultTextStyle?.bgColor,
			};
		}
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
		this.liveCache = undefined;
		this.layoutCache = undefined;
		this.frozenRows = undefined;
	}

	/** All rows for `width`; the same array is returned while text and width are unchanged. */
	render(width: number): string[] {
		if (this.cache && this.cache.text === this.text && this.cache.width === width) return this.cache.rows;
		const rows = this.text.trim() === "" ? [] : flatten(this.layout(width), 0, true);
		this.cache = { text: this.text, width, rows };
		return rows;
	}

	/** The rows after the committed ones (all rows until something is committed). */
	renderLive(width: number): string[] {
		if (this.text.trim() === "") return [];
		const layout = this.layout(width);
		const committed = this.committed;
		if (!committed) return this.render(width);
		const live = this.liveCache;
		if (live && live.text === this.text && live.width === width && live.blocks === committed.blocks) return live.rows;
		const rows = flatten(layout, committed.blocks, false);
		this.liveCache = { text: this.text, width, blocks: committed.blocks, rows };
		return rows;
	}

	/** Commits the top padding and whole frozen blocks that fit in `rows` (they scrolled above the screen). */
	commitRows(width: number, rows: number): number {
		if (this.text.trim() === "") return 0;
		const layout = this.layout(width);
		const { frozen: tokens, generation } = this.lexer.lex(this.text, this.committed?.text.length);
		let count = 0;
		let committed = this.committed;
		if (!committed) {
			if (layout.padding.length > rows) return 0;
			count = layout.padding.length;
			committed = { blocks: 0, text: "", generation };
		}
		let length = committed.text.length;
		while (committed.blocks < layout.frozen.length && count + layout.frozen[committed.blocks]!.length <= rows) {
			count += layout.frozen[committed.blocks]!.length;
			length += tokens[committed.blocks]!.raw.length;
			committed.blocks++;
		}
		committed.text = this.text.slice(0, length);
		this.committed = committed;
		return count;
	}

	private layout(width: number): Layout {
		const cached = this.layoutCache;
		if (cached && cached.text === this.text && cached.width === width) return cached;
		const paddingX = Math.max(0, Math.min(this.options.paddingX ?? 0, Math.floor((width - 1) / 2)));
		const inner = Math.max(1, width - paddingX * 2);
		const margin = " ".repeat(paddingX);
		const background = this.options.background;
		// Deep nesting at tiny widths can exceed the row; the cut keeps the width promise.
		const finish = (row: string): string => {
			const clipped = truncateToWidth(margin + row, width, "");
			return background ? applyBackground(clipped, width, background) : clipped;
		};
		const { frozen, generation, tail } = this.lexer.lex(this.text, this.committed?.text.length);
		this.keepCommitted(frozen, generation);

		let rows = this.frozenRows;
		if (!rows || rows.width !== width || rows.generation !== generation || rows.blocks.length > frozen.length) {
			rows = { width, generation, blocks: [], nonEmpty: false };
			this.frozenRows = rows;
		}
		// Blocks frozen since the last render are rendered once and kept; earlier ones are reused.
		for (let i = rows.blocks.length; i < frozen.length; i++) {
			const blockRows = this.renderBlockRows(frozen[i]!, inner, finish, rows.nonEmpty);
			rows.nonEmpty ||= blockRows.length > 0;
			rows.blocks.push(blockRows);
		}
		const tailRows: string[] = [];
		let separate = rows.nonEmpty;
		for (const token of tail) {
			const blockRows = this.renderBlockRows(token, inner, finish, separate);
			separate ||= blockRows.length > 0;
			for (const row of blockRows) tailRows.push(row);
		}
		const pad = background ? applyBackground("", width, background) : "";
		const padding = Array<string>(Math.max(0, this.options.paddingY ?? 0)).fill(pad);
		this.layoutCache = { text: this.text, width, frozen: rows.blocks, tail: tailRows, padding };
		return this.layoutCache;
	}

	/** A block's finished rows, after a blank row when `separate` and the block is not empty. */
	private renderBlockRows(token: Token, width: number, finish: (row: string) => string, separate: boolean): string[] {
		const rows = renderBlock(token, width, this.blockOptions);
		if (rows.length === 0) return rows;
		const out = separate ? [finish("")] : [];
		for (const row of rows) out.push(finish(row));
		return out;
	}

	/**
	 * Committed blocks stay committed while the text keeps them. When the blocks were re-lexed (a link definition
	 * arrived, or the text was replaced), the commit is mapped onto the new blocks, or dropped if the text no
	 * longer starts with what was committed: the new text is then shown in full below what scrolled away.
	 */
	private keepCommitted(frozen: readonly Token[], generation: number): void {
		const committed = this.committed;
		if (!committed || committed.generation === generation) return;
		let index = 0;
		let end = 0;
		while (index < frozen.length && end < committed.text.length) end += frozen[index++]!.raw.length;
		if (end === committed.text.length && this.text.startsWith(committed.text)) {
			committed.blocks = index;
			committed.generation = generation;
		} else {
			this.committed = undefined;
		}
		this.liveCache = undefined;
	}
}

/** The layout's rows from frozen block `from` on, with the top padding when `top`. */
function flatten(layout: Layout, from: number, top: boolean): string[] {
	const rows: string[] = top ? [...layout.padding] : [];
	for (let i = from; i < layout.frozen.length; i++) for (const row of layout.frozen[i]!) rows.push(row);
	for (const row of layout.tail) rows.push(row);
	for (const row of layout.padding) rows.push(row);
	return rows;
}

/** A theme in the original pi-tui's shape, with its names for the code styles mapped to ours. */
function originalTheme(theme: Record<string, unknown> | undefined): Partial<MarkdownTheme> | undefined {
	if (!theme) return undefined;
	const mapped: Record<string, unknown> = { ...theme };
	const renames: Record<string, keyof MarkdownTheme> = {
		code: "inlineCode",
		codeBlock: "codeText",
		codeBlockBorder: "codeFence",
	};
	for (const [from, to] of Object.entries(renames)) {
		if (typeof theme[from] === "function" && theme[to] === undefined) mapped[to] = theme[from];
	}
	return mapped as Partial<MarkdownTheme>;
}

/** Block-level markdown (headings, paragraphs, lists, code, quotes, tables, rules) to rows of a given width. */
import type { Token, Tokens } from "marked";
import { visibleWidth } from "../../text/width.js";
import { wrapTextWithAnsi } from "../../text/wrap.js";
import { expandTabs } from "../background.js";
import { highlightCode } from "./highlight.js";
import { type InlineOptions, renderInline } from "./inline.js";
import { renderTable } from "./table.js";

export interface BlockOptions extends InlineOptions {
	/** Columns code block lines are indented by. */
	codeIndent: number;
}

/** Renders block tokens; blocks are separated by a blank row unless `tight` (items of a tight list). */
function renderBlocks(tokens: Token[], width: number, options: BlockOptions, tight = false): string[] {
	const rows: string[] = [];
	for (const token of tokens) {
		const block = renderBlock(token, width, options);
		if (block.length === 0) continue;
		if (rows.length > 0 && !tight) rows.push("");
		rows.push(...block);
	}
	return rows;
}

/** Renders one block token (a top-level block renders the same whatever blocks surround it). */
export function renderBlock(token: Token, columns: number, options: BlockOptions): string[] {
	const { theme } = options;
	const width = Math.max(1, columns);
	switch (token.type) {
		case "space":
		case "def":
		case "checkbox":
			return [];
		case "heading": {
			const prefix = token.depth >= 3 ? `${"#".repeat(token.depth)} ` : "";
			return wrapTextWithAnsi(theme.heading(prefix + renderInline(token.tokens, options), token.depth), width);
		}
		case "paragraph":
		case "text":
			return wrapTextWithAnsi(
				"tokens" in token && token.tokens ? renderInline(token.tokens, options) : token.text,
				width,
			);
		case "code":
			return renderCode(token as Tokens.Code, width, options);
		case "blockquote": {
			const inner = renderBlocks(token.tokens ?? [], width - 2, options);
			return inner.map((row) => theme.quoteBorder("│ ") + theme.quote(row));
		}
		case "list":
			return renderList(token as Tokens.List, width, options);
		case "table":
			return renderTable(token as Tokens.Table, width, options);
		case "hr":
			return [theme.hr("─".repeat(width))];
		case "html":
			return wrapTextWithAnsi(token.text.trim(), width);
		default:
			return wrapTextWithAnsi(token.raw.trimEnd(), width);
	}
}

function renderCode(token: Tokens.Code, width: number, options: BlockOptions): string[] {
	const { theme } = options;
	const language = token.lang?.split(/\s+/)[0] || undefined;
	const indent = Math.min(options.codeIndent, Math.max(0, width - 1));
	const margin = " ".repeat(indent);
	const lines = highlightCode(expandTabs(token.text.replace(/\n$/, ""), 4), language, theme.syntax, theme.codeText);
	const rows = [theme.codeFence(`\`\`\`${language ?? ""}`)];
	for (const line of lines) {
		for (const row of wrapCodeLine(line, width - indent)) rows.push(margin + row);
	}
	rows.push(theme.codeFence("```"));
	return rows;
}

/** Code keeps its spaces: hard-wrap long lines instead of reflowing words. */
function wrapCodeLine(line: string, width: number): string[] {
	if (visibleWidth(line) <= width) return [line];
	return wrapTextWithAnsi(line.replace(/ /g, "\u00a0"), width).map((row) => row.replace(/\u00a0/g, " "));
}

function renderList(token: Tokens.List, width: number, options: BlockOptions): string[] {
	const { theme } = options;
	const start = typeof token.start === "number" ? token.start : 1;
	const rows: string[] = [];
	token.items.forEach((item, index) => {
		if (index > 0 && token.loose) rows.push("");
		let marker = token.ordered ? `${start + index}. ` : "- ";
		if (item.task) marker += item.checked ? "[x] " : "[ ] ";
		const indent = visibleWidth(marker);
		const content = renderBlocks(
			item.tokens.filter((child) => child.type !== "checkbox"),
			width - indent,
			options,
			!item.loose,
		);
		if (content.length === 0) rows.push(theme.listBullet(marker.trimEnd()));
		content.forEach((row, rowIndex) => {
			rows.push((rowIndex === 0 ? theme.listBullet(marker) : " ".repeat(indent)) + row);
		});
	});
	return rows;
}

/**
 * Markdown tables: column widths fitted to the available width (natural widths when they fit, otherwise shared
 * out so narrow columns keep their size), cells word-wrapped inside their column, with box-drawing borders.
 */
import type { Tokens } from "marked";
import { visibleWidth } from "../../text/width.js";
import { wrapTextWithAnsi } from "../../text/wrap.js";
import { type InlineOptions, renderInline } from "./inline.js";

/** Fits column widths into `available` columns: each column gets at most its natural width. */
export function fitColumnWidths(natural: readonly number[], available: number): number[] {
	const widths = natural.map(() => 0);
	let remaining = available;
	let wanting = natural.map((_, index) => index).filter((index) => natural[index]! > 0);
	while (remaining > 0 && wanting.length > 0) {
		const share = Math.floor(remaining / wanting.length);
		if (share === 0) {
			for (const index of wanting.slice(0, remaining)) widths[index]!++;
			break;
		}
		for (const index of wanting) {
			const give = Math.min(share, natural[index]! - widths[index]!);
			widths[index]! += give;
			remaining -= give;
		}
		wanting = wanting.filter((index) => widths[index]! < natural[index]!);
	}
	return widths.map((width) => Math.max(1, width));
}

function alignCell(text: string, width: number, align: "left" | "right" | "center" | null): string {
	const space = Math.max(0, width - visibleWidth(text));
	if (align === "right") return " ".repeat(space) + text;
	if (align === "center") return " ".repeat(Math.floor(space / 2)) + text + " ".repeat(Math.ceil(space / 2));
	return text + " ".repeat(space);
}

/** Renders a table token to rows of at most `width` columns (a list of "header: value" rows when too narrow). */
export function renderTable(token: Tokens.Table, width: number, options: InlineOptions): string[] {
	const { theme } = options;
	const columns = token.header.length;
	const header = token.header.map((cell) => theme.tableHeader(renderInline(cell.tokens, options)));
	const body = token.rows.map((row) => row.map((cell) => renderInline(cell.tokens, options)));
	const overhead = columns * 3 + 1;
	if (width - overhead < columns * 2) return renderNarrow(header, body, width);

	const natural = header.map((cell, index) =>
		Math.max(visibleWidth(cell), ...body.map((row) => Math.max(...(row[index] ?? "").split("\n").map(visibleWidth)))),
	);
	const widths = fitColumnWidths(natural, width - overhead);
	const border = (left: string, middle: string, right: string) =>
		theme.tableBorder(left + widths.map((w) => "─".repeat(w + 2)).join(middle) + right);
	const bar = theme.tableBorder("│");
	const renderRow = (cells: string[]): string[] => {
		const wrapped = widths.map((w, index) => wrapTextWithAnsi(cells[index] ?? "", w));
		const height = Math.max(...wrapped.map((lines) => lines.length));
		const rows: string[] = [];
		for (let line = 0; line < height; line++) {
			const parts = widths.map(
				(w, index) => ` ${alignCell(wrapped[index]![line] ?? "", w, token.align[index] ?? null)} `,
			);
			rows.push(bar + parts.join(bar) + bar);
		}
		return rows;
	};
	return [
		border("┌", "┬", "┐"),
		...renderRow(header),
		border("├", "┼", "┤"),
		...body.flatMap((row) => renderRow(row)),
		border("└", "┴", "┘"),
	];
}

function renderNarrow(header: string[], body: string[][], width: number): string[] {
	const rows: string[] = [];
	for (const row of body) {
		if (rows.length > 0) rows.push("");
		row.forEach((cell, index) => {
			rows.push(...wrapTextWithAnsi(`${header[index] ?? ""}: ${cell}`, width));
		});
	}
	return rows;
}

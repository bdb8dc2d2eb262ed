/**
 * Soft wrapping of the editor's logical lines into screen rows, with the mapping from the buffer cursor to a
 * row and column. Rows break after the last space that fits, or mid-word when a word is longer than a row.
 */
import { graphemeWidth, splitGraphemes } from "../../text/width.js";
import type { CursorPosition } from "./buffer.js";

/** One screen row: a slice `[start, end)` (UTF-16 offsets) of logical line `line`. */
export interface LayoutRow {
	line: number;
	start: number;
	end: number;
	text: string;
}

export interface EditorLayout {
	rows: LayoutRow[];
	/** Index into `rows` of the row holding the cursor. */
	cursorRow: number;
	/** Screen column of the cursor within its row. */
	cursorColumn: number;
}

/** Splits one logical line into row slices no wider than `width`. An empty line is one empty row. */
export function wrapEditorLine(line: string, width: number): { start: number; end: number }[] {
	const maxWidth = Math.max(2, width);
	const slices: { start: number; end: number }[] = [];
	let rowStart = 0;
	let rowWidth = 0;
	/** Offset just after the last space in the current row: the preferred break. */
	let breakAfterSpace = -1;
	let offset = 0;
	const cells: { offset: number; width: number }[] = [];
	for (const grapheme of splitGraphemes(line)) {
		const cellWidth = graphemeWidth(grapheme);
		if (rowWidth + cellWidth > maxWidth && offset > rowStart) {
			const breakAt = breakAfterSpace > rowStart && grapheme !== " " ? breakAfterSpace : offset;
			slices.push({ start: rowStart, end: breakAt });
			rowStart = breakAt;
			rowWidth = 0;
			for (const cell of cells) if (cell.offset >= breakAt) rowWidth += cell.width;
			breakAfterSpace = -1;
		}
		cells.push({ offset, width: cellWidth });
		rowWidth += cellWidth;
		offset += grapheme.length;
		if (grapheme === " ") breakAfterSpace = offset;
	}
	slices.push({ start: rowStart, end: line.length });
	return slices;
}

function columnsOf(text: string): number {
	let columns = 0;
	for (const grapheme of splitGraphemes(text)) columns += graphemeWidth(grapheme);
	return columns;
}

/**
 * Lays out all lines at `width` and locates the cursor. When the cursor sits at the end of a row that is
 * already full, an empty row is added after it so the cursor cell never falls outside the width.
 */
export function layoutEditor(lines: readonly string[], width: number, cursor: CursorPosition): EditorLayout {
	const rows: LayoutRow[] = [];
	let cursorRow = 0;
	let cursorColumn = 0;
	lines.forEach((line, lineIndex) => {
		const slices = wrapEditorLine(line, width);
		slices.forEach((slice, sliceIndex) => {
			const isLast = sliceIndex === slices.length - 1;
			const text = line.slice(slice.start, slice.end);
			rows.push({ line: lineIndex, start: slice.start, end: slice.end, text });
			if (lineIndex !== cursor.line) return;
			const inside = cursor.col >= slice.start && (cursor.col < slice.end || isLast);
			if (!inside) return;
			cursorRow = rows.length - 1;
			cursorColumn = columnsOf(line.slice(slice.start, cursor.col));
			if (cursorColumn >= Math.max(2, width)) {
				rows.push({ line: lineIndex, start: line.length, end: line.length, text: "" });
				cursorRow = rows.length - 1;
				cursorColumn = 0;
			}
		});
	});
	return { rows, cursorRow, cursorColumn };
}

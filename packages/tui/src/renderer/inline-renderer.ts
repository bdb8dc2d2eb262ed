/**
 * The differential inline renderer: turns the live rows of each frame into the bytes that update the terminal.
 *
 * It renders in the normal screen buffer, below whatever the shell printed before, and only ever moves the cursor
 * relatively (except after a width change of a screen it filled, where it re-anchors at the top-left corner). Rows
 * are tracked in "live coordinates": row 0 is the first row not yet committed to scrollback. Each frame it finds
 * the first and last changed rows, moves there, rewrites just that range (each row cleared, written, style reset)
 * and wraps everything in one synchronized-output block, so terminals paint the frame at once.
 *
 * Rows above the screen cannot be rewritten inline; changes there are ignored (they are final). The owner
 * commits them (see `commit`) so later frames neither render nor diff them.
 */
import { CURSOR_MARKER } from "../components/cursor.js";
import { TERMINAL_SEQUENCES } from "../terminal/terminal.js";
import { sliceByColumn } from "../text/truncate.js";
import { visibleWidth } from "../text/width.js";

const { syncStart, syncEnd, hideCursor, showCursor, resetStyle } = TERMINAL_SEQUENCES;
const CLEAR_LINE = "\x1b[2K";
const CLEAR_BELOW = "\x1b[J";
const HOME = "\x1b[H";

/** A row wider than the terminal, reported when the renderer clips it. */
export interface RowOverflow {
	/** Row index among the live rows of the frame. */
	row: number;
	/** Visible width of the row as rendered. */
	width: number;
	/** Terminal width it was clipped to. */
	columns: number;
}

/** Where the hardware cursor should go, in live coordinates. */
interface CursorTarget {
	row: number;
	column: number;
}

function moveRows(from: number, to: number): string {
	if (to < from) return `\x1b[${from - to}A`;
	if (to > from) return `\x1b[${to - from}B`;
	return "";
}

/** Keeps the state of what is on screen between frames and produces each frame's bytes. */
export class InlineRenderer {
	/** Rows of the previous frame exactly as given (cursor markers included), for identity diffing. */
	private previous: string[] = [];
	/** Visible width of each previous row as written (after clipping), to estimate reflow on width changes. */
	private previousWidths: number[] = [];
	/** Live row the hardware cursor is on, and its column. */
	private cursorRow = 0;
	private cursorColumn = 0;
	/** Rows that exist below the live start: the most rows ever shown (shrinking clears rows, it does not remove them). */
	private extent = 0;
	/** Whether the content has reached the bottom of the screen, so the screen's top row is a live row. */
	private filledScreen = false;
	private cursor: CursorTarget | undefined;
	private columns = 0;
	private screenRows = 0;
	private frames = 0;

	/** Called for each row wider than the terminal (the row is clipped, never wrapped). */
	onOverflow: ((overflow: RowOverflow) => void) | undefined;
	/** Whether the hardware cursor is shown at the cursor marker (otherwise it stays hidden). */
	showHardwareCursor = true;

	/** Live rows above the top of the screen: final, never rewritten; the owner may commit them. */
	get rowsAboveScreen(): number {
		return Math.max(0, this.extent - this.screenRows);
	}

	/** The live row that will be at the top of the screen when a frame of `rowCount` rows is drawn. */
	screenTopFor(rowCount: number, screenRows: number): number {
		return Math.max(0, Math.max(this.extent, rowCount) - screenRows);
	}

	/** Number of live rows of the previous frame. */
	get rowCount(): number {
		return this.previous.length;
	}

	/**
	 * Bytes that turn the screen from the previous frame into `rows` (one synchronized-output block), or "" when
	 * nothing changed.
	 */
	render(rows: string[], columns: number, screenRows: number): string {
		const widthChanged = this.frames > 0 && columns !== this.columns;
		const previousScreenRows = this.screenRows;
		this.columns = columns;
		this.screenRows = screenRows;
		this.frames++;
		if (widthChanged) return this.redrawScreen(rows, previousScreenRows);
		if (this.extent >= screenRows) this.filledScreen = true;

		const count = rows.length;
		const previousCount = this.previous.length;
		let first = 0;
		const common = Math.min(count, previousCount);
		while (first < common && rows[first] === this.previous[first]) first++;
		if (first === count && count === previousCount) return "";
		let last = count - 1;
		if (count === previousCount) while (last > first && rows[last] === this.previous[last]) last--;

		const top = this.rowsAboveScreen;
		const start = Math.max(first, top);
		let out = syncStart + hideCursor;
		if (this.frames === 1) out += "\r";
		if (start <= last) out += this.writeRows(rows, start, last);
		if (count < previousCount) out += this.clearFrom(Math.max(count, top));
		// Rows above the screen are taken as they are now, so an unfixable change is not retried every frame.
		for (let i = first; i <= last; i++) this.previous[i] = rows[i]!;
		this.previous.length = count;
		this.previousWidths.length = count;
		this.extent = Math.max(this.extent, count);
		out += this.placeCursor(rows, start, last);
		return out + syncEnd;
	}

	/** Forgets the first `rows` live rows: the owner committed them (they are in scrollback for good). */
	commit(rows: number): void {
		if (rows <= 0) return;
		this.previous.splice(0, rows);
		this.previousWidths.splice(0, rows);
		this.cursorRow = Math.max(0, this.cursorRow - rows);
		this.extent = Math.max(0, this.extent - rows);
		if (this.cursor) this.cursor = { row: this.cursor.row - rows, column: this.cursor.column };
	}

	/**
	 * Bytes that leave the cursor on a fresh line below the content (used when the TUI stops, so the shell prompt
	 * does not overwrite the last frame).
	 */
	finish(): string {
		if (this.frames === 0) return "";
		const last = Math.max(0, this.previous.length - 1);
		return moveRows(this.cursorRow, last) + "\r\n" + showCursor;
	}

	/** Clips a row to the width, strips its cursor marker (recording where it was) and measures it. */
	private prepareRow(row: string, index: number): { text: string; width: number } {
		let text = row;
		const marker = text.indexOf(CURSOR_MARKER);
		if (marker !== -1) {
			this.cursor = { row: index, column: visibleWidth(text.slice(0, marker)) };
			text = text.split(CURSOR_MARKER).join("");
		}
		let width = visibleWidth(text);
		if (width > this.columns) {
			this.onOverflow?.({ row: index, width, columns: this.columns });
			text = sliceByColumn(text, 0, this.columns);
			width = visibleWidth(text);
		}
		this.previousWidths[index] = width;
		return { text, width };
	}

	/** Moves to row `start` and rewrites rows start..last; rows past the extent are created with newlines. */
	private writeRows(rows: string[], start: number, last: number): string {
		if (this.cursor && this.cursor.row >= start && this.cursor.row <= last) this.cursor = undefined;
		let out = "";
		let row: number;
		if (this.extent === 0) row = start;
		else if (start < this.extent) {
			out += moveRows(this.cursorRow, start);
			row = start;
		} else {
			out += moveRows(this.cursorRow, this.extent - 1);
			row = this.extent - 1;
		}
		let width = 0;
		for (let i = start; i <= last; i++) {
			while (row < i) {
				out += "\r\n";
				row++;
			}
			const prepared = this.prepareRow(rows[i]!, i);
			out += "\r" + (i < this.extent ? CLEAR_LINE : "") + prepared.text + resetStyle;
			width = prepared.width;
		}
		this.cursorRow = row;
		this.cursorColumn = width;
		return out;
	}

	/** Clears from live row `from` (an existing row) to the bottom of the screen. */
	private clearFrom(from: number): string {
		if (this.extent === 0) return "";
		const target = Math.min(from, this.extent - 1);
		const out = moveRows(this.cursorRow, target) + "\r" + CLEAR_BELOW;
		this.cursorRow = target;
		this.cursorColumn = 0;
		if (this.cursor && this.cursor.row >= from) this.cursor = undefined;
		return out;
	}

	/** Moves the hardware cursor to the marker (if it is on screen) and shows it; otherwise leaves it hidden. */
	private placeCursor(rows: string[], start: number, last: number): string {
		// A marker in an unchanged row stays valid; one in a rewritten row was recorded by prepareRow.
		const cursor = this.cursor;
		if (!cursor || cursor.row >= rows.length || cursor.row < this.rowsAboveScreen) return "";
		if (cursor.row < start || cursor.row > last) {
			if (!rows[cursor.row]!.includes(CURSOR_MARKER)) {
				this.cursor = undefined;
				return "";
			}
		}
		const out = moveRows(this.cursorRow, cursor.row) + `\x1b[${cursor.column + 1}G`;
		this.cursorRow = cursor.row;
		this.cursorColumn = cursor.column;
		return this.showHardwareCursor ? out + showCursor : out;
	}

	/**
	 * After a width change: the terminal may have reflowed what it shows, and every live row may wrap
	 * differently. Scrollback is left alone; the screen is cleared from the first live row on it and the live rows
	 * from there on are written again at the new width.
	 */
	private redrawScreen(rows: string[], previousScreenRows: number): string {
		let top = Math.max(0, this.extent - previousScreenRows);
		let out = syncStart + hideCursor;
		if (this.filledScreen || this.extent >= previousScreenRows) {
			// The screen's top row was live row `top`: re-anchor there absolutely, immune to reflow. When the
			// terminal reflowed rows wider than the new width, it pushed as many rows off the top into scrollback;
			// those are not written again.
			top += this.rowsPushedByReflow(top, previousScreenRows);
			out += HOME;
		} else {
			out += moveRows(this.estimateReflowedCursorRow(), 0) + "\r";
		}
		out += CLEAR_BELOW;
		this.cursor = undefined;
		this.cursorRow = top;
		this.cursorColumn = 0;
		let row = top;
		for (let i = top; i < rows.length; i++) {
			if (i > top) out += "\r\n";
			row = i;
			out += this.prepareRow(rows[i]!, i).text + resetStyle;
		}
		if (rows.length > top) {
			this.cursorRow = row;
			this.cursorColumn = this.previousWidths[row] ?? 0;
		}
		this.previous = rows.slice();
		this.previousWidths.length = rows.length;
		const filled = this.filledScreen || this.extent >= previousScreenRows;
		this.extent = filled ? Math.max(rows.length, top + this.screenRows) : rows.length;
		this.filledScreen = this.extent >= this.screenRows;
		out += this.placeCursor(rows, top, rows.length - 1);
		return out + syncEnd;
	}

	/** Whole live rows (from `top`) that a reflow to the new width pushed above the screen. */
	private rowsPushedByReflow(top: number, previousScreenRows: number): number {
		const heights: number[] = [];
		let physical = 0;
		for (let i = top; i < top + previousScreenRows; i++) {
			const height = Math.max(1, Math.ceil((this.previousWidths[i] ?? 0) / this.columns));
			heights.push(height);
			physical += height;
		}
		let overflow = physical - this.screenRows;
		let pushed = 0;
		while (overflow > 0 && pushed < heights.length && heights[pushed]! <= overflow) {
			overflow -= heights[pushed]!;
			pushed++;
		}
		return pushed;
	}

	/**
	 * Screen rows between live row 0 and the cursor after the terminal reflowed rows wider than the new width
	 * (xterm, iTerm2, kitty and VTE wrap such rows when the window narrows).
	 */
	private estimateReflowedCursorRow(): number {
		let physical = 0;
		for (let i = 0; i < this.cursorRow; i++) {
			physical += Math.max(1, Math.ceil((this.previousWidths[i] ?? 0) / this.columns));
		}
		const cursorWidth = Math.min(this.cursorColumn, Math.max(0, (this.previousWidths[this.cursorRow] ?? 1) - 1));
		return physical + Math.floor(cursorWidth / this.columns);
	}
}

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
 * commits them (see `commit`) so later frames neither render nor diff them. When the owner changed rows above the
 * screen on purpose (expanding a tool box, hiding thinking), it asks for a tail redraw (`redrawTail`): the next
 * frame clears the screen and prints the live rows again from the first changed one, or from the row that makes
 * the new frame fill the screen if it shrank. Scrollback keeps what it holds, so rows there show their old look
 * above the new one: content may show twice, but none is lost and the screen never keeps stale rows.
 */
import { CURSOR_MARKER } from "../components/cursor.js";
import { TERMINAL_SEQUENCES } from "../terminal/terminal.js";
import { sliceByColumn } from "../text/truncate.js";
import { visibleWidth } from "../text/width.js";
import { BLANK_ROW, predictResize, type ResizeStep, type ScreenLine } from "./resize-model.js";

const { syncStart, syncEnd, hideCursor, showCursor, resetStyle } = TERMINAL_SEQUENCES;
const CLEAR_LINE = "\x1b[2K";
const CLEAR_BELOW = "\x1b[J";
/**
 * Clears from the start of the cursor's line to the end of the screen, leaving the cursor where it is. Not a plain
 * CLEAR_BELOW: erasing from the screen's top-left corner makes tmux (scroll-on-clear, on by default) push the whole
 * screen into scrollback first, so a redraw after a resize or a tail redraw would show everything twice.
 */
const CLEAR_DOWN = "\x1b[2K\x1b7\x1b[1B\x1b[J\x1b8";
const HOME = "\x1b[H";
/** Stands for a row whose text the renderer does not know (never equal to a rendered row). */
const UNKNOWN_ROW = "\0unknown";
/**
 * Characters that move the terminal's cursor to another line (LF, VT, FF) or back to the line start (CR). A row is
 * one line: a component that returns one of these inside a row (an unsplit multi-line string) would move the
 * cursor behind the renderer's back, and every later relative move would land on the wrong line.
 */
const LINE_BREAK = /[\n\v\f\r]/;
const LINE_BREAKS = /\r\n|[\n\v\f\r]/g;

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
	/** Live row the hardware cursor is on. */
	private cursorRow = 0;
	/** Rows that exist below the live start: the most rows ever shown (shrinking clears rows, it does not remove them). */
	private extent = 0;
	/** Whether the content has reached the bottom of the screen, so the screen's top row is a live row. */
	private filledScreen = false;
	/** Rows before this one are never rewritten: a resize left them above the screen or in an unknown shape. */
	private fixedRows = 0;
	/** Whether the terminal surely has scrollback (a row scrolled off), which changes how it reflows. */
	private hasScrollback = false;
	private cursor: CursorTarget | undefined;
	private columns = 0;
	private screenRows = 0;
	private frames = 0;
	/** Whether the next frame re-prints the live tail when rows above the screen changed (see `redrawTail`). */
	private tailRequested = false;

	/** Called for each row wider than the terminal (the row is clipped, never wrapped). */
	onOverflow: ((overflow: RowOverflow) => void) | undefined;
	/** Whether the hardware cursor is shown at the cursor marker (otherwise it stays hidden). */
	showHardwareCursor = true;

	/** Live rows above the top of the screen: final, never rewritten; the owner may commit them. */
	get rowsAboveScreen(): number {
		return Math.max(0, this.extent - this.screenRows, this.fixedRows);
	}

	/** The live row that will be at the top of the screen when a frame of `rowCount` rows is drawn. */
	screenTopFor(rowCount: number, screenRows: number): number {
		return Math.max(0, Math.max(this.extent, rowCount) - screenRows);
	}

	/**
	 * Makes the next frame show its changes even above the screen: if it changed a live row above the screen, or
	 * shrank so that the screen would show blank rows below content that scrolled away, the screen is cleared and
	 * the live rows are printed again from there (see the file comment). Otherwise the frame is drawn as usual.
	 */
	redrawTail(): void {
		this.tailRequested = true;
	}

	/**
	 * Whether a frame of `rows` would be printed again by a tail redraw: it changes a row above the screen, or it
	 * shrank so that the screen would show blank rows under content that scrolled away.
	 */
	needsTailRedraw(rows: string[], screenRows: number): boolean {
		if (!this.filledScreen && this.extent < screenRows) return false;
		const first = this.firstChangedRow(rows);
		if (first === rows.length && rows.length === this.previous.length) return false;
		return Math.max(0, Math.min(first, rows.length - screenRows)) < this.rowsAboveScreen;
	}

	/** The first row that differs from the previous frame (rows taken back from scrollback count as unchanged). */
	private firstChangedRow(rows: string[]): number {
		const common = Math.min(rows.length, this.previous.length);
		let first = 0;
		while (first < common && (rows[first] === this.previous[first] || this.previous[first] === UNKNOWN_ROW)) first++;
		return first;
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
		const resized = this.frames > 0 && (columns !== this.columns || screenRows !== this.screenRows);
		const step: ResizeStep = {
			oldColumns: this.columns,
			oldRows: this.screenRows,
			newColumns: columns,
			newRows: screenRows,
		};
		this.columns = columns;
		this.screenRows = screenRows;
		this.frames++;
		const tail = this.tailRequested;
		this.tailRequested = false;
		if (resized) return this.redrawScreen(rows, step);
		if (this.extent >= screenRows) this.filledScreen = true;

		const count = rows.length;
		const previousCount = this.previous.length;
		const first = this.firstChangedRow(rows);
		if (first === count && count === previousCount) return "";
		let last = count - 1;
		if (count === previousCount) while (last > first && rows[last] === this.previous[last]) last--;

		const top = this.rowsAboveScreen;
		if (tail && this.filledScreen) {
			const from = Math.max(0, Math.min(first, count - screenRows));
			if (from < top) return this.rewriteTail(rows, from, top);
		}
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
		if (this.extent > screenRows) this.hasScrollback = true;
		out += this.placeCursor(rows, start, last);
		return out + syncEnd;
	}

	/**
	 * Clears the screen and prints rows `from`..end from its top line. Rows before `from` stay where they are (in
	 * scrollback); what no longer fits on the screen scrolls there in order, like any new output.
	 */
	private rewriteTail(rows: string[], from: number, top: number): string {
		const count = rows.length;
		let out = syncStart + hideCursor + moveRows(this.cursorRow, top);
		this.cursor = undefined;
		// Each line is cleared as it is written: erasing the whole screen from its top-left corner makes some
		// terminals (tmux's scroll-on-clear) push the old screen into scrollback first.
		const written: string[] = [];
		for (let i = from; i < count; i++) written.push(`\r${CLEAR_LINE}${this.prepareRow(rows[i]!, i).text}${resetStyle}`);
		out += written.join("\r\n");
		// Below a screen that is not full again, old rows are left: clear them from the next line.
		if (written.length < this.screenRows) out += `\r\n${CLEAR_BELOW}${moveRows(1, 0)}`;
		this.previous = rows.slice();
		this.previousWidths.length = count;
		// The screen's top line now holds row `from` (or a later row when more than a screen was printed).
		this.extent = Math.max(count, from + this.screenRows);
		this.fixedRows = 0;
		this.cursorRow = Math.max(from, count - 1);
		this.hasScrollback = true;
		out += this.placeCursor(rows, from, count - 1);
		return out + syncEnd;
	}

	/**
	 * Takes `rows` rows the owner committed back as the first live rows. They are above the screen, in scrollback,
	 * and the diff takes them as unchanged: a tail redraw prints those it needs to fill the screen.
	 */
	uncommit(rows: number): void {
		if (rows <= 0) return;
		this.previous.unshift(...new Array<string>(rows).fill(UNKNOWN_ROW));
		this.previousWidths.unshift(...new Array<number>(rows).fill(0));
		this.cursorRow += rows;
		this.extent += rows;
		if (this.fixedRows > 0) this.fixedRows += rows;
		if (this.cursor) this.cursor = { row: this.cursor.row + rows, column: this.cursor.column };
	}

	/** Forgets the first `rows` live rows: the owner committed them (they are in scrollback for good). */
	commit(rows: number): void {
		if (rows <= 0) return;
		this.previous.splice(0, rows);
		this.previousWidths.splice(0, rows);
		this.cursorRow = Math.max(0, this.cursorRow - rows);
		this.extent = Math.max(0, this.extent - rows);
		this.fixedRows = Math.max(0, this.fixedRows - rows);
		this.hasScrollback = true;
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

	/**
	 * Forgets the frames drawn so far: the next frame prints every live row from the cursor's line, as the first one
	 * did. For a terminal another program wrote to meanwhile (pi suspended with Ctrl+Z, then `fg`).
	 */
	reset(): void {
		this.previous = [];
		this.previousWidths = [];
		this.cursorRow = 0;
		this.extent = 0;
		this.filledScreen = false;
		this.fixedRows = 0;
		this.cursor = undefined;
		this.frames = 0;
		this.tailRequested = false;
	}

	/**
	 * Clips a row to the width, turns line breaks in it into spaces, strips its cursor marker (recording where it
	 * was) and measures it.
	 */
	private prepareRow(row: string, index: number): { text: string; width: number } {
		let text = oneLine(row);
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
		for (let i = start; i <= last; i++) {
			while (row < i) {
				out += "\r\n";
				row++;
			}
			const prepared = this.prepareRow(rows[i]!, i);
			out += "\r" + (i < this.extent ? CLEAR_LINE : "") + prepared.text + resetStyle;
		}
		this.cursorRow = row;
		return out;
	}

	/** Clears from live row `from` (an existing row) to the bottom of the screen. */
	private clearFrom(from: number): string {
		if (this.extent === 0) return "";
		const target = Math.min(from, this.extent - 1);
		const out = moveRows(this.cursorRow, target) + "\r" + CLEAR_DOWN;
		this.cursorRow = target;
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
		return this.showHardwareCursor ? out + showCursor : out;
	}

	/**
	 * After a resize the terminal has re-wrapped and scrolled what it shows (see resize-model.ts), and the live rows
	 * of the new frame may wrap differently from the old ones. Scrollback is left alone. The first line on the new
	 * screen that holds a rewritable row (one that was on screen before) is where the rewrite starts: the rest of a
	 * row cut by the top of the screen is written again from its old text, then the new frame's rows from the one
	 * that corresponds to it, and everything below is cleared. When the rows before it changed with the width (a
	 * paragraph that re-wraps), the new rows are written from the first changed one instead: content may then show
	 * twice, once as it scrolled away and once re-wrapped, but none is lost.
	 */
	private redrawScreen(rows: string[], old: ResizeStep): string {
		const filled = this.filledScreen || this.extent >= old.oldRows;
		const out =
			syncStart + hideCursor + (filled ? this.rewriteFilledScreen(rows, old) : this.rewriteFromStart(rows, old));
		return out + this.placeCursor(rows, this.fixedRows, rows.length - 1) + syncEnd;
	}

	/** The screen's top line was a live row: re-anchor at the top-left corner, immune to the terminal's reflow. */
	private rewriteFilledScreen(rows: string[], step: ResizeStep): string {
		const oldTop = this.extent - step.oldRows;
		const floor = Math.max(this.fixedRows, oldTop);
		const lines: ScreenLine[] = [];
		for (let v = oldTop; v < this.extent; v++) lines.push(this.lineOf(v));
		const after = predictResize(
			{
				lines,
				cursorLine: Math.min(step.oldRows - 1, Math.max(0, this.cursorRow - oldTop)),
				hasScrollback: this.hasScrollback,
				lineAbove: (k) => this.lineOf(oldTop - 1 - k),
			},
			step,
		);
		let startLine = after.lines.findIndex((line) => line.row >= floor);
		if (startLine === -1) startLine = after.lines.length;
		const first = after.lines[startLine];
		// The old row the rewrite resumes at, and the lines left of a row whose first lines scrolled away.
		let resume = this.previous.length;
		const remainder: ScreenLine[] = [];
		if (first && first.row !== BLANK_ROW) {
			resume = first.part === 0 ? first.row : first.row + 1;
			for (let j = startLine; first.part > 0 && after.lines[j]?.row === first.row; j++) remainder.push(after.lines[j]!);
		}
		let common = 0;
		while (common < resume && common < rows.length && rows[common] === this.previous[common]) common++;
		const resumeAt = Math.min(common, resume);
		if (resumeAt < resume) remainder.length = 0;

		let out = HOME;
		if (startLine >= after.lines.length) out += moveRows(0, after.lines.length - 1) + "\r\n";
		else out += moveRows(0, startLine) + "\r";
		out += CLEAR_DOWN;
		const written: string[] = [];
		for (const line of remainder) {
			const text = stripCursorMarker(this.previous[line.row] ?? "");
			const wrap = line.wrappedAt || this.columns;
			written.push(sliceByColumn(text, line.part * wrap, (line.part + 1) * wrap) + resetStyle);
		}
		this.cursor = undefined;
		for (let i = resumeAt; i < rows.length; i++) written.push(this.prepareRow(rows[i]!, i).text + resetStyle);
		out += written.join("\r\n");

		// Screen line j now shows virtual row screenTop + j; rows before resumeAt are never rewritten.
		const screenTop = resumeAt - remainder.length - startLine;
		for (let j = 0; j < startLine + remainder.length; j++) {
			const line = after.lines[j];
			if (screenTop + j >= 0 && line) this.previousWidths[screenTop + j] = lineWidth(line);
		}
		this.hasScrollback ||= after.hasScrollback || startLine + written.length > step.newRows;
		const lastLine = startLine + written.length - 1;
		this.finishRedraw(rows, resumeAt, Math.max(rows.length, screenTop + step.newRows), screenTop + lastLine);
		this.filledScreen = true;
		return out;
	}

	/**
	 * The content never filled the screen: the shell's output is above it. Move up from the cursor to where the
	 * first live row is after the reflow, clear to the bottom and write every row again.
	 */
	private rewriteFromStart(rows: string[], step: ResizeStep): string {
		const lines: ScreenLine[] = [];
		for (let v = 0; v < Math.max(this.extent, step.oldRows); v++) lines.push(this.lineOf(v));
		const after = predictResize(
			{
				lines,
				cursorLine: this.cursorRow,
				hasScrollback: this.hasScrollback,
				lineAbove: (k) => this.lineOf(-1 - k),
			},
			step,
		);
		const firstLine = after.lines.findIndex((line) => line.row === 0 && line.part === 0);
		let out = moveRows(after.cursorLine, Math.max(0, firstLine)) + "\r" + CLEAR_DOWN;
		this.cursor = undefined;
		const written: string[] = [];
		for (let i = 0; i < rows.length; i++) written.push(this.prepareRow(rows[i]!, i).text + resetStyle);
		out += written.join("\r\n");
		this.finishRedraw(rows, 0, rows.length, rows.length - 1);
		this.filledScreen = this.extent >= this.screenRows;
		this.hasScrollback ||= after.hasScrollback || this.extent > this.screenRows;
		return out;
	}

	/** Bookkeeping after a redraw that wrote rows `from`..end of `rows`. */
	private finishRedraw(rows: string[], from: number, extent: number, cursorRow: number): void {
		this.cursorRow = Math.max(0, cursorRow);
		this.previous = rows.slice();
		this.previousWidths.length = Math.max(rows.length, from);
		this.extent = extent;
		this.fixedRows = from;
	}

	/** The screen line of virtual row `v` as the renderer left it. */
	private lineOf(v: number): ScreenLine {
		if (v >= this.extent) return { row: BLANK_ROW, part: 0, width: 0, wrappedAt: 0 };
		return { row: v, part: 0, width: v >= 0 ? (this.previousWidths[v] ?? 0) : 0, wrappedAt: 0 };
	}
}

/** Visible width of one line of a row the terminal may have wrapped. */
function lineWidth(line: ScreenLine): number {
	if (line.wrappedAt === 0) return line.width;
	return Math.max(0, Math.min(line.wrappedAt, line.width - line.part * line.wrappedAt));
}

function stripCursorMarker(row: string): string {
	return oneLine(row).split(CURSOR_MARKER).join("");
}

/** `row` with each line break in it turned into a space (see LINE_BREAK). */
function oneLine(row: string): string {
	return LINE_BREAK.test(row) ? row.replace(LINE_BREAKS, " ") : row;
}

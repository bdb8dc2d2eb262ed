/**
 * What a terminal does to its screen when it is resized, predicted line by line, so the renderer knows which live
 * row is where afterwards. The rules are those of xterm.js (the emulator of VS Code and of our tests); other
 * terminals that re-wrap on resize behave alike in the common case:
 * - fewer rows: lines below the cursor are dropped first, then the top line scrolls into scrollback;
 * - more rows: with the cursor on the last line, lines come back from scrollback, otherwise blank lines are added;
 * - fewer columns: each line wider than the new width is re-wrapped, except the one holding the cursor. An extra
 *   line pushes the top line into scrollback (without scrollback: the cursor moves down and the bottom line goes).
 *   The cursor keeps its screen row while lines are inserted below it, so it drifts one line down per inserted
 *   line, and the check that spares the cursor's line uses the drifted position;
 * - more columns: lines the terminal wrapped are joined again; each removed line brings one back from above.
 *
 * The renderer never writes a row wider than the screen and rewrites the screen after every resize, so only the
 * rows of the last frame and the rest of a row cut by the top of the screen are ever re-wrapped by the terminal.
 * Where the input is uncertain it assumes fewer lines pushed off the top (no scrollback until a row surely scrolled
 * off): the renderer then writes a row that is in scrollback again rather than erase one still on screen. Output
 * that raced the resize (written for the old size) also pushes more, not fewer. A terminal that re-wraps less than
 * xterm.js (or not at all) is mispredicted the other way.
 */

/** One physical line of the screen. */
export interface ScreenLine {
	/** Live row shown on the line; rows below 0 are above the live rows (committed, or the shell's output). */
	row: number;
	/** Which line of the row (0: its first) when the terminal wrapped it. */
	part: number;
	/** Visible width of the whole row as written (0 when unknown or blank). */
	width: number;
	/** Columns the terminal wrapped the row at; 0 when the row is one line. */
	wrappedAt: number;
}

/** A resize from one screen size to another. */
export interface ResizeStep {
	oldColumns: number;
	oldRows: number;
	newColumns: number;
	newRows: number;
}

/** The screen before a resize: its lines top to bottom, the cursor's line, and what is above. */
export interface ScreenBefore {
	lines: ScreenLine[];
	cursorLine: number;
	/** Whether the terminal has scrollback (lines scroll into it rather than moving the cursor down). */
	hasScrollback: boolean;
	/** The line `k` lines above the top of the screen (0: right above it). */
	lineAbove(k: number): ScreenLine;
}

/** The screen after a resize: its lines top to bottom, the cursor's line, whether there is scrollback now. */
export interface ScreenAfter {
	lines: ScreenLine[];
	cursorLine: number;
	hasScrollback: boolean;
}

/** A blank line below the content. */
export const BLANK_ROW = Number.MAX_SAFE_INTEGER;

function blankLine(): ScreenLine {
	return { row: BLANK_ROW, part: 0, width: 0, wrappedAt: 0 };
}

function partsOf(line: ScreenLine): number {
	return line.wrappedAt > 0 ? Math.max(1, Math.ceil(line.width / line.wrappedAt)) : 1;
}

/** Predicts the screen after `step` (see the module comment for the rules). */
export function predictResize(before: ScreenBefore, step: ResizeStep): ScreenAfter {
	// Lines above the screen are fetched as they are needed; `top` is the index of the screen's first line.
	const buffer = before.lines.slice();
	let above = 0;
	let top = 0;
	let y = before.cursorLine;
	let scrollback = before.hasScrollback;
	const pullAbove = () => {
		buffer.unshift(before.lineAbove(above++));
		top++;
	};

	if (step.newRows < step.oldRows) {
		for (let i = step.oldRows; i > step.newRows; i--) {
			if (buffer.length - top - 1 > y) buffer.pop();
			else {
				top++;
				y--;
				scrollback = true;
			}
		}
	} else if (step.newRows > step.oldRows) {
		let addToY = 0;
		for (let i = step.oldRows; i < step.newRows; i++) {
			if (scrollback && buffer.length - top <= y + addToY + 1) {
				if (top === 0) pullAbove();
				top--;
				addToY++;
			} else buffer.push(blankLine());
		}
		y += addToY;
	}

	if (step.newColumns < step.oldColumns) {
		({ top, y, scrollback } = reflowNarrower(buffer, top, y, scrollback, step.newColumns, step.newRows));
	} else if (step.newColumns > step.oldColumns) {
		({ top, y } = reflowWider(buffer, top, y, scrollback, step.newColumns, pullAbove));
	}
	return { lines: buffer.slice(top, top + step.newRows), cursorLine: y, hasScrollback: scrollback };
}

/** Re-wraps lines wider than `columns`, bottom up, as xterm.js does. */
function reflowNarrower(
	buffer: ScreenLine[],
	top: number,
	y: number,
	scrollback: boolean,
	columns: number,
	rows: number,
): { top: number; y: number; scrollback: boolean } {
	let popped = 0;
	for (let end = buffer.length - 1; end >= top; end--) {
		let start = end;
		while (start > top && buffer[start]!.part > 0 && buffer[start - 1]!.row === buffer[end]!.row) start--;
		const line = buffer[end]!;
		const count = end - start + 1;
		const parts = Math.max(1, Math.ceil(line.width / columns));
		const extra = parts - partsOf(line);
		const cursorAt = top + y;
		if (extra <= 0 || (cursorAt >= start && cursorAt <= end)) {
			end = start;
			continue;
		}
		const first = partsOf(line) - count;
		const replacement: ScreenLine[] = [];
		for (let part = first; part < parts; part++) replacement.push({ ...line, part, wrappedAt: columns });
		buffer.splice(start, count, ...replacement);
		for (let i = 0; i < extra; i++) {
			if (scrollback) top++;
			else if (y < rows - 1) {
				y++;
				popped++;
			} else {
				top++;
				scrollback = true;
			}
		}
		end = start;
	}
	buffer.length -= popped;
	return { top, y, scrollback };
}

/** Joins lines the terminal wrapped when they fit the wider screen again. */
function reflowWider(
	buffer: ScreenLine[],
	top: number,
	y: number,
	scrollback: boolean,
	columns: number,
	pullAbove: () => void,
): { top: number; y: number } {
	let removed = 0;
	for (let end = buffer.length - 1; end >= top; end--) {
		const line = buffer[end]!;
		if (line.wrappedAt === 0) continue;
		let start = end;
		while (start > top && buffer[start]!.part > 0 && buffer[start - 1]!.row === line.row) start--;
		const cursorAt = top + y;
		const parts = Math.max(1, Math.ceil(line.width / columns));
		const first = partsOf(line) - (end - start + 1);
		if (cursorAt >= start && cursorAt <= end) {
			end = start;
			continue;
		}
		// Only the parts on screen are known; those above keep their lines, the rest are joined.
		const replacement: ScreenLine[] = [];
		for (let part = first; part < parts; part++) replacement.push({ ...line, part, wrappedAt: columns });
		removed += end - start + 1 - replacement.length;
		buffer.splice(start, end - start + 1, ...replacement);
		end = start;
	}
	for (let i = 0; i < removed; i++) {
		if (scrollback) {
			if (top === 0) pullAbove();
			top--;
		} else {
			if (y > 0) y--;
			buffer.push(blankLine());
		}
	}
	return { top, y };
}

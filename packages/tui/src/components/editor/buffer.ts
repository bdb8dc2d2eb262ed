/**
 * The editor's text model: logical lines and a cursor. Columns are UTF-16 offsets into a line, but every
 * motion and deletion moves by whole grapheme clusters, so an emoji or a combining sequence is one step.
 */
import { splitGraphemes } from "../../text/width.js";

/** A position in the buffer: line index and UTF-16 offset within that line. */
export interface CursorPosition {
	line: number;
	col: number;
}

/** Everything needed to restore the buffer (undo, history). */
export interface BufferSnapshot {
	lines: string[];
	cursor: CursorPosition;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

type CharClass = "space" | "word" | "punct";

function classify(grapheme: string): CharClass {
	if (/^\s+$/u.test(grapheme)) return "space";
	return WORD_CHAR.test(grapheme) ? "word" : "punct";
}

/** Grapheme boundaries of a line as UTF-16 offsets, including 0 and the line length. */
function boundaries(line: string): number[] {
	const offsets = [0];
	let offset = 0;
	for (const grapheme of splitGraphemes(line)) {
		offset += grapheme.length;
		offsets.push(offset);
	}
	return offsets;
}

export class TextBuffer {
	private lines: string[] = [""];
	private cursorLine = 0;
	private cursorCol = 0;

	/** All lines joined with "\n". */
	getText(): string {
		return this.lines.join("\n");
	}

	/** The logical lines (a copy). */
	getLines(): string[] {
		return [...this.lines];
	}

	getCursor(): CursorPosition {
		return { line: this.cursorLine, col: this.cursorCol };
	}

	get lineCount(): number {
		return this.lines.length;
	}

	get currentLine(): string {
		return this.lines[this.cursorLine]!;
	}

	isEmpty(): boolean {
		return this.lines.length === 1 && this.lines[0] === "";
	}

	/** Replaces the whole text; the cursor goes to the end. */
	setText(text: string): void {
		this.lines = text.split("\n");
		this.cursorLine = this.lines.length - 1;
		this.cursorCol = this.lines[this.cursorLine]!.length;
	}

	snapshot(): BufferSnapshot {
		return { lines: [...this.lines], cursor: this.getCursor() };
	}

	restore(snapshot: BufferSnapshot): void {
		this.lines = [...snapshot.lines];
		this.setCursor(snapshot.cursor.line, snapshot.cursor.col);
	}

	/** Moves the cursor, clamped to the buffer. */
	setCursor(line: number, col: number): void {
		this.cursorLine = Math.max(0, Math.min(line, this.lines.length - 1));
		this.cursorCol = Math.max(0, Math.min(col, this.currentLine.length));
	}

	/** Inserts text (which may contain newlines) at the cursor and moves the cursor after it. */
	insert(text: string): void {
		const line = this.currentLine;
		const before = line.slice(0, this.cursorCol);
		const after = line.slice(this.cursorCol);
		const pieces = text.split("\n");
		if (pieces.length === 1) {
			this.lines[this.cursorLine] = before + text + after;
			this.cursorCol += text.length;
			return;
		}
		const inserted = [before + pieces[0], ...pieces.slice(1, -1), pieces.at(-1)! + after];
		this.lines.splice(this.cursorLine, 1, ...inserted);
		this.cursorLine += pieces.length - 1;
		this.cursorCol = pieces.at(-1)!.length;
	}

	/** Deletes the text between two positions (in either order) and puts the cursor at the start. Returns it. */
	deleteRange(a: CursorPosition, b: CursorPosition): string {
		const [start, end] = comparePositions(a, b) <= 0 ? [a, b] : [b, a];
		const removed = this.textBetween(start, end);
		const head = this.lines[start.line]!.slice(0, start.col);
		const tail = this.lines[end.line]!.slice(end.col);
		this.lines.splice(start.line, end.line - start.line + 1, head + tail);
		this.setCursor(start.line, start.col);
		return removed;
	}

	textBetween(start: CursorPosition, end: CursorPosition): string {
		if (start.line === end.line) return this.lines[start.line]!.slice(start.col, end.col);
		const parts = [this.lines[start.line]!.slice(start.col)];
		for (let i = start.line + 1; i < end.line; i++) parts.push(this.lines[i]!);
		parts.push(this.lines[end.line]!.slice(0, end.col));
		return parts.join("\n");
	}

	/** Position one grapheme left (across a line start to the previous line end). */
	positionLeft(from = this.getCursor()): CursorPosition {
		if (from.col === 0) return from.line === 0 ? from : { line: from.line - 1, col: this.lines[from.line - 1]!.length };
		const offsets = boundaries(this.lines[from.line]!);
		let previous = 0;
		for (const offset of offsets) {
			if (offset >= from.col) break;
			previous = offset;
		}
		return { line: from.line, col: previous };
	}

	/** Position one grapheme right (across a line end to the next line start). */
	positionRight(from = this.getCursor()): CursorPosition {
		const line = this.lines[from.line]!;
		if (from.col >= line.length) return from.line >= this.lines.length - 1 ? from : { line: from.line + 1, col: 0 };
		const next = boundaries(line).find((offset) => offset > from.col);
		return { line: from.line, col: next ?? line.length };
	}

	/** Start of the word before the cursor: skips spaces, then one run of word characters or of punctuation. */
	wordLeftPosition(from = this.getCursor()): CursorPosition {
		if (from.col === 0) return this.positionLeft(from);
		const line = this.lines[from.line]!;
		const graphemes = graphemesBefore(line, from.col);
		let col = from.col;
		let index = graphemes.length - 1;
		while (index >= 0 && classify(graphemes[index]!) === "space") col -= graphemes[index--]!.length;
		if (index < 0) return { line: from.line, col };
		const kind = classify(graphemes[index]!);
		while (index >= 0 && classify(graphemes[index]!) === kind) col -= graphemes[index--]!.length;
		return { line: from.line, col };
	}

	/** End of the word after the cursor: skips spaces, then one run of word characters or of punctuation. */
	wordRightPosition(from = this.getCursor()): CursorPosition {
		const line = this.lines[from.line]!;
		if (from.col >= line.length) return this.positionRight(from);
		const graphemes = splitGraphemes(line.slice(from.col));
		let col = from.col;
		let index = 0;
		while (index < graphemes.length && classify(graphemes[index]!) === "space") col += graphemes[index++]!.length;
		if (index >= graphemes.length) return { line: from.line, col };
		const kind = classify(graphemes[index]!);
		while (index < graphemes.length && classify(graphemes[index]!) === kind) col += graphemes[index++]!.length;
		return { line: from.line, col };
	}

	moveTo(position: CursorPosition): void {
		this.setCursor(position.line, position.col);
	}

	moveLineStart(): void {
		this.cursorCol = 0;
	}

	moveLineEnd(): void {
		this.cursorCol = this.currentLine.length;
	}

	/** Backspace: deletes the grapheme before the cursor (or joins with the previous line). */
	deleteBackward(): string {
		return this.deleteRange(this.positionLeft(), this.getCursor());
	}

	/** Delete: deletes the grapheme after the cursor (or joins with the next line). */
	deleteForward(): string {
		return this.deleteRange(this.getCursor(), this.positionRight());
	}

	deleteWordBackward(): string {
		return this.deleteRange(this.wordLeftPosition(), this.getCursor());
	}

	deleteWordForward(): string {
		return this.deleteRange(this.getCursor(), this.wordRightPosition());
	}

	/** Deletes to the end of the line; at the end of a line, deletes the line break instead. */
	deleteToLineEnd(): string {
		const cursor = this.getCursor();
		if (cursor.col >= this.currentLine.length) return this.deleteForward();
		return this.deleteRange(cursor, { line: cursor.line, col: this.currentLine.length });
	}

	/** Deletes to the start of the line; at the start of a line, deletes the line break before it instead. */
	deleteToLineStart(): string {
		const cursor = this.getCursor();
		if (cursor.col === 0) return this.deleteBackward();
		return this.deleteRange({ line: cursor.line, col: 0 }, cursor);
	}
}

function graphemesBefore(line: string, col: number): string[] {
	return splitGraphemes(line.slice(0, col));
}

/** Negative when `a` is before `b`, 0 when equal, positive after. */
function comparePositions(a: CursorPosition, b: CursorPosition): number {
	return a.line === b.line ? a.col - b.col : a.line - b.line;
}

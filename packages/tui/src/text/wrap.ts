/**
 * Word wrapping for styled text. Every output row carries its own styles: active SGR attributes and OSC-8
 * links are re-opened at the start of a row and closed at its end, because the renderer treats rows
 * independently (and resets styles at each row end).
 */
import { AnsiStyleState } from "./ansi.js";
import { type StyledUnit, splitStyledUnits, visibleWidth } from "./width.js";

function isSpace(unit: StyledUnit): boolean {
	return !unit.ansi && unit.text === " ";
}

/** Builds rows one unit at a time while keeping the style state needed to close and re-open them. */
class RowBuilder {
	readonly rows: string[] = [];
	private row = "";
	width = 0;

	constructor(
		private readonly maxWidth: number,
		private readonly state: AnsiStyleState,
	) {
		this.row = state.open();
	}

	add(unit: StyledUnit): void {
		if (unit.ansi) this.state.apply(unit.text);
		this.row += unit.text;
		this.width += unit.width;
	}

	/** Adds a grapheme, moving to a new row first when it does not fit; a grapheme wider than the row is dropped. */
	addWrapping(unit: StyledUnit): void {
		if (!unit.ansi) {
			if (unit.width > this.maxWidth) return;
			if (this.width + unit.width > this.maxWidth) this.breakRow();
		}
		this.add(unit);
	}

	get remaining(): number {
		return this.maxWidth - this.width;
	}

	breakRow(): void {
		this.rows.push(this.row + this.state.close());
		this.row = this.state.open();
		this.width = 0;
	}

	finish(): string[] {
		this.rows.push(this.row + this.state.close());
		return this.rows;
	}
}

/** Groups units into alternating words and gaps (runs of spaces); escapes stay in the run they appear in. */
function groupRuns(units: StyledUnit[]): { gap: boolean; units: StyledUnit[]; width: number }[] {
	const runs: { gap: boolean; units: StyledUnit[]; width: number }[] = [];
	for (const unit of units) {
		const gap = unit.ansi ? (runs.at(-1)?.gap ?? false) : isSpace(unit);
		let run = runs.at(-1);
		if (!run || run.gap !== gap) {
			run = { gap, units: [], width: 0 };
			runs.push(run);
		}
		run.units.push(unit);
		run.width += unit.width;
	}
	return runs;
}

function wrapLogicalLine(line: string, width: number, state: AnsiStyleState): string[] {
	const builder = new RowBuilder(width, state);
	const runs = groupRuns(splitStyledUnits(line));
	for (let r = 0; r < runs.length; r++) {
		const run = runs[r]!;
		if (run.gap) {
			const next = runs[r + 1];
			const atLineStart = r === 0;
			// A gap is kept when it and the following word fit; at a wrap point its spaces are dropped so no
			// row starts or ends with stray blanks. Indentation at the start of the line is kept.
			const fits = next ? builder.width + run.width + next.width <= width : builder.width + run.width <= width;
			for (const unit of run.units) {
				if (unit.ansi) builder.add(unit);
				else if ((fits || atLineStart) && builder.remaining >= unit.width) builder.add(unit);
			}
			if (!fits && next && builder.width > 0 && !atLineStart) builder.breakRow();
			continue;
		}
		if (run.width > builder.remaining && run.width <= width && builder.width > 0) builder.breakRow();
		if (run.width > width && builder.width > 0 && !(r === 1 && runs[0]!.gap)) builder.breakRow();
		for (const unit of run.units) builder.addWrapping(unit);
	}
	return builder.finish();
}

/**
 * Wraps `text` to rows of at most `width` columns: breaks at spaces, hard-breaks words longer than a row,
 * keeps explicit newlines, never splits a wide character, and carries ANSI styles and OSC-8 links across
 * row breaks (closed at each row end, re-opened at the next row start). Tabs should be expanded by the caller.
 */
export function wrapTextWithAnsi(text: string, width: number): string[] {
	const maxWidth = Math.max(1, Math.floor(width));
	const state = new AnsiStyleState();
	const rows: string[] = [];
	for (const line of text.split(/\r?\n/)) {
		if (!state.active && visibleWidth(line) <= maxWidth && !line.includes("\x1b")) {
			rows.push(line);
			continue;
		}
		rows.push(...wrapLogicalLine(line, maxWidth, state));
	}
	return rows;
}

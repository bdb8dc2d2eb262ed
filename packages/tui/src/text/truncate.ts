/**
 * Cutting styled text by column: truncation with an ellipsis, column slices (for compositing overlays over
 * rows), and padding to an exact width.
 */
import { AnsiStyleState } from "./ansi.js";
import { splitStyledUnits, visibleWidth } from "./width.js";

/**
 * Shortens `text` to at most `width` columns, ending with `ellipsis` when something was cut. Escapes are kept,
 * the ellipsis carries the style active at the cut, and styles/links still open are closed at the end. With `pad`,
 * a shorter result is filled with spaces to exactly `width` columns (the original pi-tui's fourth argument).
 */
export function truncateToWidth(text: string, width: number, ellipsis = "…", pad = false): string {
	const cut = truncate(text, width, ellipsis);
	if (!pad) return cut;
	const missing = Math.max(0, Math.floor(width)) - visibleWidth(cut);
	return missing > 0 ? cut + " ".repeat(missing) : cut;
}

function truncate(text: string, width: number, ellipsis: string): string {
	const maxWidth = Math.max(0, Math.floor(width));
	if (visibleWidth(text) <= maxWidth) return text;
	const ellipsisWidth = visibleWidth(ellipsis);
	if (ellipsisWidth > maxWidth) return sliceByColumn(ellipsis, 0, maxWidth);
	const budget = maxWidth - ellipsisWidth;
	const state = new AnsiStyleState();
	let out = "";
	let used = 0;
	for (const unit of splitStyledUnits(text)) {
		if (unit.ansi) {
			state.apply(unit.text);
			out += unit.text;
			continue;
		}
		if (used + unit.width > budget) break;
		out += unit.text;
		used += unit.width;
	}
	return out + ellipsis + state.close();
}

/**
 * The columns `[start, end)` of `text` as styled text: styles active at `start` are re-opened, styles open at
 * the end are closed, and a wide character cut by either edge becomes spaces so columns stay aligned. When
 * `text` is narrower than `end`, the result is narrower too.
 */
export function sliceByColumn(text: string, start: number, end = Number.POSITIVE_INFINITY): string {
	const from = Math.max(0, Math.floor(start));
	const to = end === Number.POSITIVE_INFINITY ? end : Math.floor(end);
	if (to <= from) return "";
	const state = new AnsiStyleState();
	let out = "";
	let column = 0;
	let opened = false;
	for (const unit of splitStyledUnits(text)) {
		if (unit.ansi) {
			state.apply(unit.text);
			if (opened) out += unit.text;
			continue;
		}
		if (column >= to) break;
		const unitEnd = column + unit.width;
		if (unitEnd > from) {
			if (!opened) {
				out += state.open();
				opened = true;
			}
			if (column < from || unitEnd > to) {
				// A wide character straddling an edge: fill the columns of it that fall inside the slice.
				out += " ".repeat(Math.min(unitEnd, to) - Math.max(column, from));
			} else {
				out += unit.text;
			}
		}
		column = unitEnd;
	}
	return opened ? out + state.close() : out;
}

/** `text` made exactly `width` columns wide: padded with spaces, or cut (without ellipsis) when wider. */
export function padToWidth(text: string, width: number): string {
	const target = Math.max(0, Math.floor(width));
	const current = visibleWidth(text);
	if (current === target) return text;
	if (current < target) return text + " ".repeat(target - current);
	const cut = sliceByColumn(text, 0, target);
	return cut + " ".repeat(target - visibleWidth(cut));
}

/**
 * Overlays: components drawn on top of the visible screen (dialogs, pickers, autocomplete popups). They are laid
 * out against the screen, not the content, and composited over the base rows before the frame is diffed, so
 * showing or hiding one rewrites only the rows it covers.
 */
import type { Component } from "./component.js";

/** A size in columns/rows, or a percentage of the screen ("50%"). */
export type OverlaySize = number | `${number}%`;

/**
 * Where an overlay sits vertically: centered, at the top or bottom of the screen, next to a screen row (0 = top row,
 * negative counts from the bottom: -1 = last row) below it (default) or above it, or next to a component of the TUI
 * (one of its direct children) on the side given, or on the other side when it does not fit there (a popup that
 * covers the rows around what it belongs to instead of pushing them away).
 */
export type OverlayAnchor =
	| "center"
	| "top"
	| "bottom"
	| { row: number; position?: "below" | "above" }
	| { component: Component; position?: "below" | "above" };

/** Where a component is on the screen: its first screen row and how many rows it has. */
export interface ScreenSpan {
	row: number;
	rows: number;
}

/** Layout options of an overlay. */
export interface OverlayOptions {
	anchor?: OverlayAnchor;
	/** Horizontal placement: "center" (default), "left", "right", or an absolute column. */
	align?: "center" | "left" | "right" | { column: number };
	/** Width of the overlay (default: the whole screen width). */
	width?: OverlaySize;
	/** Upper bound for the width. */
	maxWidth?: OverlaySize;
	/** Exact height: rows are cut or padded to it (default: as many rows as the component renders). */
	height?: OverlaySize;
	/** Upper bound for the height (rows past it are cut). */
	maxHeight?: OverlaySize;
	/** Shift after placement, in rows/columns. */
	offsetRow?: number;
	offsetColumn?: number;
	/**
	 * Whether the overlay takes the keyboard while shown (default true). A popup that only shows what another
	 * component manages (an editor's completions) passes false, and input keeps going where it went.
	 */
	focus?: boolean;
}

/** A shown overlay; hide it through its handle. */
export interface OverlayHandle {
	readonly component: Component;
	/** Removes the overlay and gives focus back to what had it before. */
	hide(): void;
	/** Whether the overlay is still shown. */
	readonly visible: boolean;
	/** Changes the layout options (takes effect on the next frame). */
	setOptions(options: OverlayOptions): void;
	/** Draws the overlay above the others and gives it the keyboard. */
	bringToFront(): void;
}

/** Where an overlay lands on the screen, in screen coordinates. */
export interface OverlayPlacement {
	row: number;
	column: number;
	width: number;
	rows: string[];
}

function resolveSize(size: OverlaySize | undefined, total: number): number | undefined {
	if (size === undefined) return undefined;
	if (typeof size === "number") return Math.floor(size);
	const percent = Number.parseFloat(size);
	return Number.isFinite(percent) ? Math.floor((total * percent) / 100) : undefined;
}

function clamp(value: number, min: number, max: number): number {
	return Math.max(min, Math.min(max, value));
}

/**
 * Renders an overlay's component and places it on a screen of `columns` x `screenRows`; `locate` says where an
 * anchor component is (undefined: not on screen, the overlay goes to the bottom).
 */
export function layoutOverlay(
	component: Component,
	options: OverlayOptions,
	columns: number,
	screenRows: number,
	locate: (component: Component) => ScreenSpan | undefined = () => undefined,
): OverlayPlacement {
	let width = resolveSize(options.width, columns) ?? columns;
	const maxWidth = resolveSize(options.maxWidth, columns);
	if (maxWidth !== undefined) width = Math.min(width, maxWidth);
	width = clamp(width, 1, columns);

	const height = resolveSize(options.height, screenRows);
	const maxHeight = resolveSize(options.maxHeight, screenRows);
	component.setMaxRows?.(clamp(Math.min(height ?? screenRows, maxHeight ?? screenRows), 1, screenRows));
	let rows = component.render(width);
	if (height !== undefined) {
		rows = rows.slice(0, Math.max(0, height));
		while (rows.length < height) rows.push("");
	}
	rows = rows.slice(0, clamp(maxHeight ?? screenRows, 0, screenRows));

	const anchor = options.anchor ?? "center";
	let row: number;
	if (anchor === "center") row = Math.floor((screenRows - rows.length) / 2);
	else if (anchor === "top") row = 0;
	else if (anchor === "bottom") row = screenRows - rows.length;
	// An anchor of another shape (a caller's typo, another library's names) centers rather than failing the frame.
	else if (typeof anchor !== "object" || anchor === null) row = Math.floor((screenRows - rows.length) / 2);
	else if ("component" in anchor) row = besideSpan(locate(anchor.component), anchor.position, rows.length, screenRows);
	else {
		const target = anchor.row < 0 ? screenRows + anchor.row : anchor.row;
		row = anchor.position === "above" ? target - rows.length : target + 1;
	}
	row = clamp(row + (options.offsetRow ?? 0), 0, Math.max(0, screenRows - rows.length));

	const align = options.align ?? "center";
	let column: number;
	if (align === "left") column = 0;
	else if (align === "right") column = columns - width;
	else if (align === "center") column = Math.floor((columns - width) / 2);
	else if (typeof align === "object" && align !== null && Number.isFinite(align.column)) column = align.column;
	else column = Math.floor((columns - width) / 2);
	column = clamp(column + (options.offsetColumn ?? 0), 0, columns - width);

	return { row, column, width, rows };
}

/** The first row of `height` rows next to `span`: on the preferred side if they fit there, else on the other. */
function besideSpan(
	span: ScreenSpan | undefined,
	position: "below" | "above" | undefined,
	height: number,
	screenRows: number,
): number {
	if (!span) return screenRows - height;
	const below = span.row + span.rows;
	const above = span.row - height;
	const fitsBelow = below + height <= screenRows;
	const fitsAbove = above >= 0;
	if (position === "above") return fitsAbove || !fitsBelow ? above : below;
	return fitsBelow || !fitsAbove ? below : above;
}

/**
 * The original pi's overlay options (`ctx.ui.custom(…, { overlay: true, overlayOptions })`: nine anchors, margins,
 * offsets, absolute or percentage row/column, minWidth, `visible`, `nonCapturing`) mapped onto @pi/tui's
 * OverlayOptions for the current screen size.
 */
import type { OverlayOptions } from "@pi/tui";

type SizeValue = number | `${number}%`;

/** The overlay options extensions pass (the original's shape). */
export interface ExtensionOverlayOptions {
	width?: SizeValue;
	minWidth?: number;
	maxHeight?: SizeValue;
	anchor?:
		| "center"
		| "top-left"
		| "top-right"
		| "bottom-left"
		| "bottom-right"
		| "top-center"
		| "bottom-center"
		| "left-center"
		| "right-center";
	offsetX?: number;
	offsetY?: number;
	row?: SizeValue;
	col?: SizeValue;
	margin?: number | { top?: number; right?: number; bottom?: number; left?: number };
	visible?: (termWidth: number, termHeight: number) => boolean;
	nonCapturing?: boolean;
}

function resolve(size: SizeValue | undefined, total: number): number | undefined {
	if (size === undefined) return undefined;
	if (typeof size === "number") return Math.floor(size);
	const percent = Number.parseFloat(size);
	return Number.isFinite(percent) ? Math.floor((total * percent) / 100) : undefined;
}

/** @pi/tui options for `options` on a `columns` x `rows` screen. */
export function toTuiOverlayOptions(
	options: ExtensionOverlayOptions | undefined,
	columns: number,
	rows: number,
): OverlayOptions {
	const o = options ?? {};
	const m =
		typeof o.margin === "number" ? { top: o.margin, right: o.margin, bottom: o.margin, left: o.margin } : o.margin;
	const margin = { top: m?.top ?? 0, right: m?.right ?? 0, bottom: m?.bottom ?? 0, left: m?.left ?? 0 };
	const room = Math.max(1, columns - margin.left - margin.right);
	let width = resolve(o.width, columns);
	if (width !== undefined && o.minWidth !== undefined) width = Math.max(width, o.minWidth);
	// As in the original: 80 columns unless told otherwise.
	width = Math.max(1, Math.min(width ?? Math.min(80, room), room));
	const maxHeight = Math.min(resolve(o.maxHeight, rows) ?? rows, Math.max(1, rows - margin.top - margin.bottom));
	const anchor = o.anchor ?? "center";
	const result: OverlayOptions = { width, maxHeight, focus: !o.nonCapturing };
	let offsetRow = o.offsetY ?? 0;
	let offsetColumn = o.offsetX ?? 0;

	const row = resolve(o.row, rows);
	if (row !== undefined) {
		result.anchor = "top";
		offsetRow += row;
	} else if (anchor.startsWith("top")) {
		result.anchor = "top";
		offsetRow += margin.top;
	} else if (anchor.startsWith("bottom")) {
		result.anchor = "bottom";
		offsetRow -= margin.bottom;
	} else {
		result.anchor = "center";
	}

	const col = resolve(o.col, columns);
	if (col !== undefined) result.align = { column: col };
	else if (anchor.endsWith("left")) {
		result.align = "left";
		offsetColumn += margin.left;
	} else if (anchor.endsWith("right")) {
		result.align = "right";
		offsetColumn -= margin.right;
	} else result.align = "center";

	if (offsetRow !== 0) result.offsetRow = offsetRow;
	if (offsetColumn !== 0) result.offsetColumn = offsetColumn;
	return result;
}

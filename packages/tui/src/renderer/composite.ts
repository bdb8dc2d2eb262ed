/**
 * Draws overlays over the base rows. Cuts each covered base row into the part left of the overlay, the overlay's
 * row padded to the overlay width, and the part right of it, keeping styles and wide characters intact.
 */
import type { OverlayPlacement } from "../overlay.js";
import { padToWidth, sliceByColumn } from "../text/truncate.js";

const RESET = "\x1b[0m";

/**
 * Returns `base` with the overlays drawn on the screen window starting at row `screenTop` (overlay rows are in
 * screen coordinates). Pads with empty rows when an overlay reaches below the content. Later overlays are on top.
 */
export function compositeOverlays(
	base: string[],
	overlays: readonly OverlayPlacement[],
	screenTop: number,
	columns: number,
): string[] {
	if (overlays.length === 0) return base;
	const out = base.slice();
	for (const overlay of overlays) {
		for (let i = 0; i < overlay.rows.length; i++) {
			const index = screenTop + overlay.row + i;
			while (out.length <= index) out.push("");
			const under = out[index]!;
			const left = padToWidth(sliceByColumn(under, 0, overlay.column), overlay.column);
			const middle = padToWidth(overlay.rows[i]!, overlay.width);
			const right = sliceByColumn(under, overlay.column + overlay.width, columns);
			out[index] = left + RESET + middle + RESET + right;
		}
	}
	return out;
}

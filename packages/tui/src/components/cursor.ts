import { splitGraphemes, visibleWidth } from "../text/width.js";

/**
 * Where the hardware cursor belongs. A focused component puts this zero-width APC sequence right before the
 * cell the cursor should sit on; the renderer finds it, strips it and moves the terminal cursor there (so IME
 * candidate windows and screen readers follow the caret). Terminals ignore APC strings they do not know.
 */
export const CURSOR_MARKER = "\x1b_pi:c\x07";

/**
 * `text` (plain, no escapes) with the cursor drawn at screen `column`: CURSOR_MARKER, then the grapheme under the
 * cursor (a space at the end) styled by `style` (e.g. inverse video).
 */
export function drawCursor(text: string, column: number, style: (cell: string) => string): string {
	const graphemes = splitGraphemes(text);
	let reached = 0;
	let index = 0;
	while (index < graphemes.length && reached < column) reached += visibleWidth(graphemes[index++]!);
	const under = graphemes[index] ?? " ";
	return graphemes.slice(0, index).join("") + CURSOR_MARKER + style(under) + graphemes.slice(index + 1).join("");
}

/**
 * The title rows of a dialog. Titles come from extensions too (`ctx.ui.select("Dangerous command:\n\n  rm -rf x\n\nAllow?")`),
 * so a title may hold line breaks or be wider than the screen: it is wrapped into rows, never written as one row (a
 * row holding a line break moves the terminal's cursor behind the renderer's back and leaves stale rows on screen).
 */
import { wrapTextWithAnsi } from "@pi/tui";
import type { Theme } from "../theme/theme.js";

/** `title` in bold, one column in, wrapped to `width`: one row per line, long lines wrapped. */
export function dialogTitleRows(theme: Theme, title: string, width: number): string[] {
	return wrapTextWithAnsi(title.replace(/\t/g, "   "), Math.max(1, width - 1)).map((row) => ` ${theme.bold(row)}`);
}

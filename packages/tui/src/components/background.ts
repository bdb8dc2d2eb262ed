/**
 * Filling rows with a background colour. Styled content often contains full resets (`ESC[0m`) or `ESC[49m`,
 * which would end the background mid-row, so the background is re-applied after each of them.
 */
import { padToWidth } from "../text/truncate.js";

/** A style function such as `chalk.bgBlue`: takes text, returns it wrapped in escapes. */
export type StyleFn = (text: string) => string;

const PROBE = "\u0000";
const RESETS = /\x1b\[(?:0?|49)m/g;

/** `row` padded to `width` and painted with `background`, surviving resets inside the row. */
export function applyBackground(row: string, width: number, background: StyleFn): string {
	const padded = padToWidth(row, width);
	const styled = background(PROBE);
	const open = styled.slice(0, styled.indexOf(PROBE));
	if (open === "") return background(padded);
	return background(padded.replace(RESETS, (reset) => reset + open));
}

/** Tabs expanded to spaces: a terminal would jump to its own tab stops, breaking the column arithmetic. */
export function expandTabs(text: string, tabWidth = 3): string {
	return text.includes("\t") ? text.replace(/\t/g, " ".repeat(tabWidth)) : text;
}

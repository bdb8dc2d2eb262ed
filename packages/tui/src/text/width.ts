/**
 * Terminal column widths. `visibleWidth` runs for every row of every frame, so plain ASCII takes a loop over
 * char codes and anything else is measured once per distinct string and cached.
 */
import { eastAsianWidth } from "get-east-asian-width";
import { splitAnsi, stripAnsi } from "./ansi.js";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** Marks, format characters (ZWJ, ZWSP, BOM, soft hyphen) and controls take no column of their own. */
const ZERO_WIDTH_START = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}]/u;
const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const REGIONAL_INDICATOR = /^\p{Regional_Indicator}\p{Regional_Indicator}/u;
const VARIATION_SELECTOR_16 = "\uFE0F";
const ZERO_WIDTH_JOINER = "\u200D";
/** Hangul vowel and final consonant jamo only combine with a preceding syllable. */
const HANGUL_COMBINING_FIRST = 0x1160;
const HANGUL_COMBINING_LAST = 0x11ff;

const CACHE_LIMIT = 2048;
const widthCache = new Map<string, number>();

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function isPrintableAscii(text: string): boolean {
	return PRINTABLE_ASCII.test(text);
}

/**
 * Characters that join with their neighbours into one grapheme cluster (marks, ZWJ, variation selectors, skin
 * tones, regional indicators, conjoining jamo, emoji tags). Text without them is one cluster per code point,
 * which is far cheaper to walk than Intl.Segmenter (about 1 µs per grapheme on Node 20).
 */
const JOINING =
	/\p{M}|\u200D|\uFE0E|\uFE0F|[\u{1F3FB}-\u{1F3FF}]|\p{Regional_Indicator}|[\u1100-\u11FF]|[\u{E0020}-\u{E007F}]/u;

/**
 * Columns one grapheme cluster occupies: 2 for East Asian wide/fullwidth characters and emoji (including ZWJ
 * sequences, flags, keycaps and text characters promoted by VS16), 0 for controls and lone combining marks.
 */
export function graphemeWidth(grapheme: string): number {
	const codePoint = grapheme.codePointAt(0);
	if (codePoint === undefined) return 0;
	if (codePoint < 0x7f) {
		if (codePoint < 0x20) return 0;
		// A keycap (digit + VS16 + U+20E3) is an emoji; any other ASCII-led cluster is one column.
		return grapheme.length > 1 && grapheme.includes(VARIATION_SELECTOR_16) ? 2 : 1;
	}
	if (ZERO_WIDTH_START.test(grapheme)) return 0;
	if (codePoint >= HANGUL_COMBINING_FIRST && codePoint <= HANGUL_COMBINING_LAST) return 0;
	if (grapheme.length > 1) {
		if (grapheme.includes(VARIATION_SELECTOR_16)) return 2;
		if (grapheme.includes(ZERO_WIDTH_JOINER) && PICTOGRAPHIC.test(grapheme)) return 2;
		if (REGIONAL_INDICATOR.test(grapheme)) return 2;
	}
	if (EMOJI_PRESENTATION.test(grapheme)) return 2;
	return eastAsianWidth(codePoint);
}

/** Splits plain text (no escapes) into grapheme clusters. */
export function splitGraphemes(text: string): string[] {
	if (isPrintableAscii(text)) return text.split("");
	if (!JOINING.test(text)) return Array.from(text);
	const out: string[] = [];
	for (const { segment } of segmenter.segment(text)) out.push(segment);
	return out;
}

/**
 * Number of terminal columns `text` occupies. ANSI escapes (SGR, OSC-8 hyperlinks and other OSC/APC strings)
 * count as zero; widths follow {@link graphemeWidth}. `text` should be a single row (newlines count as zero).
 */
export function visibleWidth(text: string): number {
	if (isPrintableAscii(text)) return text.length;
	const cached = widthCache.get(text);
	if (cached !== undefined) return cached;
	const plain = stripAnsi(text);
	let width = 0;
	if (isPrintableAscii(plain)) {
		width = plain.length;
	} else if (!JOINING.test(plain)) {
		for (const codePoint of plain) width += graphemeWidth(codePoint);
	} else {
		for (const { segment } of segmenter.segment(plain)) width += graphemeWidth(segment);
	}
	// Rows repeat between frames, so a bounded cache pays; dropping the oldest entry keeps memory flat.
	if (widthCache.size >= CACHE_LIMIT) widthCache.delete(widthCache.keys().next().value!);
	widthCache.set(text, width);
	return width;
}

/** One unit of styled text: an escape sequence (width 0) or one grapheme cluster with its column width. */
export interface StyledUnit {
	text: string;
	width: number;
	ansi: boolean;
}

/** Splits styled text into escape sequences and grapheme clusters, in order, for cutting by column. */
export function splitStyledUnits(text: string): StyledUnit[] {
	const units: StyledUnit[] = [];
	for (const part of splitAnsi(text)) {
		if (part.ansi) {
			units.push({ text: part.text, width: 0, ansi: true });
			continue;
		}
		for (const grapheme of splitGraphemes(part.text)) {
			units.push({ text: grapheme, width: graphemeWidth(grapheme), ansi: false });
		}
	}
	return units;
}

/**
 * Finding `old_string` in a file (tools.md §4.2 step 3, §4.3, §4.4): exact search, the tolerant normalisation
 * `N` with its mapping back to original offsets, line numbers of offsets, and the closest-lines search used in
 * not-found errors.
 */

/** A half-open range `[start, end)` of the original content. */
export interface Span {
	start: number;
	end: number;
}

const CHAR_MAP: Record<string, string> = {};
for (const c of "\u2018\u2019\u201A\u201B\u2032") CHAR_MAP[c] = "'";
for (const c of "\u201C\u201D\u201E\u201F\u2033") CHAR_MAP[c] = '"';
for (const c of "\u2010\u2011\u2012\u2013\u2014\u2015\u2212") CHAR_MAP[c] = "-";
for (const c of "\u00A0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000") {
	CHAR_MAP[c] = " ";
}

/** `text` after `N`, and for every character of it the offset of the original character it came from. */
export interface Normalized {
	text: string;
	origin: number[];
}

/**
 * `N` of tools.md §4.3: quote, dash and space variants mapped one to one, and runs of spaces, tabs and `\r`
 * before a `\n` or at the end removed.
 */
export function normalizeWithMap(input: string): Normalized {
	const out: string[] = [];
	const origin: number[] = [];
	let pendingStart = -1; // index in `out` where the current whitespace run starts
	for (let i = 0; i < input.length; i++) {
		const raw = input[i];
		const c = CHAR_MAP[raw] ?? raw;
		if (c === " " || c === "\t" || c === "\r") {
			if (pendingStart < 0) pendingStart = out.length;
		} else if (c === "\n") {
			if (pendingStart >= 0) {
				out.length = pendingStart;
				origin.length = pendingStart;
			}
			pendingStart = -1;
		} else {
			pendingStart = -1;
		}
		out.push(c);
		origin.push(i);
	}
	if (pendingStart >= 0) {
		out.length = pendingStart;
		origin.length = pendingStart;
	}
	return { text: out.join(""), origin };
}

/** `N` without the offset map. */
export function normalize(input: string): string {
	return normalizeWithMap(input).text;
}

/** Every start offset of `needle` in `haystack`, overlapping occurrences included. */
export function findAllStarts(haystack: string, needle: string): number[] {
	const starts: number[] = [];
	if (needle.length === 0) return starts;
	for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + 1)) starts.push(i);
	return starts;
}

/** Start offsets taken left to right without overlap (replace_all). */
function nonOverlapping(starts: number[], length: number): number[] {
	const taken: number[] = [];
	let next = 0;
	for (const s of starts) {
		if (s >= next) {
			taken.push(s);
			next = s + length;
		}
	}
	return taken;
}

export interface MatchResult {
	/** Every start position found (overlapping ones included), as spans in the original content. */
	all: Span[];
	/** The spans to replace: the single match, or with replace_all the non-overlapping ones. */
	chosen: Span[];
	tolerant: boolean;
}

/**
 * Finds `needle` (already in the file's line-ending style) in `content`: exactly, else through `N` mapped back to
 * the original span from the match's first to its last character.
 */
export function findMatches(content: string, needle: string, replaceAll: boolean): MatchResult {
	const exact = findAllStarts(content, needle);
	if (exact.length > 0) {
		const toSpan = (s: number): Span => ({ start: s, end: s + needle.length });
		return {
			all: exact.map(toSpan),
			chosen: (replaceAll ? nonOverlapping(exact, needle.length) : exact.slice(0, 1)).map(toSpan),
			tolerant: false,
		};
	}
	const normalizedNeedle = normalize(needle);
	if (normalizedNeedle.length === 0) return { all: [], chosen: [], tolerant: true };
	const hay = normalizeWithMap(content);
	const starts = findAllStarts(hay.text, normalizedNeedle);
	const toSpan = (s: number): Span => ({
		start: hay.origin[s],
		end: hay.origin[s + normalizedNeedle.length - 1] + 1,
	});
	return {
		all: starts.map(toSpan),
		chosen: (replaceAll ? nonOverlapping(starts, normalizedNeedle.length) : starts.slice(0, 1)).map(toSpan),
		tolerant: true,
	};
}

/** Maps offsets to 1-based line numbers. */
export class LineIndex {
	private readonly starts: number[] = [0];

	constructor(content: string) {
		for (let i = content.indexOf("\n"); i !== -1; i = content.indexOf("\n", i + 1)) this.starts.push(i + 1);
	}

	/** The 1-based line containing `offset`. */
	lineAt(offset: number): number {
		let lo = 0;
		let hi = this.starts.length - 1;
		while (lo < hi) {
			const mid = (lo + hi + 1) >> 1;
			if (this.starts[mid] <= offset) lo = mid;
			else hi = mid - 1;
		}
		return lo + 1;
	}
}

function bigrams(text: string): Map<string, number> {
	const counts = new Map<string, number>();
	for (let i = 0; i < text.length - 1; i++) {
		const pair = text.slice(i, i + 2);
		counts.set(pair, (counts.get(pair) ?? 0) + 1);
	}
	return counts;
}

/** Sørensen–Dice coefficient over character bigrams (multiset). */
export function diceCoefficient(a: string, b: string): number {
	if (a === b) return 1;
	if (a.length < 2 || b.length < 2) return 0;
	const x = bigrams(a);
	const y = bigrams(b);
	let common = 0;
	for (const [pair, n] of x) common += Math.min(n, y.get(pair) ?? 0);
	return (2 * common) / (a.length - 1 + (b.length - 1));
}

/** Lines shown in a not-found error. */
export const MAX_CLOSEST_LINES = 10;
const MIN_SIMILARITY = 0.5;

/**
 * The closest-lines window of tools.md §4.4 as 1-based `[first, last]` line numbers of `contentLines`, or
 * undefined when nothing qualifies.
 */
export function findClosestLines(
	contentLines: string[],
	oldString: string,
): { first: number; last: number } | undefined {
	const oldLines = oldString.replace(/\r\n/g, "\n").split("\n");
	if (oldLines.length > 1 && oldLines[oldLines.length - 1] === "") oldLines.pop();
	const k = oldLines.length;
	const key = (line: string) => normalize(line).trim();
	const fileKeys = contentLines.map(key);
	const oldKeys = oldLines.map(key);

	let bestScore = 0;
	let bestStart = -1;
	const lastStart = Math.max(0, fileKeys.length - k);
	for (let start = 0; start <= lastStart && fileKeys.length > 0; start++) {
		let score = 0;
		for (let i = 0; i < k && start + i < fileKeys.length; i++) {
			if (oldKeys[i] !== "" && fileKeys[start + i] === oldKeys[i]) score++;
		}
		if (score > bestScore) {
			bestScore = score;
			bestStart = start;
		}
	}
	if (bestStart < 0) {
		const probe = oldKeys.find((line) => line !== "");
		if (probe === undefined) return undefined;
		let bestSimilarity = 0;
		for (let i = 0; i < fileKeys.length; i++) {
			const similarity = diceCoefficient(fileKeys[i], probe);
			if (similarity > bestSimilarity) {
				bestSimilarity = similarity;
				bestStart = i;
			}
		}
		if (bestSimilarity < MIN_SIMILARITY) return undefined;
		if (bestStart < 0) return undefined;
	}
	const first = bestStart + 1;
	const last = Math.min(first + Math.min(k, MAX_CLOSEST_LINES) - 1, contentLines.length);
	return { first, last };
}

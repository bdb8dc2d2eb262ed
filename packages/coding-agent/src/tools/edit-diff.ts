/**
 * The unified diff in edit results (tools.md §4.5): 3 context lines, `--- <p>` / `+++ <p>` headers, LF line
 * endings. Only the changed region plus its context is handed to the diff library, and that region is found
 * without splitting the whole file into lines, so an edit of a large file stays cheap.
 */
import { structuredPatch } from "diff";

/** Context lines around each change. */
export const DIFF_CONTEXT_LINES = 3;

export interface EditDiff {
	diff: string;
	firstChangedLine: number;
	linesAdded: number;
	linesRemoved: number;
}

/**
 * What the caller already knows about the change: `oldText` and `newText` are equal before `start`, and the text
 * of `oldText` after `oldEnd` equals the text of `newText` after `newEnd`.
 */
export interface ChangedRegion {
	start: number;
	oldEnd: number;
	newEnd: number;
}

/** Number of `\n` in `text` before `end`. */
function countNewlines(text: string, end: number): number {
	let count = 0;
	for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) count++;
	return count;
}

/** Start of the line `lines` lines before the line that starts at `lineStart`. */
function backLines(text: string, lineStart: number, lines: number): number {
	let at = lineStart;
	for (let i = 0; i < lines && at > 0; i++) at = at >= 2 ? text.lastIndexOf("\n", at - 2) + 1 : 0;
	return at;
}

/** End (after the `\n`) of the line `lines` lines after the line that starts at `lineStart`. */
function forwardLines(text: string, lineStart: number, lines: number): number {
	let at = lineStart;
	for (let i = 0; i < lines && at < text.length; i++) {
		const newline = text.indexOf("\n", at);
		at = newline === -1 ? text.length : newline + 1;
	}
	return at;
}

/**
 * Diff of `oldText` vs `newText` (BOM excluded; `\r\n` is shown as `\n`) labelled with the display path.
 * `known` narrows the search for the changed region; without it the common prefix and suffix are measured.
 * `lineOffset` is the number of file lines before `oldText` when the texts are a window of a larger file.
 */
export function buildEditDiff(
	displayPath: string,
	oldText: string,
	newText: string,
	known?: ChangedRegion,
	lineOffset = 0,
): EditDiff {
	// Common prefix and suffix in characters, the suffix never reaching into the prefix.
	const shorter = Math.min(oldText.length, newText.length);
	let prefix = Math.min(known?.start ?? 0, shorter);
	while (prefix < shorter && oldText.charCodeAt(prefix) === newText.charCodeAt(prefix)) prefix++;
	const maxSuffix = shorter - prefix;
	let suffix = Math.min(known ? oldText.length - known.oldEnd : 0, maxSuffix);
	while (
		suffix < maxSuffix &&
		oldText.charCodeAt(oldText.length - 1 - suffix) === newText.charCodeAt(newText.length - 1 - suffix)
	) {
		suffix++;
	}
	// Whole lines only: the changed lines start after the prefix's last `\n` and end at the first `\n` inside the
	// suffix (a `\n` inside the common suffix ends a line in both texts).
	const changeStart = prefix === 0 ? 0 : oldText.lastIndexOf("\n", prefix - 1) + 1;
	const suffixNewline = suffix === 0 ? -1 : oldText.indexOf("\n", oldText.length - suffix);
	const changeEnd = suffixNewline === -1 ? oldText.length : suffixNewline + 1;
	const from = backLines(oldText, changeStart, DIFF_CONTEXT_LINES);
	const oldTo = forwardLines(oldText, changeEnd, DIFF_CONTEXT_LINES);
	const newTo = oldTo + newText.length - oldText.length;
	const fromLine = lineOffset + countNewlines(oldText, from);
	const patch = structuredPatch(
		displayPath,
		displayPath,
		oldText.slice(from, oldTo).replace(/\r\n/g, "\n"),
		newText.slice(from, newTo).replace(/\r\n/g, "\n"),
		undefined,
		undefined,
		{ context: DIFF_CONTEXT_LINES },
	);

	const out = [`--- ${displayPath}`, `+++ ${displayPath}`];
	let linesAdded = 0;
	let linesRemoved = 0;
	let firstChangedLine: number | undefined;
	for (const hunk of patch.hunks) {
		const oldStart = hunk.oldStart + fromLine;
		const newStart = hunk.newStart + fromLine;
		out.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`);
		let newLine = newStart;
		for (const line of hunk.lines) {
			out.push(line);
			const marker = line[0];
			if (marker === "+" || marker === "-") {
				if (firstChangedLine === undefined) firstChangedLine = Math.max(1, newLine);
				if (marker === "+") linesAdded++;
				else linesRemoved++;
			}
			if (marker === " " || marker === "+") newLine++;
		}
	}
	return { diff: out.join("\n"), firstChangedLine: firstChangedLine ?? 1, linesAdded, linesRemoved };
}

/** A replaced range `[start, end)` of the original content and its replacement. */
export interface Replacement {
	start: number;
	end: number;
	replacement: string;
}

/**
 * {@link buildEditDiff} of `content` with `replacements` (sorted, non-overlapping) applied, looking only at the
 * lines around them: the text before the first and after the last replacement is unchanged, so a few lines of
 * margin beyond them hold every line the diff can show.
 */
export function buildReplacementDiff(displayPath: string, content: string, replacements: Replacement[]): EditDiff {
	const first = replacements[0].start;
	const last = replacements[replacements.length - 1].end;
	const from = backLines(content, first === 0 ? 0 : content.lastIndexOf("\n", first - 1) + 1, DIFF_CONTEXT_LINES);
	const to = forwardLines(content, last, DIFF_CONTEXT_LINES + 1);
	let newText = "";
	let cursor = from;
	for (const r of replacements) {
		newText += content.slice(cursor, r.start) + r.replacement;
		cursor = r.end;
	}
	newText += content.slice(cursor, to);
	const oldText = content.slice(from, to);
	const lastEnd = last - from;
	const known = { start: first - from, oldEnd: lastEnd, newEnd: lastEnd + newText.length - oldText.length };
	return buildEditDiff(displayPath, oldText, newText, known, countNewlines(content, from));
}

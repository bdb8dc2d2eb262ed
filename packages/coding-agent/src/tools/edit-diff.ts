/**
 * The unified diff in edit results (tools.md §4.5): 3 context lines, `--- <p>` / `+++ <p>` headers, LF line
 * endings, computed only around the changed region so large files stay fast.
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

/** Splits text into lines that keep their `\n`. */
function splitKeepingNewlines(text: string): string[] {
	const lines: string[] = [];
	let start = 0;
	for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
		lines.push(text.slice(start, i + 1));
		start = i + 1;
	}
	if (start < text.length) lines.push(text.slice(start));
	return lines;
}

/** Diff of `oldText` vs `newText` (both LF, BOM excluded) labelled with the display path. */
export function buildEditDiff(displayPath: string, oldText: string, newText: string): EditDiff {
	const oldLines = splitKeepingNewlines(oldText);
	const newLines = splitKeepingNewlines(newText);
	// Lines shared at both ends cannot be part of a change; diff only the middle plus context.
	let prefix = 0;
	const maxPrefix = Math.min(oldLines.length, newLines.length);
	while (prefix < maxPrefix && oldLines[prefix] === newLines[prefix]) prefix++;
	let suffix = 0;
	const maxSuffix = maxPrefix - prefix;
	while (suffix < maxSuffix && oldLines[oldLines.length - 1 - suffix] === newLines[newLines.length - 1 - suffix]) {
		suffix++;
	}
	const from = Math.max(0, prefix - DIFF_CONTEXT_LINES);
	const oldTo = Math.min(oldLines.length, oldLines.length - suffix + DIFF_CONTEXT_LINES);
	const newTo = Math.min(newLines.length, newLines.length - suffix + DIFF_CONTEXT_LINES);
	const patch = structuredPatch(
		displayPath,
		displayPath,
		oldLines.slice(from, oldTo).join(""),
		newLines.slice(from, newTo).join(""),
		undefined,
		undefined,
		{ context: DIFF_CONTEXT_LINES },
	);

	const out = [`--- ${displayPath}`, `+++ ${displayPath}`];
	let linesAdded = 0;
	let linesRemoved = 0;
	let firstChangedLine: number | undefined;
	for (const hunk of patch.hunks) {
		const oldStart = hunk.oldLines === 0 && from === 0 ? hunk.oldStart : hunk.oldStart + from;
		const newStart = hunk.newLines === 0 && from === 0 ? hunk.newStart : hunk.newStart + from;
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

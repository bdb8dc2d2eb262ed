/**
 * A unified diff (the edit tool's `details.diff`) as coloured rows with line numbers: removed lines carry the old
 * file's number, added and context lines the new file's.
 */
import type { Theme } from "../../theme/theme.js";

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** One parsed diff row. */
export interface DiffRow {
	kind: "added" | "removed" | "context" | "gap";
	/** Old-file line for removed rows, new-file line for added and context rows. */
	line?: number;
	text: string;
}

/** Parses a unified diff into rows; file headers are dropped, hunk headers become gaps between hunks. */
export function parseUnifiedDiff(diff: string): DiffRow[] {
	const rows: DiffRow[] = [];
	let oldLine = 0;
	let newLine = 0;
	let seenHunk = false;
	for (const raw of diff.split("\n")) {
		const hunk = HUNK.exec(raw);
		if (hunk) {
			if (seenHunk) rows.push({ kind: "gap", text: "" });
			seenHunk = true;
			oldLine = Number(hunk[1]);
			newLine = Number(hunk[2]);
			continue;
		}
		if (!seenHunk || raw.startsWith("\\")) continue; // headers, "\ No newline at end of file"
		const marker = raw[0];
		const text = raw.slice(1);
		if (marker === "-") rows.push({ kind: "removed", line: oldLine++, text });
		else if (marker === "+") rows.push({ kind: "added", line: newLine++, text });
		else if (marker === " ") {
			rows.push({ kind: "context", line: newLine++, text });
			oldLine++;
		}
	}
	return rows;
}

/** The diff as styled lines: `+ 12 text` green, `- 11 text` red, `  13 text` dim; `⋯` between hunks. */
export function renderDiffLines(diff: string, theme: Theme): string[] {
	const rows = parseUnifiedDiff(diff);
	const width = Math.max(1, ...rows.map((row) => String(row.line ?? "").length));
	return rows.map((row) => {
		if (row.kind === "gap") return theme.fg("dim", `${" ".repeat(width + 2)}⋯`);
		const number = String(row.line).padStart(width);
		const text = row.text.replace(/\t/g, "   ");
		if (row.kind === "added") return theme.fg("diffAdded", `+${number} ${text}`);
		if (row.kind === "removed") return theme.fg("diffRemoved", `-${number} ${text}`);
		return theme.fg("diffContext", ` ${number} ${text}`);
	});
}

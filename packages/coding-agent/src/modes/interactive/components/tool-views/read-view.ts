/** The read tool: the path with the line range, then the content (numbered, highlighted by file type). */
import { displayPath } from "../format.js";
import { highlightLines } from "./highlight.js";
import { detailsOf, numberArg, resultText, splitLines, stringArg, type ToolView, type ToolViewInput } from "./types.js";

/** `cat -n` style line of the read tool: number right-aligned in 6 columns, a tab, the text. */
const NUMBERED_LINE = /^( *\d+)\t(.*)$/;

export function readTitle(args: Record<string, unknown>, cwd?: string, home?: string): string {
	const path = stringArg(args, "file_path", "path");
	const offset = numberArg(args, "offset");
	const limit = numberArg(args, "limit");
	let range = "";
	if (offset !== undefined || limit !== undefined) {
		const start = offset ?? 1;
		range = limit !== undefined ? `:${start}-${start + limit - 1}` : `:${start}`;
	}
	return `read ${path === undefined ? "…" : displayPath(path, cwd, home)}${range}`;
}

export function renderReadView({ args, state, result, theme, cwd, home }: ToolViewInput): ToolView {
	const title = theme.bold(readTitle(args, cwd, home));
	if (state === "error") {
		return { title, body: splitLines(resultText(result)).map((line) => theme.fg("error", line)) };
	}
	if (state !== "success") return { title, body: [] };
	const lines = splitLines(resultText(result));
	const numbers: string[] = [];
	const code: string[] = [];
	const trailer: string[] = [];
	for (const line of lines) {
		const match = NUMBERED_LINE.exec(line);
		if (match && trailer.length === 0) {
			numbers.push(match[1]!.trim());
			code.push(match[2]!);
		} else {
			trailer.push(line);
		}
	}
	const path = stringArg(args, "file_path", "path") ?? (detailsOf(result)?.filePath as string | undefined);
	const width = Math.max(...numbers.map((n) => n.length), 1);
	const highlighted = highlightLines(code, path, theme);
	const body = highlighted.map((line, i) => `${theme.fg("dim", numbers[i]!.padStart(width))} ${line}`);
	for (const line of trailer) if (line.trim() !== "") body.push(theme.fg("muted", line));
	return { title, body, keep: "head" };
}

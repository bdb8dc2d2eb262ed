/** grep, find and ls: what was searched where, then the result lines. */
import { displayPath } from "../format.js";
import { resultText, splitLines, stringArg, type ToolView, type ToolViewInput } from "./types.js";

function where(args: Record<string, unknown>, cwd?: string, home?: string): string {
	const path = stringArg(args, "path");
	return path === undefined ? "." : displayPath(path, cwd, home);
}

export function searchTitle(toolName: string, args: Record<string, unknown>, cwd?: string, home?: string): string {
	const pattern = stringArg(args, "pattern") ?? "…";
	if (toolName === "grep") {
		const glob = stringArg(args, "glob");
		return `grep /${pattern}/ in ${where(args, cwd, home)}${glob ? ` (${glob})` : ""}`;
	}
	if (toolName === "find") return `find ${pattern} in ${where(args, cwd, home)}`;
	return `ls ${where(args, cwd, home)}`;
}

export function renderSearchView({ toolName, args, state, result, theme, cwd, home }: ToolViewInput): ToolView {
	const title = theme.bold(searchTitle(toolName, args, cwd, home));
	const style = state === "error" ? theme.fgStyle("error") : theme.fgStyle("toolOutput");
	const lines = splitLines(resultText(result));
	// The tools end with a bracketed notice paragraph ("[100 matches limit reached…]"); show it muted.
	const body = lines.map((line) =>
		line.startsWith("[") && line.endsWith("]") ? theme.fg("muted", line) : style(line),
	);
	return { title, body, keep: "head" };
}

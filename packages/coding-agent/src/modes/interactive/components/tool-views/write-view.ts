/** The write tool: the path, the new content (highlighted by file type) and the tool's result line. */
import { displayPath } from "../format.js";
import { highlightLines } from "./highlight.js";
import { resultText, splitLines, stringArg, type ToolView, type ToolViewInput } from "./types.js";

export function renderWriteView({ args, state, result, theme, cwd, home }: ToolViewInput): ToolView {
	const path = stringArg(args, "file_path", "path");
	const title = theme.bold(`write ${path === undefined ? "…" : displayPath(path, cwd, home)}`);
	const content = stringArg(args, "content") ?? "";
	const body = highlightLines(splitLines(content), path, theme);
	const status: string[] = [];
	if (state === "error") status.push(...splitLines(resultText(result)).map((line) => theme.fg("error", line)));
	else if (state === "success") status.push(...splitLines(resultText(result)).map((line) => theme.fg("muted", line)));
	return { title, body, keep: "head", status };
}

/** Any tool without its own view (extension tools): the name, the arguments as JSON and the result text. */
import { resultText, splitLines, type ToolView, type ToolViewInput } from "./types.js";

export function renderGenericView({ toolName, args, state, result, theme }: ToolViewInput): ToolView {
	const title = theme.bold(toolName);
	const json = Object.keys(args).length > 0 ? JSON.stringify(args, null, 2) : "";
	const body = splitLines(json).map((line) => theme.fg("muted", line));
	const style = state === "error" ? theme.fgStyle("error") : theme.fgStyle("toolOutput");
	const output = splitLines(resultText(result)).map((line) => style(line));
	if (body.length > 0 && output.length > 0) body.push("");
	body.push(...output);
	return { title, body, keep: "head" };
}

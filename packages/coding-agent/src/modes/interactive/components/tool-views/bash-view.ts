/** The bash tool: `$ command`, the live output tail, then exit code, duration and a truncation note. */
import { formatDuration } from "../format.js";
import { detailsOf, resultText, splitLines, stringArg, type ToolView, type ToolViewInput } from "./types.js";

/** The notices the bash tool appends to its text; the view shows them as status lines instead. */
const TRAILING_NOTICE =
	/\n\n(\[Output truncated[^\n]*\]|Command exited with code -?\d+|Command timed out after [^\n]*|Command aborted|Command terminated by signal [^\n]*)$/;

/** The output without the tool's trailing notices (and without its `(no output)` placeholder). */
export function stripBashNotices(text: string): { output: string; notices: string[] } {
	const notices: string[] = [];
	let output = text;
	for (let match = TRAILING_NOTICE.exec(output); match; match = TRAILING_NOTICE.exec(output)) {
		notices.unshift(match[1]!);
		output = output.slice(0, match.index);
	}
	return { output: output === "(no output)" ? "" : output, notices };
}

/** User-visible status texts of the bash tool (user `!` commands share the exit and truncation lines). */
export const BASH_TEXT = {
	exit: (code: number) => `exit ${code}`,
	killed: "killed",
	truncated: (path: string) => `Output truncated; full output: ${path}`,
	noOutput: "(no output)",
} as const;

export function renderBashView({ args, state, result, theme }: ToolViewInput): ToolView {
	const command = stringArg(args, "command") ?? "";
	const title = theme.bold(`$ ${command}`);
	const { output, notices } = stripBashNotices(resultText(result));
	const outputStyle = state === "error" ? theme.fgStyle("error") : theme.fgStyle("toolOutput");
	const body = splitLines(output).map((line) => outputStyle(line));
	const status: string[] = [];
	const details = detailsOf(result);
	if (state === "success" || state === "error") {
		if (body.length === 0 && notices.length === 0) status.push(theme.fg("muted", BASH_TEXT.noOutput));
		const parts: string[] = [];
		const exitCode = details?.exitCode;
		if (typeof exitCode === "number") parts.push(BASH_TEXT.exit(exitCode));
		else if (exitCode === null) parts.push(BASH_TEXT.killed);
		if (typeof details?.durationMs === "number") parts.push(formatDuration(details.durationMs));
		for (const notice of notices) {
			if (!notice.startsWith("[Output truncated")) parts.push(notice);
		}
		if (parts.length > 0) status.push(theme.fg(state === "error" ? "error" : "muted", parts.join(" · ")));
	}
	if (details?.truncated === true && typeof details.fullOutputPath === "string") {
		status.push(theme.fg("warning", BASH_TEXT.truncated(details.fullOutputPath)));
	}
	return { title, body, keep: "tail", status };
}

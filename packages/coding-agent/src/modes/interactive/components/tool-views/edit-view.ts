/**
 * The edit tool: the path, then while the arguments stream a preview of old → new text, and once it has run the
 * coloured unified diff with line numbers from `details.diff`.
 */
import { displayPath } from "../format.js";
import { renderDiffLines } from "./diff-view.js";
import { detailsOf, resultText, splitLines, stringArg, type ToolView, type ToolViewInput } from "./types.js";

function editPairs(args: Record<string, unknown>): { old: string; new: string }[] {
	const pairs: { old: string; new: string }[] = [];
	const oldText = stringArg(args, "old_string", "oldText");
	const newText = stringArg(args, "new_string", "newText");
	if (oldText !== undefined || newText !== undefined) pairs.push({ old: oldText ?? "", new: newText ?? "" });
	if (Array.isArray(args.edits)) {
		for (const edit of args.edits) {
			if (typeof edit !== "object" || edit === null) continue;
			const record = edit as Record<string, unknown>;
			pairs.push({
				old: stringArg(record, "old_string", "oldText") ?? "",
				new: stringArg(record, "new_string", "newText") ?? "",
			});
		}
	}
	return pairs;
}

export function renderEditView({ args, state, result, theme, cwd, home }: ToolViewInput): ToolView {
	const path = stringArg(args, "file_path", "path");
	const title = theme.bold(`edit ${path === undefined ? "…" : displayPath(path, cwd, home)}`);
	if (state === "error") {
		return { title, body: splitLines(resultText(result)).map((line) => theme.fg("error", line)) };
	}
	const details = detailsOf(result);
	if (state === "success" && typeof details?.diff === "string") {
		const status: string[] = [];
		const summary = splitLines(resultText(result))[0];
		if (summary) status.push(theme.fg("muted", summary));
		return { title, body: renderDiffLines(details.diff, theme), keep: "head", status };
	}
	// Before the result: show what the model asked to replace, without line numbers.
	const body: string[] = [];
	for (const pair of editPairs(args)) {
		for (const line of splitLines(pair.old)) body.push(theme.fg("diffRemoved", `- ${line}`));
		for (const line of splitLines(pair.new)) body.push(theme.fg("diffAdded", `+ ${line}`));
	}
	return { title, body, keep: "head" };
}

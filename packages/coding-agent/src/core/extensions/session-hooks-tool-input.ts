/**
 * Built-in tools' arguments as extensions know them. Our tools name some arguments differently from the original
 * pi (read/write/edit `file_path`, edit `old_string`/`new_string`, grep `ignore_case`) and accept the original's
 * names as aliases, so after validation the arguments carry our names. Extensions written for the original read
 * `event.input.path`; this module builds that view for `tool_call`/`tool_result`/`tool_execution_*` and maps an
 * extension's in-place changes back onto the arguments the tool runs with.
 */
import type { AgentTool } from "@pi/agent-core";

type Args = Record<string, any>;

/** Field renames ours → original per built-in tool (edit's edits[] is handled separately). */
const RENAMES: Record<string, Record<string, string>> = {
	read: { file_path: "path" },
	write: { file_path: "path" },
	edit: { file_path: "path" },
	grep: { ignore_case: "ignoreCase" },
};

/**
 * Whether `tool` is the built-in tool of that name, judged by its schema (an extension tool may take the name with
 * other parameters; its arguments are then shown as they are).
 */
export function usesOurArgumentNames(tool: Pick<AgentTool, "name" | "parameters"> | undefined): boolean {
	if (!tool) return false;
	const renames = RENAMES[tool.name];
	if (!renames) return false;
	const properties = (tool.parameters as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
	return Object.keys(renames).every((ours) => ours in properties);
}

function renameKeys(args: Args, renames: Record<string, string>): Args {
	const out: Args = {};
	for (const [key, value] of Object.entries(args)) out[renames[key] ?? key] = value;
	return out;
}

function invert(renames: Record<string, string>): Record<string, string> {
	return Object.fromEntries(Object.entries(renames).map(([ours, theirs]) => [theirs, ours]));
}

/** The original's view of validated arguments of built-in tool `toolName` (a new object; `args` is unchanged). */
export function toOriginalInput(toolName: string, args: Args): Args {
	const renames = RENAMES[toolName];
	if (!renames) return args;
	const view = renameKeys(args, renames);
	if (toolName !== "edit") return view;
	// The original's edit always takes `edits: [{oldText, newText}]`; a single replacement is one item.
	const { old_string, new_string, edits, ...rest } = view;
	const items: Args[] = Array.isArray(edits)
		? edits.map((item: Args) => ({ oldText: item.old_string, newText: item.new_string }))
		: [{ oldText: old_string, newText: new_string }];
	return { ...rest, edits: items };
}

/**
 * Our arguments from an extension's (possibly changed) view, keeping the call's form: an edit that came as one
 * `old_string`/`new_string` pair stays one while the view still has a single item.
 */
export function fromOriginalInput(toolName: string, view: Args, before: Args): Args {
	const renames = RENAMES[toolName];
	if (!renames) return view;
	const args = renameKeys(view, invert(renames));
	if (toolName !== "edit") return args;
	const { edits, oldText, newText, ...rest } = args;
	const items: Args[] = Array.isArray(edits)
		? edits.map((item: Args) => ({ old_string: item?.oldText, new_string: item?.newText }))
		: [];
	// An extension that set the legacy top-level pair means a single replacement.
	if (typeof oldText === "string" && typeof newText === "string" && items.length === 0) {
		return { ...rest, old_string: oldText, new_string: newText };
	}
	const single = !Array.isArray(before.edits);
	if (single && items.length === 1)
		return { ...rest, old_string: items[0]!.old_string, new_string: items[0]!.new_string };
	return { ...rest, edits: items };
}

/** Replaces the contents of `target` with `source`, keeping the object (the tool runs with this very object). */
export function replaceInPlace(target: Args, source: Args): void {
	for (const key of Object.keys(target)) delete target[key];
	Object.assign(target, source);
}

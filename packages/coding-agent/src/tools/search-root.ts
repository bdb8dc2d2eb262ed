/**
 * Resolving the `path` argument of grep, find and ls (tools.md §6.1 "Root").
 */
import { promises as fs, type Stats } from "node:fs";
import { resolveToolPath } from "./paths.js";
import { ToolError } from "./tool-error.js";

/** The resolved root and what it is; `Path not found: <absolute path>` when missing. */
export async function resolveSearchRoot(
	cwd: string,
	path: string | undefined,
): Promise<{ absolute: string; stat: Stats }> {
	const absolute = resolveToolPath(cwd, path ?? ".");
	try {
		// An explicitly named path is followed even when it is a link.
		return { absolute, stat: await fs.stat(absolute) };
	} catch {
		throw new ToolError(`Path not found: ${absolute}`);
	}
}

/** {@link resolveSearchRoot} for the tools that list a directory (find, ls): `Not a directory: <absolute path>`. */
export async function resolveSearchDirectory(cwd: string, path: string | undefined): Promise<string> {
	const root = await resolveSearchRoot(cwd, path);
	if (!root.stat.isDirectory()) throw new ToolError(`Not a directory: ${root.absolute}`);
	return root.absolute;
}

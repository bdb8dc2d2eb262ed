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

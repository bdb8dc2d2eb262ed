/**
 * The `.gitignore` files of the search root's ancestors (tools.md §6.1 rule 3) as rg and fd need them.
 */
import { promises as fs } from "node:fs";
import { join } from "node:path";
import { ancestorIgnoreDirs } from "./walk.js";

/** An ancestor `.gitignore`: its path and whether an external tool can apply it exactly. */
export interface AncestorIgnoreFile {
	path: string;
	/**
	 * `false` when it re-includes with an anchored pattern (`!/x`, `!a/b`): tools given the file via `--ignore-file`
	 * cannot anchor it to its directory, so they would hide what it re-includes.
	 */
	exact: boolean;
}

/** Whether a gitignore line re-includes with a pattern anchored to the file's directory. */
function isAnchoredNegation(line: string): boolean {
	if (!line.startsWith("!")) return false;
	const body = line
		.slice(1)
		.trimEnd()
		.replace(/\/+$/, "")
		.replace(/^\*\*\//, "");
	return body.includes("/");
}

/** The existing `.gitignore` files of `root`'s ancestors that apply to it, outermost first. */
export async function ancestorIgnoreFiles(root: string): Promise<AncestorIgnoreFile[]> {
	const files: AncestorIgnoreFile[] = [];
	for (const dir of ancestorIgnoreDirs(root)) {
		const path = join(dir, ".gitignore");
		let text: string;
		try {
			text = await fs.readFile(path, "utf8");
		} catch {
			continue;
		}
		files.push({ path, exact: !text.split(/\r?\n/).some(isAnchoredNegation) });
	}
	return files;
}

/** `absolute` relative to `root` with `/` separators, or `undefined` when it is not below `root`. */
export function relativeToRoot(root: string, absolute: string): string | undefined {
	const prefix = root.endsWith("/") ? root : `${root}/`;
	return absolute.startsWith(prefix) && absolute.length > prefix.length ? absolute.slice(prefix.length) : undefined;
}

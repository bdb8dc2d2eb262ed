/**
 * find's fd backend (tools.md §6.1): fd walks the tree with the §6.1 rules and lists every entry; find matches
 * its glob on that list with the same code as the built-in walk.
 *
 * fd 8 cannot switch off `.ignore`, `.fdignore` or `.git/info/exclude`, and reads `.gitignore` only inside a git
 * repository. Those cases are detected and fall back to the built-in walk; its global ignore files are hidden by
 * giving it an empty home directory.
 */
import { promises as fs } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { compareCodePoints } from "./format.js";
import { relativeToRoot } from "./search-ancestors.js";
import { runSearchProcess, splitNulTerminated } from "./search-process.js";
import { VisibilityFilter } from "./search-visibility.js";

/** An entry fd listed: path relative to the root (`/`-separated) and whether it is a directory. */
export interface FdEntry {
	path: string;
	isDirectory: boolean;
}

const FD_FLAGS = ["--hidden", "--print0", "--color=never", "--exclude=.git/"];

/** Ignore files fd reads that §6.1 rule 4 excludes (besides `.git/info/exclude`). */
const FOREIGN_IGNORE_FILES = [".ignore", ".fdignore"];

/** A home directory with no git or fd configuration, so fd finds no global ignore file. */
const EMPTY_HOME = join(tmpdir(), "pi-fd-empty-home");

async function exists(path: string): Promise<boolean> {
	return fs.lstat(path).then(
		() => true,
		() => false,
	);
}

/** Whether `.git/info/exclude` of the repository at `dir` is absent or only comments; `false` for a `.git` file. */
async function hasNoExcludeRules(dir: string): Promise<boolean> {
	const gitDir = join(dir, ".git");
	const stat = await fs.lstat(gitDir).catch(() => undefined);
	if (!stat) return true;
	if (!stat.isDirectory()) return false; // worktree or submodule: fd would read an exclude file elsewhere
	const text = await fs.readFile(join(gitDir, "info", "exclude"), "utf8").catch(() => "");
	return text.split(/\r?\n/).every((line) => line.trim() === "" || line.startsWith("#"));
}

/** Whether fd would apply no ignore source that §6.1 excludes while reading directory `dir`. */
async function readsOnlyGitignore(dir: string): Promise<boolean> {
	const foreign = await Promise.all(FOREIGN_IGNORE_FILES.map((name) => exists(join(dir, name))));
	return !foreign.some(Boolean) && (await hasNoExcludeRules(dir));
}

/** The nearest of `root` and its ancestors that contains `.git`, if any. */
async function enclosingRepository(root: string): Promise<string | undefined> {
	for (let dir = root; ; dir = dirname(dir)) {
		if (await exists(join(dir, ".git"))) return dir;
		if (dirname(dir) === dir) return undefined;
	}
}

/** `root` and every ancestor up to the file-system root (fd reads `.ignore` files in all of them). */
function selfAndAncestors(root: string): string[] {
	const dirs = [root];
	for (let dir = root; dirname(dir) !== dir; dir = dirname(dir)) dirs.push(dirname(dir));
	return dirs;
}

/**
 * Every entry below `root` that the built-in walk would list, in code-point order of the path; `undefined` when fd
 * cannot apply the §6.1 rules to this tree or failed: the caller then uses the built-in walk.
 */
export async function listEntriesWithFd(
	fd: string,
	root: string,
	signal?: AbortSignal,
): Promise<FdEntry[] | undefined> {
	const repository = await enclosingRepository(root);
	if (repository === undefined || !(await hasNoExcludeRules(repository))) return undefined;
	const ancestorsClean = await Promise.all(
		selfAndAncestors(root).map((dir) =>
			Promise.all(FOREIGN_IGNORE_FILES.map((name) => exists(join(dir, name)))).then((found) => !found.some(Boolean)),
		),
	);
	if (ancestorsClean.includes(false)) return undefined;
	const env = { ...process.env, HOME: EMPTY_HOME, XDG_CONFIG_HOME: EMPTY_HOME };
	const result = await runSearchProcess(fd, [...FD_FLAGS, "--", ".", root], { signal, env });
	if (result.code !== 0) return undefined;
	const entries: FdEntry[] = [];
	for (const line of splitNulTerminated(result.stdout)) {
		const isDirectory = line.endsWith("/");
		const path = relativeToRoot(root, isDirectory ? line.slice(0, -1) : line);
		if (path !== undefined) entries.push({ path, isDirectory });
	}
	const directories = entries.filter((e) => e.isDirectory).map((e) => join(root, e.path));
	const clean = await Promise.all(directories.map(readsOnlyGitignore));
	if (clean.includes(false)) return undefined;
	const visible = await new VisibilityFilter(root).filter(
		entries,
		(e) => e.path,
		(e) => e.isDirectory,
	);
	return visible.sort((a, b) => compareCodePoints(a.path, b.path));
}

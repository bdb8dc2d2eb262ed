/**
 * find's fd backend (tools.md §6.1): fd walks the tree with the §6.1 rules and lists every entry; find matches
 * its glob on that list with the same code as the built-in walk.
 *
 * fd 8 cannot switch off `.ignore`, `.fdignore` or `.git/info/exclude`, and reads `.gitignore` only inside a git
 * repository. Those cases are detected and fall back to the built-in walk; its global ignore files are hidden by
 * giving it an empty home directory.
 */
import { existsSync, lstatSync, readFileSync } from "node:fs";
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

// The checks below are synchronous on purpose: thousands of tiny stat calls through the thread pool take several
// times longer than making them in a row.

/** Whether `.git/info/exclude` of the repository at `dir` is absent or only comments; `false` for a `.git` file. */
function hasNoExcludeRules(dir: string): boolean {
	const gitDir = join(dir, ".git");
	let isDirectory: boolean;
	try {
		isDirectory = lstatSync(gitDir).isDirectory();
	} catch {
		return true;
	}
	if (!isDirectory) return false; // worktree or submodule: fd would read an exclude file elsewhere
	let text = "";
	try {
		text = readFileSync(join(gitDir, "info", "exclude"), "utf8");
	} catch {
		// no exclude file
	}
	return text.split(/\r?\n/).every((line) => line.trim() === "" || line.startsWith("#"));
}

function hasForeignIgnoreFile(dir: string): boolean {
	return FOREIGN_IGNORE_FILES.some((name) => existsSync(join(dir, name)));
}

/** The nearest of `root` and its ancestors that contains `.git`, if any. */
function enclosingRepository(root: string): string | undefined {
	for (let dir = root; ; dir = dirname(dir)) {
		if (existsSync(join(dir, ".git"))) return dir;
		if (dirname(dir) === dir) return undefined;
	}
}

/** Whether fd reads `.ignore`/`.fdignore` in `root` or any ancestor (it looks up to the file-system root). */
function hasForeignIgnoreAbove(root: string): boolean {
	for (let dir = root; ; dir = dirname(dir)) {
		if (hasForeignIgnoreFile(dir)) return true;
		if (dirname(dir) === dir) return false;
	}
}

/**
 * Every entry below `root` that the built-in walk would list and `keep` accepts (default: all), in code-point
 * order of the path; `undefined` when fd cannot apply the §6.1 rules to this tree or failed: the caller then uses
 * the built-in walk.
 */
export async function listEntriesWithFd(
	fd: string,
	root: string,
	signal?: AbortSignal,
	keep?: (path: string) => boolean,
): Promise<FdEntry[] | undefined> {
	const repository = enclosingRepository(root);
	if (repository === undefined || !hasNoExcludeRules(repository) || hasForeignIgnoreAbove(root)) return undefined;
	const env = { ...process.env, HOME: EMPTY_HOME, XDG_CONFIG_HOME: EMPTY_HOME };
	const result = await runSearchProcess(fd, [...FD_FLAGS, "--", ".", root], { signal, env });
	if (result.code !== 0) return undefined;
	const entries: FdEntry[] = [];
	for (const line of splitNulTerminated(result.stdout)) {
		const isDirectory = line.endsWith("/");
		const path = relativeToRoot(root, isDirectory ? line.slice(0, -1) : line);
		if (path === undefined) continue;
		// A listed directory fd read with a foreign rule source (which may hide itself) decides the whole call.
		if (isDirectory && (hasForeignIgnoreFile(join(root, path)) || !hasNoExcludeRules(join(root, path)))) {
			return undefined;
		}
		if (!keep || keep(path)) entries.push({ path, isDirectory });
	}
	const visible = await new VisibilityFilter(root).filter(
		entries,
		(e) => e.path,
		(e) => e.isDirectory,
	);
	return visible.sort((a, b) => compareCodePoints(a.path, b.path));
}

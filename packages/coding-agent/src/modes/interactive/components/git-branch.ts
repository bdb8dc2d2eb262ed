/**
 * The current git branch for the footer, read straight from `.git/HEAD` (no `git` process): cheap enough to
 * call after every turn.
 */
import { readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";

/** The `.git` directory of the repository containing `cwd` (following a worktree's `gitdir:` file). */
function findGitDir(cwd: string): string | undefined {
	let dir = resolve(cwd);
	for (;;) {
		const candidate = join(dir, ".git");
		try {
			const stat = statSync(candidate);
			if (stat.isDirectory()) return candidate;
			if (stat.isFile()) {
				const match = /^gitdir:\s*(.+)$/m.exec(readFileSync(candidate, "utf8"));
				if (match) return isAbsolute(match[1]!.trim()) ? match[1]!.trim() : resolve(dir, match[1]!.trim());
			}
		} catch {
			// not here: keep walking up
		}
		const parent = dirname(dir);
		if (parent === dir) return undefined;
		dir = parent;
	}
}

/**
 * The branch name, the short commit id when HEAD is detached, or undefined outside a repository.
 */
export function readGitBranch(cwd: string): string | undefined {
	const gitDir = findGitDir(cwd);
	if (!gitDir) return undefined;
	let head: string;
	try {
		head = readFileSync(join(gitDir, "HEAD"), "utf8").trim();
	} catch {
		return undefined;
	}
	const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
	if (ref) return ref[1];
	return /^[0-9a-f]{7,}$/i.test(head) ? head.slice(0, 7) : undefined;
}

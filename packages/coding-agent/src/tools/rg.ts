/**
 * grep's ripgrep backend (tools.md §6.1): ripgrep walks the tree with the §6.1 rules and names the files that may
 * match; the built-in search then reads those files, so the output is produced by the same code either way.
 */
import { compareCodePoints } from "./format.js";
import { toRipgrepPattern } from "./rg-pattern.js";
import { ancestorIgnoreFiles, relativeToRoot } from "./search-ancestors.js";
import { runSearchProcess, splitNulTerminated } from "./search-process.js";
import { VisibilityFilter } from "./search-visibility.js";

/** Flags that make ripgrep see the files of tools.md §6.1. */
const WALK_FLAGS = [
	"--no-config",
	"--null",
	"--hidden", // rule 1
	"--glob=!.git/", // rule 2: `.git` directories only, a `.git` file is searched
	"--no-require-git", // rule 3: .gitignore counts outside repositories and across nested ones
	"--no-ignore-parent", // rule 3: ancestors are passed with --ignore-file, only up to the repository root
	"--no-ignore-global", // rule 4
	"--no-ignore-exclude",
	"--no-ignore-dot",
];

/**
 * ripgrep 13 reads `.rgignore` whatever the flags; an override glob makes it list every one it could read (even
 * self-ignored ones) so the call can fall back when one is present.
 */
const RGIGNORE_PROBE_FLAGS = ["--files", "--glob=.rgignore"];

/**
 * Files below `root` (relative, `/`-separated, code-point order) that may contain a line matching `regex`; the
 * built-in search must still run on them. `undefined` when ripgrep cannot apply the §6.1 rules to this tree or
 * failed: the caller then uses the built-in walk.
 */
export async function findGrepCandidatesWithRg(
	rg: string,
	root: string,
	regex: RegExp,
	signal?: AbortSignal,
): Promise<string[] | undefined> {
	const ancestors = await ancestorIgnoreFiles(root);
	if (ancestors.some((file) => !file.exact)) return undefined;
	const common = [...WALK_FLAGS, ...ancestors.map((file) => `--ignore-file=${file.path}`)];
	// Only patterns that compiled in Unicode mode have a translation; others make ripgrep a plain file lister.
	const pattern = regex.flags.includes("u") ? toRipgrepPattern(regex.source, regex.flags.includes("i")) : undefined;
	const searchArgs =
		pattern === undefined
			? [...common, "--files", "--", root]
			: [...common, "--files-with-matches", "--text", "--crlf", "--regexp", pattern, "--", root];
	const [search, rgignores] = await Promise.all([
		runSearchProcess(rg, searchArgs, { signal }),
		runSearchProcess(rg, [...common, ...RGIGNORE_PROBE_FLAGS, "--", root], { signal }),
	]);
	if (rgignores.stdout.length > 0) return undefined;
	// Exit 1 is "nothing found"; 2 is an error, which leaves usable output only when some files were unreadable.
	if (search.code !== 0 && search.code !== 1) {
		if (search.code !== 2 || search.stdout.length === 0) return undefined;
	}
	const paths: string[] = [];
	for (const absolute of splitNulTerminated(search.stdout)) {
		const path = relativeToRoot(root, absolute);
		if (path !== undefined) paths.push(path);
	}
	const visible = await new VisibilityFilter(root).filter(
		paths,
		(p) => p,
		() => false,
	);
	return visible.sort(compareCodePoints);
}

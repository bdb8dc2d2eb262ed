/**
 * The glob syntax of find and grep's `glob` (tools.md §6.3): `*`, `**`, `?`, `[abc]`, `[a-z]`, `[!a]`, `{a,b}`,
 * case-sensitive, hidden names matched. A pattern without `/` is matched against entry names, with `/` against
 * paths relative to the root.
 */
import picomatch from "picomatch";

/** A predicate over (relative path, name). */
export type GlobMatcher = (relativePath: string, name: string) => boolean;

/** Compiles a pattern of the §6.3 syntax. */
export function compileGlob(pattern: string): GlobMatcher {
	const isMatch = picomatch(pattern, { dot: true, nonegate: true, noextglob: true, nocase: false });
	if (pattern.includes("/")) return (relativePath) => isMatch(relativePath);
	return (_relativePath, name) => isMatch(name);
}

/**
 * The glob syntax of find and grep's `glob` (tools.md §6.3): `*`, `**`, `?`, `[abc]`, `[a-z]`, `[!a]`, `{a,b}`,
 * case-sensitive, hidden names matched. A pattern without `/` is matched against entry names, with `/` against
 * paths relative to the root.
 */
import picomatch from "picomatch";

/** A predicate over (relative path, name). */
export type GlobMatcher = (relativePath: string, name: string) => boolean;

/** Rewrites `[!…]` (POSIX negated class) to `[^…]`, the only negation picomatch understands in brackets. */
function posixBracketNegation(pattern: string): string {
	let out = "";
	for (let i = 0; i < pattern.length; i++) {
		const c = pattern[i];
		if (c === "\\") {
			out += pattern.slice(i, i + 2);
			i++;
		} else if (c === "[" && pattern[i + 1] === "!") {
			out += "[^";
			i++;
		} else {
			out += c;
		}
	}
	return out;
}

/**
 * picomatch lets a trailing `/**` match the directory itself (`src/**` matches `src`), but `**` stands for
 * characters after the `/`, so `src/**` names only what is inside `src`. Appending `/*` keeps that meaning: a
 * `**` followed by `/` also matches no directory, so `src/a` still matches.
 */
function insideOnly(pattern: string): string {
	return pattern.endsWith("/**") ? `${pattern}/*` : pattern;
}

/** Compiles a pattern of the §6.3 syntax. */
export function compileGlob(pattern: string): GlobMatcher {
	const isMatch = picomatch(insideOnly(posixBracketNegation(pattern)), {
		dot: true,
		nonegate: true,
		noextglob: true,
		nocase: false,
	});
	if (pattern.includes("/")) return (relativePath) => isMatch(relativePath);
	return (_relativePath, name) => isMatch(name);
}

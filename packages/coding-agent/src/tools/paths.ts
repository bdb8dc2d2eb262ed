/**
 * Path resolution and display for every tool (tools.md §1.1, §1.3).
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, relative, resolve, sep } from "node:path";

// U+00A0, U+2000–U+200A, U+202F, U+205F, U+3000: spaces that models and copy-paste put into file names.
const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/**
 * Resolves a path argument as the model wrote it: one leading `@` stripped, `~` expanded, relative paths
 * resolved against `cwd`; when the result does not exist but contains Unicode spaces, the ASCII-space variant
 * is used if that one exists.
 */
export function resolveToolPath(cwd: string, input: string): string {
	let p = input.startsWith("@") ? input.slice(1) : input;
	if (p === "~") p = homedir();
	else if (p.startsWith("~/")) p = homedir() + p.slice(1);
	const resolved = resolve(cwd, p);
	if (!existsSync(resolved) && UNICODE_SPACES.test(resolved)) {
		const ascii = resolved.replace(UNICODE_SPACES, " ");
		if (existsSync(ascii)) return ascii;
	}
	return resolved;
}

/** The display path `<p>`: relative to `cwd` (no `./`) when inside it, otherwise absolute. */
export function displayPath(cwd: string, absolutePath: string): string {
	const rel = relative(cwd, absolutePath);
	if (rel === "") return ".";
	if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return absolutePath;
	return rel;
}

/** Converts a relative path to `/` separators (output of grep and find). */
export function toSlashPath(p: string): string {
	return sep === "/" ? p : p.split(sep).join("/");
}

/**
 * Expansion of resource path entries from settings (`prompts`, `skills`, ...) and the command line: plain paths,
 * globs, and `!pattern` exclusions, relative to a base directory.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import picomatch from "picomatch";
import { resolveUserPath } from "../config/paths.js";

/** Entries plus the directory relative ones resolve against (the settings file's directory). */
export interface ResourceEntries {
	patterns: readonly string[];
	baseDir: string;
}

const GLOB_CHARS = /[*?[{]/;

/** Whether a path exists as a directory. */
export function isDirectory(path: string): boolean {
	try {
		return statSync(path).isDirectory();
	} catch {
		return false;
	}
}

/** Whether a path exists as a file. */
export function isFile(path: string): boolean {
	try {
		return statSync(path).isFile();
	} catch {
		return false;
	}
}

/** Files and directories under `root` (no dot entries, no node_modules), as absolute paths. */
function walk(root: string, out: string[] = []): string[] {
	let entries: import("node:fs").Dirent[];
	try {
		entries = readdirSync(root, { withFileTypes: true });
	} catch {
		return out;
	}
	for (const entry of entries) {
		if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
		const path = join(root, entry.name);
		out.push(path);
		if (entry.isDirectory()) walk(path, out);
	}
	return out;
}

/** The part of a glob before its first segment with glob characters. */
function globRoot(glob: string): string {
	const segments = glob.split("/");
	const index = segments.findIndex((segment) => GLOB_CHARS.test(segment));
	return segments.slice(0, index).join("/") || "/";
}

/**
 * Expands entries to existing paths (files or directories), in entry order without duplicates. A glob expands to
 * its matches sorted by path; `!pattern` entries remove matching paths.
 */
export function expandResourceEntries(entries: ResourceEntries, homeDir?: string): string[] {
	const includes = entries.patterns.filter((p) => !p.startsWith("!"));
	const excludes = entries.patterns
		.filter((p) => p.startsWith("!"))
		.map((p) => picomatch(resolveUserPath(p.slice(1), entries.baseDir, homeDir), { dot: true }));
	const isExcluded = (path: string) => excludes.some((match) => match(path));
	const result: string[] = [];
	for (const pattern of includes) {
		const path = resolveUserPath(pattern, entries.baseDir, homeDir);
		const isMatch = picomatch(path, { dot: true });
		const matches = GLOB_CHARS.test(pattern)
			? walk(globRoot(path))
					.filter((candidate) => isMatch(candidate))
					.sort()
			: isDirectory(path) || isFile(path)
				? [path]
				: [];
		for (const match of matches) if (!isExcluded(match) && !result.includes(match)) result.push(match);
	}
	return result;
}

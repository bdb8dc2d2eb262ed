/**
 * The object form of a `packages` entry narrows what a package loads, per kind: a key left out loads everything,
 * `[]` loads nothing, patterns select (globs or paths relative to the package root, or a resource's name),
 * `!pattern` excludes, `+path` adds an exact path back, `-path` removes an exact path. Filters only narrow: a file
 * the package does not offer is never added.
 */
import { basename, dirname, relative, resolve, sep } from "node:path";
import picomatch from "picomatch";
import type { PackageResourceKind } from "./manifest.js";

/** The name a resource is known by: a skill's folder (for SKILL.md), else the file name without its extension. */
export function resourceName(kind: PackageResourceKind, file: string): string {
	const base = basename(file);
	if (kind === "skills" && base === "SKILL.md") return basename(dirname(file));
	if (kind === "extensions" && /^index\.[cm]?[jt]s$/.test(base)) return basename(dirname(file));
	return base.replace(/\.[^.]+$/, "");
}

function toPosix(path: string): string {
	return sep === "/" ? path : path.split(sep).join("/");
}

function normalizePattern(pattern: string): string {
	return pattern.replace(/^\.\//, "").replace(/\/+$/, "");
}

/** Whether `pattern` selects `file`: as a glob or path of the file or a folder above it, or by resource name. */
function matches(kind: PackageResourceKind, root: string, file: string, pattern: string): boolean {
	const rel = toPosix(relative(root, file));
	const wanted = normalizePattern(pattern);
	if (!wanted) return false;
	if (rel === wanted || rel.startsWith(`${wanted}/`)) return true;
	if (resourceName(kind, file) === wanted) return true;
	const isMatch = picomatch(wanted, { dot: true });
	if (isMatch(rel)) return true;
	// A glob naming folders (`skills/*`) selects the files inside them.
	const parts = rel.split("/");
	for (let i = parts.length - 1; i > 0; i--) if (isMatch(parts.slice(0, i).join("/"))) return true;
	return false;
}

function exact(root: string, file: string, path: string): boolean {
	const target = resolve(root, path);
	return file === target || file.startsWith(`${target}${sep}`);
}

/**
 * The files of `files` (one kind of one package, absolute paths) that `patterns` keeps, in their order.
 * `undefined` keeps all.
 */
export function applyFilter(
	kind: PackageResourceKind,
	root: string,
	files: readonly string[],
	patterns: readonly string[] | undefined,
): string[] {
	if (patterns === undefined) return [...files];
	const plain = patterns.filter((p) => !/^[!+-]/.test(p));
	const excluded = patterns.filter((p) => p.startsWith("!")).map((p) => p.slice(1));
	const forced = patterns.filter((p) => p.startsWith("+")).map((p) => p.slice(1));
	const removed = patterns.filter((p) => p.startsWith("-")).map((p) => p.slice(1));
	// `[]` loads nothing; a list without selecting patterns (only `!`, `+`, `-` entries) starts from everything.
	if (patterns.length === 0) return [];
	const startFromAll = plain.length === 0;
	return files.filter((file) => {
		let keep = startFromAll || plain.some((p) => matches(kind, root, file, p));
		if (keep && excluded.some((p) => matches(kind, root, file, p))) keep = false;
		if (forced.some((p) => exact(root, file, p))) keep = true;
		if (removed.some((p) => exact(root, file, p))) keep = false;
		return keep;
	});
}

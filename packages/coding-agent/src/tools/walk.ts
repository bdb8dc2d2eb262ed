/**
 * Which files grep, find and ls see (tools.md §6.1): hidden entries included, `.git` never entered, `.gitignore`
 * honoured in the root and below and in the root's ancestors up to the nearest directory containing `.git`, no
 * other ignore source, symbolic links listed but not followed.
 */
import { existsSync, promises as fs } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import ignore, { type Ignore } from "ignore";
import { compareCodePoints } from "./format.js";
import { toSlashPath } from "./paths.js";
import { throwIfAborted } from "./tool-error.js";

/** One `.gitignore` file: its directory and its compiled rules. */
interface IgnoreLayer {
	dir: string;
	rules: Ignore;
}

async function loadLayer(dir: string): Promise<IgnoreLayer | undefined> {
	let text: string;
	try {
		text = await fs.readFile(join(dir, ".gitignore"), "utf8");
	} catch {
		return undefined;
	}
	return { dir, rules: ignore({ allowRelativePaths: true }).add(text) };
}

/**
 * The ancestors of `root` whose `.gitignore` applies (tools.md §6.1 rule 3), outermost first: up to the nearest
 * directory containing `.git`; none when `root` itself contains `.git` or no ancestor does.
 */
export function ancestorIgnoreDirs(root: string): string[] {
	if (existsSync(join(root, ".git"))) return [];
	const chain: string[] = [];
	let dir = root;
	for (;;) {
		const parent = dirname(dir);
		if (parent === dir) return []; // no repository above: only root and below count
		dir = parent;
		chain.push(dir);
		if (existsSync(join(dir, ".git"))) return chain.reverse();
	}
}

/** The gitignore rules in effect at some directory, outermost file first. */
export class IgnoreRules {
	private constructor(private readonly layers: IgnoreLayer[]) {}

	/** Rules from the ancestors of `root` up to the nearest directory containing `.git` (root's own excluded). */
	static async forAncestorsOf(root: string): Promise<IgnoreRules> {
		const layers: IgnoreLayer[] = [];
		for (const d of ancestorIgnoreDirs(root)) {
			const layer = await loadLayer(d);
			if (layer) layers.push(layer);
		}
		return new IgnoreRules(layers);
	}

	/** These rules plus the `.gitignore` of `dir`, if it has one. */
	async enter(dir: string): Promise<IgnoreRules> {
		const layer = await loadLayer(dir);
		return layer ? new IgnoreRules([...this.layers, layer]) : this;
	}

	/** Whether `absolutePath` is ignored; deeper files override outer ones (negations re-include). */
	isIgnored(absolutePath: string, isDirectory: boolean): boolean {
		let ignored = false;
		for (const layer of this.layers) {
			const rel = relative(layer.dir, absolutePath);
			if (rel === "" || rel.startsWith(`..${sep}`) || rel === "..") continue;
			const result = layer.rules.test(toSlashPath(rel) + (isDirectory ? "/" : ""));
			if (result.ignored) ignored = true;
			else if (result.unignored) ignored = false;
		}
		return ignored;
	}
}

export type EntryKind = "file" | "directory" | "symlink" | "other";

export interface WalkEntry {
	/** Path relative to the root, `/`-separated. */
	path: string;
	absolute: string;
	kind: EntryKind;
}

function kindOf(entry: { isSymbolicLink(): boolean; isDirectory(): boolean; isFile(): boolean }): EntryKind {
	if (entry.isSymbolicLink()) return "symlink";
	if (entry.isDirectory()) return "directory";
	if (entry.isFile()) return "file";
	return "other";
}

/** Every visible entry below `root` (the root itself excluded), sorted by code point of the relative path. */
export async function walkTree(root: string, signal?: AbortSignal): Promise<WalkEntry[]> {
	const entries: WalkEntry[] = [];
	const pending: { dir: string; rules: IgnoreRules }[] = [
		{ dir: root, rules: await (await IgnoreRules.forAncestorsOf(root)).enter(root) },
	];
	while (pending.length > 0) {
		throwIfAborted(signal);
		const { dir, rules } = pending.pop()!;
		let dirents: import("node:fs").Dirent[];
		try {
			dirents = await fs.readdir(dir, { withFileTypes: true });
		} catch {
			continue; // unreadable directory: skipped like rg and fd do
		}
		for (const dirent of dirents) {
			const kind = kindOf(dirent);
			if (kind === "directory" && dirent.name === ".git") continue;
			const absolute = join(dir, dirent.name);
			if (rules.isIgnored(absolute, kind === "directory")) continue;
			entries.push({ path: toSlashPath(relative(root, absolute)), absolute, kind });
			if (kind === "directory") pending.push({ dir: absolute, rules: await rules.enter(absolute) });
		}
	}
	return entries.sort((a, b) => compareCodePoints(a.path, b.path));
}

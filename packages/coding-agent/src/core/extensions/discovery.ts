/**
 * Finding extensions (config.md §1, §2 `extensions`, §11 `-e`/`--no-extensions`; extensions.md "Where pi finds
 * extensions"): `-e` paths always, then, unless discovery is off, `<cwd>/.pi/extensions/`, settings `extensions`
 * entries and `<agentDir>/extensions/`. A directory holds extension files (`.ts`, `.mts`, `.cts`, `.js`, `.mjs`) and
 * folders: a folder is the entries its `package.json` lists under `pi.extensions`, else its index file. Only the file
 * system is read here, so callers that just need the list (`pi --help`) load nothing else.
 */
import { readdirSync, readFileSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { getAgentPaths, getProjectPaths } from "../config/paths.js";
import { expandResourceEntries, isDirectory, isFile, type ResourceEntries } from "../resources/resource-paths.js";
import type { ExtensionOrigin } from "./host.js";

/** One extension to load. */
export interface ExtensionSource {
	/** Absolute path of the module file. */
	path: string;
	origin: ExtensionOrigin;
}

export interface FindExtensionsOptions {
	cwd: string;
	agentDir: string;
	/** `-e` paths (relative to `cwd`); loaded even with `noDiscovery`. */
	cliPaths?: readonly string[];
	/** Settings `extensions` entries. */
	settingsEntries?: ResourceEntries;
	/** `--no-extensions`. */
	noDiscovery?: boolean;
	homeDir?: string;
	/** Extension files of installed packages (docs/packages.md), loaded after the others unless `noDiscovery`. */
	packageSources?: readonly ExtensionSource[];
}

/** File names that are extensions (declaration files excepted). */
const MODULE_FILE = /\.(ts|mts|cts|js|mjs)$/;
const DECLARATION_FILE = /\.d\.[cm]?ts$/;
const INDEX_FILES = ["index.ts", "index.mts", "index.js", "index.mjs"];

function isModuleFile(name: string): boolean {
	return MODULE_FILE.test(name) && !DECLARATION_FILE.test(name);
}

/** The index module of a folder extension, if it has one. */
function indexFile(dir: string): string | undefined {
	return INDEX_FILES.map((name) => join(dir, name)).find(isFile);
}

/** The `pi.extensions` list of a folder's package.json, if it has a non-empty one. */
function manifestEntries(dir: string): string[] | undefined {
	let text: string;
	try {
		text = readFileSync(join(dir, "package.json"), "utf8");
	} catch {
		return undefined;
	}
	try {
		const list = (JSON.parse(text) as { pi?: { extensions?: unknown } }).pi?.extensions;
		if (!Array.isArray(list)) return undefined;
		const patterns = list.filter((entry): entry is string => typeof entry === "string");
		return patterns.length > 0 ? patterns : undefined;
	} catch {
		return undefined;
	}
}

/**
 * The extension entries of a folder: what its package.json lists under `pi.extensions` (files, folders or globs,
 * relative to the folder; a listed folder counts by its index file), else its index file. Listed files that do not
 * exist are kept so that loading reports them.
 */
export function folderEntries(dir: string): string[] | undefined {
	const patterns = manifestEntries(dir);
	if (patterns) {
		const entries: string[] = [];
		for (const pattern of patterns) {
			const matches = pattern.startsWith("!") ? [] : expandResourceEntries({ patterns: [pattern], baseDir: dir });
			if (matches.length === 0 && !/[*?[{]/.test(pattern)) entries.push(resolve(dir, pattern));
			for (const match of matches) {
				if (!isDirectory(match)) entries.push(match);
				else {
					const index = indexFile(match);
					if (index) entries.push(index);
				}
			}
		}
		if (entries.length > 0) return entries;
	}
	const index = indexFile(dir);
	return index ? [index] : undefined;
}

/** Extension modules in an extensions directory: extension files, then folders' entries, by name. */
export function extensionsInDirectory(dir: string): string[] {
	let entries: import("node:fs").Dirent[];
	try {
		entries = readdirSync(dir, { withFileTypes: true });
	} catch {
		return [];
	}
	const found: string[] = [];
	// Code-point order: the first localeCompare() of a process loads ICU collation data (about 9 ms of start-up).
	for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
		if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
		const path = join(dir, entry.name);
		if (isDirectory(path)) found.push(...(folderEntries(path) ?? []));
		else if (isModuleFile(entry.name)) found.push(path);
	}
	return found;
}

/** An explicit path: a folder with an index file is one extension, another folder is scanned, a file is itself. */
function modulesAt(path: string): string[] {
	if (!isDirectory(path)) return [path];
	return folderEntries(path) ?? extensionsInDirectory(path);
}

function realPath(path: string): string {
	try {
		return realpathSync(path);
	} catch {
		return path;
	}
}

/** Every extension to load, in load order, each file once (by real path). */
export function findExtensions(options: FindExtensionsOptions): ExtensionSource[] {
	const sources: ExtensionSource[] = [];
	const add = (paths: string[], origin: ExtensionOrigin) => {
		for (const path of paths) sources.push({ path, origin });
	};
	// Explicit paths are kept even when missing, so loading reports them.
	add(
		(options.cliPaths ?? []).flatMap((path) => modulesAt(resolve(options.cwd, path))),
		"cli",
	);
	if (!options.noDiscovery) {
		add(extensionsInDirectory(getProjectPaths(options.cwd).extensions), "project");
		if (options.settingsEntries)
			add(expandResourceEntries(options.settingsEntries, options.homeDir).flatMap(modulesAt), "settings");
		add(extensionsInDirectory(getAgentPaths(options.agentDir).extensions), "user");
		sources.push(...(options.packageSources ?? []));
	}
	const seen = new Set<string>();
	return sources.filter((source) => {
		const key = realPath(source.path);
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

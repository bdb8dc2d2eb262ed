/**
 * Finding and loading extensions (config.md §1, §2 `extensions`, §11 `-e`/`--no-extensions`; extensions.md "Where pi
 * finds extensions"): `-e` paths always, then, unless discovery is off, `<cwd>/.pi/extensions/`, settings `extensions`
 * entries and `<agentDir>/extensions/`. A directory holds extension files (`.ts`, `.mts`, `.cts`, `.js`, `.mjs`) and
 * folders: a folder is the entries its `package.json` lists under `pi.extensions`, else its index file. Modules load
 * through the compiled-extension cache (loading/). A failing extension is reported and skipped; it never stops pi.
 */
import { readdirSync, readFileSync, realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { getAgentPaths, getProjectPaths } from "../config/paths.js";
import { expandResourceEntries, isDirectory, isFile, type ResourceEntries } from "../resources/resource-paths.js";
import { createExtensionApi } from "./api.js";
import type { ExtensionHost, ExtensionOrigin } from "./host.js";
import {
	type ImportExtensionOptions,
	importExtension,
	type PreparedExtension,
	prepareExtension,
	temporaryCacheDir,
} from "./loading/import-extension.js";
import { loadingTexts } from "./loading/texts.js";
import { errorMessage } from "./texts.js";
import type { ExtensionFactory } from "./types.js";

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

/** Options of {@link loadExtensions}. */
export interface LoadExtensionsOptions {
	/**
	 * Where compiled extensions are cached (`<agentDir>/cache/extensions`, see `extensionCacheDir`); default a folder
	 * in the system's temporary directory.
	 */
	cacheDir?: string;
	/** Told when the cache cannot be written (the extension still loads). */
	onWarning?: (message: string) => void;
}

/** The default export of an extension module; a CommonJS entry's `module.exports` may carry it as `.default`. */
function factoryOf(module: Record<string, unknown>): ExtensionFactory | undefined {
	const value = module.default;
	if (typeof value === "function") return value as ExtensionFactory;
	const inner = (value as { default?: unknown } | null | undefined)?.default;
	return typeof inner === "function" ? (inner as ExtensionFactory) : undefined;
}

/** Imports a module and returns its default export factory; throws an Error written for the user. */
async function importFactory(
	path: string,
	options: ImportExtensionOptions,
	prepared: Promise<PreparedExtension> | undefined,
): Promise<ExtensionFactory> {
	if (!prepared) throw new Error(loadingTexts.notFound(path));
	const factory = factoryOf(await importExtension(path, options, prepared));
	if (!factory) throw new Error(loadingTexts.noFactory);
	return factory;
}

/**
 * Loads each extension into `host` in order: import (TypeScript compiled, through the cache), then run its factory
 * with its own `ExtensionAPI`. Extensions missing from the cache are compiled in parallel first; modules are imported
 * and factories run one after another, in load order. A failure (missing file, syntax error naming file:line:col, a
 * missing dependency, no default export, a throwing factory) is reported through the host as an error of event `load`
 * and the next extension still loads.
 */
export async function loadExtensions(
	host: ExtensionHost,
	sources: readonly ExtensionSource[],
	cwd: string,
	options: LoadExtensionsOptions = {},
): Promise<void> {
	const importOptions = { cacheDir: options.cacheDir ?? temporaryCacheDir(), onWarning: options.onWarning };
	const prepared = sources.map((source) => {
		if (!isFile(source.path)) return undefined;
		const task = prepareExtension(source.path, importOptions);
		task.catch(() => {}); // reported when its turn comes, through importFactory
		return task;
	});
	for (const [index, source] of sources.entries()) {
		await loadExtension(host, source, cwd, () => importFactory(source.path, importOptions, prepared[index]));
	}
}

/** Runs one extension's factory (from a module or given inline by an embedder). */
export async function loadExtension(
	host: ExtensionHost,
	source: ExtensionSource,
	cwd: string,
	getFactory: () => ExtensionFactory | Promise<ExtensionFactory>,
): Promise<void> {
	try {
		const factory = await getFactory();
		host.addExtension(source.path, source.origin);
		await factory(createExtensionApi(host, source.path, cwd));
	} catch (error) {
		await host.report(source.path, "load", errorMessage(error));
	}
}

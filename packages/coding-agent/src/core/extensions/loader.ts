/**
 * Finding and loading extensions (config.md §1, §2 `extensions`, §11 `-e`/`--no-extensions`): `-e` paths always,
 * then, unless discovery is off, `<cwd>/.pi/extensions/`, settings `extensions` entries and
 * `<agentDir>/extensions/`. A directory holds `*.js`/`*.mjs` files and subfolders with an `index.js`/`index.mjs`.
 * A failing extension is reported and skipped; it never stops pi.
 */
import { readdirSync, realpathSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getAgentPaths, getProjectPaths } from "../config/paths.js";
import { expandResourceEntries, isDirectory, isFile, type ResourceEntries } from "../resources/resource-paths.js";
import { createExtensionApi } from "./api.js";
import type { ExtensionHost, ExtensionOrigin } from "./host.js";
import { errorMessage, extensionTexts } from "./texts.js";
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
}

const MODULE_EXTENSIONS = new Set([".js", ".mjs"]);
const INDEX_FILES = ["index.js", "index.mjs"];

/** The index module of a folder extension, if it has one. */
function indexFile(dir: string): string | undefined {
	return INDEX_FILES.map((name) => join(dir, name)).find(isFile);
}

/** Extension modules in an extensions directory: `*.js`/`*.mjs` files, then subfolders' index files, by name. */
export function extensionsInDirectory(dir: string): string[] {
	let entries: import("node:fs").Dirent[];
	try {
		entries = readdirSync(dir, { withFileTypes: true });
	} catch {
		return [];
	}
	const found: string[] = [];
	for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
		if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
		const path = join(dir, entry.name);
		if (isDirectory(path)) {
			const index = indexFile(path);
			if (index) found.push(index);
		} else if (MODULE_EXTENSIONS.has(extname(entry.name))) {
			found.push(path);
		}
	}
	return found;
}

/** An explicit path: a folder with an index file is one extension, another folder is scanned, a file is itself. */
function modulesAt(path: string): string[] {
	if (!isDirectory(path)) return [path];
	const index = indexFile(path);
	return index ? [index] : extensionsInDirectory(path);
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
	}
	const seen = new Set<string>();
	return sources.filter((source) => {
		const key = realPath(source.path);
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}

/** Imports a module and returns its default export factory; throws an Error written for the user. */
async function importFactory(path: string): Promise<ExtensionFactory> {
	if (!isFile(path)) throw new Error(extensionTexts.notFound(path));
	if ([".ts", ".mts", ".cts", ".tsx"].includes(extname(path))) throw new Error(extensionTexts.typeScript);
	const module = (await import(pathToFileURL(path).href)) as { default?: unknown };
	if (typeof module.default !== "function") throw new Error(extensionTexts.noFactory);
	return module.default as ExtensionFactory;
}

/**
 * Loads each extension into `host` in order: import, then run its factory with its own `ExtensionAPI`. A failure
 * (missing file, syntax error, no default export, a throwing factory) is reported through the host as an error of
 * event `load` and the next extension still loads.
 */
export async function loadExtensions(
	host: ExtensionHost,
	sources: readonly ExtensionSource[],
	cwd: string,
): Promise<void> {
	for (const source of sources) {
		await loadExtension(host, source, cwd, () => importFactory(source.path));
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

/**
 * Loading extensions: each module found by discovery.ts is imported through the compiled-extension cache (loading/)
 * and its factory runs with its own `ExtensionAPI`. A failing extension is reported and skipped; it never stops pi.
 */
import { isFile } from "../resources/resource-paths.js";
import { createExtensionApi } from "./api.js";
import type { ExtensionSource } from "./discovery.js";
import type { ExtensionHost } from "./host.js";
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

export {
	type ExtensionSource,
	extensionsInDirectory,
	type FindExtensionsOptions,
	findExtensions,
	folderEntries,
} from "./discovery.js";

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
		host.registry.addExtension(source.path, source.origin);
		await factory(createExtensionApi(host, source.path, cwd));
	} catch (error) {
		await host.report(source.path, "load", errorMessage(error));
	}
}

/**
 * Imports an extension entry file through the compiled-extension cache: a current cache entry is imported directly
 * (no compiler loaded); otherwise the entry is compiled (compile.ts), stored, and imported from the cache.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { findCached, storeCompiled } from "./cache.js";
import { registerNamespaces } from "./namespaces.js";

/** The cache folder inside an agent dir. */
export function extensionCacheDir(agentDir: string): string {
	return join(agentDir, "cache", "extensions");
}

/**
 * A cache folder in the system's temporary directory: the default of callers without an agent dir, and where compiled
 * modules go when the agent dir's cache cannot be written (read-only home, full disk).
 */
export function temporaryCacheDir(): string {
	return join(tmpdir(), `pi-extension-cache-${process.getuid?.() ?? "user"}`);
}

async function compileAndStore(entry: string, cacheDir: string, onWarning?: (message: string) => void) {
	const { compileExtension } = await import("./compile.js");
	const compiled = await compileExtension(entry);
	const manifest = { entry, inputs: compiled.inputs, externals: compiled.externals };
	try {
		return storeCompiled(cacheDir, manifest, compiled.code);
	} catch (error) {
		const { loadingTexts } = await import("./texts.js");
		onWarning?.(loadingTexts.cacheUnwritable(cacheDir, (error as Error).message));
		return storeCompiled(temporaryCacheDir(), manifest, compiled.code);
	}
}

/** Options of {@link importExtension}. */
export interface ImportExtensionOptions {
	/** The cache folder, normally {@link extensionCacheDir} of the agent dir. */
	cacheDir: string;
	/** Told when the cache cannot be written (the extension still loads). */
	onWarning?: (message: string) => void;
}

/** A compiled extension module ready to import, and whether it came from the cache. */
export interface PreparedExtension {
	output: string;
	cached: boolean;
}

/**
 * Finds the compiled module of an entry in the cache, or compiles and stores it. Several entries may be prepared at
 * once (their compiles run in parallel); importing them stays in load order.
 */
export async function prepareExtension(entry: string, options: ImportExtensionOptions): Promise<PreparedExtension> {
	const cached = findCached(options.cacheDir, entry);
	if (cached) return { output: cached, cached: true };
	return { output: await compileAndStore(entry, options.cacheDir, options.onWarning), cached: false };
}

/**
 * Imports the module of an extension entry file (`.ts`, `.mts`, `.cts`, `.js`, `.mjs`), compiled and cached
 * (`prepared` when {@link prepareExtension} already ran). Throws the compiler's error (naming file, line and column)
 * or the module's own evaluation error.
 */
export async function importExtension(
	entry: string,
	options: ImportExtensionOptions,
	prepared?: Promise<PreparedExtension>,
): Promise<Record<string, unknown>> {
	registerNamespaces();
	const { output, cached } = await (prepared ?? prepareExtension(entry, options));
	try {
		return (await import(pathToFileURL(output).href)) as Record<string, unknown>;
	} catch (error) {
		// Another pi replaced this entry's cached module between the check and the import: compile our own.
		const missing = (error as { code?: string }).code === "ERR_MODULE_NOT_FOUND";
		if (!cached || !missing || !String((error as Error).message).includes(output)) throw error;
		const fresh = await compileAndStore(entry, options.cacheDir, options.onWarning);
		return (await import(pathToFileURL(fresh).href)) as Record<string, unknown>;
	}
}

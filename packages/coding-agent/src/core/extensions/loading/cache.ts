/**
 * The compiled-extension cache (extensions.md "The cache"): `<agentDir>/cache/extensions/` holds, per extension entry
 * file, a manifest `<hash of the entry path>.json` and the compiled module `<hash of every input's content>.mjs`.
 * The manifest lists every local input file (size, mtime, content hash) and every external file the output imports
 * by absolute URL; a start that finds all of them unchanged imports the cached module without loading the compiler.
 * Files are written to a temporary name and renamed, so a concurrent pi never reads half a file.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Bumped whenever the compiled form changes (bridge code, define rules, output format): older cache entries are then
 * ignored instead of being imported.
 */
export const CACHE_FORMAT = 5;

/** One local file the compiled module was built from. */
export interface CachedInput {
	path: string;
	size: number;
	mtimeMs: number;
	sha256: string;
}

/** What the cache knows about one extension entry file. */
export interface CacheManifest {
	format: number;
	entry: string;
	/** File name of the compiled module inside the cache folder. */
	output: string;
	inputs: CachedInput[];
	/** Absolute paths of files outside the extension (its node_modules dependencies) that the output imports. */
	externals: string[];
}

/** The SHA-256 of a text or buffer, hex. */
export function sha256(data: string | Buffer): string {
	return createHash("sha256").update(data).digest("hex");
}

/** The manifest file of an entry path. */
export function manifestPath(cacheDir: string, entry: string): string {
	return join(cacheDir, `${sha256(`${CACHE_FORMAT}\0${entry}`).slice(0, 24)}.json`);
}

/** Writes a file atomically: a unique temporary name in the same folder, then a rename over the target. */
export function writeFileAtomic(path: string, data: string): void {
	const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
	writeFileSync(temporary, data);
	try {
		renameSync(temporary, path);
	} catch (error) {
		try {
			unlinkSync(temporary);
		} catch {}
		throw error;
	}
}

/** Describes an input file as it is now. */
export function describeInput(path: string): CachedInput {
	const content = readFileSync(path);
	const stat = statSync(path);
	return { path, size: stat.size, mtimeMs: stat.mtimeMs, sha256: sha256(content) };
}

/**
 * Whether an input is unchanged: same size and mtime, or (a touched file) the same content, in which case `input`
 * takes the new mtime and `touched` is called.
 */
function inputUnchanged(input: CachedInput, touched: () => void): boolean {
	try {
		const stat = statSync(input.path);
		if (stat.size !== input.size) return false;
		if (stat.mtimeMs === input.mtimeMs) return true;
		if (sha256(readFileSync(input.path)) !== input.sha256) return false;
		input.mtimeMs = stat.mtimeMs;
		touched();
		return true;
	} catch {
		return false;
	}
}

function exists(path: string): boolean {
	return statSync(path, { throwIfNoEntry: false }) !== undefined;
}

/**
 * The cached compiled module of `entry`, as an absolute path, when its manifest is current: same format, every input
 * unchanged, every external still present. `undefined` means compile.
 */
export function findCached(cacheDir: string, entry: string): string | undefined {
	let manifest: CacheManifest;
	try {
		manifest = JSON.parse(readFileSync(manifestPath(cacheDir, entry), "utf8")) as CacheManifest;
	} catch {
		return undefined;
	}
	if (manifest.format !== CACHE_FORMAT || manifest.entry !== entry) return undefined;
	const output = join(cacheDir, manifest.output);
	let touched = false;
	const unchanged = manifest.inputs.every((input) => inputUnchanged(input, () => (touched = true)));
	if (!unchanged || !manifest.externals.every(exists) || !exists(output)) return undefined;
	if (touched) {
		// Record the new mtimes so that the next start compares by stat only again.
		try {
			writeFileAtomic(manifestPath(cacheDir, entry), `${JSON.stringify(manifest, null, "\t")}\n`);
		} catch {}
	}
	return output;
}

/** The output file name for a compiled module: the hash of the entry and every input's content. */
export function outputName(entry: string, inputs: readonly CachedInput[]): string {
	const key = [String(CACHE_FORMAT), entry, ...inputs.map((input) => `${input.path}\0${input.sha256}`)].join("\n");
	return `${sha256(key).slice(0, 32)}.mjs`;
}

/**
 * Stores a compiled module and its manifest; returns the module's absolute path. The module is written before the
 * manifest that names it, and the entry's previous module is removed (best effort: another pi may still hold it).
 */
export function storeCompiled(
	cacheDir: string,
	manifest: Omit<CacheManifest, "format" | "output">,
	code: string,
): string {
	mkdirSync(cacheDir, { recursive: true });
	const name = outputName(manifest.entry, manifest.inputs);
	const output = join(cacheDir, name);
	const path = manifestPath(cacheDir, manifest.entry);
	let previous: string | undefined;
	try {
		previous = (JSON.parse(readFileSync(path, "utf8")) as CacheManifest).output;
	} catch {}
	writeFileAtomic(output, code);
	writeFileAtomic(path, `${JSON.stringify({ format: CACHE_FORMAT, output: name, ...manifest }, null, "\t")}\n`);
	if (previous && previous !== name) {
		try {
			unlinkSync(join(cacheDir, previous));
		} catch {}
	}
	return output;
}

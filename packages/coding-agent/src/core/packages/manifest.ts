/**
 * The resources a package offers: what its `package.json` lists under `pi` (`extensions`, `skills`, `prompts`,
 * `themes`: files, folders, globs, `!exclusions`, relative to the package root), or, without a `pi` key, the
 * conventional folders `extensions/`, `skills/`, `prompts/`, `themes/`. A file given as a package is one extension.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { isPlainObject } from "../config/json-path.js";
import { extensionsInDirectory, folderEntries } from "../extensions/discovery.js";
import { expandResourceEntries, isDirectory, isFile } from "../resources/resource-paths.js";
import { findSkillFiles } from "../resources/skills.js";
import { packageTexts } from "./texts.js";

/** The resource kinds a package can hold, in load order. */
export const RESOURCE_KINDS = ["extensions", "skills", "prompts", "themes"] as const;
export type PackageResourceKind = (typeof RESOURCE_KINDS)[number];

/** Absolute resource file paths of each kind. */
export type PackageFiles = Record<PackageResourceKind, string[]>;

/** The `pi` key of a package.json, per kind (undefined: not declared). */
export type PiManifest = Partial<Record<PackageResourceKind, string[]>>;

/** A package.json that cannot be read as a package manifest. */
export class ManifestError extends Error {
	constructor(message: string) {
		super(message);
		this.name = "ManifestError";
	}
}

const GLOB = /[*?[{]/;

/**
 * The `pi` key of `<root>/package.json`: undefined without a package.json or without a `pi` key. Throws
 * {@link ManifestError} for a package.json that is not JSON or a `pi` key of the wrong shape.
 */
export function readPiManifest(root: string): PiManifest | undefined {
	const file = join(root, "package.json");
	let text: string;
	try {
		text = readFileSync(file, "utf8");
	} catch {
		return undefined;
	}
	let json: unknown;
	try {
		json = JSON.parse(text.replace(/^\uFEFF/, ""));
	} catch (error) {
		throw new ManifestError(packageTexts.brokenManifest(file, (error as Error).message));
	}
	if (!isPlainObject(json) || json.pi === undefined) return undefined;
	const pi = json.pi;
	if (!isPlainObject(pi)) throw new ManifestError(packageTexts.brokenManifest(file, `"pi" must be an object`));
	const manifest: PiManifest = {};
	for (const kind of RESOURCE_KINDS) {
		const value = pi[kind];
		if (value === undefined) continue;
		const list = typeof value === "string" ? [value] : value;
		if (!Array.isArray(list) || !list.every((entry) => typeof entry === "string")) {
			throw new ManifestError(
				packageTexts.brokenManifest(file, `"pi.${kind}" must be a string or an array of strings`),
			);
		}
		manifest[kind] = list;
	}
	return manifest;
}

function filesWithSuffix(dir: string, suffix: string): string[] {
	try {
		return readdirSync(dir, { withFileTypes: true })
			.filter((entry) => entry.isFile() && entry.name.endsWith(suffix) && !entry.name.startsWith("."))
			.map((entry) => join(dir, entry.name))
			.sort();
	} catch {
		return [];
	}
}

/** The resource files of `kind` a file or folder path stands for. */
function filesAt(kind: PackageResourceKind, path: string): string[] {
	if (!isDirectory(path)) return isFile(path) ? [path] : [];
	switch (kind) {
		case "extensions":
			return folderEntries(path) ?? extensionsInDirectory(path);
		case "skills":
			return isFile(join(path, "SKILL.md")) ? [join(path, "SKILL.md")] : findSkillFiles(path);
		case "prompts":
			return filesWithSuffix(path, ".md");
		case "themes":
			return filesWithSuffix(path, ".json");
	}
}

/**
 * The files a manifest list stands for: each entry (a path or glob relative to `root`) expanded, folders turned
 * into their resource files, `!pattern` entries removing matches. `+path`/`-path` entries are filters, applied by
 * the caller. Entries naming a missing path are returned in `missing`.
 */
function manifestFiles(kind: PackageResourceKind, root: string, entries: readonly string[], missing: string[]) {
	const patterns = entries.filter((entry) => !entry.startsWith("+") && !entry.startsWith("-"));
	for (const entry of patterns) {
		if (
			!entry.startsWith("!") &&
			!GLOB.test(entry) &&
			!isDirectory(resolve(root, entry)) &&
			!isFile(resolve(root, entry))
		)
			missing.push(entry);
	}
	const excludes = patterns.filter((entry) => entry.startsWith("!"));
	const paths = expandResourceEntries({ patterns, baseDir: root });
	const files = paths.flatMap((path) => filesAt(kind, path));
	// An exclusion also removes files found inside an included folder.
	const kept =
		excludes.length > 0 ? expandResourceEntries({ patterns: [...files, ...excludes], baseDir: root }) : files;
	return [...new Set(kept)];
}

/** What {@link readPackageFiles} found. */
export interface PackageContents {
	files: PackageFiles;
	/** The manifest, if the package has one (its `+`/`-` entries still apply as filters). */
	manifest?: PiManifest;
	/** Manifest entries that name nothing on disk, by kind. */
	missing: { kind: PackageResourceKind; entry: string }[];
}

/** Every resource file a package root (folder or single file) offers. Throws {@link ManifestError}. */
export function readPackageFiles(root: string): PackageContents {
	const files: PackageFiles = { extensions: [], skills: [], prompts: [], themes: [] };
	if (isFile(root)) {
		files.extensions.push(root);
		return { files, missing: [] };
	}
	const manifest = readPiManifest(root);
	const missing: PackageContents["missing"] = [];
	for (const kind of RESOURCE_KINDS) {
		if (manifest) {
			const entries = manifest[kind];
			if (!entries) continue;
			const lost: string[] = [];
			files[kind] = manifestFiles(kind, root, entries, lost);
			for (const entry of lost) missing.push({ kind, entry });
		} else {
			const dir = join(root, kind);
			if (isDirectory(dir)) files[kind] = filesAt(kind, dir);
		}
	}
	return { files, manifest, missing };
}

/** Whether a package offers nothing at all. */
export function isEmpty(files: PackageFiles): boolean {
	return RESOURCE_KINDS.every((kind) => files[kind].length === 0);
}

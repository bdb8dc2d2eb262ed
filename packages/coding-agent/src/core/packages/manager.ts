/**
 * `pi install`, `pi remove`, `pi update` and `pi list` as operations: settings are written only after the package
 * is on disk and offers resources, and a failed install puts the disk back, so a failure leaves settings.json and
 * the existing packages as they were.
 */
import { existsSync } from "node:fs";
import { readJsonFile } from "../config/atomic-json.js";
import { isPlainObject } from "../config/json-path.js";
import { resolveUserPath } from "../config/paths.js";
import {
	entryIdentity,
	type PackageEntry,
	readScopeEntries,
	sourceForSettings,
	updateScopePackages,
} from "./configured.js";
import {
	cloneGit,
	installedVersion,
	installNpm,
	type NpmSetup,
	type NpmSnapshot,
	npmSetup,
	removeGitClone,
	restoreNpm,
	uninstallNpm,
	updateGit,
} from "./installer.js";
import { gitPackagePath, type PackageScope, packagePath, type ScopeLayout, scopeLayout } from "./layout.js";
import { isEmpty, readPackageFiles } from "./manifest.js";
import { type ParsedSource, parseCommandLineSource, parseSource, sourceIdentity } from "./source.js";
import { packageTexts } from "./texts.js";

/** What the package operations run with. */
export interface PackageManagerOptions {
	cwd: string;
	agentDir: string;
	/** The `npmCommand` setting. */
	npmCommand?: readonly string[];
	/** Environment for npm and git (default: this process's). */
	env?: NodeJS.ProcessEnv;
	/** Progress lines for the user. */
	log?: (line: string) => void;
}

/** A configured package with where it is installed. */
export interface ListedPackage extends PackageEntry {
	/** Where its files are (or would be after `pi install`). */
	path?: string;
	installed: boolean;
}

function scopeOf(local: boolean | undefined): PackageScope {
	return local ? "project" : "user";
}

/** Throws before anything is installed when the settings file could not be written back. */
function checkSettingsWritable(layout: ScopeLayout): void {
	const read = readJsonFile(layout.settingsFile);
	if (read.status === "invalid") throw new Error(packageTexts.settingsInvalid(layout.settingsFile, read.error));
	if (read.status === "ok" && !isPlainObject(read.value)) {
		throw new Error(packageTexts.settingsInvalid(layout.settingsFile, "not a JSON object"));
	}
}

/** Checks an installed package offers resources and has a readable manifest; throws the user-facing error. */
function checkPackage(source: string, root: string): void {
	const contents = readPackageFiles(root);
	if (isEmpty(contents.files)) throw new Error(packageTexts.noResources(source, root));
}

/** The entry of `layout`'s settings with the same identity as `parsed`, if any. */
function findEntry(layout: ScopeLayout, identity: string): PackageEntry | undefined {
	return readScopeEntries(layout).find((entry) => entryIdentity(entry.source, layout) === identity);
}

/** Identity of a source typed on the command line (local paths are relative to the working directory). */
function typedIdentity(parsed: ParsedSource, cwd: string): string {
	return sourceIdentity(parsed, cwd);
}

/** `pi install <source> [-l]`. */
export async function installPackage(
	sourceText: string,
	options: PackageManagerOptions & { local?: boolean },
): Promise<void> {
	const log = options.log ?? (() => {});
	const parsed = parseCommandLineSource(sourceText, options.cwd);
	const layout = scopeLayout(scopeOf(options.local), options.cwd, options.agentDir);
	checkSettingsWritable(layout);
	const npm = npmSetup(options.npmCommand, options.env);
	const identity = typedIdentity(parsed, options.cwd);
	const settingsSource = sourceForSettings(parsed, layout, options.cwd);
	const existing = findEntry(layout, identity);
	const target = parsed.kind === "local" ? resolveUserPath(parsed.path, options.cwd) : packagePath(layout, parsed);
	if (existing && existing.source === settingsSource && existsSync(target)) {
		log(packageTexts.alreadyInstalled(settingsSource, layout.scope));
		return;
	}

	log(packageTexts.installing(sourceText));
	let undo: () => void = () => {};
	if (parsed.kind === "npm") {
		const snapshot: NpmSnapshot = await installNpm(layout, parsed, npm);
		undo = () => restoreNpm(snapshot);
	} else if (parsed.kind === "git") {
		const dir = gitPackagePath(layout, parsed);
		if (existsSync(dir)) {
			await updateGit(dir, parsed, npm);
		} else {
			await cloneGit(layout, parsed, npm);
			undo = () => removeGitClone(layout, dir);
		}
	}
	try {
		checkPackage(settingsSource, target);
		updateScopePackages(layout, (packages) => {
			const index = packages.findIndex((item) => entryIdentity(item, layout) === identity);
			if (index < 0) return [...packages, settingsSource];
			const item = packages[index];
			packages[index] = isPlainObject(item) ? { ...item, source: settingsSource } : settingsSource;
			return packages;
		});
	} catch (error) {
		undo();
		throw error;
	}
	log(packageTexts.installed(sourceText, layout.scope));
}

/** `pi remove <source> [-l]`: removes the files (npm uninstall, the clone) and then the settings entry. */
export async function removePackage(
	sourceText: string,
	options: PackageManagerOptions & { local?: boolean },
): Promise<void> {
	const log = options.log ?? (() => {});
	const parsed = parseSource(sourceText);
	const layout = scopeLayout(scopeOf(options.local), options.cwd, options.agentDir);
	const identity = typedIdentity(parsed, options.cwd);
	// A local path may be typed as in settings (relative to the settings folder) or relative to the working folder.
	const identities = new Set([identity, sourceIdentity(parsed, layout.baseDir)]);
	const entry = readScopeEntries(layout).find((item) => identities.has(entryIdentity(item.source, layout) ?? ""));
	if (!entry) {
		const other = scopeLayout(scopeOf(!options.local), options.cwd, options.agentDir);
		const elsewhere = readScopeEntries(other).find((item) => entryIdentity(item.source, other) === identity);
		if (elsewhere && !options.local) throw new Error(packageTexts.notConfiguredHint(sourceText, elsewhere.source));
		throw new Error(packageTexts.notConfigured(sourceText, layout.scope));
	}
	checkSettingsWritable(layout);
	log(packageTexts.removing(entry.source));
	const configured = parseSource(entry.source);
	const npm = npmSetup(options.npmCommand, options.env);
	if (configured.kind === "npm") {
		await uninstallNpm(layout, configured, npm);
	} else if (configured.kind === "git") {
		removeGitClone(layout, gitPackagePath(layout, configured));
	}
	const entryId = entryIdentity(entry.source, layout);
	updateScopePackages(layout, (packages) => packages.filter((item) => entryIdentity(item, layout) !== entryId));
	log(packageTexts.removed(entry.source, layout.scope));
}

/** `pi update [source]`: unpinned npm and git packages of both scopes (or the one named) to their newest version. */
export async function updatePackages(sourceText: string | undefined, options: PackageManagerOptions): Promise<void> {
	const log = options.log ?? (() => {});
	const npm = npmSetup(options.npmCommand, options.env);
	const wanted = sourceText === undefined ? undefined : parseSource(sourceText);
	let matched = 0;
	for (const scope of ["project", "user"] as const) {
		const layout = scopeLayout(scope, options.cwd, options.agentDir);
		for (const entry of readScopeEntries(layout)) {
			const parsed = parseSource(entry.source);
			if (wanted) {
				const ids = new Set([sourceIdentity(wanted, options.cwd), sourceIdentity(wanted, layout.baseDir)]);
				if (!ids.has(sourceIdentity(parsed, layout.baseDir))) continue;
			}
			matched++;
			await updateOne(entry.source, parsed, layout, npm, log, wanted !== undefined);
		}
	}
	if (wanted && matched === 0) throw new Error(packageTexts.notConfigured(sourceText ?? "", "user or project"));
	if (!wanted && matched === 0) log(packageTexts.nothingToUpdate);
}

async function updateOne(
	source: string,
	parsed: ParsedSource,
	layout: ScopeLayout,
	npm: NpmSetup,
	log: (line: string) => void,
	named: boolean,
): Promise<void> {
	if (parsed.kind === "local") {
		if (named) log(packageTexts.localNoUpdate(source));
		return;
	}
	const path = packagePath(layout, parsed);
	if (parsed.pinned && existsSync(path)) {
		log(packageTexts.pinned(source));
		return;
	}
	log(packageTexts.updating(source));
	if (parsed.kind === "npm") {
		const before = installedVersion(path);
		// Without a version the newest is wanted, not whatever satisfies the lock file.
		const spec = parsed.version ? parsed.spec : `${parsed.name}@latest`;
		await installNpm(layout, parsed, npm, spec);
		log(before === installedVersion(path) ? packageTexts.upToDate(source) : packageTexts.updated(source));
		return;
	}
	if (!existsSync(path)) {
		await cloneGit(layout, parsed, npm);
		log(packageTexts.updated(source));
		return;
	}
	const changed = await updateGit(path, parsed, npm);
	log(changed ? packageTexts.updated(source) : packageTexts.upToDate(source));
}

/** `pi list`: the configured packages of both scopes, user first, with where they are installed. */
export function listPackages(options: Pick<PackageManagerOptions, "cwd" | "agentDir">): ListedPackage[] {
	const listed: ListedPackage[] = [];
	for (const scope of ["user", "project"] as const) {
		const layout = scopeLayout(scope, options.cwd, options.agentDir);
		for (const entry of readScopeEntries(layout)) {
			let path: string | undefined;
			try {
				path = packagePath(layout, parseSource(entry.source));
			} catch {
				path = undefined;
			}
			listed.push({ ...entry, path, installed: path !== undefined && existsSync(path) });
		}
	}
	return listed;
}

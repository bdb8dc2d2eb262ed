/**
 * The resources configured packages give a session: each package of both settings files (a project entry wins over
 * a user entry of the same package), its files per kind narrowed by the entry's filters, each tagged with its
 * package. A resource name offered by two packages loads once, with a warning naming both packages.
 */
import { realpathSync } from "node:fs";
import { entriesFrom, type PackageEntry, readAllEntries } from "./configured.js";
import { applyFilter, resourceName } from "./filters.js";
import { installedPath, npmSetup } from "./installer.js";
import { scopeLayout } from "./layout.js";
import { ManifestError, type PackageResourceKind, RESOURCE_KINDS, readPackageFiles } from "./manifest.js";
import type { PackageOrigin } from "./origin.js";
import { parseSource, sourceIdentity } from "./source.js";
import { packageTexts } from "./texts.js";

/** One resource file of a package. */
export interface PackageResource {
	path: string;
	origin: PackageOrigin;
}

/** Package resources by kind, in load order. */
export type PackageResources = Record<PackageResourceKind, PackageResource[]>;

/** What {@link resolvePackageResources} reads settings from. */
export interface PackageSettingsView {
	/** Undefined for settings that live in memory: then `packages` is read from {@link get}. */
	globalSettingsPath: string | undefined;
	get(key: "packages"): unknown;
	get(key: "npmCommand"): string[] | undefined;
}

export interface ResolvePackagesOptions {
	cwd: string;
	agentDir: string;
	settings: PackageSettingsView;
	onWarning?: (message: string) => void;
	env?: NodeJS.ProcessEnv;
	/** Packages given with `-e` for this run (see temporary.ts), loaded before the configured ones. */
	commandLine?: readonly { source: string; root: string }[];
}

const KIND_LABELS: Record<PackageResourceKind, string> = {
	extensions: "Extension",
	skills: "Skill",
	prompts: "Prompt template",
	themes: "Theme",
};

/** No packages: what a session without any gets. */
export function emptyPackageResources(): PackageResources {
	return { extensions: [], skills: [], prompts: [], themes: [] };
}

function realPath(path: string): string {
	try {
		return realpathSync(path);
	} catch {
		return path;
	}
}

/** The configured entries, each package once (the project entry when both scopes list it). */
export function configuredEntries(
	options: Pick<ResolvePackagesOptions, "cwd" | "agentDir" | "settings">,
): PackageEntry[] {
	const entries = options.settings.globalSettingsPath
		? readAllEntries(options.cwd, options.agentDir)
		: entriesFrom(options.settings.get("packages"), "user");
	const seen = new Set<string>();
	return entries.filter((entry) => {
		const layout = scopeLayout(entry.scope, options.cwd, options.agentDir);
		let identity: string;
		try {
			identity = sourceIdentity(parseSource(entry.source), layout.baseDir);
		} catch {
			return true; // reported when resolved
		}
		if (seen.has(identity)) return false;
		seen.add(identity);
		return true;
	});
}

/** A package whose folder is known, ready to be read. */
interface LocatedPackage {
	origin: PackageOrigin;
	root: string;
	filters: PackageEntry["filters"];
}

/** The configured entries with their folders; a source that does not parse is a warning. */
function locateConfigured(options: ResolvePackagesOptions, warn: (message: string) => void): LocatedPackage[] {
	const located: LocatedPackage[] = [];
	let npm: ReturnType<typeof npmSetup> | undefined;
	for (const entry of configuredEntries(options)) {
		const layout = scopeLayout(entry.scope, options.cwd, options.agentDir);
		try {
			const parsed = parseSource(entry.source);
			npm ??= npmSetup(options.settings.get("npmCommand"), options.env);
			const root = installedPath(parsed, layout, npm);
			located.push({ origin: { package: entry.source, scope: entry.scope }, root, filters: entry.filters });
		} catch (error) {
			warn((error as Error).message);
		}
	}
	return located;
}

/**
 * Resolves every package to its resources: those given with `-e` for this run first, then the configured ones.
 * Problems are warnings; they never stop pi.
 */
export function resolvePackageResources(options: ResolvePackagesOptions): PackageResources {
	const warn = options.onWarning ?? (() => {});
	const resources = emptyPackageResources();
	const packages: LocatedPackage[] = [
		...(options.commandLine ?? []).map(({ source, root }) => ({
			origin: { package: source, scope: "cli" as const },
			root,
			filters: {},
		})),
		...locateConfigured(options, warn),
	];
	const owners = new Map<string, string>();
	for (const { origin, root, filters } of packages) {
		const source = origin.package;
		let contents: ReturnType<typeof readPackageFiles>;
		try {
			contents = readPackageFiles(root);
		} catch (error) {
			if (!(error instanceof ManifestError)) throw error;
			warn(packageTexts.withPackage(error.message, source));
			continue;
		}
		if (RESOURCE_KINDS.every((kind) => contents.files[kind].length === 0) && !pathExists(root)) {
			warn(packageTexts.notInstalledOnDisk(source, origin.scope === "project"));
			continue;
		}
		for (const { kind, entry: missing } of contents.missing) {
			warn(packageTexts.missingResource(KIND_LABELS[kind].toLowerCase(), missing, source));
		}
		for (const kind of RESOURCE_KINDS) {
			// The manifest's own `+path`/`-path` entries apply first, then the settings entry's filters.
			const manifestOverrides = contents.manifest?.[kind]?.filter((p) => p.startsWith("+") || p.startsWith("-"));
			let files = contents.files[kind];
			if (manifestOverrides?.length) files = applyFilter(kind, root, files, manifestOverrides);
			files = applyFilter(kind, root, files, filters[kind]);
			for (const path of files) {
				const key = kind === "extensions" ? `${kind}:${realPath(path)}` : `${kind}:${resourceName(kind, path)}`;
				const owner = owners.get(key);
				if (owner !== undefined) {
					if (owner !== source)
						warn(packageTexts.duplicate(KIND_LABELS[kind], resourceName(kind, path), source, owner));
					continue;
				}
				owners.set(key, source);
				resources[kind].push({ path, origin });
			}
		}
	}
	return resources;
}

function pathExists(path: string): boolean {
	try {
		realpathSync(path);
		return true;
	} catch {
		return false;
	}
}

/** The package an extension file came from, for error lines. */
export function packageOfExtension(resources: PackageResources, path: string): string | undefined {
	return resources.extensions.find((resource) => resource.path === path)?.origin.package;
}

/** The theme files of installed packages (the TUI loads themes itself); warnings are left to the session's start-up. */
export function packageThemePaths(options: Omit<ResolvePackagesOptions, "onWarning">): string[] {
	return resolvePackageResources(options).themes.map((resource) => resource.path);
}

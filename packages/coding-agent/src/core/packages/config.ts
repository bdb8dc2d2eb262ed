/**
 * What `pi config` shows and changes: every resource each configured package of one scope offers, whether the
 * entry's filters let it load, and the settings change that turns one on or off (`-path` to turn off, `+path` to turn
 * on again, the entry switching between its string and object form as needed).
 */
import { relative, sep } from "node:path";
import { isPlainObject } from "../config/json-path.js";
import { entryIdentity, readScopeEntries, updateScopePackages } from "./configured.js";
import { applyFilter } from "./filters.js";
import { type PackageScope, packagePath, scopeLayout } from "./layout.js";
import { type PackageResourceKind, RESOURCE_KINDS, readPackageFiles } from "./manifest.js";
import { parseSource } from "./source.js";

/** One resource of a package as `pi config` lists it. */
export interface ConfigurableResource {
	/** The package's source as written in settings. */
	source: string;
	kind: PackageResourceKind;
	/** Path relative to the package root, `/`-separated (what `+path`/`-path` filters name). */
	relPath: string;
	enabled: boolean;
}

/** A package of the scope and its resources (or why they could not be read). */
export interface ConfigurablePackage {
	source: string;
	resources: ConfigurableResource[];
	problem?: string;
}

function toPosix(path: string): string {
	return sep === "/" ? path : path.split(sep).join("/");
}

/** The packages of `scope` with each resource they offer and whether it loads. */
export function listConfigurable(scope: PackageScope, cwd: string, agentDir: string): ConfigurablePackage[] {
	const layout = scopeLayout(scope, cwd, agentDir);
	return readScopeEntries(layout).map((entry) => {
		try {
			const root = packagePath(layout, parseSource(entry.source));
			const { files } = readPackageFiles(root);
			const resources = RESOURCE_KINDS.flatMap((kind) => {
				const enabled = new Set(applyFilter(kind, root, files[kind], entry.filters[kind]));
				return files[kind].map((file) => ({
					source: entry.source,
					kind,
					relPath: toPosix(relative(root, file)) || ".",
					enabled: enabled.has(file),
				}));
			});
			return { source: entry.source, resources };
		} catch (error) {
			return { source: entry.source, resources: [], problem: (error as Error).message };
		}
	});
}

/**
 * The filter list of one kind after turning `relPath` on or off: earlier `+`/`-` entries for the path are dropped,
 * then `-path` turns it off and, if the other patterns would still leave it off, `+path` turns it on.
 * `undefined` means "no filter" (load everything).
 */
export function toggledPatterns(
	patterns: readonly string[] | undefined,
	relPath: string,
	enable: boolean,
	isEnabledBy: (patterns: readonly string[] | undefined) => boolean,
): string[] | undefined {
	const rest = (patterns ?? []).filter((p) => p !== `+${relPath}` && p !== `-${relPath}`);
	// Nothing left but what this toggle wrote: back to no filter, unless the list was `[]` (load none) to begin with.
	const base = rest.length === 0 && patterns?.length !== 0 ? undefined : rest;
	if (!enable) return [...(base ?? []), `-${relPath}`];
	if (isEnabledBy(base)) return base;
	// From `[]`, select just this path (a lone `+path` would mean "everything, and this").
	if (base !== undefined && base.length === 0) return [relPath];
	return [...(base ?? []), `+${relPath}`];
}

/** Turns one resource of a package in `scope` on or off in that scope's settings file. */
export function setResourceEnabled(
	scope: PackageScope,
	cwd: string,
	agentDir: string,
	resource: Pick<ConfigurableResource, "source" | "kind" | "relPath">,
	enable: boolean,
): void {
	const layout = scopeLayout(scope, cwd, agentDir);
	const identity = entryIdentity(resource.source, layout);
	const root = packagePath(layout, parseSource(resource.source));
	const { files } = readPackageFiles(root);
	const file = files[resource.kind].find((path) => toPosix(relative(root, path)) === resource.relPath);
	const isEnabledBy = (patterns: readonly string[] | undefined) =>
		file !== undefined && applyFilter(resource.kind, root, files[resource.kind], patterns).includes(file);
	updateScopePackages(layout, (packages) =>
		packages.map((item) => {
			if (entryIdentity(item, layout) !== identity) return item;
			const object: Record<string, unknown> = isPlainObject(item) ? { ...item } : { source: item };
			const current = object[resource.kind];
			const patterns = Array.isArray(current) ? current.filter((p): p is string => typeof p === "string") : undefined;
			const next = toggledPatterns(patterns, resource.relPath, enable, isEnabledBy);
			if (next === undefined) delete object[resource.kind];
			else object[resource.kind] = next;
			// Without filters left, the entry goes back to its plain string form.
			return Object.keys(object).length === 1 && typeof object.source === "string" ? object.source : object;
		}),
	);
}

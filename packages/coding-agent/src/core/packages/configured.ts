/**
 * The `packages` lists of the two settings files, read and written directly (each scope separately: the merged
 * settings view would hide user packages behind a project list). Entries are a source string or an object with
 * `source` and per-kind filters; unknown keys of an object entry are kept when the file is rewritten.
 */
import { relative } from "node:path";
import { readJsonFile, updateJsonObjectFile } from "../config/atomic-json.js";
import { isPlainObject } from "../config/json-path.js";
import { resolveUserPath } from "../config/paths.js";
import { type PackageScope, type ScopeLayout, scopeLayout } from "./layout.js";
import { type PackageResourceKind, RESOURCE_KINDS } from "./manifest.js";
import { type ParsedSource, parseSource, sourceIdentity } from "./source.js";
import { packageTexts } from "./texts.js";

/** One `packages` entry of one settings file. */
export interface PackageEntry {
	source: string;
	scope: PackageScope;
	/** Per-kind filters of the object form (a kind left out loads everything). */
	filters: Partial<Record<PackageResourceKind, string[]>>;
	/** Written in the object form with at least one filter. */
	filtered: boolean;
}

/** Reads the `packages` entries of `layout`'s settings file; entries of the wrong shape are skipped. */
export function readScopeEntries(layout: ScopeLayout): PackageEntry[] {
	const read = readJsonFile(layout.settingsFile);
	if (read.status !== "ok" || !isPlainObject(read.value)) return [];
	return entriesFrom(read.value.packages, layout.scope);
}

/** The entries of a `packages` value (as in a settings file). */
export function entriesFrom(value: unknown, scope: PackageScope): PackageEntry[] {
	if (!Array.isArray(value)) return [];
	const entries: PackageEntry[] = [];
	for (const item of value) {
		if (typeof item === "string") {
			if (item.trim()) entries.push({ source: item.trim(), scope, filters: {}, filtered: false });
			continue;
		}
		if (!isPlainObject(item) || typeof item.source !== "string" || !item.source.trim()) continue;
		const filters: PackageEntry["filters"] = {};
		for (const kind of RESOURCE_KINDS) {
			const list = item[kind];
			if (Array.isArray(list)) filters[kind] = list.filter((p): p is string => typeof p === "string");
		}
		entries.push({ source: item.source.trim(), scope, filters, filtered: Object.keys(filters).length > 0 });
	}
	return entries;
}

/** Identity of a settings entry, or undefined when its source does not parse. */
export function entryIdentity(source: unknown, layout: ScopeLayout): string | undefined {
	const text = typeof source === "string" ? source : isPlainObject(source) ? source.source : undefined;
	if (typeof text !== "string") return undefined;
	try {
		return sourceIdentity(parseSource(text), layout.baseDir);
	} catch {
		return undefined;
	}
}

/**
 * How a source is written into `layout`'s settings: local paths relative to the settings folder (so a project's
 * `.pi/settings.json` stays valid for a teammate), other sources as typed.
 */
export function sourceForSettings(parsed: ParsedSource, layout: ScopeLayout, cwd: string): string {
	if (parsed.kind !== "local") return parsed.text;
	const absolute = resolveUserPath(parsed.path, cwd);
	return relative(layout.baseDir, absolute) || ".";
}

/** Applies `change` to the `packages` array of a scope's settings file; throws a user-facing Error on failure. */
export function updateScopePackages(layout: ScopeLayout, change: (packages: unknown[]) => unknown[]): void {
	const result = updateJsonObjectFile(layout.settingsFile, (raw) => {
		const current = Array.isArray(raw.packages) ? raw.packages : [];
		const next = change([...current]);
		if (next.length === 0 && raw.packages === undefined) return;
		raw.packages = next;
	});
	if (result.status === "invalid") throw new Error(packageTexts.settingsInvalid(layout.settingsFile, result.reason));
	if (result.status === "failed") throw new Error(packageTexts.settingsWriteFailed(result.message));
}

/** The configured entries of both scopes: project first (a project entry wins over a user entry of the same package). */
export function readAllEntries(cwd: string, agentDir: string): PackageEntry[] {
	return [
		...readScopeEntries(scopeLayout("project", cwd, agentDir)),
		...readScopeEntries(scopeLayout("user", cwd, agentDir)),
	];
}

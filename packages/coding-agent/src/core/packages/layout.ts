/**
 * Where packages live on disk, the same places as the original pi so existing installs are found: npm packages in
 * `<agentDir>/npm/node_modules/<name>` (user) and `<cwd>/.pi/npm/node_modules/<name>` (project), git clones in
 * `<agentDir>/git/<host>/<path>` and `<cwd>/.pi/git/<host>/<path>`. Local paths resolve against the folder of the
 * settings file that lists them.
 */
import { join, resolve, sep } from "node:path";
import { getAgentPaths, getProjectPaths, resolveUserPath } from "../config/paths.js";
import type { GitSource, NpmSource, ParsedSource } from "./source.js";

/** Which settings file a package is listed in: `~/.pi/agent/settings.json` or `<cwd>/.pi/settings.json`. */
export type PackageScope = "user" | "project";

/** The folders of one scope. */
export interface ScopeLayout {
	scope: PackageScope;
	settingsFile: string;
	/** Relative local sources in this scope's settings resolve against it. */
	baseDir: string;
	/** `npm install --prefix` folder. */
	npmRoot: string;
	gitRoot: string;
}

/** The folders of `scope`. */
export function scopeLayout(scope: PackageScope, cwd: string, agentDir: string): ScopeLayout {
	if (scope === "user") {
		return {
			scope,
			settingsFile: getAgentPaths(agentDir).settings,
			baseDir: agentDir,
			npmRoot: join(agentDir, "npm"),
			gitRoot: join(agentDir, "git"),
		};
	}
	const project = getProjectPaths(cwd);
	const piDir = join(cwd, ".pi");
	return {
		scope,
		settingsFile: project.settings,
		baseDir: piDir,
		npmRoot: join(piDir, "npm"),
		gitRoot: join(piDir, "git"),
	};
}

/** Folder of an npm package installed in `layout`. */
export function npmPackagePath(layout: ScopeLayout, source: NpmSource): string {
	return join(layout.npmRoot, "node_modules", ...source.name.split("/"));
}

/** Folder a git source is cloned into; never outside the scope's git root (the parser rejects `..`). */
export function gitPackagePath(layout: ScopeLayout, source: GitSource): string {
	const path = resolve(layout.gitRoot, source.host, ...source.path.split("/"));
	if (!path.startsWith(`${resolve(layout.gitRoot)}${sep}`)) throw new Error(`Refusing to use ${path}`);
	return path;
}

/** Where a source's files are (npm: the managed folder; the legacy global npm folder is looked up elsewhere). */
export function packagePath(layout: ScopeLayout, source: ParsedSource): string {
	switch (source.kind) {
		case "npm":
			return npmPackagePath(layout, source);
		case "git":
			return gitPackagePath(layout, source);
		case "local":
			return resolveUserPath(source.path, layout.baseDir);
	}
}

/**
 * At start-up, installs the npm and git packages settings list but the disk lacks (a teammate's project settings, a
 * settings file copied to another machine), as the original pi does. Settings are not touched; a failure is a
 * warning and pi starts without that package.
 */
import { existsSync } from "node:fs";
import { cloneGit, installedPath, installNpm, npmSetup } from "./installer.js";
import { scopeLayout } from "./layout.js";
import { configuredEntries, type ResolvePackagesOptions } from "./resolve.js";
import { parseSource } from "./source.js";
import { packageTexts } from "./texts.js";

/** Installs every configured npm/git package that is not on disk; reports each through `onWarning`. */
export async function installMissingPackages(options: ResolvePackagesOptions): Promise<void> {
	const warn = options.onWarning ?? (() => {});
	const entries = configuredEntries(options);
	if (entries.length === 0) return;
	let npm: ReturnType<typeof npmSetup> | undefined;
	for (const entry of entries) {
		const layout = scopeLayout(entry.scope, options.cwd, options.agentDir);
		try {
			const parsed = parseSource(entry.source);
			if (parsed.kind === "local") continue;
			npm ??= npmSetup(options.settings.get("npmCommand"), options.env);
			if (existsSync(installedPath(parsed, layout, npm))) continue;
			if (parsed.kind === "npm") await installNpm(layout, parsed, npm);
			else await cloneGit(layout, parsed, npm);
			warn(packageTexts.autoInstalled(entry.source, entry.scope));
		} catch (error) {
			warn(packageTexts.autoInstallFailed(entry.source, entry.scope, (error as Error).message));
		}
	}
}

/**
 * The extensions of a `pi auth` command: the same ones a session would load (`-e` paths, `.pi/extensions`, the agent
 * dir, settings entries, installed packages; `--no-extensions` keeps only `-e`), loaded without a session so that
 * providers they register (with their sign-ins, `pi.registerProvider(name, { oauth })`) can be logged in to,
 * checked and refreshed. Imported only when there is an extension to load.
 */
import type { ModelRegistry } from "../core/config/model-registry.js";
import { SettingsManager } from "../core/config/settings.js";
import {
	ExtensionHost,
	extensionCacheDir,
	extensionTexts,
	findExtensions,
	loadExtensions,
} from "../core/extensions/index.js";
import { packageOfExtension, resolvePackageResources } from "../core/packages/resolve.js";

export interface AuthExtensionsOptions {
	cwd: string;
	agentDir: string;
	env: NodeJS.ProcessEnv;
	/** `-e` paths (relative to `cwd`). */
	paths: readonly string[];
	/** `--no-extensions`. */
	noDiscovery: boolean;
	/** Receives load errors and warnings (stderr). */
	warn: (message: string) => void;
}

/** Loads the extensions and applies the providers they register to `registry`. */
export async function loadAuthExtensions(registry: ModelRegistry, options: AuthExtensionsOptions): Promise<void> {
	const { cwd, agentDir, warn } = options;
	const settings = SettingsManager.create({ agentDir, cwd, onWarning: warn });
	const packages = options.noDiscovery
		? undefined
		: resolvePackageResources({ cwd, agentDir, settings, onWarning: warn, env: options.env });
	const sources = findExtensions({
		cwd,
		agentDir,
		cliPaths: options.paths,
		settingsEntries: settings.getResourceEntries("extensions"),
		noDiscovery: options.noDiscovery,
		packageSources: packages?.extensions ?? [],
	});
	if (sources.length === 0) return;
	const host = new ExtensionHost({
		cwd,
		onError: (error) => warn(extensionTexts.errorLine(error.extensionPath, error.error)),
		packageOf: (path) => (packages ? packageOfExtension(packages, path) : undefined),
	});
	await loadExtensions(host, sources, cwd, { cacheDir: extensionCacheDir(agentDir), onWarning: warn });
	host.bindModelRegistry(registry);
}

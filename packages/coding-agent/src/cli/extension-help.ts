/**
 * `pi --help` with extensions: the flags extensions register (`pi.registerFlag`) are listed after pi's own, so
 * they can be discovered like built-in ones. Extensions are found and loaded as a session would load them; a
 * failing extension is left out silently (the help text is no place for its error).
 */
import { SettingsManager } from "../core/config/settings.js";
import { findExtensions } from "../core/extensions/discovery.js";
import { extensionCacheDir } from "../core/extensions/loading/import-extension.js";
import { resolvePackageResources } from "../core/packages/resolve.js";
import { isPackageSourceArgument } from "../core/packages/temporary.js";
import type { CliArgs } from "./args.js";

/** The "Extension flags" section (empty when no loaded extension registers a flag). */
export async function extensionFlagsHelp(
	args: Pick<CliArgs, "extensions" | "noExtensions">,
	cwd: string,
	agentDir: string,
): Promise<string> {
	const settings = SettingsManager.create({ agentDir, cwd, onWarning: () => {} });
	const sources = findExtensions({
		cwd,
		agentDir,
		// `-e npm:…` packages are fetched by a session, not by --help.
		cliPaths: args.extensions.filter((path) => !isPackageSourceArgument(path)),
		settingsEntries: settings.getResourceEntries("extensions"),
		noDiscovery: args.noExtensions,
		packageSources: resolvePackageResources({ cwd, agentDir, settings }).extensions,
	});
	if (sources.length === 0) return "";
	// The host and the loader (with the session code they bring) load only when there is something to load.
	const [{ ExtensionHost }, { loadExtensions }] = await Promise.all([
		import("../core/extensions/host.js"),
		import("../core/extensions/loader.js"),
	]);
	const host = new ExtensionHost({ cwd, onError: () => {} });
	await loadExtensions(host, sources, cwd, { cacheDir: extensionCacheDir(agentDir) });
	const flags = [...host.getFlags()];
	if (flags.length === 0) return "";
	const labels = flags.map(([name, flag]) => (flag.type === "string" ? `--${name} <value>` : `--${name}`));
	const width = Math.max(...labels.map((label) => label.length)) + 2;
	const lines = flags.map(([, flag], index) => `  ${labels[index]!.padEnd(width)}${flag.description ?? ""}`.trimEnd());
	return ["Extension flags:", ...lines, ""].join("\n");
}

/**
 * `pi -e npm:<name>`, `-e git:<host>/<path>`, `-e https://…`: a package tried for one run, never written to settings.
 * It is installed into `<agentDir>/tmp/packages/` (npm and git folders laid out as for user packages) the first time
 * and reused after that, so trying it again starts without the network.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { cloneGit, installNpm, npmSetup } from "./installer.js";
import { packagePath, type ScopeLayout } from "./layout.js";
import type { PackageSettingsView } from "./resolve.js";
import { parseSource } from "./source.js";
import { packageTexts } from "./texts.js";

/** Whether an `-e` argument names a package to fetch rather than a file or folder. */
export function isPackageSourceArgument(text: string): boolean {
	return /^(?:npm:|git:|https?:\/\/|ssh:\/\/|git:\/\/)/.test(text.trim());
}

/** The folders of packages tried with `-e` (their `scope` is only used for path arithmetic). */
export function temporaryLayout(agentDir: string): ScopeLayout {
	const root = join(agentDir, "tmp", "packages");
	return { scope: "user", settingsFile: "", baseDir: agentDir, npmRoot: join(root, "npm"), gitRoot: join(root, "git") };
}

export interface CommandLinePackageOptions {
	agentDir: string;
	settings: Pick<PackageSettingsView, "get">;
	env?: NodeJS.ProcessEnv;
	onWarning?: (message: string) => void;
}

/** Installs (when missing) the packages given with `-e` and returns their folders; a failure is a warning. */
export async function prepareCommandLinePackages(
	sources: readonly string[],
	options: CommandLinePackageOptions,
): Promise<{ source: string; root: string }[]> {
	const warn = options.onWarning ?? (() => {});
	const layout = temporaryLayout(options.agentDir);
	const prepared: { source: string; root: string }[] = [];
	for (const source of sources) {
		try {
			const parsed = parseSource(source);
			const root = packagePath(layout, parsed);
			if (!existsSync(root)) {
				const npm = npmSetup(options.settings.get("npmCommand"), options.env);
				if (parsed.kind === "npm") await installNpm(layout, parsed, npm);
				else if (parsed.kind === "git") await cloneGit(layout, parsed, npm);
			}
			prepared.push({ source, root });
		} catch (error) {
			warn(packageTexts.commandLineFailed(source, (error as Error).message));
		}
	}
	return prepared;
}

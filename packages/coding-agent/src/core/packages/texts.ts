/** Every user-visible text of pi packages (install, remove, update, list, loading), kept together for tests and docs. */
export const packageTexts = {
	unknownSource: (source: string) =>
		`Unknown package source "${source}": use npm:<name>[@<version>], git:<host>/<path>[@<ref>], an https:// or ssh:// git URL, or the path of an existing file or folder`,
	emptySource: "No package source given. Usage: pi install <source> [-l]",
	invalidNpmName: (source: string, name: string) =>
		`Invalid npm package name "${name}" in "${source}" (npm names are lowercase, optionally @scope/name)`,
	invalidGitSource: (source: string) =>
		`Invalid git source "${source}": expected <host>/<user>/<repo>[@<ref>], git@<host>:<user>/<repo>, or an https:// or ssh:// URL`,
	localMissing: (path: string) => `Path does not exist: ${path}`,
	brokenManifest: (file: string, reason: string) => `Broken package manifest ${file}: ${reason}`,
	noResources: (source: string, root: string) =>
		`Package ${source} has no resources: ${root} has no "pi" key in package.json (extensions, skills, prompts, themes) and none of the folders extensions/, skills/, prompts/, themes/`,
	commandFailed: (command: string, code: number | null, output: string) =>
		`${command} failed${code === null ? "" : ` (exit code ${code})`}${output ? `:\n${output}` : ""}`,
	commandMissing: (command: string) => `Could not run ${command}: command not found`,
	settingsInvalid: (file: string, reason: string) =>
		`Cannot update ${file}: it is not valid (${reason}); fix it first. Nothing was changed.`,
	settingsWriteFailed: (message: string) => `${message}. Nothing was changed.`,
	notInstalledOnDisk: (source: string, local: boolean) =>
		`Package ${source} is listed in settings but not installed: run "pi install ${source}${local ? " -l" : ""}"`,
	notConfigured: (source: string, scope: string) => `No package ${source} in ${scope} settings`,
	notConfiguredHint: (source: string, other: string) =>
		`No package ${source} in user settings; it is in project settings: run "pi remove ${other} -l"`,
	installing: (source: string) => `Installing ${source}...`,
	installed: (source: string, scope: string) => `Installed ${source} (${scope})`,
	alreadyInstalled: (source: string, scope: string) => `${source} is already installed (${scope})`,
	removing: (source: string) => `Removing ${source}...`,
	removed: (source: string, scope: string) => `Removed ${source} (${scope})`,
	updating: (source: string) => `Updating ${source}...`,
	updated: (source: string) => `Updated ${source}`,
	upToDate: (source: string) => `${source} is up to date`,
	pinned: (source: string) => `${source} is pinned; skipped (install another version with pi install)`,
	localNoUpdate: (source: string) => `${source} is a local path; nothing to update`,
	nothingToUpdate: "No packages to update",
	noPackages: "No packages installed. Install one with: pi install <source>",
	selfUpdate: "pi cannot update itself: update it with the package manager you installed it with",
	duplicate: (kind: string, name: string, loser: string, winner: string) =>
		`${kind} "${name}" from package ${loser} skipped: package ${winner} already provides it`,
	missingResource: (kind: string, path: string, source: string) =>
		`Package ${source}: ${kind} path ${path} does not exist`,
	autoInstalled: (source: string, scope: string) => `Installed missing package ${source} (${scope} settings)`,
	autoInstallFailed: (source: string, scope: string, message: string) =>
		`Could not install missing package ${source} (${scope} settings): ${message}`,
	commandLineFailed: (source: string, message: string) => `Could not load package ${source} given with -e: ${message}`,
	withPackage: (message: string, source: string) => `${message} (package ${source})`,
	invalidNpmCommand: "Invalid npmCommand setting: its first entry must be a command",
} as const;

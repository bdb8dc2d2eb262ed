/**
 * The disk side of packages: `npm install/uninstall --prefix <scope npm folder>` with the user's npm (or the
 * `npmCommand` setting), `git clone/fetch/reset` with the user's git, and undoing an install that did not work out.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve, sep } from "node:path";
import { gitPackagePath, npmPackagePath, packagePath, type ScopeLayout } from "./layout.js";
import { type CommandLine, runCommand } from "./run.js";
import type { GitSource, NpmSource, ParsedSource } from "./source.js";
import { packageTexts } from "./texts.js";

/** How npm is run: the `npmCommand` setting (argv form) or plain `npm`. */
export interface NpmSetup {
	line: CommandLine;
	/** The `npmCommand` setting was given (a wrapper or another package manager: only plain arguments are added). */
	custom: boolean;
	env?: NodeJS.ProcessEnv;
}

/** The npm command line from the `npmCommand` setting. */
export function npmSetup(npmCommand: readonly string[] | undefined, env?: NodeJS.ProcessEnv): NpmSetup {
	if (!npmCommand || npmCommand.length === 0) return { line: { command: "npm", args: [] }, custom: false, env };
	const [command, ...args] = npmCommand;
	if (!command) throw new Error(packageTexts.invalidNpmCommand);
	return { line: { command, args }, custom: true, env };
}

/** Whether the command finally run is npm itself (and takes npm's flags). */
function runsNpm(npm: NpmSetup): boolean {
	const parts = [npm.line.command, ...npm.line.args];
	const separator = parts.lastIndexOf("--");
	const tool = separator >= 0 ? parts[separator + 1] : npm.line.command;
	return !!tool && basename(tool).replace(/\.(cmd|exe)$/i, "") === "npm";
}

/**
 * npm's arguments for installing `specs` into `root`. Peer dependencies are not installed: a package's
 * peerDependencies on pi itself are satisfied by the running pi.
 */
export function npmInstallArgs(npm: NpmSetup, specs: readonly string[], root: string): string[] {
	const args = ["install", ...specs, "--prefix", root];
	if (runsNpm(npm)) args.push("--legacy-peer-deps", "--no-audit", "--no-fund");
	return args;
}

/** A scope's npm folder as its own npm project, so `--prefix` installs land in it. */
function ensureNpmRoot(root: string): void {
	mkdirSync(root, { recursive: true });
	const manifest = join(root, "package.json");
	if (!existsSync(manifest))
		writeFileSync(manifest, `${JSON.stringify({ name: "pi-packages", private: true }, null, 2)}\n`);
	const ignore = join(root, ".gitignore");
	if (!existsSync(ignore)) writeFileSync(ignore, "*\n");
}

/** The npm folder's files before an install, to put back if the install is undone. */
export interface NpmSnapshot {
	root: string;
	files: Map<string, Buffer | undefined>;
	packageDir: string;
	packageExisted: boolean;
	rootExisted: boolean;
}

function snapshotNpm(layout: ScopeLayout, source: NpmSource): NpmSnapshot {
	const files = new Map<string, Buffer | undefined>();
	for (const name of ["package.json", "package-lock.json", ".gitignore"]) {
		const path = join(layout.npmRoot, name);
		files.set(path, existsSync(path) ? readFileSync(path) : undefined);
	}
	const packageDir = npmPackagePath(layout, source);
	return {
		root: layout.npmRoot,
		files,
		packageDir,
		packageExisted: existsSync(packageDir),
		rootExisted: existsSync(layout.npmRoot),
	};
}

/** Puts the npm folder back as the snapshot found it (best effort: npm may have touched other dependencies). */
export function restoreNpm(snapshot: NpmSnapshot): void {
	if (!snapshot.rootExisted) {
		rmSync(snapshot.root, { recursive: true, force: true });
		return;
	}
	for (const [path, content] of snapshot.files) {
		if (content === undefined) rmSync(path, { force: true });
		else writeFileSync(path, content);
	}
	if (!snapshot.packageExisted) rmSync(snapshot.packageDir, { recursive: true, force: true });
}

/** Installs an npm source into the scope's npm folder; returns the snapshot to undo it with. */
export async function installNpm(layout: ScopeLayout, source: NpmSource, npm: NpmSetup, spec = source.spec) {
	const snapshot = snapshotNpm(layout, source);
	try {
		ensureNpmRoot(layout.npmRoot);
		await runCommand(npm.line, npmInstallArgs(npm, [spec], layout.npmRoot), { env: npm.env });
	} catch (error) {
		restoreNpm(snapshot);
		throw error;
	}
	return snapshot;
}

/** Uninstalls an npm source from the scope's npm folder (or, for a user package of an older pi, the global one). */
export async function uninstallNpm(layout: ScopeLayout, source: NpmSource, npm: NpmSetup): Promise<void> {
	if (!existsSync(npmPackagePath(layout, source))) {
		// A user package an older pi installed with `npm install -g` goes the same way.
		if (layout.scope === "user" && legacyGlobalNpmPath(source, npm)) {
			await runCommand(npm.line, ["uninstall", "-g", source.name], { env: npm.env });
		}
		return;
	}
	const args = ["uninstall", source.name, "--prefix", layout.npmRoot];
	if (runsNpm(npm)) args.push("--legacy-peer-deps", "--no-audit", "--no-fund");
	await runCommand(npm.line, args, { env: npm.env });
}

/**
 * Where a user package installed by an older pi with `npm install -g` is: `npm root -g`/<name>, if it exists.
 * Runs npm, so only asked when the package is not in the managed folder.
 */
export function legacyGlobalNpmPath(source: NpmSource, npm: NpmSetup): string | undefined {
	const result = spawnSync(npm.line.command, [...npm.line.args, "root", "-g"], {
		encoding: "utf8",
		env: npm.env ?? process.env,
		shell: process.platform === "win32",
		timeout: 10_000,
	});
	if (result.status !== 0 || !result.stdout) return undefined;
	const path = join(result.stdout.trim(), ...source.name.split("/"));
	return existsSync(path) ? path : undefined;
}

/** The version in an installed package's package.json. */
export function installedVersion(dir: string): string | undefined {
	try {
		const version = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version?: unknown }).version;
		return typeof version === "string" ? version : undefined;
	} catch {
		return undefined;
	}
}

const git: CommandLine = { command: "git", args: [] };

/** Installs a clone's dependencies (plain `install` through a custom npmCommand, as the original does). */
async function installGitDependencies(dir: string, npm: NpmSetup): Promise<void> {
	if (!existsSync(join(dir, "package.json"))) return;
	const args = npm.custom ? ["install"] : ["install", "--omit=dev", "--legacy-peer-deps", "--no-audit", "--no-fund"];
	await runCommand(npm.line, args, { cwd: dir, env: npm.env });
}

/** Removes a clone and the folders it leaves empty, up to and including the scope's git folder. */
export function removeGitClone(layout: ScopeLayout, dir: string): void {
	rmSync(dir, { recursive: true, force: true });
	const root = resolve(layout.gitRoot);
	for (let parent = dirname(dir); parent === root || parent.startsWith(`${root}${sep}`); parent = dirname(parent)) {
		try {
			if (readdirSync(parent).length > 0) break;
			rmdirSync(parent);
		} catch {
			break;
		}
	}
}

/** Clones a git source (checking out its ref) and installs its dependencies; a failure leaves no clone behind. */
export async function cloneGit(layout: ScopeLayout, source: GitSource, npm: NpmSetup): Promise<string> {
	const dir = gitPackagePath(layout, source);
	mkdirSync(dirname(dir), { recursive: true });
	try {
		await runCommand(git, ["clone", "--quiet", source.repo, dir], { env: npm.env });
		if (source.ref) await runCommand(git, ["checkout", "--quiet", source.ref], { cwd: dir, env: npm.env });
		await installGitDependencies(dir, npm);
	} catch (error) {
		removeGitClone(layout, dir);
		throw error;
	}
	return dir;
}

async function head(dir: string, env?: NodeJS.ProcessEnv): Promise<string> {
	return (await runCommand(git, ["rev-parse", "HEAD"], { cwd: dir, env })).trim();
}

/**
 * Brings a clone to its ref (pinned) or to the remote branch it tracks; reinstalls dependencies when the commit
 * changed. Returns whether it changed.
 */
export async function updateGit(dir: string, source: GitSource, npm: NpmSetup): Promise<boolean> {
	const env = npm.env;
	const before = await head(dir, env);
	if (source.ref) {
		await runCommand(git, ["fetch", "--quiet", "origin", source.ref], { cwd: dir, env });
		await runCommand(git, ["checkout", "--quiet", "FETCH_HEAD"], { cwd: dir, env });
	} else {
		await runCommand(git, ["fetch", "--quiet", "origin"], { cwd: dir, env });
		let target = "@{upstream}";
		try {
			await runCommand(git, ["rev-parse", "--verify", "--quiet", target], { cwd: dir, env });
		} catch {
			// A detached clone (installed at a ref before): follow the remote's default branch.
			target = "origin/HEAD";
		}
		await runCommand(git, ["reset", "--quiet", "--hard", target], { cwd: dir, env });
	}
	const after = await head(dir, env);
	if (after === before) return false;
	await installGitDependencies(dir, npm);
	return true;
}

/** Where an entry's files are; for a user npm package also an older global install. */
export function installedPath(parsed: ParsedSource, layout: ScopeLayout, npm?: NpmSetup): string {
	const path = packagePath(layout, parsed);
	if (parsed.kind === "npm" && layout.scope === "user" && npm && !existsSync(path)) {
		return legacyGlobalNpmPath(parsed, npm) ?? path;
	}
	return path;
}

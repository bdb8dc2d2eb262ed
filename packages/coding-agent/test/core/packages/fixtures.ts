/**
 * Test fixtures for pi packages: temp folders with an agent dir and a project, package folders written from a file
 * map, and git remotes made as local bare repositories. A git remote is reached through an ordinary
 * `https://git.example.test/...` source that the child git rewrites to the bare repository (`url.<base>.insteadOf`
 * through GIT_CONFIG_* variables), so nothing touches the network.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface PackageWorld {
	root: string;
	agentDir: string;
	cwd: string;
	/** Environment for npm/git: rewrites https://git.example.test/ to the local bare repositories. */
	env: NodeJS.ProcessEnv;
	userSettings: string;
	projectSettings: string;
	cleanup(): void;
}

export const GIT_HOST = "git.example.test";

/**
 * Environment that makes git read `https://git.example.test/<path>` as the bare repository `<root>/remotes/<path>`
 * (and never prompt).
 */
export function gitRewriteEnv(root: string): NodeJS.ProcessEnv {
	return {
		GIT_CONFIG_COUNT: "1",
		GIT_CONFIG_KEY_0: `url.file://${join(root, "remotes")}/.insteadOf`,
		GIT_CONFIG_VALUE_0: `https://${GIT_HOST}/`,
		GIT_TERMINAL_PROMPT: "0",
	};
}

export function createPackageWorld(): PackageWorld {
	const root = mkdtempSync(join(tmpdir(), "pi-packages-"));
	const agentDir = join(root, "agent");
	const cwd = join(root, "project");
	mkdirSync(agentDir, { recursive: true });
	mkdirSync(join(cwd, ".pi"), { recursive: true });
	mkdirSync(join(root, "remotes"), { recursive: true });
	const env: NodeJS.ProcessEnv = { ...process.env, ...gitRewriteEnv(root) };
	return {
		root,
		agentDir,
		cwd,
		env,
		userSettings: join(agentDir, "settings.json"),
		projectSettings: join(cwd, ".pi", "settings.json"),
		cleanup: () => rmSync(root, { recursive: true, force: true }),
	};
}

/** Writes `files` (relative path → content) under `dir`. */
export function writeTree(dir: string, files: Record<string, string>): string {
	for (const [path, content] of Object.entries(files)) {
		const full = join(dir, path);
		mkdirSync(dirname(full), { recursive: true });
		writeFileSync(full, content);
	}
	return dir;
}

export function skill(name: string, description = `The ${name} skill`): string {
	return `---\nname: ${name}\ndescription: ${description}\n---\nDo ${name}.\n`;
}

export function extension(command: string): string {
	return `export default function (pi) {\n\tpi.registerCommand(${JSON.stringify(command)}, { description: "from a package", handler: async () => {} });\n}\n`;
}

function git(cwd: string, args: string[], env?: NodeJS.ProcessEnv): string {
	return execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.test", ...args], {
		cwd,
		env,
		encoding: "utf8",
		stdio: ["ignore", "pipe", "pipe"],
	});
}

/**
 * A bare repository `<root>/remotes/<path>` holding `files` as its first commit on `main`; returns the source
 * that reaches it (`https://git.example.test/<path>`) and a function that pushes another commit.
 */
export function createGitRemote(root: string, path: string, files: Record<string, string>) {
	const bare = join(root, "remotes", path);
	mkdirSync(bare, { recursive: true });
	git(bare, ["init", "--quiet", "--bare", "--initial-branch=main"]);
	const work = join(root, "work", path);
	mkdirSync(work, { recursive: true });
	git(work, ["init", "--quiet", "--initial-branch=main"]);
	git(work, ["remote", "add", "origin", bare]);
	const commit = (next: Record<string, string>, message: string) => {
		writeTree(work, next);
		git(work, ["add", "-A"]);
		git(work, ["commit", "--quiet", "-m", message]);
		git(work, ["push", "--quiet", "origin", "main"]);
		return git(work, ["rev-parse", "HEAD"]).trim();
	};
	const first = commit(files, "first");
	return {
		source: `https://${GIT_HOST}/${path}`,
		first,
		commit,
		tag: (name: string) => {
			git(work, ["tag", name]);
			git(work, ["push", "--quiet", "origin", name]);
		},
	};
}

export function readText(path: string): string | undefined {
	try {
		return readFileSync(path, "utf8");
	} catch {
		return undefined;
	}
}

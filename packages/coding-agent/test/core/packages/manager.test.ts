/**
 * pi install / remove / update with local folders, git repositories (local bare repositories reached through an
 * https source rewritten by git config) and npm (a stand-in `npm` that records its arguments), in both scopes; and
 * failures that leave settings.json and the installed packages exactly as they were.
 */
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SettingsManager } from "../../../src/core/config/settings.js";
import {
	installPackage,
	listPackages,
	removePackage,
	resolvePackageResources,
	updatePackages,
} from "../../../src/core/packages/index.js";
import {
	createGitRemote,
	createPackageWorld,
	GIT_HOST,
	type PackageWorld,
	readText,
	skill,
	writeTree,
} from "./fixtures.js";

let world: PackageWorld;
let log: string[];
beforeEach(() => {
	world = createPackageWorld();
	log = [];
});
afterEach(() => world.cleanup());

const options = (extra: { local?: boolean; npmCommand?: string[] } = {}) => ({
	cwd: world.cwd,
	agentDir: world.agentDir,
	env: world.env,
	log: (line: string) => log.push(line),
	...extra,
});

const settingsOf = (file: string) => JSON.parse(readFileSync(file, "utf8")) as { packages?: unknown[] };

/** Every file under `dir` with its content, to compare a tree before and after. */
function snapshot(dir: string): Record<string, string> {
	const out: Record<string, string> = {};
	const walk = (current: string) => {
		if (!existsSync(current)) return;
		for (const entry of readdirSync(current, { withFileTypes: true })) {
			const path = join(current, entry.name);
			if (entry.isDirectory()) walk(path);
			else out[path] = readFileSync(path, "latin1");
		}
	};
	walk(dir);
	return out;
}

describe("local packages", () => {
	it("install in both scopes writes paths relative to each settings file; list and remove find them", async () => {
		writeTree(join(world.root, "tools"), { "skills/hello/SKILL.md": skill("hello") });
		writeFileSync(world.userSettings, '{"theme":"dark"}\n');
		await installPackage("../tools", options());
		await installPackage("../tools", options({ local: true }));
		expect(settingsOf(world.userSettings)).toEqual({ theme: "dark", packages: ["../tools"] });
		expect(settingsOf(world.projectSettings)).toEqual({ packages: ["../../tools"] });
		expect(log).toEqual([
			"Installing ../tools...",
			"Installed ../tools (user)",
			"Installing ../tools...",
			"Installed ../tools (project)",
		]);

		expect(
			listPackages(options()).map(({ source, scope, installed, path }) => ({ source, scope, installed, path })),
		).toEqual([
			{ source: "../tools", scope: "user", installed: true, path: join(world.root, "tools") },
			{ source: "../../tools", scope: "project", installed: true, path: join(world.root, "tools") },
		]);

		await installPackage("../tools", options());
		expect(log.at(-1)).toBe("../tools is already installed (user)");

		await removePackage("../tools", options({ local: true }));
		expect(settingsOf(world.projectSettings)).toEqual({ packages: [] });
		expect(settingsOf(world.userSettings).packages).toEqual(["../tools"]);
		expect(existsSync(join(world.root, "tools", "skills"))).toBe(true); // a local package is never deleted
	});

	it("remove of a package that is not configured says so and changes nothing", async () => {
		writeFileSync(world.userSettings, '{ "packages": ["npm:kept"] }');
		await expect(removePackage("npm:other", options())).rejects.toThrow("No package npm:other in user settings");
		expect(readText(world.userSettings)).toBe('{ "packages": ["npm:kept"] }');
	});
});

describe("failures leave settings.json and packages byte-identical", () => {
	const before = '{\n    "packages": [ "../keep" ],\n    "theme": "light"\n}';
	beforeEach(() => {
		writeTree(join(world.root, "keep"), { "prompts/a.md": "A" });
		writeFileSync(world.userSettings, before);
	});

	async function expectUnchanged(source: string, message: string | RegExp, extra: { npmCommand?: string[] } = {}) {
		const disk = snapshot(world.agentDir);
		await expect(installPackage(source, options(extra))).rejects.toThrow(message);
		expect(readText(world.userSettings)).toBe(before);
		expect(snapshot(world.agentDir)).toEqual(disk);
	}

	it("an unknown source form", async () => {
		await expectUnchanged("pi-tools", /^Unknown package source "pi-tools"/);
	});

	it("a package with no resources", async () => {
		writeTree(join(world.root, "empty"), { "README.md": "nothing here", "package.json": '{"name":"empty"}' });
		await expectUnchanged("../empty", /^Package \.\.\/empty has no resources: /);
	});

	it("a broken manifest", async () => {
		writeTree(join(world.root, "broken"), { "package.json": '{"pi": [1, 2]}', "skills/a/SKILL.md": skill("a") });
		await expectUnchanged("../broken", /^Broken package manifest .*package\.json: "pi" must be an object$/);
	});

	it("a git clone that fails passes git's message through and leaves no clone", async () => {
		await expectUnchanged(
			`https://${GIT_HOST}/nobody/missing`,
			/^git clone --quiet https:\/\/git\.example\.test\/nobody\/missing .* failed \(exit code 128\):\n.*does not appear to be a git repository/s,
		);
		expect(existsSync(join(world.agentDir, "git"))).toBe(false);
	});

	it("a git repository without resources is cloned, found empty and removed again", async () => {
		const remote = createGitRemote(world.root, "me/empty", { "README.md": "hi" });
		await expectUnchanged(remote.source, /has no resources/);
	});

	it("npm failing passes npm's own message through", async () => {
		const npm = fakeNpm({ fail: "npm error 404 Not Found - GET https://registry.npmjs.org/nope" });
		await expectUnchanged("npm:nope", /npm error 404 Not Found - GET https:\/\/registry\.npmjs\.org\/nope/, {
			npmCommand: [npm],
		});
	});

	it("a settings file that is not valid JSON stops the install before anything is installed", async () => {
		writeFileSync(world.userSettings, "{ broken");
		writeTree(join(world.root, "tools"), { "prompts/a.md": "A" });
		await expect(installPackage("../tools", options())).rejects.toThrow(
			/it is not valid .* fix it first\. Nothing was changed\.$/,
		);
		expect(readText(world.userSettings)).toBe("{ broken");
	});
});

describe("git packages", () => {
	it("clone into <scope>/git/<host>/<path>, update pulls a new commit, remove deletes the clone", async () => {
		const remote = createGitRemote(world.root, "me/tools", { "skills/one/SKILL.md": skill("one") });
		await installPackage(remote.source, options());
		const clone = join(world.agentDir, "git", GIT_HOST, "me", "tools");
		expect(readText(join(clone, "skills", "one", "SKILL.md"))).toBe(skill("one"));
		expect(settingsOf(world.userSettings).packages).toEqual([remote.source]);

		remote.commit({ "skills/two/SKILL.md": skill("two") }, "second");
		await updatePackages(undefined, options());
		expect(readText(join(clone, "skills", "two", "SKILL.md"))).toBe(skill("two"));
		expect(log.slice(-2)).toEqual([`Updating ${remote.source}...`, `Updated ${remote.source}`]);
		await updatePackages(remote.source, options());
		expect(log.at(-1)).toBe(`${remote.source} is up to date`);

		await removePackage(remote.source, options());
		expect(existsSync(clone)).toBe(false);
		expect(existsSync(join(world.agentDir, "git"))).toBe(false); // emptied folders go with it
		expect(settingsOf(world.userSettings).packages).toEqual([]);
	});

	it("project scope clones into .pi/git; a ref pins the package so update leaves it", async () => {
		const remote = createGitRemote(world.root, "me/pinned", { "prompts/v.md": "version 1" });
		remote.tag("v1");
		remote.commit({ "prompts/v.md": "version 2" }, "second");
		await installPackage(`${remote.source}@v1`, options({ local: true }));
		const clone = join(world.cwd, ".pi", "git", GIT_HOST, "me", "pinned");
		expect(readText(join(clone, "prompts", "v.md"))).toBe("version 1");
		expect(settingsOf(world.projectSettings).packages).toEqual([`${remote.source}@v1`]);
		await updatePackages(undefined, options());
		expect(log.at(-1)).toBe(`${remote.source}@v1 is pinned; skipped (install another version with pi install)`);
		expect(readText(join(clone, "prompts", "v.md"))).toBe("version 1");
	});
});

/**
 * A stand-in `npm` (named npm, so pi adds npm's own flags) that appends its arguments to a log and, for `install`,
 * writes the package into `<prefix>/node_modules/<name>` with a prompt template.
 */
function fakeNpm(behaviour: { fail?: string } = {}): string {
	const bin = join(world.root, "bin");
	const record = join(world.root, "npm-calls.jsonl");
	const script = `#!${process.execPath}
const fs = require("node:fs"), path = require("node:path");
const args = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(record)}, JSON.stringify({ args, cwd: process.cwd() }) + "\\n");
${behaviour.fail ? `process.stderr.write(${JSON.stringify(behaviour.fail)} + "\\n"); process.exit(1);` : ""}
const prefix = args[args.indexOf("--prefix") + 1];
if (args[0] === "install") {
	const spec = args[1];
	const name = spec.replace(/^(@?[^@]+)@.*$/, "$1");
	const version = spec.includes("@latest") ? "2.0.0" : "1.0.0";
	const dir = path.join(prefix, "node_modules", name);
	fs.mkdirSync(path.join(dir, "prompts"), { recursive: true });
	fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, version, pi: { prompts: ["prompts"] } }));
	fs.writeFileSync(path.join(dir, "prompts", "hello.md"), "Hello from " + name);
}
const globalRoot = path.join(${JSON.stringify(join(world.root, "global", "node_modules"))});
if (args[0] === "root" && args[1] === "-g") process.stdout.write(globalRoot + "\\n");
if (args[0] === "uninstall" && args[1] === "-g") fs.rmSync(path.join(globalRoot, args[2]), { recursive: true, force: true });
else if (args[0] === "uninstall") fs.rmSync(path.join(prefix, "node_modules", args[1]), { recursive: true, force: true });
`;
	writeTree(bin, { "npm.cjs": script });
	const npm = join(bin, "npm");
	writeFileSync(npm, script);
	chmodSync(npm, 0o755);
	return npm;
}

function npmCalls(): { args: string[]; cwd: string }[] {
	const text = readText(join(world.root, "npm-calls.jsonl")) ?? "";
	return text
		.trim()
		.split("\n")
		.filter(Boolean)
		.map((line) => JSON.parse(line));
}

describe("npm packages (through the npmCommand setting)", () => {
	it("install and uninstall run the user's npm with --prefix <scope>/npm; update asks for the newest", async () => {
		const npm = fakeNpm();
		await installPackage("npm:@me/pi-tools", options({ npmCommand: [npm] }));
		const root = join(world.agentDir, "npm");
		expect(npmCalls()[0].args).toEqual([
			"install",
			"@me/pi-tools",
			"--prefix",
			root,
			"--legacy-peer-deps",
			"--no-audit",
			"--no-fund",
		]);
		expect(readText(join(root, "node_modules", "@me", "pi-tools", "prompts", "hello.md"))).toBe(
			"Hello from @me/pi-tools",
		);
		expect(JSON.parse(readFileSync(join(root, "package.json"), "utf8"))).toEqual({
			name: "pi-packages",
			private: true,
		});
		expect(settingsOf(world.userSettings).packages).toEqual(["npm:@me/pi-tools"]);

		await updatePackages(undefined, options({ npmCommand: [npm] }));
		expect(npmCalls()[1].args.slice(0, 2)).toEqual(["install", "@me/pi-tools@latest"]);
		expect(log.at(-1)).toBe("Updated npm:@me/pi-tools");

		await removePackage("npm:@me/pi-tools", options({ npmCommand: [npm] }));
		expect(npmCalls()[2].args).toEqual([
			"uninstall",
			"@me/pi-tools",
			"--prefix",
			root,
			"--legacy-peer-deps",
			"--no-audit",
			"--no-fund",
		]);
		expect(settingsOf(world.userSettings).packages).toEqual([]);
	});

	it("a user package an older pi installed with npm install -g is found, loaded and removed with npm uninstall -g", async () => {
		const npm = fakeNpm();
		writeTree(join(world.root, "global", "node_modules", "old-tools"), {
			"package.json": JSON.stringify({ name: "old-tools", pi: { prompts: ["prompts"] } }),
			"prompts/old.md": "Old",
		});
		writeFileSync(world.userSettings, JSON.stringify({ packages: ["npm:old-tools"], npmCommand: [npm] }));
		const settings = SettingsManager.create({ agentDir: world.agentDir, cwd: world.cwd });
		const resources = resolvePackageResources({ cwd: world.cwd, agentDir: world.agentDir, settings });
		expect(resources.prompts.map((r) => r.path)).toEqual([
			join(world.root, "global", "node_modules", "old-tools", "prompts", "old.md"),
		]);
		await removePackage("npm:old-tools", options({ npmCommand: [npm] }));
		expect(npmCalls().map((call) => call.args)).toContainEqual(["uninstall", "-g", "old-tools"]);
		expect(existsSync(join(world.root, "global", "node_modules", "old-tools"))).toBe(false);
		expect(settingsOf(world.userSettings).packages).toEqual([]);
	});

	it("project scope installs into .pi/npm; an exact version is pinned; a wrapper command gets only plain arguments", async () => {
		const npm = fakeNpm();
		// A wrapper such as `mise exec node@20 -- npm`: here `node <fake npm>`, so no npm-only flags are added.
		await installPackage("npm:pi-pinned@1.0.0", options({ local: true, npmCommand: [process.execPath, npm] }));
		expect(npmCalls()[0].args).toEqual(["install", "pi-pinned@1.0.0", "--prefix", join(world.cwd, ".pi", "npm")]);
		expect(settingsOf(world.projectSettings).packages).toEqual(["npm:pi-pinned@1.0.0"]);
		await updatePackages(undefined, options({ npmCommand: [process.execPath, npm] }));
		expect(npmCalls()).toHaveLength(1);
		expect(log.at(-1)).toBe("npm:pi-pinned@1.0.0 is pinned; skipped (install another version with pi install)");
	});
});

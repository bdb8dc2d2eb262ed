/**
 * What installed packages give a session: manifest forms (pi key with files, folders, globs and exclusions;
 * conventional folders), the object form's filters, project-over-user, duplicates between packages, and problems
 * reported as warnings.
 */
import { writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SettingsManager } from "../../../src/core/config/settings.js";
import { type PackageResources, readPackageFiles, resolvePackageResources } from "../../../src/core/packages/index.js";
import { createPackageWorld, extension, type PackageWorld, skill, writeTree } from "./fixtures.js";

let world: PackageWorld;
beforeEach(() => {
	world = createPackageWorld();
});
afterEach(() => world.cleanup());

function resolveWith(user: unknown[], project: unknown[] = []) {
	writeFileSync(world.userSettings, JSON.stringify({ packages: user }));
	writeFileSync(world.projectSettings, JSON.stringify({ packages: project }));
	const warnings: string[] = [];
	const settings = SettingsManager.create({ agentDir: world.agentDir, cwd: world.cwd });
	const resources = resolvePackageResources({
		cwd: world.cwd,
		agentDir: world.agentDir,
		settings,
		onWarning: (message) => warnings.push(message),
	});
	return { resources, warnings };
}

/** Resource paths relative to the temp root, per kind. */
function relativePaths(resources: PackageResources) {
	const rel = (list: { path: string }[]) => list.map((r) => relative(world.root, r.path));
	return {
		extensions: rel(resources.extensions),
		skills: rel(resources.skills),
		prompts: rel(resources.prompts),
		themes: rel(resources.themes),
	};
}

const CONVENTIONAL = {
	"extensions/alpha.ts": extension("alpha"),
	"extensions/beta.js": extension("beta"),
	"extensions/folder/index.ts": extension("folder"),
	"skills/search/SKILL.md": skill("search"),
	"skills/translate/SKILL.md": skill("translate"),
	"prompts/review.md": "Review $1\n",
	"prompts/legacy.md": "Old\n",
	"themes/night.json": "{}",
};

describe("package manifests", () => {
	it("without a pi key, loads the conventional folders", () => {
		const root = writeTree(join(world.root, "conv"), { ...CONVENTIONAL, "package.json": '{"name":"conv"}' });
		const { files } = readPackageFiles(root);
		const rel = (list: string[]) => list.map((p) => relative(root, p));
		expect(rel(files.extensions)).toEqual(["extensions/alpha.ts", "extensions/beta.js", "extensions/folder/index.ts"]);
		expect(rel(files.skills)).toEqual(["skills/search/SKILL.md", "skills/translate/SKILL.md"]);
		expect(rel(files.prompts)).toEqual(["prompts/legacy.md", "prompts/review.md"]);
		expect(rel(files.themes)).toEqual(["themes/night.json"]);
	});

	it("with a pi key, loads only what it lists: files, folders, globs, minus !exclusions", () => {
		const root = writeTree(join(world.root, "manifest"), {
			...CONVENTIONAL,
			"src/main.ts": extension("main"),
			"res/skills/deep/SKILL.md": skill("deep"),
			"res/prompts/a.md": "A\n",
			"res/prompts/b.md": "B\n",
			"package.json": JSON.stringify({
				name: "manifest",
				pi: {
					extensions: ["./src/main.ts"],
					skills: ["res/skills"],
					prompts: ["res/prompts/*.md", "!res/prompts/b.md"],
				},
			}),
		});
		const { files } = readPackageFiles(root);
		const rel = (list: string[]) => list.map((p) => relative(root, p));
		expect(rel(files.extensions)).toEqual(["src/main.ts"]);
		expect(rel(files.skills)).toEqual(["res/skills/deep/SKILL.md"]);
		expect(rel(files.prompts)).toEqual(["res/prompts/a.md"]);
		expect(files.themes).toEqual([]); // not listed: the conventional themes/ folder is not used
	});

	it("a broken manifest is a warning naming the package; other packages still load", () => {
		writeTree(join(world.root, "broken"), { "package.json": "{ not json", "skills/x/SKILL.md": skill("x") });
		writeTree(join(world.root, "wrong"), { "package.json": '{"pi": {"skills": 3}}' });
		writeTree(join(world.root, "good"), { "skills/fine/SKILL.md": skill("fine") });
		const { resources, warnings } = resolveWith(["../broken", "../wrong", "../good"]);
		expect(relativePaths(resources).skills).toEqual(["good/skills/fine/SKILL.md"]);
		expect(warnings[0]).toMatch(/^Broken package manifest .*broken\/package\.json: .* \(package \.\.\/broken\)$/);
		expect(warnings[1]).toMatch(/"pi\.skills" must be a string or an array of strings \(package \.\.\/wrong\)$/);
	});

	it("a configured package that is not installed is a warning with the command that installs it", () => {
		const { warnings } = resolveWith(["npm:not-here"], ["git:example.test/a/b"]);
		expect(warnings).toContain(
			'Package git:example.test/a/b is listed in settings but not installed: run "pi install git:example.test/a/b -l"',
		);
	});
});

describe("package filters (object form)", () => {
	beforeEach(() => writeTree(join(world.root, "conv"), CONVENTIONAL));

	it("omitted keys load all, [] loads none, patterns select, !pattern excludes, +path/-path are exact", () => {
		const { resources, warnings } = resolveWith([
			{
				source: "../conv",
				extensions: ["extensions/*.ts", "!extensions/alpha.ts", "+extensions/beta.js"],
				skills: ["search"],
				prompts: [],
				themes: ["-themes/night.json"],
			},
		]);
		expect(warnings).toEqual([]);
		expect(relativePaths(resources)).toEqual({
			extensions: ["conv/extensions/beta.js"],
			skills: ["conv/skills/search/SKILL.md"],
			prompts: [],
			themes: [],
		});
		expect(resources.skills[0].origin).toEqual({ package: "../conv", scope: "user" });
	});

	it("only exclusions narrow everything the package offers", () => {
		const { resources } = resolveWith([
			{ source: "../conv", prompts: ["!legacy"], extensions: ["!extensions/folder"] },
		]);
		expect(relativePaths(resources).prompts).toEqual(["conv/prompts/review.md"]);
		expect(relativePaths(resources).extensions).toEqual(["conv/extensions/alpha.ts", "conv/extensions/beta.js"]);
	});

	it("filters never add what the package does not offer", () => {
		writeTree(join(world.root, "conv"), { "notes/extra.md": "x" });
		const { resources } = resolveWith([{ source: "../conv", prompts: ["+notes/extra.md"] }]);
		expect(relativePaths(resources).prompts).toEqual(["conv/prompts/legacy.md", "conv/prompts/review.md"]);
	});
});

describe("scopes and duplicates", () => {
	it("the same package in both scopes loads once, from the project entry (with its filters)", () => {
		writeTree(join(world.root, "conv"), CONVENTIONAL);
		// User settings resolve against the agent dir, project settings against <cwd>/.pi.
		const { resources, warnings } = resolveWith(["../conv"], [{ source: "../../conv", skills: ["translate"] }]);
		expect(warnings).toEqual([]);
		expect(relativePaths(resources).skills).toEqual(["conv/skills/translate/SKILL.md"]);
		expect(resources.skills[0].origin).toEqual({ package: "../../conv", scope: "project" });
	});

	it("a resource two packages offer loads from the first, with a warning naming both packages", () => {
		writeTree(join(world.root, "one"), { "skills/search/SKILL.md": skill("search"), "prompts/review.md": "1" });
		writeTree(join(world.root, "two"), { "skills/search/SKILL.md": skill("search"), "prompts/other.md": "2" });
		const { resources, warnings } = resolveWith(["../one", "../two"]);
		expect(relativePaths(resources).skills).toEqual(["one/skills/search/SKILL.md"]);
		expect(relativePaths(resources).prompts).toEqual(["one/prompts/review.md", "two/prompts/other.md"]);
		expect(warnings).toEqual(['Skill "search" from package ../two skipped: package ../one already provides it']);
	});
});

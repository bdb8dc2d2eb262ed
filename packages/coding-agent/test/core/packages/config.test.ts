/** What `pi config` lists and writes: each resource's state, and turning one off and on again through filters. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listConfigurable, setResourceEnabled, toggledPatterns } from "../../../src/core/packages/index.js";
import { createPackageWorld, type PackageWorld, skill, writeTree } from "./fixtures.js";

let world: PackageWorld;
beforeEach(() => {
	world = createPackageWorld();
	writeTree(join(world.root, "kit"), {
		"skills/a/SKILL.md": skill("a"),
		"skills/b/SKILL.md": skill("b"),
		"prompts/p.md": "P",
	});
});
afterEach(() => world.cleanup());

const userPackages = () => JSON.parse(readFileSync(world.userSettings, "utf8")).packages;
const states = () =>
	listConfigurable("user", world.cwd, world.agentDir)[0].resources.map(
		(r) => `${r.enabled ? "on" : "off"} ${r.relPath}`,
	);

describe("pi config changes", () => {
	it("turning a resource off writes -path; on again returns the entry to its plain form", () => {
		writeFileSync(world.userSettings, JSON.stringify({ packages: ["../kit"] }));
		expect(states()).toEqual(["on skills/a/SKILL.md", "on skills/b/SKILL.md", "on prompts/p.md"]);
		setResourceEnabled(
			"user",
			world.cwd,
			world.agentDir,
			{ source: "../kit", kind: "skills", relPath: "skills/b/SKILL.md" },
			false,
		);
		expect(userPackages()).toEqual([{ source: "../kit", skills: ["-skills/b/SKILL.md"] }]);
		expect(states()).toEqual(["on skills/a/SKILL.md", "off skills/b/SKILL.md", "on prompts/p.md"]);
		setResourceEnabled(
			"user",
			world.cwd,
			world.agentDir,
			{ source: "../kit", kind: "skills", relPath: "skills/b/SKILL.md" },
			true,
		);
		expect(userPackages()).toEqual(["../kit"]);
	});

	it("keeps other filters and keys of the entry", () => {
		writeFileSync(world.userSettings, JSON.stringify({ packages: [{ source: "../kit", prompts: [], note: "mine" }] }));
		expect(states()).toEqual(["on skills/a/SKILL.md", "on skills/b/SKILL.md", "off prompts/p.md"]);
		setResourceEnabled(
			"user",
			world.cwd,
			world.agentDir,
			{ source: "../kit", kind: "prompts", relPath: "prompts/p.md" },
			true,
		);
		expect(userPackages()).toEqual([{ source: "../kit", prompts: ["prompts/p.md"], note: "mine" }]);
		expect(states()[2]).toBe("on prompts/p.md");
	});

	it("toggledPatterns: +path where other patterns leave the path off", () => {
		const on = (patterns: readonly string[] | undefined) => patterns === undefined || patterns.includes("+x");
		expect(toggledPatterns(["y"], "x", true, on)).toEqual(["y", "+x"]);
		expect(toggledPatterns(["y", "-x"], "x", false, on)).toEqual(["y", "-x"]);
		expect(toggledPatterns(undefined, "x", true, on)).toBeUndefined();
	});
});

/**
 * The start-up listing of loaded resources: labels and short paths worked out from where each resource was found
 * (scope, package), the compact form (one sorted line of names per section) and the expanded form (grouped by
 * scope, then by package source), empty sections left out.
 */
import { describe, expect, it } from "vitest";
import {
	hasLoadedResources,
	LoadedResourcesComponent,
	loadedResourcesLines,
} from "../../../../src/modes/interactive/components/loaded-resources.js";
import {
	describeLoadedResources,
	packageLabel,
	type ResourceSources,
	themeSources,
} from "../../../../src/modes/interactive/loaded-resources.js";
import { renderPlain, testTheme } from "./helpers.js";

const home = "/home/ada";
const agentDir = `${home}/.pi/agent`;
const cwd = "/work/app";
const places = { cwd, agentDir, home };
const aliases = { package: "npm:pi-aliases", scope: "user" as const };
const local = { package: "../pkg", scope: "project" as const };
const repo = { package: "git:github.com/u/tools@v1", scope: "user" as const };

const sources: ResourceSources = {
	contextFiles: [`${agentDir}/AGENTS.md`, `${cwd}/AGENTS.md`],
	skills: [
		{ name: "review", filePath: `${agentDir}/skills/review/SKILL.md`, source: "user" },
		{ name: "deploy", filePath: `${cwd}/.pi/skills/deploy/SKILL.md`, source: "project" },
		{
			name: "alias-help",
			filePath: `${agentDir}/npm/node_modules/pi-aliases/skills/alias-help/SKILL.md`,
			source: aliases,
		},
	],
	templates: [{ name: "fix", filePath: `${cwd}/.pi/prompts/fix.md`, source: "project" }],
	extensions: [
		{ path: `${agentDir}/npm/node_modules/pi-aliases/extensions/index.ts`, origin: aliases },
		{ path: `${agentDir}/npm/node_modules/pi-aliases/extensions/extra.ts`, origin: aliases },
		{ path: `${cwd}/pkg/extensions/greet.mjs`, origin: local },
		{ path: `${agentDir}/git/github.com/u/tools/index.ts`, origin: repo },
		{ path: `${agentDir}/extensions/notify/index.ts`, origin: "user" },
		{ path: `${cwd}/.pi/extensions/notify.ts`, origin: "project" },
		{ path: "/opt/tools/lint.ts", origin: "cli" },
	],
	themes: [],
};

describe("describeLoadedResources", () => {
	const resources = describeLoadedResources(sources, places);

	it("names context files relative to the project, else with ~", () => {
		expect(resources.contextFiles).toEqual([
			{ label: "~/.pi/agent/AGENTS.md", detail: "~/.pi/agent/AGENTS.md" },
			{ label: "AGENTS.md", detail: "/work/app/AGENTS.md" },
		]);
	});

	it("gives a package's resources their package and a path within it; others their scope and ~ path", () => {
		const helper = resources.skills.find((skill) => skill.label === "alias-help");
		expect(helper).toMatchObject({ scope: "user", package: "npm:pi-aliases", detail: "skills/alias-help/SKILL.md" });
		const review = resources.skills.find((skill) => skill.label === "review");
		expect(review).toMatchObject({ scope: "user", detail: "~/.pi/agent/skills/review/SKILL.md" });
		expect(review?.package).toBeUndefined();
		expect(resources.prompts).toEqual([
			{ label: "/fix", detail: "/fix", path: `${cwd}/.pi/prompts/fix.md`, scope: "project" },
		]);
	});

	it("labels extensions by package (index files by the package alone) or by the shortest telling path", () => {
		expect(resources.extensions.map((extension) => extension.label)).toEqual([
			"pi-aliases",
			"pi-aliases:extra.ts",
			"pkg:greet.mjs",
			"u/tools",
			"notify",
			"notify.ts",
			"lint.ts",
		]);
		expect(resources.extensions.map((extension) => extension.detail)).toEqual([
			"extensions",
			"extensions/extra.ts",
			"extensions/greet.mjs",
			"index.ts",
			"~/.pi/agent/extensions/notify",
			"/work/app/.pi/extensions/notify.ts",
			"/opt/tools/lint.ts",
		]);
		expect(resources.extensions.map((extension) => extension.scope)).toEqual([
			"user",
			"user",
			"project",
			"user",
			"user",
			"project",
			"path",
		]);
	});

	it("names packages by npm name, repository path or folder", () => {
		expect(packageLabel("npm:@scope/tool@1.2.0")).toBe("@scope/tool");
		expect(packageLabel("git:github.com/u/r@main")).toBe("u/r");
		expect(packageLabel("../shared/pkg/")).toBe("pkg");
	});

	it("finds where theme files came from", () => {
		const themes = themeSources(
			new Map([
				["mine", `${agentDir}/themes/mine.json`],
				["team", `${cwd}/.pi/themes/team.json`],
				["neon", `${agentDir}/npm/node_modules/pi-neon/themes/neon.json`],
				["given", "/tmp/given.json"],
			]),
			[
				{
					path: `${agentDir}/npm/node_modules/pi-neon/themes/neon.json`,
					origin: { package: "npm:pi-neon", scope: "user" },
				},
			],
			places,
		);
		expect(themes.map((theme) => theme.origin)).toEqual([
			"user",
			"project",
			{ package: "npm:pi-neon", scope: "user" },
			"cli",
		]);
	});
});

describe("loadedResourcesLines", () => {
	const resources = describeLoadedResources(sources, places);
	const text = (expanded: boolean) =>
		loadedResourcesLines(resources, expanded)
			.map((line) => line.text)
			.join("\n");

	it("compact: one sorted line of names per section, context files in their order, empty sections left out", () => {
		expect(text(false)).toBe(
			[
				"[Context]",
				"  ~/.pi/agent/AGENTS.md, AGENTS.md",
				"",
				"[Skills]",
				"  alias-help, deploy, review",
				"",
				"[Prompts]",
				"  /fix",
				"",
				"[Extensions]",
				"  lint.ts, notify, notify.ts, pi-aliases, pi-aliases:extra.ts, pkg:greet.mjs, u/tools",
			].join("\n"),
		);
	});

	it("expanded: grouped by scope (project, user, path), each package under its source", () => {
		const expanded = text(true);
		expect(expanded).toContain(
			[
				"[Skills]",
				"  project",
				"    /work/app/.pi/skills/deploy/SKILL.md",
				"  user",
				"    ~/.pi/agent/skills/review/SKILL.md",
				"    npm:pi-aliases",
				"      skills/alias-help/SKILL.md",
			].join("\n"),
		);
		expect(expanded).toContain(
			[
				"[Extensions]",
				"  project",
				"    /work/app/.pi/extensions/notify.ts",
				"    ../pkg",
				"      extensions/greet.mjs",
				"  user",
				"    ~/.pi/agent/extensions/notify",
				"    git:github.com/u/tools@v1",
				"      index.ts",
				"    npm:pi-aliases",
				"      extensions/extra.ts",
				"      extensions",
				"  path",
				"    /opt/tools/lint.ts",
			].join("\n"),
		);
		expect(expanded).toContain(["[Context]", "  ~/.pi/agent/AGENTS.md", "  /work/app/AGENTS.md"].join("\n"));
	});

	it("nothing loaded: nothing to show", () => {
		const none = describeLoadedResources(
			{ contextFiles: [], skills: [], templates: [], extensions: [], themes: [] },
			places,
		);
		expect(hasLoadedResources(none)).toBe(false);
		expect(loadedResourcesLines(none, true)).toEqual([]);
	});
});

describe("LoadedResourcesComponent", () => {
	it("draws compact, switches to expanded and back, and stays within the width", () => {
		const view = new LoadedResourcesComponent(describeLoadedResources(sources, places), testTheme());
		const compact = renderPlain(view, 40);
		expect(compact).toContain("[Skills]");
		expect(compact).not.toContain("npm:pi-aliases");
		view.setExpanded(true);
		expect(renderPlain(view, 40)).toContain("npm:pi-aliases");
		view.setExpanded(false);
		expect(renderPlain(view, 40)).toBe(compact);
	});
});

/** Themes of installed packages reach the terminal UI's theme list, below your own themes of the same name. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { SettingsManager } from "../../../src/core/config/settings.js";
import { packageThemePaths } from "../../../src/core/packages/index.js";
import { loadThemes } from "../../../src/modes/interactive/theme/theme-loader.js";
import { createPackageWorld, type PackageWorld, writeTree } from "./fixtures.js";

let world: PackageWorld;
beforeEach(() => {
	world = createPackageWorld();
});
afterEach(() => world.cleanup());

const theme = (name: string, accent: string) => JSON.stringify({ name, colors: { accent } });

it("a package theme is offered; a user theme of the same name wins over it", () => {
	writeTree(join(world.root, "looks"), {
		"themes/dusk.json": theme("dusk", "#111111"),
		"themes/night.json": theme("night", "#222222"),
	});
	writeTree(world.agentDir, { "themes/night.json": theme("night", "#333333") });
	writeFileSync(world.userSettings, JSON.stringify({ packages: ["../looks"] }));
	const settings = SettingsManager.create({ agentDir: world.agentDir, cwd: world.cwd });
	const packagePaths = packageThemePaths({ cwd: world.cwd, agentDir: world.agentDir, settings });
	expect(packagePaths).toEqual([
		join(world.root, "looks", "themes", "dusk.json"),
		join(world.root, "looks", "themes", "night.json"),
	]);
	const { themes, warnings } = loadThemes({ agentDir: world.agentDir, cwd: world.cwd, packagePaths });
	expect(warnings.filter((warning) => warning.startsWith("Ignoring"))).toEqual([]); // partial themes only warn
	expect(themes.has("dusk")).toBe(true);
	expect(themes.get("night")?.colors.accent).toBe("#333333");
});

/** `pi config` in a terminal emulator: the resources of installed packages, turned off and on with Enter, Tab, Escape. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { VirtualTerminal } from "../../../tui/src/terminal/virtual-terminal.js";
import { runConfigSelector } from "../../src/cli/package-config.js";
import { createPackageWorld, type PackageWorld, skill, writeTree } from "../core/packages/fixtures.js";

let world: PackageWorld;
let terminal: VirtualTerminal;
beforeEach(() => {
	world = createPackageWorld();
	terminal = new VirtualTerminal(100, 20);
});
afterEach(() => {
	terminal.dispose();
	world.cleanup();
});

async function screenShows(text: string): Promise<string> {
	for (let i = 0; i < 200; i++) {
		await terminal.flush();
		const screen = terminal.getViewport().join("\n");
		if (screen.includes(text)) return screen;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	throw new Error(`screen never showed ${JSON.stringify(text)}:\n${terminal.getViewport().join("\n")}`);
}

it("lists each resource, Enter turns one off and on in settings, Tab shows project settings, Escape quits", async () => {
	writeTree(join(world.root, "kit"), { "skills/a/SKILL.md": skill("a"), "prompts/p.md": "P" });
	writeFileSync(world.userSettings, JSON.stringify({ packages: ["../kit"] }));
	const done = runConfigSelector({ cwd: world.cwd, agentDir: world.agentDir, local: false, terminal });
	const first = await screenShows("[x] prompt");
	expect(first).toContain(`Package resources · user settings (${world.userSettings})`);
	expect(first).toMatch(/\[x\] skill +skills\/a\/SKILL\.md +\.\.\/kit/);

	terminal.sendInput("\x1b[B"); // down to the prompt template
	terminal.sendInput("\r");
	await screenShows("[ ] prompt");
	expect(JSON.parse(readFileSync(world.userSettings, "utf8")).packages).toEqual([
		{ source: "../kit", prompts: ["-prompts/p.md"] },
	]);
	terminal.sendInput("\r");
	await screenShows("[x] prompt");
	expect(JSON.parse(readFileSync(world.userSettings, "utf8")).packages).toEqual(["../kit"]);

	terminal.sendInput("\t");
	await screenShows("No packages in project settings. Install one with: pi install <source> -l");
	terminal.sendInput("\x1b");
	expect(await done).toBe(0);
});

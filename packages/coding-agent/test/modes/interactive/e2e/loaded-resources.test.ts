/**
 * The built `pi` in a pseudo-terminal with a local package installed in settings (its manifest lists an extension
 * and a skill), a user skill and a project AGENTS.md: the start-up listing names them in one line per section,
 * Ctrl+O expands it into scope groups with the package named by its source, /hotkeys names the package of an
 * extension's shortcut, /reload lists again, and `quietStartup` hides the listing while start-up warnings (a skill two packages
 * provide, a package's extension that fails to load) still show.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { type MockServer, startMockServer } from "@pi/ai/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPtyWorld, KEYS, PiPty, type PtyWorld } from "./harness.js";

let server: MockServer;
let pi: PiPty | undefined;
const worlds: PtyWorld[] = [];

function write(path: string, text: string): void {
	mkdirSync(dirname(path), { recursive: true });
	writeFileSync(path, text);
}

function skill(name: string): string {
	return `---\nname: ${name}\ndescription: The ${name} skill.\n---\nDo ${name}.\n`;
}

/** A package folder whose manifest lists one extension (with a shortcut) and its skills folder. */
function writePackage(root: string, skillName: string): void {
	write(
		join(root, "package.json"),
		JSON.stringify({ name: "pkg", pi: { extensions: ["extensions/greeter.mjs"], skills: ["skills"] } }),
	);
	write(
		join(root, "extensions", "greeter.mjs"),
		`export default function (pi) {\n\tpi.registerShortcut("ctrl+shift+y", { description: "Greets", handler: () => {} });\n}\n`,
	);
	write(join(root, "skills", skillName, "SKILL.md"), skill(skillName));
}

/** A world with `../pkg` installed in user settings, a user skill and the project's AGENTS.md. */
function packageWorld(settings: Record<string, unknown> = {}): PtyWorld {
	const world = createPtyWorld(server, { packages: ["../pkg"], ...settings });
	worlds.push(world);
	writePackage(join(world.root, "pkg"), "pkg-helper");
	write(join(world.agentDir, "skills", "review", "SKILL.md"), skill("review"));
	write(join(world.cwd, "AGENTS.md"), "Be brief.\n");
	return world;
}

beforeAll(async () => {
	server = await startMockServer();
});

afterEach(() => {
	pi?.kill();
	pi = undefined;
});

afterAll(async () => {
	await server?.close();
	for (const world of worlds) world.cleanup();
});

describe("the start-up listing of loaded resources", () => {
	it("lists names compactly, Ctrl+O groups them with the package's source; /hotkeys names the package; /reload lists again", async () => {
		const world = packageWorld();
		pi = new PiPty(world, { columns: 100, rows: 40 });
		await pi.waitForScreen("[Extensions]");
		const compact = pi.screen();
		expect(compact).toContain("[Context]\n   AGENTS.md");
		expect(compact).toContain("[Skills]\n   pkg-helper, review");
		expect(compact).toContain("[Extensions]\n   pkg:greeter.mjs");
		expect(compact).not.toContain("[Prompts]");
		expect(compact).not.toContain("[Themes]");

		pi.press(KEYS.ctrlO);
		await pi.waitForScreen("skills/pkg-helper/SKILL.md");
		const expanded = pi.screen();
		expect(expanded).toMatch(
			/\[Skills\]\n {3}user\n {5}~?\S*skills\/review\/SKILL\.md\n {5}\.\.\/pkg\n {7}skills\/pkg-helper\/SKILL\.md/,
		);
		expect(expanded).toContain("[Extensions]\n   user\n     ../pkg\n       extensions/greeter.mjs");

		await pi.submit("/hotkeys");
		await pi.waitForScreen("Greets (greeter.mjs from ../pkg)");
		pi.press(KEYS.escape);
		await pi.waitFor(() => !pi!.screen().includes("Keyboard shortcuts"), "/hotkeys to close");

		// /reload lists what is loaded now.
		write(join(world.agentDir, "skills", "later", "SKILL.md"), skill("later"));
		await pi.submit("/reload");
		await pi.waitForScreen("agent/skills/later/SKILL.md");
	});

	it("quietStartup hides it; start-up warnings still show; --verbose shows it expanded", async () => {
		const world = packageWorld({ quietStartup: true, packages: ["../pkg", "../pkg2"] });
		writePackage(join(world.root, "pkg2"), "pkg-helper");
		write(join(world.root, "pkg2", "extensions", "greeter.mjs"), `throw new Error("greeter is broken");\n`);
		pi = new PiPty(world);
		await pi.waitForText('Skill "pkg-helper" from package ../pkg2 skipped: package ../pkg already provides it');
		await pi.waitForText(/greeter is broken \(package\s+\.\.\/pkg2\)/);
		await pi.waitForScreen("mock/mock-model");
		expect(pi.allText()).not.toContain("[Skills]");
		pi.kill();

		// --verbose shows it anyway, expanded.
		pi = new PiPty(world, { args: ["--verbose"] });
		await pi.waitForScreen("skills/pkg-helper/SKILL.md");
		expect(pi.screen()).toContain("[Skills]");
	});
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ExtensionHost } from "../../../src/core/extensions/host.js";
import { findExtensions, loadExtensions } from "../../../src/core/extensions/loader.js";
import { loadingTexts } from "../../../src/core/extensions/loading/texts.js";
import { extensionTexts } from "../../../src/core/extensions/texts.js";
import type { ExtensionErrorEvent } from "../../../src/core/extensions/types.js";

let root: string;
let cwd: string;
let agentDir: string;

function write(path: string, text: string): string {
	mkdirSync(join(path, ".."), { recursive: true });
	writeFileSync(path, text);
	return path;
}

const commandModule = (name: string) =>
	`export default function (pi) { pi.registerCommand(${JSON.stringify(name)}, { handler() {} }); }\n`;

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), "pi-extensions-"));
	cwd = join(root, "project");
	agentDir = join(root, "agent");
	mkdirSync(cwd, { recursive: true });
	mkdirSync(agentDir, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("findExtensions", () => {
	it("orders -e paths, project, settings and agent dir; folders count by their index file; other files are skipped", () => {
		const cli = write(join(root, "cli.mjs"), commandModule("cli"));
		const project = write(join(cwd, ".pi", "extensions", "b.mjs"), commandModule("b"));
		const folder = write(join(cwd, ".pi", "extensions", "a-folder", "index.js"), commandModule("folder"));
		write(join(cwd, ".pi", "extensions", "notes.md"), "not an extension");
		write(join(cwd, ".pi", "extensions", "types.d.ts"), "export {};");
		const typed = write(join(cwd, ".pi", "extensions", "c.ts"), "export default () => {}");
		const fromSettings = write(join(root, "shared", "s.js"), commandModule("s"));
		const user = write(join(agentDir, "extensions", "u.mjs"), commandModule("u"));
		const sources = findExtensions({
			cwd,
			agentDir,
			cliPaths: ["../cli.mjs"],
			settingsEntries: { patterns: ["shared/*.js"], baseDir: root },
		});
		expect(sources).toEqual([
			{ path: cli, origin: "cli" },
			{ path: folder, origin: "project" },
			{ path: project, origin: "project" },
			{ path: typed, origin: "project" },
			{ path: fromSettings, origin: "settings" },
			{ path: user, origin: "user" },
		]);
	});

	it("with noDiscovery keeps only -e paths, and loads a file found twice once", () => {
		const user = write(join(agentDir, "extensions", "u.mjs"), commandModule("u"));
		write(join(cwd, ".pi", "extensions", "p.mjs"), commandModule("p"));
		expect(findExtensions({ cwd, agentDir, cliPaths: [user], noDiscovery: true })).toEqual([
			{ path: user, origin: "cli" },
		]);
		expect(findExtensions({ cwd, agentDir, cliPaths: [user] }).filter((s) => s.path === user)).toHaveLength(1);
	});
});

describe("loadExtensions", () => {
	it("reports each broken extension as a load error and still loads the others", async () => {
		const errors: ExtensionErrorEvent[] = [];
		const host = new ExtensionHost({ cwd, onError: (error) => errors.push(error) });
		const good = write(join(root, "good.mjs"), commandModule("good"));
		const missing = join(root, "missing.mjs");
		const noDefault = write(join(root, "no-default.mjs"), "export const x = 1;\n");
		const throws = write(join(root, "throws.mjs"), 'export default () => { throw new Error("factory broke"); }\n');
		const syntax = write(join(root, "syntax.mjs"), "export default function ( {\n");
		const badEvent = write(join(root, "bad-event.mjs"), 'export default (pi) => pi.on("nonsense", () => {});\n');
		const paths = [missing, noDefault, throws, syntax, badEvent, good];
		await loadExtensions(
			host,
			paths.map((path) => ({ path, origin: "cli" as const })),
			cwd,
			{ cacheDir: join(root, "cache") },
		);
		expect(host.listCommands().map((command) => command.name)).toEqual(["good"]);
		const byPath = new Map(errors.map((error) => [error.extensionPath, error]));
		expect(errors.every((error) => error.event === "load")).toBe(true);
		expect(byPath.get(missing)?.error).toBe(loadingTexts.notFound(missing));
		expect(byPath.get(noDefault)?.error).toBe(loadingTexts.noFactory);
		expect(byPath.get(throws)?.error).toBe("factory broke");
		expect(byPath.get(syntax)?.error).toMatch(/syntax|unexpected/i);
		expect(byPath.get(badEvent)?.error).toBe(extensionTexts.unknownEvent("nonsense"));
		expect(errors).toHaveLength(5);
	});
});

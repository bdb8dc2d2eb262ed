/**
 * keybindings.json problems are reported with the file's path: a directory or unreadable file (only a missing file
 * means "no overrides"), and every ignored entry names the file as well as the action.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadKeybindings } from "../../../src/modes/interactive/keybindings.js";

let dir: string | undefined;
afterEach(() => {
	if (dir) rmSync(dir, { recursive: true, force: true });
	dir = undefined;
});

function agentDir(): string {
	dir = mkdtempSync(join(tmpdir(), "pi-keybindings-"));
	return dir;
}

describe("keybindings.json", () => {
	it("is silent when the file is missing", () => {
		expect(loadKeybindings(agentDir()).warnings).toEqual([]);
	});

	it("reports a directory in place of the file, naming it", () => {
		const agent = agentDir();
		const path = join(agent, "keybindings.json");
		mkdirSync(path);
		const { warnings } = loadKeybindings(agent);
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain(`Ignoring ${path}: `);
		expect(warnings[0]).toContain("EISDIR");
	});

	it("names the file and the action of an entry of the wrong type", () => {
		const agent = agentDir();
		const path = join(agent, "keybindings.json");
		writeFileSync(path, JSON.stringify({ interrupt: 42, exit: "ctrl+d" }));
		const { keybindings, warnings } = loadKeybindings(agent);
		expect(warnings).toEqual([`${path}: Keybinding "interrupt" must be a key id or a list of key ids (ignored).`]);
		expect(keybindings.warnings).toHaveLength(1);
	});

	it("accepts the original pi's app.* and tui.* ids; its ids without a pi action are accepted silently", () => {
		const agent = agentDir();
		writeFileSync(
			join(agent, "keybindings.json"),
			JSON.stringify({
				"app.tools.expand": "ctrl+e",
				"app.suspend": [],
				"app.session.new": "ctrl+alt+n",
				"tui.editor.cursorUp": ["up", "ctrl+p"],
				"tui.input.newLine": "ctrl+j",
				"app.tree.foldOrUp": "ctrl+left",
				"tui.select.cancel": "escape",
				"nonsense.action": "f2",
			}),
		);
		const { keybindings, warnings } = loadKeybindings(agent);
		expect(keybindings.getKeys("expandTools")).toEqual(["ctrl+e"]);
		expect(keybindings.getKeys("suspend")).toEqual([]);
		expect(keybindings.getKeys("newSession")).toEqual(["ctrl+alt+n"]);
		expect(keybindings.getKeys("cursorUp")).toEqual(["up", "ctrl+p"]);
		expect(keybindings.getKeys("newline")).toEqual(["ctrl+j"]);
		expect(warnings).toHaveLength(1);
		expect(warnings[0]).toContain('"nonsense.action"');
	});

	it("binds Ctrl+Z to suspend and keeps undo on ctrl+- (the original's keys)", () => {
		const { keybindings } = loadKeybindings(agentDir());
		expect(keybindings.getKeys("suspend")).toEqual(["ctrl+z"]);
		expect(keybindings.getKeys("undo")).not.toContain("ctrl+z");
		expect(keybindings.getKeys("undo")).toContain("ctrl+-");
		expect(keybindings.getKeys("dequeue")).toEqual(["alt+up"]);
	});
});

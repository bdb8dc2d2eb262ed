import { describe, expect, it } from "vitest";
import { KEYBINDING_WARNINGS, KeybindingsManager } from "../../src/input/keybindings.js";

const defaults = {
	submit: ["enter"],
	newline: ["shift+enter", "ctrl+j"],
	cursorWordLeft: ["alt+b", "ctrl+left"],
	selectModel: ["ctrl+shift+p"],
};

describe("KeybindingsManager", () => {
	it("matches default keys in every encoding", () => {
		const keys = new KeybindingsManager(defaults);
		expect(keys.matches("\r", "submit")).toBe(true);
		expect(keys.matches("\x1b[13;2u", "newline")).toBe(true);
		expect(keys.matches("\x1b[27;2;13~", "newline")).toBe(true);
		expect(keys.matches("\n", "newline")).toBe(true);
		expect(keys.matches("\x1bb", "cursorWordLeft")).toBe(true);
		expect(keys.matches("\x1b[1;5D", "cursorWordLeft")).toBe(true);
		expect(keys.matches("\x1b[112;6u", "selectModel")).toBe(true);
		expect(keys.matches("\r", "newline")).toBe(false);
		expect(keys.matches("\r", "noSuchAction")).toBe(false);
	});

	it("lets user overrides replace an action's keys, accepting any spelling", () => {
		const keys = new KeybindingsManager(defaults, { submit: ["Ctrl+S", "alt+enter"], newline: "Enter" });
		expect(keys.getKeys("submit")).toEqual(["ctrl+s", "alt+enter"]);
		expect(keys.matches("\r", "submit")).toBe(false);
		expect(keys.matches("\x13", "submit")).toBe(true);
		expect(keys.matches("\x1b\r", "submit")).toBe(true);
		expect(keys.matches("\r", "newline")).toBe(true);
		expect(keys.getKeys("cursorWordLeft")).toEqual(["alt+b", "ctrl+left"]);
		expect(keys.warnings).toEqual([]);
	});

	it("unbinds an action with an empty list", () => {
		const keys = new KeybindingsManager(defaults, { selectModel: [] });
		expect(keys.getKeys("selectModel")).toEqual([]);
		expect(keys.matches("\x1b[112;6u", "selectModel")).toBe(false);
	});

	it("ignores unknown actions and invalid keys with a warning", () => {
		const keys = new KeybindingsManager(defaults, {
			teleport: ["ctrl+t"],
			submit: ["hyper+x", "ctrl+s"],
			newline: 42 as unknown as string,
		});
		expect(keys.warnings).toEqual([
			KEYBINDING_WARNINGS.unknownAction("teleport"),
			KEYBINDING_WARNINGS.invalidKey("submit", "hyper+x"),
			KEYBINDING_WARNINGS.invalidValue("newline"),
		]);
		expect(keys.getKeys("submit")).toEqual(["ctrl+s"]);
		expect(keys.getKeys("newline")).toEqual(["shift+enter", "ctrl+j"]);
	});

	it("finds the action for a key and accepts later defaults", () => {
		const keys = new KeybindingsManager(defaults, { interrupt: ["ctrl+g"] });
		expect(keys.warnings).toHaveLength(1);
		keys.addDefaults({ interrupt: ["escape"] });
		expect(keys.warnings).toEqual([]);
		expect(keys.findAction("\x07")).toBe("interrupt");
		expect(keys.findAction("\r")).toBe("submit");
		expect(keys.findAction("x")).toBeUndefined();
		expect(keys.getActions()).toEqual(["submit", "newline", "cursorWordLeft", "selectModel", "interrupt"]);
	});
});

/**
 * The component half of ctx.ui over a real InteractiveMode and AgentSession in a VirtualTerminal: custom() in the
 * editor area and as a non-capturing overlay driven through its handle, terminal input listeners, the working row,
 * paste, autocomplete providers, themes and the tools' expansion, and open components closing when pi quits.
 */
import type { AutocompleteProvider, Component } from "@pi/tui";
import { afterEach, describe, expect, it } from "vitest";
import type { ExtensionContext } from "../../../../src/core/extensions/index.js";
import { CustomEditor } from "../../../../src/extension-exports/ui/components.js";
import { getExtensionTheme } from "../../../../src/extension-exports/ui/theme.js";
import { createModeHarness, type ModeHarness } from "../commands/harness.js";

let h: ModeHarness | undefined;

afterEach(async () => {
	await h?.cleanup();
	h = undefined;
});

/** A harness whose extension hands its context out at session_start. */
async function start(): Promise<{ h: ModeHarness; ui: ExtensionContext["ui"] }> {
	let ctx: ExtensionContext | undefined;
	h = await createModeHarness({
		extensionFactories: [
			{
				path: "<test>/components.mjs",
				factory: (pi) => {
					pi.on("session_start", (_event, context) => {
						ctx = context;
					});
				},
			},
		],
	});
	for (let i = 0; i < 200 && !ctx; i++) await new Promise((resolve) => setTimeout(resolve, 5));
	if (!ctx) throw new Error("session_start never came");
	return { h, ui: ctx.ui };
}

/** A custom() factory of a {@link keyCatcher}. */
function catcher(label: string) {
	return (_tui: unknown, _theme: unknown, _keys: unknown, done: (keys: string) => void) => keyCatcher(label, done);
}

/** A component showing `label` that finishes with the keys it gets. */
function keyCatcher(label: string, done: (keys: string) => void): Component {
	let keys = "";
	return {
		render: () => [label],
		handleInput(data: string) {
			if (data === "\r") done(keys);
			else keys += data;
		},
		invalidate() {},
	};
}

describe("ctx.ui.custom", () => {
	it("without overlay the component takes the editor's place and its keys, then the editor comes back", async () => {
		const { h, ui } = await start();
		const result = ui.custom<string>(catcher("CATCHER IN THE EDITOR AREA"));
		await new Promise((resolve) => setTimeout(resolve, 0));
		const screen = await h.screen();
		expect(screen).toContain("CATCHER IN THE EDITOR AREA");
		// The editor's rules are gone while it is replaced.
		expect(screen).not.toMatch(/^─{20,}/m);
		h.press("a");
		h.press("\x1b"); // Escape goes to the component, not to pi
		h.press("\r");
		expect(await result).toBe("a\x1b");
		expect(await h.screen()).not.toContain("CATCHER");
		h.press("z");
		expect(h.mode.editor.getText()).toBe("z");
	});

	it("a non-capturing overlay leaves the keys to the editor until its handle focuses it", async () => {
		const { h, ui } = await start();
		let handle: any;
		const result = ui.custom<string>(catcher("SIDE PANEL"), {
			overlay: true,
			overlayOptions: { anchor: "bottom-left", width: 20, nonCapturing: true },
			onHandle: (given) => {
				handle = given;
			},
		});
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect((await h.screen()).split("\n").at(-1)).toBe("SIDE PANEL");
		h.press("e");
		expect(h.mode.editor.getText()).toBe("e");
		handle.focus();
		expect(handle.isFocused()).toBe(true);
		h.press("p");
		handle.setHidden(true);
		expect(handle.isHidden()).toBe(true);
		expect(await h.screen()).not.toContain("SIDE PANEL");
		h.press("f"); // hidden: the editor has the keys again
		expect(h.mode.editor.getText()).toBe("ef");
		handle.setHidden(false);
		handle.focus();
		h.press("\r");
		expect(await result).toBe("p");
	});

	it("tui.showOverlay takes the original's options and returns its handle", async () => {
		const { h, ui } = await start();
		let handle: { hide(): void; isFocused(): boolean } | undefined;
		ui.setWidget("opener", (tui: any) => {
			handle = tui.showOverlay(
				{ render: () => ["CORNER"], invalidate() {} },
				{ anchor: "top-right", width: 10, nonCapturing: true },
			);
			return { render: () => [], invalidate() {} };
		});
		const first = (await h.screen()).split("\n")[0]!;
		expect(first.indexOf("CORNER")).toBe(100 - 10);
		expect(handle?.isFocused()).toBe(false);
		handle?.hide();
		expect(await h.screen()).not.toContain("CORNER");
	});

	it("an open component resolves undefined when pi quits", async () => {
		const { h, ui } = await start();
		const result = ui.custom<string>(catcher("OPEN"), { overlay: true });
		await new Promise((resolve) => setTimeout(resolve, 0));
		await h.mode.shutdown(0);
		expect(await result).toBeUndefined();
	});
});

describe("input, editor and working row", () => {
	it("terminal input listeners see keys first: consume drops them, data rewrites them", async () => {
		const { h, ui } = await start();
		const seen: string[] = [];
		const remove = ui.onTerminalInput((data) => {
			seen.push(data);
			if (data === "x") return { consume: true };
			if (data === "a") return { data: "A" };
			return undefined;
		});
		h.press("a");
		h.press("x");
		h.press("b");
		expect(seen).toEqual(["a", "x", "b"]);
		expect(h.mode.editor.getText()).toBe("Ab");
		remove();
		h.press("x");
		expect(h.mode.editor.getText()).toBe("Abx");
	});

	it("pasteToEditor folds a long paste; an autocomplete provider wraps pi's", async () => {
		const { h, ui } = await start();
		const long = Array.from({ length: 30 }, (_, i) => `line ${i}`).join("\n");
		ui.pasteToEditor(long);
		expect(await h.screen()).toMatch(/\[paste #\d+ \+30 lines\]/);
		expect(h.mode.editor.getExpandedText()).toBe(long);

		let wrapped: AutocompleteProvider | undefined;
		ui.addAutocompleteProvider((current) => {
			wrapped = current;
			return {
				getSuggestions: (lines, line, col, options) =>
					lines[line]?.startsWith("#")
						? { prefix: lines[line]!.slice(0, col), items: [{ value: "#issue-42", label: "#issue-42" }] }
						: current.getSuggestions(lines, line, col, options),
				applyCompletion: (...args) => current.applyCompletion(...args),
			};
		});
		expect(wrapped).toBeDefined();
		h.mode.editor.setText("");
		h.press("#");
		h.press("\t");
		expect(await h.screen()).toContain("#issue-42");
	});

	it("the working row takes the extension's message and frames, and hides", async () => {
		const { h, ui } = await start();
		const status = (h.mode as unknown as { status: { showSpinner(text: string): void } }).status;
		ui.setWorkingMessage("Crunching numbers");
		ui.setWorkingIndicator({ frames: ["@"] });
		status.showSpinner("Working… (esc to interrupt)");
		const row = (await h.screen()).split("\n").find((line) => line.includes("Crunching"));
		expect(row).toBe("@ Crunching numbers");
		ui.setWorkingVisible(false);
		expect(await h.screen()).not.toContain("Crunching");
		ui.setWorkingVisible(true);
		ui.setWorkingMessage();
		expect(await h.screen()).toContain("@ Working…");
	});
});

describe("a replacement editor", () => {
	it("gets the text and the keys; one that fails to draw gives way to pi's editor, reported once", async () => {
		const { h, ui } = await start();
		h.press("k");
		let broken = false;
		class FragileEditor extends CustomEditor {
			override render(width: number): string[] {
				if (broken) throw new Error("no pixels left");
				return super.render(width).map((row) => row.replace("k", "K"));
			}
		}
		ui.setEditorComponent((tui, theme, keys) => new FragileEditor(tui, theme, keys));
		h.press("m");
		expect(h.mode.editor).toBeInstanceOf(FragileEditor);
		expect(h.mode.editor.getText()).toBe("km");
		expect(await h.screen()).toMatch(/^Km/m);
		broken = true;
		await h.screen();
		await new Promise((resolve) => setImmediate(resolve));
		expect(h.mode.editor).not.toBeInstanceOf(FragileEditor);
		expect(h.mode.editor.getText()).toBe("km");
		const text = await h.allText();
		expect(text.split("its editor failed and is no longer drawn: no pixels left")).toHaveLength(2);
		expect(text).toMatch(/^km/m);
	});
});

describe("/reload", () => {
	it("takes back footer, widgets, statuses, editor and input listeners; the reloaded extensions set theirs again", async () => {
		const { h, ui } = await start();
		ui.setFooter(() => ({ render: () => ["EXTENSION FOOTER"], invalidate() {} }));
		ui.setWidget("w", ["EXTENSION WIDGET"]);
		ui.setStatus("s", "EXTENSION STATUS");
		ui.setEditorComponent((tui, theme, keys) => new CustomEditor(tui, theme, keys));
		const seen: string[] = [];
		ui.onTerminalInput((data) => {
			seen.push(data);
			return undefined;
		});
		const before = await h.screen();
		expect(before).toContain("EXTENSION FOOTER");
		expect(h.mode.editor).toBeInstanceOf(CustomEditor);
		await h.mode.reload();
		const after = await h.screen();
		for (const text of ["EXTENSION FOOTER", "EXTENSION WIDGET", "EXTENSION STATUS"]) expect(after).not.toContain(text);
		expect(h.mode.editor).not.toBeInstanceOf(CustomEditor);
		h.press("q");
		expect(seen).toEqual([]);
		expect(h.mode.editor.getText()).toBe("q");
	});
});

describe("themes and tools", () => {
	it("ui.theme follows setTheme, and the extension helpers' theme with it", async () => {
		const { ui } = await start();
		const names = ui.getAllThemes().map((theme) => theme.name);
		expect(names).toEqual(expect.arrayContaining(["dark", "light"]));
		const before = ui.theme;
		const light = ui.getTheme("light");
		expect(light).toBeDefined();
		expect(ui.setTheme(light as never)).toEqual({ success: true });
		expect(ui.theme).not.toBe(before);
		expect(getExtensionTheme()).toBe(ui.theme);
		expect(ui.setTheme("no-such-theme").success).toBe(false);
	});

	it("get/setToolsExpanded reflect and change the expansion", async () => {
		const { ui } = await start();
		expect(ui.getToolsExpanded()).toBe(false);
		ui.setToolsExpanded(true);
		expect(ui.getToolsExpanded()).toBe(true);
	});
});

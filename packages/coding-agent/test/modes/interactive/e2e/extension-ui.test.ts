/**
 * The component half of ctx.ui in the built `pi`, in a pseudo-terminal, with a TypeScript fixture extension: a
 * header and footer of its own, widgets above and below the editor, an overlay opened and closed by keys (focus back
 * to the editor), a replacement editor that submits with Enter, theme colours, and components that throw or draw
 * too wide (reported once, the UI stays usable, the terminal is restored on exit).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { delay, KEYS, PiPty, usePtyWorld } from "./harness.js";

const e2e = usePtyWorld();
let extensionFile: string;
let themeLog: string;

function fixtureSource(log: string): string {
	return `import { writeFileSync } from "node:fs";
import { CustomEditor } from "@mariozechner/pi-coding-agent";
import { matchesKey, Text } from "@mariozechner/pi-tui";

/** "!" types a word; everything else (Enter, Escape, letters) goes to CustomEditor. */
class BangEditor extends CustomEditor {
	handleInput(data: string): void {
		if (data === "!") {
			this.insertText("BANG");
			return;
		}
		super.handleInput(data);
	}
}

export default function (pi: any) {
	pi.on("session_start", (_event: any, ctx: any) => {
		writeFileSync(${JSON.stringify(log)}, JSON.stringify({ accent: ctx.ui.theme.fg("accent", "TINT") }));
		ctx.ui.setHeader((_tui: any, theme: any) => new Text(theme.fg("accent", "TINT") + " fixture header", 1, 0));
		ctx.ui.setFooter((_tui: any, _theme: any, data: any) => ({
			render: () => ["fixture footer, statuses: " + [...data.getExtensionStatuses().values()].join(",")],
			invalidate() {},
		}));
		ctx.ui.setStatus("fx", "status-one");
		ctx.ui.setWidget("up", (_tui: any, theme: any) => new Text(theme.fg("warning", "widget above"), 0, 0));
		ctx.ui.setWidget("down", ["widget below"], { placement: "belowEditor" });
	});
	pi.registerCommand("panel", {
		description: "an overlay that answers y or Escape",
		async handler(_args: string, ctx: any) {
			const answer = await ctx.ui.custom(
				(_tui: any, _theme: any, _keys: any, done: (value: string) => void) => ({
					render: () => ["[ panel: y or Esc ]"],
					invalidate() {},
					handleInput(data: string) {
						if (data === "y") done("yes");
						else if (matchesKey(data, "escape")) done("escaped");
					},
				}),
				{ overlay: true, overlayOptions: { anchor: "top-right", width: 24 } },
			);
			ctx.ui.notify("panel answered " + answer);
		},
	});
	pi.registerCommand("bang", {
		description: "replace the editor",
		handler: async (_args: string, ctx: any) => {
			ctx.ui.setEditorComponent((tui: any, theme: any, keys: any) => new BangEditor(tui, theme, keys));
		},
	});
	pi.registerCommand("broken", {
		description: "widgets that throw and draw too wide",
		handler: async (_args: string, ctx: any) => {
			ctx.ui.setWidget("boom", () => ({ render() { throw new Error("kaboom"); }, invalidate() {} }));
			ctx.ui.setWidget("wide", () => ({ render: (width: number) => ["W".repeat(width + 15)], invalidate() {} }));
		},
	});
}
`;
}

beforeAll(() => {
	themeLog = join(e2e.world.root, "theme.json");
	extensionFile = join(e2e.world.root, "fixture-ui.ts");
	writeFileSync(extensionFile, fixtureSource(themeLog));
});

/** The screen's rows, trimmed. */
function rows(): string[] {
	return e2e.pi!.screen().split("\n");
}

async function start(): Promise<PiPty> {
	e2e.pi = new PiPty(e2e.world, { args: ["-e", extensionFile] });
	await e2e.pi.waitForScreen("fixture footer");
	return e2e.pi;
}

describe("extension components in the terminal", () => {
	it("draws its header, footer and widgets around the editor, in the theme's colours", async () => {
		const pty = await start();
		await pty.waitForScreen("widget above");
		const screen = rows();
		const above = screen.findIndex((row) => row.includes("widget above"));
		const below = screen.findIndex((row) => row.includes("widget below"));
		const footer = screen.findIndex((row) => row.includes("fixture footer"));
		// widget above, editor (two rules around its row), widget below, footer.
		expect(screen[above + 1]).toMatch(/^─+$/);
		expect(below).toBeGreaterThan(above + 2);
		expect(footer).toBe(below + 1);
		// The footer gets the statuses (pi's own status row is hidden under a custom footer).
		expect(screen[footer]).toContain("statuses: status-one");
		expect(screen.filter((row) => row.includes("status-one"))).toHaveLength(1);
		expect(screen.some((row) => row.includes("TINT fixture header"))).toBe(true);
		// ui.theme colours: the accent styling is an SGR sequence around the text, and it reaches the terminal.
		const { accent } = JSON.parse(readFileSync(themeLog, "utf8")) as { accent: string };
		expect(accent).toMatch(/^\x1b\[[0-9;]+mTINT\x1b\[[0-9;]*m$/);
		expect(pty.rawOutput()).toContain(accent);
	});

	it("an overlay takes the keys until it closes, then the editor has them again", async () => {
		const pty = await start();
		await pty.submit("/panel");
		await pty.waitForScreen("[ panel: y or Esc ]");
		// Top-right, 24 columns wide: over the first row, against the right edge of the 100-column screen.
		const panelRow = rows().findIndex((row) => row.includes("[ panel"));
		expect(panelRow).toBe(0);
		expect(rows()[panelRow]!.indexOf("[ panel")).toBe(100 - 24);
		pty.type("x");
		await delay(100);
		pty.type("y");
		await pty.waitForScreen("panel answered yes");
		expect(pty.screen()).not.toContain("[ panel");
		pty.type("typed after");
		await pty.waitForScreen("typed after");
		// "x" went to the overlay, not to the editor.
		expect(pty.screen()).not.toContain("xtyped after");

		pty.press(KEYS.ctrlC);
		await pty.submit("/panel");
		await pty.waitForScreen("[ panel: y or Esc ]");
		pty.press(KEYS.escape);
		await pty.waitForScreen("panel answered escaped");
	});

	it("a replacement editor gets its own keys first and submits with Enter", async () => {
		const pty = await start();
		await pty.submit("/bang");
		await delay(200);
		e2e.server.enqueue({ text: "Answer to the bang." });
		pty.type("hello!");
		await pty.waitForScreen("helloBANG");
		pty.press(KEYS.enter);
		await pty.waitForText("Answer to the bang.");
		const last = e2e.server.requests[e2e.server.requests.length - 1]!;
		expect(JSON.stringify(last.body)).toContain("helloBANG");
		// App keys still work through super.handleInput: Ctrl+C clears the editor's text.
		pty.type("to be cleared");
		await pty.waitForScreen("to be cleared");
		pty.press(KEYS.ctrlC);
		await pty.waitFor(() => !pty.screen().includes("to be cleared"), "Ctrl+C to clear the editor");
	});

	it("a throwing or over-wide component is reported once and the UI stays usable", async () => {
		const pty = await start();
		await pty.submit("/broken");
		await pty.waitForScreen("its widget failed and is no longer drawn: kaboom");
		await pty.waitForScreen("drew rows wider than the terminal");
		expect(pty.screen()).toContain(`Extension ${extensionFile}`);
		// Clipped to the width, with an ellipsis.
		const wide = rows().find((row) => row.startsWith("WWW"))!;
		expect(wide.length).toBeLessThanOrEqual(100);
		pty.type("still typing");
		await pty.waitForScreen("still typing");
		const text = pty.allText();
		expect(text.split("kaboom").length - 1).toBe(1);
		expect(text.split("drew rows wider").length - 1).toBe(1);
		pty.press(KEYS.ctrlC);
		await delay(50);
		await pty.submit("/quit");
		expect(await pty.waitForExit()).toBe(0);
		const raw = pty.rawOutput();
		expect(raw.lastIndexOf("\x1b[?25h")).toBeGreaterThan(raw.lastIndexOf("\x1b[?25l"));
	});
});

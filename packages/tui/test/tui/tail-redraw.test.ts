/**
 * Content that grows past the screen and shrinks again (a tool box expanded and collapsed): with a tail redraw the
 * screen comes back exactly as it was, rows already in scrollback are kept, and committed rows come back to fill
 * the screen. Overlays tell a component how many rows it may use.
 */
import { describe, expect, it } from "vitest";
import { SelectList } from "../../src/components/select-list.js";
import { Container, markFinal } from "../../src/container.js";
import { stripAnsi } from "../../src/text/index.js";
import { frame, Lines, startTui } from "./screen-helpers.js";

/** A box of `total` numbered rows that shows only its last `collapsedRows` unless expanded. */
class Box extends Lines {
	expanded = false;
	constructor(
		private readonly total: number,
		private readonly collapsedRows: number,
	) {
		super([]);
	}
	override render(): string[] {
		const rows = Array.from({ length: this.total }, (_, i) => `line ${i + 1}`);
		if (this.expanded) return ["$ seq", ...rows];
		return ["$ seq", `… ${this.total - this.collapsedRows} earlier lines`, ...rows.slice(-this.collapsedRows)];
	}
}

/** The screen's rows without trailing blanks (an overlay pads its rows with spaces). */
function screenRows(terminal: { getViewport(): string[] }): string[] {
	return terminal.getViewport().map((row) => row.trimEnd());
}

function transcriptWith(box: Box, before: number): Container {
	const transcript = new Container();
	for (let i = 1; i <= before; i++) transcript.addChild(markFinal(new Lines([`message ${i}`, ""])));
	transcript.addChild(markFinal(box));
	transcript.addChild(markFinal(new Lines(["Done."])));
	return transcript;
}

describe.each([
	[80, 24],
	[120, 36],
])("tail redraw at %i×%i", (columns, rows) => {
	it("expanding then collapsing a box leaves the screen as it was and keeps scrollback", async () => {
		const { tui, terminal } = startTui(columns, rows);
		const box = new Box(40, 10);
		tui.addChild(transcriptWith(box, 20));
		tui.addChild(new Lines(["────", "> editor", "────", "footer"]));
		await frame(tui, terminal);
		const screen = terminal.getViewport();
		const scrollback = terminal.getScrollback();

		box.expanded = true;
		tui.invalidate(); // final rows are cached: the owner of a changed entry invalidates
		tui.requestTailRedraw();
		await frame(tui, terminal);
		const expanded = terminal.getBuffer().join("\n");
		for (let i = 1; i <= 40; i++) expect(expanded).toContain(`line ${i}`);
		expect(screenRows(terminal).slice(-4)).toEqual(screen.slice(-4));

		box.expanded = false;
		tui.invalidate();
		tui.requestTailRedraw();
		await frame(tui, terminal);
		expect(terminal.getViewport()).toEqual(screen);
		// What was in scrollback before is still there, first and unchanged.
		expect(terminal.getScrollback().slice(0, scrollback.length)).toEqual(scrollback);
		terminal.dispose();
	});

	it("a tail redraw of a frame that changed only on screen prints nothing again", async () => {
		const { tui, terminal } = startTui(columns, rows);
		const box = new Box(40, 10);
		const status = new Lines(["status"]);
		tui.addChild(transcriptWith(box, 20));
		tui.addChild(status);
		await frame(tui, terminal);
		const scrollback = terminal.getScrollback();
		const written = terminal.writes.length;
		tui.requestTailRedraw();
		await frame(tui, terminal);
		expect(terminal.writes.length).toBe(written);
		status.lines = ["status changed"];
		tui.requestTailRedraw();
		await frame(tui, terminal);
		expect(terminal.getScrollback()).toEqual(scrollback);
		expect(terminal.getViewport().at(-1)).toBe("status changed");
		terminal.dispose();
	});

	it("without a tail redraw a change above the screen is left alone (scrollback is never rewritten)", async () => {
		const { tui, terminal } = startTui(columns, rows);
		const box = new Box(rows * 2, rows * 2);
		tui.addChild(transcriptWith(box, 2));
		await frame(tui, terminal);
		const scrollback = terminal.getScrollback();
		box.expanded = true;
		tui.invalidate();
		await frame(tui, terminal);
		expect(terminal.getScrollback()).toEqual(scrollback);
		terminal.dispose();
	});
});

describe("overlays and the screen height", () => {
	it("a component in an overlay learns how many rows it may use and keeps its selection in view", async () => {
		const { tui, terminal } = startTui(60, 12);
		tui.addChild(new Lines(["base"]));
		const items = Array.from({ length: 30 }, (_, i) => ({ value: `v${i}`, label: `item ${i + 1}` }));
		const list = new SelectList(items, { maxVisible: 20 });
		let told: number | undefined;
		const component = {
			setMaxRows: (count: number) => {
				told = count;
				list.setMaxVisible(count - 1);
			},
			render: (width: number) => list.render(width),
			handleInput: (data: string) => list.handleInput(data),
		};
		tui.showOverlay(component, { anchor: "bottom" });
		for (let i = 0; i < 25; i++) tui.handleInput("\x1b[B");
		await frame(tui, terminal);
		expect(told).toBe(12);
		const screen = terminal.getViewport().join("\n");
		expect(screen).toContain("→ item 26");
		expect(screen).toContain("(26/30)");
		terminal.dispose();
	});

	it("an overlay anchored to a component sits next to it without taking the keyboard", async () => {
		const { tui, terminal } = startTui(40, 10);
		const transcript = ["t1", "t2", "t3", "t4", "t5"];
		const editor = new Lines(["> typed"]);
		tui.addChild(new Lines(transcript));
		tui.addChild(editor);
		tui.addChild(new Lines(["f1", "f2", "f3", "f4"]));
		const received: string[] = [];
		tui.setFocus({ render: () => [], handleInput: (data) => received.push(data) });
		const popup = new Lines(["pick 1", "pick 2"]);
		tui.showOverlay(popup, { anchor: { component: editor, position: "below" }, focus: false });
		await frame(tui, terminal);
		// Room below: right under the editor, over the footer.
		expect(screenRows(terminal)).toEqual([...transcript, "> typed", "pick 1", "pick 2", "f3", "f4"]);
		tui.handleInput("x");
		expect(received).toEqual(["x"]);
		// No room below: above the editor, over the transcript's last rows; nothing moves.
		popup.lines = ["p1", "p2", "p3", "p4", "p5"];
		await frame(tui, terminal);
		expect(screenRows(terminal)).toEqual(["p1", "p2", "p3", "p4", "p5", "> typed", "f1", "f2", "f3", "f4"]);
		popup.lines = [];
		await frame(tui, terminal);
		expect(screenRows(terminal)).toEqual([...transcript, "> typed", "f1", "f2", "f3", "f4"]);
		terminal.dispose();
	});

	it("SelectList keeps an item's suffix and shortens its label instead", () => {
		const list = new SelectList([{ value: "a", label: "a very long label ".repeat(6), suffix: " ← current" }]);
		for (const width of [20, 40, 80]) {
			const [row] = list.render(width).map(stripAnsi);
			expect(row, `width ${width}`).toMatch(/… ← current$/);
		}
	});
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { CURSOR_MARKER } from "../../src/components/cursor.js";
import type { RowOverflow } from "../../src/renderer/inline-renderer.js";
import { VirtualTerminal } from "../../src/terminal/virtual-terminal.js";
import { TUI } from "../../src/tui.js";
import { frame, Lines, startTui } from "../tui/screen-helpers.js";

const SYNC_START = "\x1b[?2026h";
const SYNC_END = "\x1b[?2026l";

function count(text: string, part: string): number {
	return text.split(part).length - 1;
}

describe("frame output", () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it("writes exactly one synchronized-output block per changed frame, none for an unchanged one", async () => {
		const { tui, terminal } = startTui(40, 6);
		const body = new Lines(["a"]);
		tui.addChild(body);
		const frames: string[] = [];
		for (let i = 0; i < 12; i++) {
			body.lines.push(`row ${i}`);
			if (i === 5) terminal.resize(30, 6);
			const before = terminal.writes.length;
			await frame(tui, terminal);
			frames.push(...terminal.writes.slice(before));
		}
		expect(frames).toHaveLength(12);
		for (const output of frames) {
			expect(output.startsWith(SYNC_START)).toBe(true);
			expect(output.endsWith(SYNC_END)).toBe(true);
			expect(count(output, SYNC_START)).toBe(1);
			expect(count(output, SYNC_END)).toBe(1);
		}
		const before = terminal.writes.length;
		await frame(tui, terminal);
		expect(terminal.writes.length).toBe(before);
	});

	it("never clears the scrollback, not even on resize", async () => {
		const { tui, terminal } = startTui(30, 5);
		const body = new Lines([]);
		tui.addChild(body);
		for (let i = 0; i < 20; i++) {
			body.lines.push(`line ${i} ${"x".repeat(i)}`);
			if (i % 7 === 3) terminal.resize(20 + i, 5 + (i % 3));
			await frame(tui, terminal);
		}
		body.lines = ["short"];
		await frame(tui, terminal);
		expect(terminal.writes.join("")).not.toContain("\x1b[3J");
	});

	it("rewrites only the changed rows", async () => {
		const { tui, terminal } = startTui(40, 10);
		const body = new Lines(["alpha", "bravo", "charlie", "delta", "echo"]);
		tui.addChild(body);
		await frame(tui, terminal);
		body.lines[2] = "CHANGED";
		const before = terminal.writes.length;
		await frame(tui, terminal);
		const output = terminal.writes.slice(before).join("");
		expect(output).toContain("CHANGED");
		for (const untouched of ["alpha", "bravo", "delta", "echo"]) expect(output).not.toContain(untouched);
		body.lines.push("foxtrot");
		const beforeAppend = terminal.writes.length;
		await frame(tui, terminal);
		const appended = terminal.writes.slice(beforeAppend).join("");
		expect(appended).toContain("foxtrot");
		expect(appended).not.toContain("echo");
	});

	it("ends every written row with a style reset", async () => {
		const { tui, terminal } = startTui(40, 10);
		tui.addChild(new Lines(["\x1b[31mred without reset", "\x1b[1mbold"]));
		await frame(tui, terminal);
		const output = terminal.writes.at(-1)!;
		expect(output).toContain("red without reset\x1b[0m");
		expect(output).toContain("bold\x1b[0m");
	});

	it("coalesces rapid render requests into one frame per interval", async () => {
		vi.useFakeTimers();
		const terminal = new VirtualTerminal(40, 10);
		const tui = new TUI(terminal);
		const body = new Lines(["start"]);
		tui.addChild(body);
		tui.start();
		const afterStart = terminal.writes.length;
		for (let i = 0; i < 50; i++) {
			body.lines = [`update ${i}`];
			tui.requestRender();
		}
		expect(terminal.writes.length).toBe(afterStart);
		vi.advanceTimersByTime(16);
		expect(terminal.writes.length).toBe(afterStart + 1);
		expect(terminal.writes.at(-1)).toContain("update 49");
		vi.advanceTimersByTime(100);
		expect(terminal.writes.length).toBe(afterStart + 1);
	});

	it("clips a row wider than the terminal and reports it", async () => {
		const overflows: RowOverflow[] = [];
		const terminal = new VirtualTerminal(10, 5);
		const tui = new TUI(terminal, { onRowOverflow: (overflow) => overflows.push(overflow) });
		tui.addChild(new Lines(["ok", "0123456789abcdef", "日本語日本語日本語"]));
		tui.start();
		await terminal.flush();
		expect(terminal.getViewport().slice(0, 4)).toEqual(["ok", "0123456789", "日本語日本", ""]);
		expect(overflows).toEqual([
			{ row: 1, width: 16, columns: 10 },
			{ row: 2, width: 18, columns: 10 },
		]);
	});

	it("places the hardware cursor at the cursor marker and hides the marker", async () => {
		const { tui, terminal } = startTui(40, 10);
		tui.addChild(new Lines(["header"]));
		const editor = new Lines([`> hel${CURSOR_MARKER}lo`, "footer"]);
		tui.addChild(editor);
		await frame(tui, terminal);
		expect(terminal.getViewport().slice(0, 3)).toEqual(["header", "> hello", "footer"]);
		expect(terminal.getCursor()).toEqual({ row: 1, column: 5 });
		expect(terminal.writes.at(-1)).toContain("\x1b[?25h");
		editor.lines = [`> 日本${CURSOR_MARKER}`, "footer"];
		await frame(tui, terminal);
		expect(terminal.getCursor()).toEqual({ row: 1, column: 6 });
	});
});

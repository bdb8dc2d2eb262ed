import { describe, expect, it } from "vitest";
import { markFinal } from "../../src/container.js";
import { expectMatchesFreshRender, frame, Lines, Paragraph, startTui } from "./screen-helpers.js";

const numbered = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix} ${i}`);

describe("differential frames leave the same screen and scrollback as a fresh render", () => {
	it("appending rows", async () => {
		const { tui, terminal } = startTui(40, 10);
		const body = new Lines(["first"]);
		tui.addChild(body);
		await frame(tui, terminal);
		for (let i = 1; i < 6; i++) {
			body.lines.push(`row ${i}`);
			await frame(tui, terminal);
		}
		tui.addChild(new Lines(["footer"]));
		await frame(tui, terminal);
		await expectMatchesFreshRender(tui, terminal);
	});

	it("changing a row in the middle", async () => {
		const { tui, terminal } = startTui(40, 10);
		const body = new Lines(numbered("line", 6));
		tui.addChild(body);
		await frame(tui, terminal);
		body.lines[3] = "changed in the middle";
		await frame(tui, terminal);
		body.lines[2] = "x";
		await frame(tui, terminal);
		await expectMatchesFreshRender(tui, terminal);
	});

	it("shrinking", async () => {
		const { tui, terminal } = startTui(40, 10);
		const body = new Lines(numbered("line", 8));
		tui.addChild(body);
		await frame(tui, terminal);
		body.lines.splice(2, 4);
		await frame(tui, terminal);
		body.lines = [];
		await frame(tui, terminal);
		body.lines = ["again"];
		await frame(tui, terminal);
		await expectMatchesFreshRender(tui, terminal);
	});

	it("growing past the screen height, with final components committed to scrollback", async () => {
		const { tui, terminal } = startTui(30, 8);
		for (let i = 0; i < 5; i++) {
			tui.addChild(markFinal(new Lines(numbered(`msg${i}`, 3))));
			await frame(tui, terminal);
		}
		const streaming = new Lines([]);
		tui.addChild(streaming);
		const editor = new Lines(["> prompt"]);
		tui.addChild(editor);
		for (let i = 0; i < 12; i++) {
			streaming.lines.push(`stream ${i}`);
			await frame(tui, terminal);
		}
		expect(tui.committedChildren).toBeGreaterThan(0);
		await expectMatchesFreshRender(tui, terminal);
	});

	it("changing a live row that is still on screen after growing", async () => {
		const { tui, terminal } = startTui(30, 6);
		const status = new Lines(["status: idle"]);
		tui.addChild(new Lines(numbered("history", 10)));
		tui.addChild(status);
		tui.addChild(new Lines(["footer"]));
		await frame(tui, terminal);
		status.lines = ["status: working", "extra"];
		await frame(tui, terminal);
		await expectMatchesFreshRender(tui, terminal);
	});

	it("resizing narrower and wider while the content fits the screen", async () => {
		const { tui, terminal } = startTui(40, 12);
		tui.addChild(new Lines(["header"]));
		tui.addChild(new Paragraph("The quick brown fox jumps over the lazy dog and keeps running far away."));
		tui.addChild(new Lines(["> input"]));
		await frame(tui, terminal);
		terminal.resize(24, 12);
		await frame(tui, terminal);
		await expectMatchesFreshRender(tui, terminal);
		terminal.resize(60, 12);
		await frame(tui, terminal);
		await expectMatchesFreshRender(tui, terminal);
	});

	it("resizing after the transcript scrolled: scrollback kept, the screen re-wrapped", async () => {
		const { tui, terminal } = startTui(40, 8);
		for (let i = 0; i < 6; i++) {
			tui.addChild(markFinal(new Lines(numbered(`m${i}`, 2))));
			await frame(tui, terminal);
		}
		tui.addChild(new Paragraph("streaming answer that wraps differently at every terminal width we try"));
		tui.addChild(new Lines(["> input"]));
		await frame(tui, terminal);
		const scrollbackBefore = terminal.getScrollback();
		terminal.resize(20, 8);
		await frame(tui, terminal);
		expect(terminal.writes.join("")).not.toContain("\x1b[3J");
		expect(terminal.getScrollback().slice(0, scrollbackBefore.length)).toEqual(scrollbackBefore);
		await expectMatchesFreshRender(tui, terminal);
		terminal.resize(50, 8);
		await frame(tui, terminal);
		// Wider means fewer live rows; rows below the content stay blank (scrollback cannot be pulled back).
		const viewport = terminal.getViewport();
		expect(viewport.filter((row) => row !== "").at(-1)).toBe("> input");
		expect(viewport.join("\n")).toContain("streaming answer that wraps differently at every\nterminal width we try");
		expect(terminal.getScrollback().slice(0, scrollbackBefore.length)).toEqual(scrollbackBefore);
	});

	it("wide characters and emoji", async () => {
		const { tui, terminal } = startTui(20, 8);
		const body = new Lines(["日本語のテキスト", "emoji 👍🏽 ok", "plain"]);
		tui.addChild(body);
		await frame(tui, terminal);
		body.lines[0] = "日本";
		body.lines[1] = "👨‍👩‍👧 family 🎉";
		await frame(tui, terminal);
		body.lines.push("漢字漢字漢字漢字漢字");
		await frame(tui, terminal);
		await expectMatchesFreshRender(tui, terminal);
	});

	it("overlays shown, stacked and hidden", async () => {
		const { tui, terminal } = startTui(40, 12);
		const body = new Lines(numbered("content row", 6));
		tui.addChild(body);
		await frame(tui, terminal);
		const dialog = new Lines(["┌ dialog ┐", "│ 日本語 │", "└────────┘"]);
		const dialogHandle = tui.showOverlay(dialog, { width: 12 });
		await frame(tui, terminal);
		expect(terminal.getViewport().some((row) => row.includes("dialog"))).toBe(true);
		await expectMatchesFreshRender(tui, terminal, [{ component: dialog, options: { width: 12 } }]);

		const popup = new Lines(["popup one", "popup two"]);
		const popupOptions = { anchor: { row: 2 }, align: "left", width: "50%" } as const;
		const popupHandle = tui.showOverlay(popup, popupOptions);
		await frame(tui, terminal);
		await expectMatchesFreshRender(tui, terminal, [
			{ component: dialog, options: { width: 12 } },
			{ component: popup, options: popupOptions },
		]);

		popupHandle.hide();
		dialogHandle.hide();
		await frame(tui, terminal);
		await expectMatchesFreshRender(tui, terminal);
	});
});

describe("shrinking after the content scrolled", () => {
	it("clears the rows below the content and keeps the scrollback", async () => {
		const { tui, terminal } = startTui(30, 5);
		const body = new Lines(numbered("row", 12));
		tui.addChild(body);
		await frame(tui, terminal);
		const scrollback = terminal.getScrollback();
		body.lines = numbered("row", 9);
		await frame(tui, terminal);
		// The terminal cannot pull rows back from scrollback: the screen keeps its top row, the rest is blank.
		expect(terminal.getScrollback()).toEqual(scrollback);
		expect(terminal.getViewport()).toEqual(["row 7", "row 8", "", "", ""]);
	});
});

describe("height changes", () => {
	it("keeps the screen and scrollback consistent when the terminal gets shorter and taller", async () => {
		const { tui, terminal } = startTui(30, 8);
		for (let i = 0; i < 4; i++) tui.addChild(markFinal(new Lines(numbered(`m${i}`, 3))));
		const live = new Lines(["live"]);
		tui.addChild(live);
		await frame(tui, terminal);
		terminal.resize(30, 5);
		live.lines = ["live", "grown"];
		await frame(tui, terminal);
		await expectMatchesFreshRender(tui, terminal);
		terminal.resize(30, 9);
		live.lines = ["live", "grown", "again"];
		await frame(tui, terminal);
		expect(
			terminal
				.getViewport()
				.filter((row) => row !== "")
				.slice(-3),
		).toEqual(["live", "grown", "again"]);
	});
});

describe("random frame sequences", () => {
	it("match a fresh render after every step (seeded)", async () => {
		let seed = 12345;
		const random = (n: number) => {
			seed = (seed * 1103515245 + 12345) % 2147483648;
			return seed % n;
		};
		const words = ["a", "wide 日本語", "emoji 🎉", "\x1b[32mgreen\x1b[0m text", "longer row of plain text"];
		for (let run = 0; run < 6; run++) {
			const { tui, terminal } = startTui(24, 6);
			const rows = new Lines([]);
			tui.addChild(rows);
			let overflowed = false;
			for (let step = 0; step < 25; step++) {
				const op = random(4);
				const word = `${words[random(words.length)]} ${step}`;
				const firstVisible = Math.max(0, rows.lines.length - terminal.rows);
				if (op === 0 || rows.lines.length === 0) rows.lines.push(word);
				else if (op === 1) rows.lines[firstVisible + random(rows.lines.length - firstVisible)] = word;
				else if (op === 2 && !overflowed) rows.lines.splice(random(rows.lines.length), 1);
				else rows.lines.push(word, `${word} (2)`);
				await frame(tui, terminal);
				overflowed ||= rows.lines.length > terminal.rows;
				await expectMatchesFreshRender(tui, terminal);
			}
		}
	});
});

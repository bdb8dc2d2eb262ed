/**
 * A row is one line: a component that returns a row holding a line break (an unsplit multi-line string) must not
 * move the terminal's cursor behind the renderer's back, or later frames rewrite the wrong lines and leave stale
 * rows on screen (a dialog title with "\n" in it froze an animating row in the transcript).
 */
import { describe, expect, it } from "vitest";
import { frame, Lines, startTui } from "./screen-helpers.js";

describe("rows holding line breaks", () => {
	it("are drawn on one line each, and later frames rewrite the right lines", async () => {
		const { tui, terminal } = startTui(40, 12);
		const body = new Lines(["top", "question:\n\n  rm -rf x\r\nallow?", "spinner 0", "bottom"]);
		tui.addChild(body);
		await frame(tui, terminal);
		for (let i = 1; i <= 3; i++) {
			body.lines[2] = `spinner ${i}`;
			await frame(tui, terminal);
		}
		body.lines.splice(1, 1);
		await frame(tui, terminal);
		const viewport = terminal.getViewport().map((row) => row.trimEnd());
		expect(viewport.slice(0, 4)).toEqual(["top", "spinner 3", "bottom", ""]);
		expect(viewport.filter((row) => row !== "")).toEqual(["top", "spinner 3", "bottom"]);
		terminal.dispose();
	});
});

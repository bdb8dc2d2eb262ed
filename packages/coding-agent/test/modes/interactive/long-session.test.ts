/**
 * A 2 MB answer streamed into a transcript that already holds 100,000 rows, drawn through the real TUI into a
 * terminal emulator, with a resize in the middle of the stream: the screen must end up showing exactly the last
 * rows of the answer above the editor, with nothing garbled or lost.
 */
import { type Component, Container, markFinal, stripAnsi, TUI } from "@pi/tui";
import { describe, expect, it } from "vitest";
import { VirtualTerminal } from "../../../../tui/src/terminal/virtual-terminal.js";
import { TranscriptView } from "../../../src/modes/interactive/event-rendering.js";
import { createTheme, DARK_THEME } from "../../../src/modes/interactive/theme/index.js";
import { assistantMessage } from "./components/helpers.js";

/** A finished message of fixed rows (cheap to render: the test is about the renderer and the transcript). */
class FixedRows implements Component {
	constructor(private readonly rows: string[]) {}
	render(): string[] {
		return this.rows;
	}
}

const assistant = (text: string) => assistantMessage([{ type: "text", text }]);

describe("long session transcript", () => {
	it("streams a 2 MB answer after 100,000 rows without corrupting the screen, across a resize", async () => {
		const terminal = new VirtualTerminal(100, 30, { scrollback: 2000 });
		const tui = new TUI(terminal);
		const transcriptContainer = new Container();
		const footer = new FixedRows(["──── editor ────", "footer"]);
		tui.addChild(transcriptContainer);
		tui.addChild(footer);
		for (let message = 0; message < 1000; message++) {
			const rows = Array.from({ length: 100 }, (_, row) => `history ${message}:${row}`);
			transcriptContainer.addChild(markFinal(new FixedRows(rows)));
		}
		const transcript = new TranscriptView(transcriptContainer, {
			theme: createTheme(DARK_THEME, { colorLevel: 0 }),
			cwd: "/tmp",
			hideThinking: false,
			toolsExpanded: false,
		});
		tui.start();

		// 2 MB of paragraphs, each line numbered so the final screen can be checked exactly.
		const paragraphs: string[] = [];
		let size = 0;
		for (let i = 0; size < 2 * 1024 * 1024; i++) {
			const paragraph = `Paragraph ${i} ends here ${"x".repeat(40)}`;
			paragraphs.push(paragraph);
			size += paragraph.length + 2;
		}
		const full = paragraphs.join("\n\n");
		const steps = 24;
		transcript.handleEvent({ type: "message_start", message: assistant("") });
		for (let step = 1; step <= steps; step++) {
			const text = full.slice(0, Math.floor((full.length * step) / steps));
			transcript.handleEvent({
				type: "message_update",
				message: assistant(text),
				assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "", partial: assistant(text) },
			} as never);
			if (step === steps / 2) terminal.resize(80, 30);
			tui.renderNow();
		}
		transcript.handleEvent({ type: "message_end", message: assistant(full) });
		tui.renderNow();
		await terminal.flush();

		const screen = terminal.getViewport().map((row) => stripAnsi(row).trimEnd());
		expect(screen.slice(-2)).toEqual(["──── editor ────", "footer"]);
		const answerRows = screen.slice(0, -2).filter((row) => row.trim() !== "");
		const last = paragraphs.length - 1;
		// The last paragraphs in order, each on its own row, nothing from the history in between.
		const expected = paragraphs.slice(-answerRows.length).map((paragraph) => ` ${paragraph}`);
		expect(answerRows).toEqual(expected);
		expect(answerRows.at(-1)).toContain(`Paragraph ${last} ends here`);
		// The history scrolled away: it was committed, not re-rendered every frame.
		expect(transcriptContainer.committedChildren).toBeGreaterThanOrEqual(1000);
		tui.stop();
	}, 60_000);
});

import { describe, expect, it } from "vitest";
import { Markdown } from "../../../src/components/markdown/markdown.js";
import { Container, markFinal } from "../../../src/container.js";
import { VirtualTerminal } from "../../../src/terminal/virtual-terminal.js";
import { stripAnsi } from "../../../src/text/ansi.js";
import { TUI } from "../../../src/tui.js";
import { STREAMING_CORPUS } from "./streaming-corpus.js";

function paragraphs(count: number): string {
	return Array.from({ length: count }, (_, i) => `Paragraph ${i} of the streamed answer.`).join("\n\n");
}

describe("Markdown committed rows", () => {
	it("commits finished blocks that scrolled away and keeps rendering only the rest", () => {
		const markdown = new Markdown(`${paragraphs(40)}\n\nstill streaming`, { paddingY: 1 });
		const all = markdown.render(60);
		// 1 padding row + 40 paragraphs with blank rows between + the tail paragraph + 1 padding row.
		expect(all).toHaveLength(1 + 40 * 2 + 1 + 1);
		// 10 rows fit the padding row, paragraph 0 and four more paragraphs with their blank rows (1 + 1 + 4 * 2).
		expect(markdown.commitRows(60, 11)).toBe(10);
		expect(markdown.renderLive(60)).toEqual(all.slice(10));
		// The last blocks can still change (the unfinished line could continue them): never committed.
		expect(markdown.commitRows(60, 1000)).toBe(all.length - 10 - 5);
		expect(markdown.renderLive(60).map(stripAnsi)).toEqual([
			"",
			"Paragraph 39 of the streamed answer.",
			"",
			"still streaming",
			"",
		]);
		// A full render still holds everything.
		expect(markdown.render(60)).toEqual(all);
	});

	it("keeps the committed rows when the text grows, and shows a replaced text in full", () => {
		const markdown = new Markdown(`${paragraphs(10)}\n\ntail`);
		const before = markdown.render(40);
		const committed = markdown.commitRows(40, before.length);
		expect(committed).toBe(before.length - 4);
		markdown.setText(`${paragraphs(10)}\n\ntail grows\n\nnew paragraph`);
		expect(markdown.renderLive(40).map(stripAnsi)).toEqual([
			"",
			"Paragraph 9 of the streamed answer.",
			"",
			"tail grows",
			"",
			"new paragraph",
		]);
		markdown.setText("something else entirely");
		expect(markdown.renderLive(40).map(stripAnsi)).toEqual(["something else entirely"]);
	});

	it.each([
		["paragraphs", paragraphs(300)],
		[
			// Without the documents that end in an open fence (it swallows what follows) or use CRLF (never frozen).
			"the streaming corpus",
			Object.entries(STREAMING_CORPUS)
				.filter(([name]) => name !== "fences" && name !== "crlf")
				.map(([, text]) => text)
				.join("\n\n")
				.repeat(3),
		],
	])("streams %s through a TUI and ends with the same screen as drawing it at once", async (_, text) => {
		const streamed = new VirtualTerminal(50, 12);
		const tui = new TUI(streamed);
		const markdown = new Markdown("", { paddingX: 1 });
		tui.addChild(markdown);
		tui.addChild({ render: () => ["── footer ──"] });
		tui.start();
		for (let end = 0; end < text.length; end += 97) {
			markdown.setText(text.slice(0, end));
			tui.renderNow();
		}
		markdown.setText(text);
		tui.renderNow();
		tui.stop();
		await streamed.flush();

		const reference = new VirtualTerminal(50, 12);
		const once = new TUI(reference);
		once.addChild(new Markdown(text, { paddingX: 1 }));
		once.addChild({ render: () => ["── footer ──"] });
		once.start();
		once.stop();
		await reference.flush();
		expect(streamed.getViewport()).toEqual(reference.getViewport());
		// Most of the answer was committed to scrollback rather than re-rendered every frame.
		expect(markdown.renderLive(50).length).toBeLessThan(markdown.render(50).length / 4);
	});

	it("when marked final after committing rows of its own, is committed by its container with its live rows only", () => {
		const container = new Container();
		const markdown = new Markdown(`${paragraphs(20)}\n\nlast`);
		container.addChild(markdown);
		container.addChild({ render: () => ["footer"] });
		const total = container.renderLive(40).length;
		const early = container.commitRows(40, 10);
		expect(early).toBe(9); // paragraph 0, then four more with their blank rows
		markFinal(markdown);
		const live = markdown.renderLive(40).length;
		expect(container.renderLive(40)).toHaveLength(total - early);
		// The whole remaining message fits: exactly its live rows are committed, not its full height.
		expect(container.commitRows(40, live)).toBe(live);
		expect(container.renderLive(40)).toEqual(["footer"]);
	});
});

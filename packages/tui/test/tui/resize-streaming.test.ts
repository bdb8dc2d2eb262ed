/**
 * Resizing the terminal while a markdown answer streams and commits its finished blocks: whatever the chunking and
 * the moment of the resize, every line of the answer must end up in scrollback + screen, in order, once.
 */
import { describe, expect, it } from "vitest";
import { CURSOR_MARKER } from "../../src/components/cursor.js";
import { Markdown } from "../../src/components/markdown/markdown.js";
import { type CommittableComponent, Container, markFinal } from "../../src/container.js";
import { VirtualTerminal } from "../../src/terminal/virtual-terminal.js";
import { TUI } from "../../src/tui.js";

/** A streamed message as the coding agent draws it: a blank row, then markdown that commits finished blocks. */
class StreamedMessage implements CommittableComponent {
	readonly markdown = new Markdown("", { paddingX: 1 });
	private separatorCommitted = false;

	render(width: number): string[] {
		const rows = this.markdown.render(width);
		return rows.length > 0 ? ["", ...rows] : [];
	}

	renderLive(width: number): string[] {
		return this.separatorCommitted ? this.markdown.renderLive(width) : this.render(width);
	}

	commitRows(width: number, rows: number): number {
		const separator = this.separatorCommitted || this.markdown.render(width).length === 0 ? 0 : 1;
		if (rows <= separator) return 0;
		const inner = this.markdown.commitRows(width, rows - separator);
		if (inner === 0) return 0;
		this.separatorCommitted = true;
		return inner + separator;
	}
}

/** A seeded pseudo-random generator (tests must be reproducible). */
function seeded(seed: number): (n: number) => number {
	let state = seed;
	return (n) => {
		state = (state * 1103515245 + 12345) % 2147483648;
		return state % n;
	};
}

const SIZES: Array<[number, number]> = [
	[60, 20],
	[120, 30],
	[80, 24],
	[50, 16],
	[100, 18],
	[70, 40],
];

interface Run {
	text: string;
	seed: number;
	resizes: number;
	sizes?: Array<[number, number]>;
}

/** Streams `text` in random chunks into a pi-like screen, resizing at random moments; returns scrollback + screen. */
async function streamWithResizes({ text, seed, resizes, sizes = SIZES }: Run): Promise<string> {
	const random = seeded(seed);
	const terminal = new VirtualTerminal(100, 24);
	const tui = new TUI(terminal);
	tui.addChild(markFinal({ render: () => [" pi v0", " keys: esc interrupt"] }));
	const transcript = new Container();
	tui.addChild(transcript);
	// A user message with a background that fills the width, so the terminal re-wraps it when narrowed.
	transcript.addChild(markFinal({ render: (w: number) => ["", " ".repeat(w), " question".padEnd(w), " ".repeat(w)] }));
	const message = new StreamedMessage();
	transcript.addChild(message);
	tui.addChild({ render: () => ["", " Working…"] });
	tui.addChild({ render: (w: number) => ["─".repeat(w), `> ${CURSOR_MARKER}`, "─".repeat(w)] });
	tui.addChild({ render: (w: number) => [" ~/project", `${" 0.2%/200k".padEnd(Math.max(0, w - 12))}mock/model`] });
	tui.start();
	await terminal.flush();

	const resizeAt = new Set(Array.from({ length: resizes }, () => random(text.length)));
	let end = 0;
	while (end < text.length) {
		const next = Math.min(text.length, end + 1 + random(80));
		for (const at of resizeAt) {
			if (at >= end && at < next) {
				const [columns, rows] = sizes[random(sizes.length)]!;
				terminal.resize(columns, rows);
			}
		}
		end = next;
		message.markdown.setText(text.slice(0, end));
		tui.renderNow();
		await terminal.flush();
	}
	tui.stop();
	await terminal.flush();
	// Lines the terminal wrapped when it was narrowed are joined again: a word cut at the old edge is one word.
	const buffer = terminal.xterm.buffer.active;
	let all = "";
	for (let y = 0; y < buffer.length; y++) {
		const line = buffer.getLine(y);
		all += (y > 0 && !line?.isWrapped ? "\n" : "") + (line?.translateToString(true) ?? "");
	}
	terminal.dispose();
	return all;
}

const ids = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match[0]);

describe("resizing while a committed markdown answer streams", () => {
	it("keeps every row exactly once, in order (rows that fit every width)", async () => {
		const rows = Array.from({ length: 70 }, (_, i) => `row ${String(i).padStart(3, "0")} of the answer`);
		const text = rows
			.map((row, i) => (i % 7 === 3 ? `- ${row}\n- item` : i % 11 === 5 ? `\`\`\`\n${row}\n\`\`\`` : row))
			.join("\n\n");
		for (let seed = 1; seed <= 24; seed++) {
			const all = await streamWithResizes({ text, seed, resizes: 1 + (seed % 3) });
			expect(ids(all, /row \d{3}/g), `seed ${seed}`).toEqual(rows.map((row) => row.slice(0, 7)));
		}
	});

	it("loses no word of paragraphs that re-wrap at the new width", async () => {
		let word = 0;
		const paragraph = () => Array.from({ length: 12 + (word % 17) }, () => `w${String(word++).padStart(4, "0")}`);
		const text = Array.from({ length: 30 }, () => paragraph().join(" ")).join("\n\n");
		const expected = ids(text, /w\d{4}/g);
		for (let seed = 1; seed <= 12; seed++) {
			const all = await streamWithResizes({ text, seed, resizes: 1 + (seed % 2) });
			const seen = new Set(ids(all, /w\d{4}/g));
			expect(
				expected.filter((id) => !seen.has(id)),
				`seed ${seed}`,
			).toEqual([]);
		}
	});

	it("keeps every row exactly once when only the height changes (the terminal drops rows below the cursor)", async () => {
		const rows = Array.from({ length: 40 }, (_, i) => `row ${String(i).padStart(3, "0")} of the answer`);
		const sizes: Array<[number, number]> = [
			[100, 18],
			[100, 30],
			[100, 12],
		];
		for (let seed = 1; seed <= 8; seed++) {
			const all = await streamWithResizes({ text: rows.join("\n\n"), seed, resizes: 2, sizes });
			expect(ids(all, /row \d{3}/g), `seed ${seed}`).toEqual(rows.map((row) => row.slice(0, 7)));
		}
	});
});

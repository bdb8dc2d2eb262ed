import chalk from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import { Markdown, type MarkdownOptions } from "../../../src/components/markdown/markdown.js";
import { STREAMING_CORPUS } from "./streaming-corpus.js";

/** A small deterministic PRNG (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** Prefix lengths of `text` cut into random chunks of 1 to `maxChunk` characters. */
function chunkEnds(text: string, seed: number, maxChunk: number): number[] {
	const next = random(seed);
	const ends: number[] = [];
	for (let end = 0; end < text.length; ) {
		end = Math.min(text.length, end + 1 + Math.floor(next() * maxChunk));
		ends.push(end);
	}
	return ends;
}

function oneShot(text: string, width: number, options?: MarkdownOptions): string[] {
	return new Markdown(text, options).render(width);
}

const WIDTHS = [13, 37, 80];

beforeAll(() => {
	// Styles are part of the rows compared; make sure they are emitted.
	chalk.level = 1;
});

describe("Markdown streaming (text that grows at the end)", () => {
	for (const [name, text] of Object.entries(STREAMING_CORPUS)) {
		it(`renders every streamed prefix of "${name}" exactly like a one-shot render`, () => {
			// One character at a time, then random chunks: every split point, and jumps over several blocks at once.
			for (const [seed, maxChunk] of [
				[1, 1],
				[2, 17],
				[3, 60],
			] as const) {
				const streamed = new Markdown("", { paddingX: 1 });
				const ends = chunkEnds(text, seed + name.length, maxChunk);
				ends.forEach((end, step) => {
					const prefix = text.slice(0, end);
					streamed.setText(prefix);
					// Alternate widths now and then, so per-width row caches are exercised mid-stream.
					const width = WIDTHS[step % 7 === 0 ? step % WIDTHS.length : 1]!;
					const rows = streamed.render(width);
					expect(rows, `seed ${seed}, ${end} chars, width ${width}`).toEqual(oneShot(prefix, width, { paddingX: 1 }));
				});
				for (const width of WIDTHS) expect(streamed.render(width)).toEqual(oneShot(text, width, { paddingX: 1 }));
			}
		});
	}

	it("matches a one-shot render with padding and a background", () => {
		const options: MarkdownOptions = { paddingX: 2, paddingY: 1, background: chalk.bgBlue };
		const text = STREAMING_CORPUS.mixed!;
		const streamed = new Markdown("", options);
		for (const end of chunkEnds(text, 7, 25)) {
			streamed.setText(text.slice(0, end));
			streamed.render(40);
		}
		expect(streamed.render(40)).toEqual(oneShot(text, 40, options));
		expect(streamed.render(24)).toEqual(oneShot(text, 24, options));
	});

	it("re-renders from scratch when the text is replaced rather than extended", () => {
		const markdown = new Markdown("# One\n\nfirst paragraph\n\nsecond paragraph\n\nthird");
		markdown.render(30);
		markdown.setText("# Two\n\nfirst paragraph\n\nsecond paragraph\n\nthird and more");
		expect(markdown.render(30)).toEqual(oneShot("# Two\n\nfirst paragraph\n\nsecond paragraph\n\nthird and more", 30));
		markdown.setText("short");
		expect(markdown.render(30)).toEqual(oneShot("short", 30));
	});

	it("does not restyle finished blocks when text is appended", () => {
		let headingCalls = 0;
		const markdown = new Markdown("", {
			theme: {
				heading: (text) => {
					headingCalls++;
					return text;
				},
			},
		});
		let text = "# Title\n\nA first [link][l] paragraph.\n\n[l]: https://example.com\n\nMore:\n\n";
		markdown.setText(text);
		markdown.render(40);
		expect(headingCalls).toBe(1);
		for (let i = 0; i < 20; i++) {
			text += `word${i} `;
			markdown.setText(text);
			markdown.render(40);
		}
		expect(headingCalls).toBe(1);
		// A width change re-renders finished blocks once (rows wrap differently), without re-lexing the text.
		markdown.render(30);
		expect(headingCalls).toBe(2);
		markdown.invalidate();
		markdown.render(30);
		expect(headingCalls).toBe(3);
	});

	it("lets a reference definition that arrives later change links in finished paragraphs", () => {
		const markdown = new Markdown("", { hyperlinks: false });
		const text =
			"See [the docs][docs] for details.\n\nMore text here.\n\nEven more.\n\n[docs]: https://example.com/docs\n";
		for (let end = 1; end <= text.length; end++) {
			markdown.setText(text.slice(0, end));
			markdown.render(60);
		}
		const rows = markdown.render(60);
		expect(rows).toEqual(oneShot(text, 60, { hyperlinks: false }));
		expect(rows[0]).toContain("(https://example.com/docs)");
	});
});

// Frame time while a markdown answer streams in (@pi/tui, built dist/): appending a chunk to an answer of 10 KB
// versus 2 MB. Markdown re-lexes and re-renders only the blocks that appending can still change, so the two
// medians should be close (goal: ratio <= 1.5). Finished blocks that scrolled above the screen are committed
// (renderLive/commitRows), so rows are not copied or diffed per frame either. Printed for two scopes: the Markdown
// component alone (setText + renderLive + commitRows), and a whole TUI frame (render, diff, commit). For
// contrast, rendering the 2 MB answer from scratch (what every frame cost before).
// Run: npx tsc -b packages/tui && node bench/run.mjs tui-streaming-markdown
import { performance } from "node:perf_hooks";
import { Markdown, TUI } from "../../packages/tui/dist/index.js";
import { COLUMNS, compareSizes, median, medianFrameTime, ROWS, SinkTerminal } from "../lib/tui-frame.mjs";

const FRAMES = 300;
const CHUNK = 40;

/** A long answer like a model writes: headings, paragraphs, lists, code, tables, quotes. */
function buildAnswer(size) {
	const sections = [];
	let length = 0;
	for (let i = 0; length < size; i++) {
		const section = `## Step ${i}

This step explains **part ${i}** of the change, with \`inline code\`, a [link](https://example.com/${i}) and enough
words to wrap over a couple of rows at the terminal width used here, lorem ipsum dolor sit amet.

- first point of step ${i}
- second point, a little longer so that it wraps at narrower widths
  1. nested detail
  2. another detail

\`\`\`ts
export function step${i}(input: string): number {
	// count the words of the input
	return input.split(/\\s+/).length + ${i};
}
\`\`\`

| Name | Value |
|------|------:|
| step | ${i} |

> A short quote closing step ${i}.

`;
		sections.push(section);
		length += section.length;
	}
	return sections.join("");
}

/**
 * Median time of appending CHUNK characters and rendering the live rows, starting from `start` characters of
 * `answer`. After each render, the rows above a ROWS-high screen are offered for committing, as the TUI does.
 */
function measureComponent(answer, start) {
	const markdown = new Markdown("", { paddingX: 1 });
	const frame = (text) => {
		markdown.setText(text);
		const live = markdown.renderLive(COLUMNS);
		markdown.commitRows(COLUMNS, Math.max(0, live.length - ROWS));
	};
	frame(answer.slice(0, start));
	const times = [];
	for (let i = 1; i <= FRAMES; i++) {
		const text = answer.slice(0, start + i * CHUNK);
		const started = performance.now();
		frame(text);
		times.push(performance.now() - started);
	}
	return median(times);
}

/** Median time of a whole TUI frame (render, diff, write) after appending CHUNK characters. */
function measureFrame(answer, start) {
	const tui = new TUI(new SinkTerminal());
	const markdown = new Markdown("", { paddingX: 1 });
	tui.addChild(markdown);
	tui.addChild({ render: () => ["─".repeat(COLUMNS), "> type here", "model: faux"] });
	markdown.setText(answer.slice(0, start));
	return medianFrameTime(tui, FRAMES, (i) => markdown.setText(answer.slice(0, start + (i + 1) * CHUNK)));
}

function report(label, measure, answer) {
	// Alternate the sizes so JIT warm-up and GC noise hit both alike; report the median of the medians.
	const { small: smallMedian, large: largeMedian } = compareSizes(
		() => measure(answer, 10_000),
		() => measure(answer, 2 * 1024 * 1024),
	);
	console.log(`${label}, answer of 10 KB: median ${smallMedian.toFixed(4)} ms`);
	console.log(`${label}, answer of  2 MB: median ${largeMedian.toFixed(4)} ms`);
	console.log(`${label}, ratio 2MB/10KB: ${(largeMedian / smallMedian).toFixed(2)} (goal <= 1.5)`);
}

export async function run() {
	const answer = buildAnswer(2 * 1024 * 1024 + (FRAMES + 1) * CHUNK);
	report("Markdown component", measureComponent, answer);
	report("TUI frame", measureFrame, answer);
	const full = [];
	for (let i = 0; i < 3; i++) {
		const started = performance.now();
		new Markdown(answer.slice(0, 2 * 1024 * 1024), { paddingX: 1 }).render(COLUMNS);
		full.push(performance.now() - started);
	}
	console.log(`for contrast, rendering the 2 MB answer from scratch: median ${median(full).toFixed(1)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();

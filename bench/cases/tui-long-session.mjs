// Frame time while streaming into a short transcript versus a very long one (@pi/tui, built dist/).
// The transcript is made of finished (markFinal) components; a streaming component grows by a few words per
// frame. With committed rows, a frame costs what the live tail costs, so the two medians should be close.
// Run: npx tsc -b packages/tui && node bench/run.mjs tui-long-session
import { performance } from "node:perf_hooks";
import { Container, markFinal, TUI } from "../../packages/tui/dist/index.js";

const COLUMNS = 100;
const ROWS = 40;
const FRAMES = 1000;

/** A Terminal that discards output (counts bytes), so the figures measure the renderer, not a TTY. */
class SinkTerminal {
	columns = COLUMNS;
	rows = ROWS;
	bytes = 0;
	write(data) {
		this.bytes += data.length;
	}
	start() {}
	stop() {}
	setTitle() {}
	showCursor() {}
	hideCursor() {}
}

/** A finished message: fixed rows. */
class Message {
	constructor(index, rows) {
		this.lines = Array.from({ length: rows }, (_, i) => `message ${index} row ${i}: lorem ipsum dolor sit amet`);
	}
	render() {
		return this.lines;
	}
}

/** The message being streamed: text wrapped naively at the width. */
class Streaming {
	text = "";
	render(width) {
		const rows = [];
		for (let i = 0; i < this.text.length; i += width) rows.push(this.text.slice(i, i + width));
		return rows.length > 0 ? rows : [""];
	}
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

function measure(transcriptRows, { final = true, frames = FRAMES } = {}) {
	const terminal = new SinkTerminal();
	const tui = new TUI(terminal);
	const chat = new Container();
	const rowsPerMessage = 10;
	for (let i = 0; i < transcriptRows / rowsPerMessage; i++) {
		const message = new Message(i, rowsPerMessage);
		chat.addChild(final ? markFinal(message) : message);
	}
	const streaming = new Streaming();
	chat.addChild(streaming);
	tui.addChild(chat);
	tui.addChild({ render: () => ["─".repeat(COLUMNS), "> type here", "model: faux  tokens: 0"] });
	tui.start();
	const times = [];
	for (let i = 0; i < frames; i++) {
		streaming.text += `token${i} `;
		const started = performance.now();
		tui.renderNow();
		times.push(performance.now() - started);
	}
	tui.stop();
	return { median: median(times), committed: chat.committedChildren, bytes: terminal.bytes };
}

export async function run() {
	measure(1_000); // warm-up
	// Alternate the two sizes so JIT warm-up and GC noise hit both alike; report the median of the medians.
	const small = [];
	const large = [];
	for (let round = 0; round < 3; round++) {
		small.push(measure(1_000).median);
		large.push(measure(100_000).median);
	}
	const smallMedian = median(small);
	const largeMedian = median(large);
	const unfinalised = measure(100_000, { final: false, frames: 50 });
	console.log(`streaming frame, transcript of   1,000 rows: median ${smallMedian.toFixed(4)} ms`);
	console.log(`streaming frame, transcript of 100,000 rows: median ${largeMedian.toFixed(4)} ms`);
	console.log(`ratio 100k/1k: ${(largeMedian / smallMedian).toFixed(2)} (goal <= 1.5)`);
	console.log(
		`for contrast, 100,000 rows never marked final (nothing committed): median ${unfinalised.median.toFixed(3)} ms`,
	);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();

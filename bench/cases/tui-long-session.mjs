// Frame time while streaming into a short transcript versus a very long one (@pi/tui, built dist/).
// The transcript is made of finished (markFinal) components; a streaming component grows by a few words per
// frame. With committed rows, a frame costs what the live tail costs, so the two medians should be close.
// Run: npx tsc -b packages/tui && node bench/run.mjs tui-long-session
import { Container, markFinal, TUI } from "../../packages/tui/dist/index.js";
import { COLUMNS, compareSizes, Message, medianFrameTime, SinkTerminal, Streaming } from "../lib/tui-frame.mjs";

const FRAMES = 1000;

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
	const frameMedian = medianFrameTime(tui, frames, (i) => {
		streaming.text += `token${i} `;
	});
	return { median: frameMedian, committed: chat.committedChildren, bytes: terminal.bytes };
}

export async function run() {
	// Alternate the two sizes so JIT warm-up and GC noise hit both alike; report the median of the medians.
	const { small: smallMedian, large: largeMedian } = compareSizes(
		() => measure(1_000).median,
		() => measure(100_000).median,
	);
	const unfinalised = measure(100_000, { final: false, frames: 50 });
	console.log(`streaming frame, transcript of   1,000 rows: median ${smallMedian.toFixed(4)} ms`);
	console.log(`streaming frame, transcript of 100,000 rows: median ${largeMedian.toFixed(4)} ms`);
	console.log(`ratio 100k/1k: ${(largeMedian / smallMedian).toFixed(2)} (goal <= 1.5)`);
	console.log(
		`for contrast, 100,000 rows never marked final (nothing committed): median ${unfinalised.median.toFixed(3)} ms`,
	);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();

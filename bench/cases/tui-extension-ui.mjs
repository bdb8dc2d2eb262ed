// Frame time while streaming with extension UI on screen (a custom footer, a component widget above the editor and
// an overlay opened by ctx.ui.custom), into a 1,000-row versus a 100,000-row transcript. Extension components are
// drawn through pi's containment wrapper and slots, as in the terminal UI; the finished transcript is committed, so a
// frame should cost what the live tail costs whatever the transcript's length.
// Run: npx tsc -b && node bench/run.mjs tui-extension-ui
import { ContainedComponent } from "../../packages/coding-agent/dist/modes/interactive/extension-ui/contained.js";
import { toTuiOverlayOptions } from "../../packages/coding-agent/dist/modes/interactive/extension-ui/overlay-options.js";
import { ComponentSlot } from "../../packages/coding-agent/dist/modes/interactive/extension-ui/slots.js";
import { Container, markFinal, TUI } from "../../packages/tui/dist/index.js";
import { COLUMNS, compareSizes, Message, medianFrameTime, ROWS, SinkTerminal, Streaming } from "../lib/tui-frame.mjs";

const FRAMES = 1000;

/** What an extension hands over: plain objects with render(), as the original's examples write them. */
function extensionFooter(frame) {
	return { render: (width) => [`tokens ${frame.count} · branch main`.padEnd(width).slice(0, width)], invalidate() {} };
}
function extensionWidget() {
	return { render: () => ["📋 2/5 · plan mode", "☐ write the tests"], invalidate() {} };
}
function extensionPanel(frame) {
	return {
		render: (width) => ["╭ panel ╮", `│ frame ${frame.count} │`, "╰───────╯"].map((row) => row.slice(0, width)),
		handleInput() {},
		invalidate() {},
	};
}

function measure(transcriptRows) {
	const tui = new TUI(new SinkTerminal());
	const chat = new Container();
	for (let i = 0; i < transcriptRows / 10; i++) chat.addChild(markFinal(new Message(i, 10)));
	const streaming = new Streaming();
	chat.addChild(streaming);
	const frame = { count: 0 };
	const report = () => {};
	const owner = () => "bench";
	const widgets = new Container();
	widgets.addChild(new ContainedComponent(extensionWidget(), owner, "widget", report));
	const editor = new ComponentSlot({ render: (width) => ["─".repeat(width), "> type here", "─".repeat(width)] });
	const footer = new ComponentSlot({ render: () => ["pi's footer"] });
	footer.show(new ContainedComponent(extensionFooter(frame), owner, "footer", report));
	for (const part of [chat, widgets, editor, footer]) tui.addChild(part);
	const panel = new ContainedComponent(extensionPanel(frame), owner, "custom component", report);
	tui.showOverlay(panel, toTuiOverlayOptions({ anchor: "top-right", width: 30, margin: 1 }, COLUMNS, ROWS));
	return medianFrameTime(tui, FRAMES, (i) => {
		frame.count = i;
		streaming.text += `token${i} `;
	});
}

export async function run() {
	const { small: smallMedian, large: largeMedian } = compareSizes(
		() => measure(1_000),
		() => measure(100_000),
	);
	console.log(`streaming frame with footer, widget and overlay,   1,000 rows: median ${smallMedian.toFixed(4)} ms`);
	console.log(`streaming frame with footer, widget and overlay, 100,000 rows: median ${largeMedian.toFixed(4)} ms`);
	console.log(`ratio 100k/1k: ${(largeMedian / smallMedian).toFixed(2)} (goal <= 1.5)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();

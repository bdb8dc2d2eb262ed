// Frame-time helpers shared by the tui-* benchmark cases: a terminal that discards output, transcript components
// (finished messages and a message being streamed), timing of TUI frames and the small-versus-large comparison.
import { performance } from "node:perf_hooks";

export const COLUMNS = 100;
export const ROWS = 40;

/** A Terminal that discards output (counts bytes), so the figures measure the rendering, not a TTY. */
export class SinkTerminal {
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
export class Message {
	constructor(index, rows) {
		this.lines = Array.from({ length: rows }, (_, i) => `message ${index} row ${i}: lorem ipsum dolor sit amet`);
	}
	render() {
		return this.lines;
	}
}

/** The message being streamed: text wrapped naively at the width. */
export class Streaming {
	text = "";
	render(width) {
		const rows = [];
		for (let i = 0; i < this.text.length; i += width) rows.push(this.text.slice(i, i + width));
		return rows.length > 0 ? rows : [""];
	}
}

/** The median of a list of numbers (the upper middle value for an even count). */
export function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Starts `tui`, then `frames` times calls `update(i)` (i from 0) untimed and times `tui.renderNow()`; stops the TUI
 * and returns the median frame time in milliseconds.
 */
export function medianFrameTime(tui, frames, update) {
	tui.start();
	const times = [];
	for (let i = 0; i < frames; i++) {
		update(i);
		const started = performance.now();
		tui.renderNow();
		times.push(performance.now() - started);
	}
	tui.stop();
	return median(times);
}

/**
 * Runs `measureSmall` once as a warm-up, then alternates `measureSmall` and `measureLarge` for three rounds, so JIT
 * warm-up and GC noise hit both alike; returns the median of each side's results.
 */
export function compareSizes(measureSmall, measureLarge) {
	measureSmall(); // warm-up
	const small = [];
	const large = [];
	for (let round = 0; round < 3; round++) {
		small.push(measureSmall());
		large.push(measureLarge());
	}
	return { small: median(small), large: median(large) };
}

/**
 * Splits raw stdin data into units a component can handle one at a time: a character (grapheme), a complete
 * escape sequence, or a whole bracketed paste. Terminals deliver data in arbitrary chunks: a sequence may be
 * split across reads, and several keys may arrive in one read. A lone ESC is ambiguous (the escape key, or the
 * start of a sequence whose rest has not arrived yet), so it is held for a short timeout before it is emitted.
 */

const ESC = "\x1b";
const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";

/** Options of a StdinBuffer. */
export interface StdinBufferOptions {
	/** How long an incomplete escape sequence (or a lone ESC) waits for its rest, in ms. Default 30. */
	escapeTimeoutMs?: number;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Length of the escape sequence starting at `start` (which holds ESC), or -1 when the data ends before the
 * sequence does.
 */
function escapeSequenceLength(data: string, start: number): number {
	const kind = data[start + 1];
	if (kind === undefined) return -1;
	if (kind === "[") {
		// X10 mouse report: CSI M followed by three raw bytes.
		if (data[start + 2] === "M") return start + 6 <= data.length ? 6 : -1;
		for (let i = start + 2; i < data.length; i++) {
			const code = data.charCodeAt(i);
			if (code >= 0x40 && code <= 0x7e) return i - start + 1;
			if (code < 0x20 || code > 0x7e) return i - start; // malformed: end before the stray byte
		}
		return -1;
	}
	if (kind === "O") {
		for (let i = start + 2; i < data.length; i++) {
			const ch = data[i]!;
			if (ch < "0" || ch > "9") return i - start + 1;
		}
		return -1;
	}
	if (kind === "]" || kind === "P" || kind === "_" || kind === "^") {
		// OSC / DCS / APC / PM (terminal replies): end at BEL (OSC only) or ST (ESC \).
		for (let i = start + 2; i < data.length; i++) {
			if (kind === "]" && data[i] === "\x07") return i - start + 1;
			if (data[i] === ESC) {
				if (i + 1 >= data.length) return -1;
				if (data[i + 1] === "\\") return i - start + 2;
			}
		}
		return -1;
	}
	if (kind === ESC) {
		// ESC ESC ...: alt plus a key that is itself a sequence (or alt+escape).
		if (start + 2 >= data.length) return -1;
		const inner = escapeSequenceLength(data, start + 1);
		return inner === -1 ? -1 : inner + 1;
	}
	// ESC followed by one character: alt+key.
	const first = graphemes
		.segment(data.slice(start + 1, start + 9))
		[Symbol.iterator]()
		.next();
	return 1 + (first.done ? 1 : first.value.segment.length);
}

/** Buffers stdin chunks and emits one key, sequence or paste per `onData` call, in order. */
export class StdinBuffer {
	private pending = "";
	private timer: ReturnType<typeof setTimeout> | undefined;
	private readonly escapeTimeoutMs: number;

	constructor(
		private readonly onData: (data: string) => void,
		options: StdinBufferOptions = {},
	) {
		this.escapeTimeoutMs = options.escapeTimeoutMs ?? 30;
	}

	/** Adds a chunk of input; emits every unit that is complete. */
	push(chunk: string | Buffer): void {
		this.clearTimer();
		this.pending += typeof chunk === "string" ? chunk : chunk.toString("utf8");
		this.drain(false);
	}

	/** Emits whatever is pending, complete or not (used by the timeout and on stop). */
	flush(): void {
		this.clearTimer();
		this.drain(true);
	}

	/** Whether data is waiting for the rest of a sequence or paste. */
	get hasPending(): boolean {
		return this.pending.length > 0;
	}

	/** Drops pending data and stops the timer. */
	dispose(): void {
		this.clearTimer();
		this.pending = "";
	}

	private clearTimer(): void {
		if (this.timer !== undefined) clearTimeout(this.timer);
		this.timer = undefined;
	}

	private drain(force: boolean): void {
		const data = this.pending;
		let index = 0;
		const units: string[] = [];
		while (index < data.length) {
			if (data.startsWith(PASTE_START, index)) {
				const end = data.indexOf(PASTE_END, index + PASTE_START.length);
				if (end === -1) {
					if (!force) break; // a paste is only handed on whole
					units.push(data.slice(index) + PASTE_END);
					index = data.length;
					break;
				}
				units.push(data.slice(index, end + PASTE_END.length));
				index = end + PASTE_END.length;
				continue;
			}
			if (data[index] === ESC) {
				const length = escapeSequenceLength(data, index);
				if (length === -1) {
					if (!force) break;
					units.push(data.slice(index));
					index = data.length;
					break;
				}
				units.push(data.slice(index, index + length));
				index += length;
				continue;
			}
			const nextEscape = data.indexOf(ESC, index);
			const textEnd = nextEscape === -1 ? data.length : nextEscape;
			for (const { segment } of graphemes.segment(data.slice(index, textEnd))) units.push(segment);
			index = textEnd;
		}
		this.pending = data.slice(index);
		for (const unit of units) this.onData(unit);
		if (this.pending.length > 0 && !force) {
			// Pastes wait for their end marker without a timeout; sequences and lone ESC time out.
			if (!this.pending.startsWith(PASTE_START)) {
				this.timer = setTimeout(() => this.flush(), this.escapeTimeoutMs);
			}
		}
	}
}

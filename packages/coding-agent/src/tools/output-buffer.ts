/**
 * Bounded retention of command output (tools.md §3.3): keeps only the tail (last 2000 lines, at most 51200
 * bytes) in memory, counts everything, and spills the whole output to `<tmpdir>/pi-bash-<16 hex>.log` from the
 * moment it first exceeds either limit.
 */
import { randomBytes } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Lines kept in the tail. */
export const TAIL_MAX_LINES = 2000;
/** Bytes kept in the tail. */
export const TAIL_MAX_BYTES = 51200;

/** The tail as shown to the model, and how it relates to the whole output. */
export interface OutputTail {
	/** Retained text, one trailing newline removed. */
	text: string;
	truncated: boolean;
	/** Lines in `text`. */
	shownLines: number;
	shownBytes: number;
	/** Lines in the whole output. */
	totalLines: number;
	totalBytes: number;
	/** Set when only the end of one oversized last line is shown: that line's number and byte size. */
	partialLine?: { lineNumber: number; bytes: number };
	fullOutputPath?: string;
}

/** Returns the largest suffix of `text` that is at most `maxBytes` UTF-8 bytes, cut at a character boundary. */
function utf8Suffix(text: string, maxBytes: number): string {
	let bytes = 0;
	let i = text.length;
	while (i > 0) {
		const code = text.charCodeAt(i - 1);
		const isLowSurrogate = code >= 0xdc00 && code <= 0xdfff && i >= 2;
		const width = isLowSurrogate ? 4 : code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
		if (bytes + width > maxBytes) break;
		bytes += width;
		i -= isLowSurrogate ? 2 : 1;
	}
	return text.slice(i);
}

export class OutputBuffer {
	/** A suffix of the output, long enough to derive the tail. */
	private buffer = "";
	/** True once the start of the output was dropped from {@link buffer}. */
	private droppedPrefix = false;
	private totalBytes = 0;
	private newlines = 0;
	private endsWithNewline = true;
	/** Bytes of the line currently being written, and of the last completed line. */
	private currentLineBytes = 0;
	private lastCompletedLineBytes = 0;
	private spillFd: number | undefined;
	private spillPath: string | undefined;

	/** Appends sanitised text. */
	append(text: string): void {
		if (text.length === 0) return;
		const bytes = Buffer.byteLength(text, "utf8");
		this.totalBytes += bytes;
		let lastNewline = -1;
		for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
			this.newlines++;
			this.lastCompletedLineBytes =
				lastNewline === -1
					? this.currentLineBytes + Buffer.byteLength(text.slice(0, i), "utf8")
					: Buffer.byteLength(text.slice(lastNewline + 1, i), "utf8");
			lastNewline = i;
		}
		this.currentLineBytes =
			lastNewline === -1 ? this.currentLineBytes + bytes : Buffer.byteLength(text.slice(lastNewline + 1), "utf8");
		this.endsWithNewline = text.endsWith("\n");
		this.buffer += text;

		if (this.spillFd !== undefined) writeSync(this.spillFd, text);
		else if (this.totalBytes > TAIL_MAX_BYTES || this.totalLines() > TAIL_MAX_LINES) this.startSpill();

		// Every character is at least one byte, so the tail never needs more than TAIL_MAX_BYTES characters,
		// plus one to know whether the first kept line is whole.
		const keep = TAIL_MAX_BYTES + 2;
		if (this.buffer.length > keep * 2) {
			this.buffer = this.buffer.slice(this.buffer.length - keep);
			this.droppedPrefix = true;
		}
	}

	/** Path of the spill file, once created. */
	get fullOutputPath(): string | undefined {
		return this.spillPath;
	}

	private totalLines(): number {
		if (this.totalBytes === 0) return 0;
		return this.newlines + (this.endsWithNewline ? 0 : 1);
	}

	private startSpill(): void {
		// Nothing was dropped yet: the buffer is still the whole output.
		this.spillPath = join(tmpdir(), `pi-bash-${randomBytes(8).toString("hex")}.log`);
		this.spillFd = openSync(this.spillPath, "w", 0o600);
		writeSync(this.spillFd, this.buffer);
	}

	/** Closes the spill file (the file itself is kept). */
	close(): void {
		if (this.spillFd !== undefined) {
			closeSync(this.spillFd);
			this.spillFd = undefined;
		}
	}

	/** The tail of tools.md §3.3 for the output so far. */
	tail(): OutputTail {
		const totalLines = this.totalLines();
		let content = this.buffer.endsWith("\n") ? this.buffer.slice(0, -1) : this.buffer;
		const lines = content.length === 0 && !this.droppedPrefix ? [] : content.split("\n");
		// A dropped prefix means the first piece is not a whole line; it is never shown as one.
		const firstEligible = this.droppedPrefix ? 1 : 0;
		let bytes = 0;
		let count = 0;
		for (let i = lines.length - 1; i >= firstEligible && count < TAIL_MAX_LINES; i--) {
			const lineBytes = Buffer.byteLength(lines[i], "utf8") + (count > 0 ? 1 : 0);
			if (bytes + lineBytes > TAIL_MAX_BYTES) break;
			bytes += lineBytes;
			count++;
		}
		let partialLine: OutputTail["partialLine"];
		if (count === 0 && lines.length > 0) {
			// The last line alone is larger than the byte limit: keep its end.
			content = utf8Suffix(lines[lines.length - 1], TAIL_MAX_BYTES);
			bytes = Buffer.byteLength(content, "utf8");
			const lineBytes = this.endsWithNewline ? this.lastCompletedLineBytes : this.currentLineBytes;
			partialLine = { lineNumber: totalLines, bytes: lineBytes };
		} else {
			content = lines.slice(lines.length - count).join("\n");
		}
		const truncated = partialLine !== undefined || count < totalLines;
		return {
			text: content,
			truncated,
			shownLines: partialLine ? 1 : count,
			shownBytes: bytes,
			totalLines,
			totalBytes: this.totalBytes,
			partialLine,
			fullOutputPath: this.spillPath,
		};
	}
}

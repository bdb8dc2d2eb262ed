/**
 * Incremental line reading (R3.1): files are read in chunks and split on `\n` bytes only, so a file may be far
 * larger than the runtime's maximum string length (only a single line must fit in a string).
 */
import { closeSync, openSync, readSync } from "node:fs";
import { open } from "node:fs/promises";

const CHUNK_SIZE = 1 << 20;
const NEWLINE = 0x0a;

/** One line of a file, without its `\n`. */
export interface FileLine {
	/** 1-based line number. */
	number: number;
	text: string;
	/** False only for a last line that has no `\n` (a torn write or a file not ending in a newline). */
	terminated: boolean;
}

/** Collects byte chunks and emits complete lines. */
class LineSplitter {
	private pending: Buffer[] = [];
	private lineNumber = 0;
	/** Last byte seen, to tell whether the file ends with `\n`. */
	lastByte = -1;
	bytes = 0;

	*push(chunk: Buffer): Generator<FileLine> {
		if (chunk.length === 0) return;
		this.bytes += chunk.length;
		this.lastByte = chunk[chunk.length - 1];
		let start = 0;
		for (let nl = chunk.indexOf(NEWLINE, start); nl >= 0; nl = chunk.indexOf(NEWLINE, start)) {
			let text: string;
			if (this.pending.length > 0) {
				this.pending.push(chunk.subarray(start, nl));
				text = Buffer.concat(this.pending).toString("utf8");
				this.pending = [];
			} else {
				text = chunk.toString("utf8", start, nl);
			}
			yield { number: ++this.lineNumber, text, terminated: true };
			start = nl + 1;
		}
		// Copy: the caller may reuse the chunk buffer for the next read.
		if (start < chunk.length) this.pending.push(Buffer.from(chunk.subarray(start)));
	}

	*end(): Generator<FileLine> {
		if (this.pending.length === 0) return;
		const text = Buffer.concat(this.pending).toString("utf8");
		this.pending = [];
		yield { number: ++this.lineNumber, text, terminated: false };
	}
}

/** Facts about the file's bytes gathered while reading it. */
export interface ReadStats {
	bytes: number;
	/** True when the file is non-empty and its last byte is not `\n`. */
	missingFinalNewline: boolean;
}

/** Reads a file line by line, synchronously. `stats` is filled once the generator is exhausted. */
export function* readLinesSync(path: string, stats?: ReadStats): Generator<FileLine> {
	const fd = openSync(path, "r");
	const splitter = new LineSplitter();
	const buffer = Buffer.allocUnsafe(CHUNK_SIZE);
	try {
		for (;;) {
			const n = readSync(fd, buffer, 0, CHUNK_SIZE, null);
			if (n === 0) break;
			yield* splitter.push(buffer.subarray(0, n));
		}
		yield* splitter.end();
	} finally {
		closeSync(fd);
	}
	if (stats) {
		stats.bytes = splitter.bytes;
		stats.missingFinalNewline = splitter.bytes > 0 && splitter.lastByte !== NEWLINE;
	}
}

/** Reads a file line by line without blocking the event loop. Stopping the iteration closes the file. */
export async function* readLines(path: string): AsyncGenerator<FileLine> {
	const handle = await open(path, "r");
	const splitter = new LineSplitter();
	const buffer = Buffer.allocUnsafe(CHUNK_SIZE);
	try {
		for (;;) {
			const { bytesRead } = await handle.read(buffer, 0, CHUNK_SIZE, null);
			if (bytesRead === 0) break;
			yield* splitter.push(buffer.subarray(0, bytesRead));
		}
		yield* splitter.end();
	} finally {
		await handle.close();
	}
}

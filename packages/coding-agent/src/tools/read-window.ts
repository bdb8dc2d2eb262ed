/**
 * Streaming line window for the read tool (tools.md §2.2 steps 3–8): scans a file chunk by chunk, formats only
 * the lines of the window and merely counts the rest, so memory does not grow with the file size.
 */
import { promises as fs } from "node:fs";
import { cutLongLine, formatNumberedLine, MAX_LINE_CHARS } from "./format.js";
import { throwIfAborted } from "./tool-error.js";

const CHUNK_BYTES = 1024 * 1024;
/**
 * Bytes of one line kept for display. Enough for MAX_LINE_CHARS code points (≤ 4 bytes each); beyond it, the
 * rest of the line is only counted.
 */
const LINE_KEEP_BYTES = MAX_LINE_CHARS * 4 + 16;

/** What ended the window before the last line. */
export type WindowStop = "size" | "lines" | "limit";

export interface WindowOptions {
	/** First line to show, 1-based. */
	offset: number;
	/** Caller's limit on shown lines. */
	limit?: number;
	maxLines: number;
	maxBytes: number;
	signal?: AbortSignal;
}

export interface LineWindow {
	/** Formatted lines (`cat -n` style). */
	lines: string[];
	totalLines: number;
	stop?: WindowStop;
}

function countCodePointStarts(bytes: Uint8Array, from: number, to: number): number {
	let n = 0;
	for (let i = from; i < to; i++) if ((bytes[i] & 0xc0) !== 0x80) n++;
	return n;
}

/** Reads the window of `path` described by `options`. */
export async function readLineWindow(path: string, options: WindowOptions): Promise<LineWindow> {
	const { offset, limit, maxLines, maxBytes, signal } = options;
	const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
	const shown: string[] = [];
	let shownBytes = 0;
	let stop: WindowStop | undefined;
	let windowDone = false;

	let lineNumber = 1; // the line currently being scanned
	let pieces: Buffer[] = [];
	let keptBytes = 0;
	let extraChars = 0; // code points beyond LINE_KEEP_BYTES
	let lastByte = -1; // last byte of the current line, to drop a `\r` ending
	let totalBytes = 0;
	let lastFileByte = -1;

	const finishLine = () => {
		let bytes = Buffer.concat(pieces, keptBytes);
		if (lineNumber === 1 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
		let extra = extraChars;
		if (lastByte === 0x0d) {
			if (extra > 0) extra--;
			else if (bytes.length > 0 && bytes[bytes.length - 1] === 0x0d) bytes = bytes.subarray(0, bytes.length - 1);
		}
		let text = decoder.decode(bytes);
		if (extra > 0 && text.endsWith("\r")) text = text.slice(0, -1);
		const formatted = formatNumberedLine(
			lineNumber,
			cutLongLine(text, extra > 0 ? Array.from(text).length + extra : undefined),
		);
		const formattedBytes = Buffer.byteLength(formatted, "utf8");
		if (shown.length > 0) {
			const sizeHit = shownBytes + 1 + formattedBytes > maxBytes;
			const linesHit = shown.length >= maxLines;
			const limitHit = limit !== undefined && shown.length >= limit;
			if (sizeHit || linesHit || limitHit) {
				stop = sizeHit ? "size" : linesHit ? "lines" : "limit";
				windowDone = true;
				return;
			}
			shownBytes += 1;
		}
		shown.push(formatted);
		shownBytes += formattedBytes;
	};

	const handle = await fs.open(path, "r");
	try {
		const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
		for (;;) {
			throwIfAborted(signal);
			const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
			if (bytesRead === 0) break;
			totalBytes += bytesRead;
			lastFileByte = chunk[bytesRead - 1];
			let pos = 0;
			while (pos < bytesRead) {
				const nl = chunk.indexOf(10, pos);
				const end = nl === -1 || nl >= bytesRead ? bytesRead : nl;
				const inWindow = !windowDone && lineNumber >= offset;
				if (inWindow && end > pos) {
					const room = LINE_KEEP_BYTES - keptBytes;
					if (room > 0) {
						const take = Math.min(room, end - pos);
						pieces.push(Buffer.from(chunk.subarray(pos, pos + take)));
						keptBytes += take;
						if (take < end - pos) extraChars += countCodePointStarts(chunk, pos + take, end);
					} else {
						extraChars += countCodePointStarts(chunk, pos, end);
					}
					lastByte = chunk[end - 1];
				}
				if (end === bytesRead) break;
				if (inWindow) finishLine();
				lineNumber++;
				pieces = [];
				keptBytes = 0;
				extraChars = 0;
				lastByte = -1;
				pos = end + 1;
			}
		}
	} finally {
		await handle.close();
	}
	const endsWithPartialLine = totalBytes > 0 && lastFileByte !== 10;
	if (endsWithPartialLine && !windowDone && lineNumber >= offset) finishLine();
	const totalLines = endsWithPartialLine ? lineNumber : lineNumber - 1;
	return { lines: shown, totalLines, stop };
}

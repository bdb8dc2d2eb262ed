/**
 * Reads a text file line by line in fixed-size chunks, so memory holds one chunk plus the current line whatever
 * the file size (grep, tools.md §6.2).
 */
import { promises as fs } from "node:fs";

const CHUNK_BYTES = 64 * 1024;

/** Receives each line (without its `\n`; a `\r` before it is kept) and its 0-based index; `false` stops reading. */
export type LineVisitor = (text: string, index: number) => boolean;

/**
 * Calls `visit` for every line of `path` in order, until it returns `false`. A final `\n` ends the last line; it
 * does not start an empty one. Invalid UTF-8 becomes U+FFFD and a leading BOM is dropped. When `skipIfBinary`
 * is set and the first `skipIfBinary` bytes contain a NUL byte, no line is visited and the result is `false`.
 */
export async function readLines(path: string, visit: LineVisitor, skipIfBinary = 0): Promise<boolean> {
	const handle = await fs.open(path, "r");
	try {
		const chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, skipIfBinary));
		const decoder = new TextDecoder("utf-8");
		let pending: string[] = []; // pieces of a line that spans chunks
		let index = 0;
		let first = true;
		for (;;) {
			const bytesRead = await readFully(handle, chunk);
			if (first && skipIfBinary > 0 && chunk.subarray(0, Math.min(bytesRead, skipIfBinary)).includes(0)) return false;
			first = false;
			const text = decoder.decode(chunk.subarray(0, bytesRead), { stream: bytesRead > 0 });
			let start = 0;
			for (let newline = text.indexOf("\n"); newline !== -1; newline = text.indexOf("\n", start)) {
				let line = text.slice(start, newline);
				if (pending.length > 0) {
					pending.push(line);
					line = pending.join("");
					pending = [];
				}
				if (!visit(line, index++)) return true;
				start = newline + 1;
			}
			if (start < text.length) pending.push(text.slice(start));
			if (bytesRead === 0) break;
		}
		if (pending.length > 0) visit(pending.join(""), index);
		return true;
	} finally {
		await handle.close();
	}
}

/** Fills `buffer` as far as the file allows; 0 at the end of the file. */
async function readFully(handle: fs.FileHandle, buffer: Buffer): Promise<number> {
	let filled = 0;
	while (filled < buffer.length) {
		const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, null);
		if (bytesRead === 0) break;
		filled += bytesRead;
	}
	return filled;
}

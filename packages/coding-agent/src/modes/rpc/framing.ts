/**
 * RPC line framing (rpc.md §1). Input lines end at LF only: one trailing CR is removed, and U+2028/U+2029 stay
 * inside the line (they are legal inside JSON strings, so splitting on them, as some line readers do, would
 * corrupt commands). Output is compact JSON plus exactly one LF.
 */
import { StringDecoder } from "node:string_decoder";
import { stringifyTotal } from "../../core/total-json.js";

/**
 * Splits a byte or text stream into LF-terminated lines, decoding UTF-8 across chunk boundaries (invalid bytes
 * become U+FFFD). Only each new chunk is searched for LF and an unfinished line is kept in pieces, so a line of many
 * megabytes costs linear time.
 */
export class LineSplitter {
	private readonly decoder = new StringDecoder("utf8");
	private pending: string[] = [];

	/** Feeds a chunk; returns the lines it completed (without their line end). */
	push(chunk: Buffer | string): string[] {
		const text = typeof chunk === "string" ? chunk : this.decoder.write(chunk);
		const lines: string[] = [];
		let start = 0;
		let newline = text.indexOf("\n");
		while (newline !== -1) {
			this.pending.push(text.slice(start, newline));
			lines.push(stripCarriageReturn(this.pending.join("")));
			this.pending = [];
			start = newline + 1;
			newline = text.indexOf("\n", start);
		}
		if (start < text.length) this.pending.push(text.slice(start));
		return lines;
	}

	/** At end of input: the last line when it had no LF (a writer that closed without one still meant it). */
	end(): string[] {
		const rest = this.pending.join("") + this.decoder.end();
		this.pending = [];
		return rest === "" ? [] : [stripCarriageReturn(rest)];
	}
}

function stripCarriageReturn(line: string): string {
	return line.endsWith("\r") ? line.slice(0, -1) : line;
}

/**
 * One output line: compact JSON and LF. U+2028/U+2029 are written as escapes; JSON allows them raw, but clients
 * that split on every Unicode line terminator would otherwise break the line. A BigInt or circular reference (an
 * extension's tool `details`) is written as a stand-in rather than losing the line.
 */
export function serializeLine(value: unknown): string {
	const json = stringifyTotal(value);
	return `${/[\u2028\u2029]/.test(json) ? json.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029") : json}\n`;
}

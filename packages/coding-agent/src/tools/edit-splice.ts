/**
 * Builds the bytes of an edited file from the bytes it was read from (tools.md §4.2 steps 5 and 8): the text
 * outside the replaced spans is copied byte for byte from the original buffer, so it is never re-encoded (a
 * large file's edit costs one copy) and cannot change.
 */
import { isAscii, isUtf8 } from "node:buffer";

/** A replaced range `[start, end)` of the decoded content (UTF-16 offsets) and its replacement. */
export interface SpanReplacement {
	start: number;
	end: number;
	replacement: string;
}

/**
 * The new file bytes: `bom` (when the file had one) + `content` with `spans` (sorted, non-overlapping) replaced.
 * `raw` is the file as read and `content` its decoding with the BOM removed. A file that is not valid UTF-8 (its
 * decoding replaced bytes with U+FFFD) is re-encoded from the decoded text instead. `undefined` when the result
 * equals the original content.
 */
export function spliceReplacements(
	raw: Buffer,
	bom: Buffer | undefined,
	content: string,
	spans: readonly SpanReplacement[],
): Buffer | undefined {
	const bomLength = bom?.length ?? 0;
	if (!isUtf8(raw)) {
		let text = "";
		let cursor = 0;
		for (const span of spans) {
			text += content.slice(cursor, span.start) + span.replacement;
			cursor = span.end;
		}
		text += content.slice(cursor);
		if (text === content) return undefined;
		return bom ? Buffer.concat([bom, Buffer.from(text)]) : Buffer.from(text);
	}
	// In an ASCII file character offsets are byte offsets; otherwise count the bytes between spans.
	const ascii = isAscii(raw);
	const chunks: Buffer[] = [];
	let charCursor = 0;
	let byteCursor = bomLength;
	if (bom) chunks.push(bom);
	for (const span of spans) {
		const keptBytes = ascii ? span.start - charCursor : Buffer.byteLength(content.slice(charCursor, span.start));
		const spanBytes = ascii ? span.end - span.start : Buffer.byteLength(content.slice(span.start, span.end));
		chunks.push(raw.subarray(byteCursor, byteCursor + keptBytes), Buffer.from(span.replacement));
		byteCursor += keptBytes + spanBytes;
		charCursor = span.end;
	}
	chunks.push(raw.subarray(byteCursor));
	const output = Buffer.concat(chunks);
	return output.equals(raw) ? undefined : output;
}

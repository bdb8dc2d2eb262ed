/**
 * Output limits shared by grep, find and ls (tools.md §6.1): whole lines up to 51200 bytes, notices appended as
 * `\n\n[a. b]`, and `details.truncation`.
 */
import { formatSize } from "./format.js";

/** Byte limit of grep, find and ls output. */
export const SEARCH_MAX_BYTES = 51200;

/** `details.truncation` when the size limit cut the output. */
export interface OutputTruncation {
	totalLines: number;
	totalBytes: number;
	outputLines: number;
	outputBytes: number;
	maxBytes: number;
}

/** The notice naming the size limit: `50.0KB limit reached`. */
export const sizeLimitNotice = () => `${formatSize(SEARCH_MAX_BYTES)} limit reached`;

/** Keeps whole lines while the joined text stays within {@link SEARCH_MAX_BYTES}. */
export function limitLines(lines: string[]): { text: string; truncation?: OutputTruncation } {
	let bytes = 0;
	let kept = 0;
	for (const line of lines) {
		const add = Buffer.byteLength(line, "utf8") + (kept > 0 ? 1 : 0);
		if (bytes + add > SEARCH_MAX_BYTES) break;
		bytes += add;
		kept++;
	}
	const text = lines.slice(0, kept).join("\n");
	if (kept === lines.length) return { text };
	return {
		text,
		truncation: {
			totalLines: lines.length,
			totalBytes: Buffer.byteLength(lines.join("\n"), "utf8"),
			outputLines: kept,
			outputBytes: bytes,
			maxBytes: SEARCH_MAX_BYTES,
		},
	};
}

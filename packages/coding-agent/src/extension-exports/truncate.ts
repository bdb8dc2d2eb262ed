/**
 * The original pi's truncation helpers for tool output, as extensions import them: keep the head or the tail of a
 * text within a line and a byte limit, whole lines only (except a tail whose last line alone is too big).
 */

/** Default line limit (2000 lines). */
export const DEFAULT_MAX_LINES = 2000;
/** Default byte limit (50 KB). */
export const DEFAULT_MAX_BYTES = 50 * 1024;
/** Longest grep match line kept by {@link truncateLine}. */
export const GREP_MAX_LINE_LENGTH = 500;

/** Limits of {@link truncateHead} / {@link truncateTail}. */
export interface TruncationOptions {
	maxLines?: number;
	maxBytes?: number;
}

/** What was kept and why. */
export interface TruncationResult {
	content: string;
	truncated: boolean;
	truncatedBy: "lines" | "bytes" | null;
	totalLines: number;
	totalBytes: number;
	outputLines: number;
	outputBytes: number;
	/** The tail starts inside its first line (that line alone was over the byte limit). */
	lastLinePartial: boolean;
	/** The head's first line alone is over the byte limit: nothing is kept. */
	firstLineExceedsLimit: boolean;
	maxLines: number;
	maxBytes: number;
}

const bytesOf = (text: string) => Buffer.byteLength(text, "utf8");

function result(
	content: string,
	lines: string[],
	truncatedBy: TruncationResult["truncatedBy"],
	limits: Required<TruncationOptions>,
	outputLines: number,
	flags: { lastLinePartial?: boolean; firstLineExceedsLimit?: boolean } = {},
): TruncationResult {
	return {
		content,
		truncated: truncatedBy !== null,
		truncatedBy,
		totalLines: lines.length,
		totalBytes: bytesOf(lines.join("\n")),
		outputLines,
		outputBytes: bytesOf(content),
		lastLinePartial: flags.lastLinePartial ?? false,
		firstLineExceedsLimit: flags.firstLineExceedsLimit ?? false,
		maxLines: limits.maxLines,
		maxBytes: limits.maxBytes,
	};
}

function limitsOf(options: TruncationOptions): Required<TruncationOptions> {
	return { maxLines: options.maxLines ?? DEFAULT_MAX_LINES, maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES };
}

/** Keeps the first lines of `content` within the limits (for file reads). */
export function truncateHead(content: string, options: TruncationOptions = {}): TruncationResult {
	const limits = limitsOf(options);
	const lines = content.split("\n");
	if (lines.length <= limits.maxLines && bytesOf(content) <= limits.maxBytes) {
		return result(content, lines, null, limits, lines.length);
	}
	if (bytesOf(lines[0] ?? "") > limits.maxBytes) {
		return result("", lines, "bytes", limits, 0, { firstLineExceedsLimit: true });
	}
	const kept: string[] = [];
	let bytes = 0;
	let by: "lines" | "bytes" = "lines";
	for (const line of lines) {
		if (kept.length >= limits.maxLines) break;
		const cost = bytesOf(line) + (kept.length > 0 ? 1 : 0);
		if (bytes + cost > limits.maxBytes) {
			by = "bytes";
			break;
		}
		kept.push(line);
		bytes += cost;
	}
	return result(kept.join("\n"), lines, by, limits, kept.length);
}

/** The longest suffix of `text` within `maxBytes` UTF-8 bytes, cut at a character boundary. */
function utf8Suffix(text: string, maxBytes: number): string {
	const chars = Array.from(text);
	let bytes = 0;
	let start = chars.length;
	while (start > 0) {
		const size = bytesOf(chars[start - 1] ?? "");
		if (bytes + size > maxBytes) break;
		bytes += size;
		start--;
	}
	return chars.slice(start).join("");
}

/** Keeps the last lines of `content` within the limits (for command output, where errors come last). */
export function truncateTail(content: string, options: TruncationOptions = {}): TruncationResult {
	const limits = limitsOf(options);
	const lines = content.split("\n");
	if (lines.length <= limits.maxLines && bytesOf(content) <= limits.maxBytes) {
		return result(content, lines, null, limits, lines.length);
	}
	const kept: string[] = [];
	let bytes = 0;
	let by: "lines" | "bytes" = "lines";
	for (let index = lines.length - 1; index >= 0; index--) {
		if (kept.length >= limits.maxLines) break;
		const line = lines[index] ?? "";
		const cost = bytesOf(line) + (kept.length > 0 ? 1 : 0);
		if (bytes + cost > limits.maxBytes) {
			by = "bytes";
			if (kept.length === 0) {
				const part = utf8Suffix(line, limits.maxBytes);
				return result(part, lines, by, limits, 1, { lastLinePartial: true });
			}
			break;
		}
		kept.unshift(line);
		bytes += cost;
	}
	return result(kept.join("\n"), lines, by, limits, kept.length);
}

/** Cuts one line to `maxChars` characters with a `... [truncated]` mark (grep match lines). */
export function truncateLine(line: string, maxChars = GREP_MAX_LINE_LENGTH): { text: string; wasTruncated: boolean } {
	if (line.length <= maxChars) return { text: line, wasTruncated: false };
	return { text: `${line.slice(0, maxChars)}... [truncated]`, wasTruncated: true };
}

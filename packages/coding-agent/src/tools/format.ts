/**
 * Small formatting helpers shared by the tools (tools.md §1.1, §2.2).
 */

/** `formatSize` of tools.md §1.1: `512B`, `50.0KB`, `1.5MB`. */
export function formatSize(bytes: number): string {
	if (bytes < 1024) return `${bytes}B`;
	if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
	return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

/** Longest line text (in code points) shown by read and in edit's closest-lines excerpt. */
export const MAX_LINE_CHARS = 2000;

/**
 * Cuts a line to {@link MAX_LINE_CHARS} code points, appending the truncation marker of tools.md §2.2 step 5.
 * `totalChars` lets a caller that only kept a prefix of a huge line report its real length.
 */
export function cutLongLine(text: string, totalChars?: number): string {
	// Fast path: a string of ≤ MAX_LINE_CHARS UTF-16 units has ≤ MAX_LINE_CHARS code points.
	if (totalChars === undefined && text.length <= MAX_LINE_CHARS) return text;
	const chars = Array.from(text);
	const count = totalChars ?? chars.length;
	if (count <= MAX_LINE_CHARS) return text;
	return `${chars.slice(0, MAX_LINE_CHARS).join("")} [... truncated, line has ${count} characters]`;
}

/** One line in `cat -n` style: number right-aligned in 6 columns, a tab, the text. */
export function formatNumberedLine(lineNumber: number, text: string): string {
	return `${String(lineNumber).padStart(6)}\t${text}`;
}

/** Appends notices as `\n\n[a. b. c]` (tools.md §6.1); returns the text unchanged when there are none. */
export function appendNotices(text: string, notices: string[]): string {
	return notices.length === 0 ? text : `${text}\n\n[${notices.join(". ")}]`;
}

/** Compares strings by Unicode code point (UTF-16 order differs for characters above U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
	const n = Math.min(a.length, b.length);
	for (let i = 0; i < n; i++) {
		const x = a.charCodeAt(i);
		const y = b.charCodeAt(i);
		if (x === y) continue;
		// A surrogate (astral character) sorts after every BMP character at or above U+E000.
		const xs = x >= 0xd800 && x <= 0xdfff;
		const ys = y >= 0xd800 && y <= 0xdfff;
		if (xs !== ys) return xs ? 1 : -1;
		return x - y;
	}
	return a.length - b.length;
}

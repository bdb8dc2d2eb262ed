/**
 * Output limits shared by grep, find and ls (tools.md §6.1): whole lines up to 51200 bytes, notices appended as
 * `\n\n[a. b]`, and `details.truncation`.
 */
import { appendNotices, formatSize } from "./format.js";

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

/** A condition the model is told about: the notice appended to the output and the `details` fields recording it. */
export interface ResultNotice<D> {
	applies: boolean;
	notice: string;
	details: Partial<D>;
}

/** The size-limit notice, which applies when {@link limitLines} cut the output. */
export function sizeLimitResultNotice(
	truncation: OutputTruncation | undefined,
): ResultNotice<{ truncation: OutputTruncation }> {
	return { applies: truncation !== undefined, notice: sizeLimitNotice(), details: { truncation } };
}

/**
 * The result of grep, find and ls: `text` with the notices that apply appended (in the given order), and `details`
 * made of their fields, omitted when none applies.
 */
export function searchToolResult<D extends object>(
	text: string,
	notices: readonly ResultNotice<D>[],
): { content: { type: "text"; text: string }[]; details: D | undefined } {
	const applied = notices.filter((n) => n.applies);
	const details = applied.length > 0 ? (Object.assign({}, ...applied.map((n) => n.details)) as D) : undefined;
	return {
		content: [
			{
				type: "text",
				text: appendNotices(
					text,
					applied.map((n) => n.notice),
				),
			},
		],
		details,
	};
}

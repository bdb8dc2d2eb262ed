/**
 * The `grep` tool (tools.md §6.2): regex or literal search over the files of §6.1, with context lines, a match
 * limit and the shared output limits. When ripgrep is available it walks the tree and names the candidate files
 * (rg.ts); the search below always renders the output, so both implementations give the same bytes.
 */
import { basename, join } from "node:path";
import type { AgentTool } from "@pi/agent-core";
import { renameAlias } from "./args.js";
import { compileGlob } from "./glob.js";
import { readLines } from "./line-reader.js";
import { findGrepCandidatesWithRg } from "./rg.js";
import { Type } from "./schema.js";
import { findSearchBinary } from "./search-binaries.js";
import type { SearchToolOptions } from "./search-options.js";
import { limitLines, type OutputTruncation, searchToolResult, sizeLimitResultNotice } from "./search-output.js";
import { resolveSearchRoot } from "./search-root.js";
import { ToolError, throwIfAborted } from "./tool-error.js";
import { walkTree } from "./walk.js";

/** Default of `limit`. */
export const DEFAULT_GREP_LIMIT = 100;
/** Longest line text shown in grep output. */
export const GREP_MAX_LINE_CHARS = 500;
const BINARY_SNIFF_BYTES = 8192;

const grepSchema = Type.Object({
	pattern: Type.String({ description: "Regular expression (or a fixed string with literal: true)." }),
	path: Type.Optional(Type.String({ description: "Directory or file to search (default: working directory)." })),
	glob: Type.Optional(
		Type.String({
			description: "Only search files matching this glob, e.g. *.ts or src/**/*.ts; a leading ! excludes.",
		}),
	),
	ignore_case: Type.Optional(Type.Boolean({ description: "Case-insensitive search." })),
	literal: Type.Optional(Type.Boolean({ description: "Treat pattern as a fixed string." })),
	context: Type.Optional(Type.Integer({ minimum: 0, description: "Lines of context before and after each match." })),
	limit: Type.Optional(Type.Integer({ minimum: 1, description: "Maximum matching lines (default 100)." })),
});

/** `details` of grep (omitted when empty). */
export interface GrepToolDetails {
	matchLimitReached?: number;
	truncation?: OutputTruncation;
	linesTruncated?: true;
}

const DESCRIPTION = `Search file contents with a regular expression. Output lines are path:line: text for matches and path-line- text for context lines. Respects .gitignore; hidden files are searched; binary files are skipped.
Use glob to restrict the files (e.g. *.ts), context for surrounding lines, literal for fixed strings. At most 100 matching lines by default.`;

/** Model-visible texts of this tool. */
const messages = {
	invalidRegex: (message: string) => `Invalid regex: ${message}`,
	noMatches: "No matches found",
	matchLimit: (limit: number) => `${limit} matches limit reached. Use limit=${limit * 2} for more, or refine pattern`,
	linesCut: `Some lines truncated to ${GREP_MAX_LINE_CHARS} chars. Use read tool to see full lines`,
};

/** Alias normalisation (tools.md §1.2). */
export function prepareGrepArguments(raw: Record<string, unknown>): Record<string, unknown> {
	return renameAlias(raw, "ignoreCase", "ignore_case");
}

function escapeRegex(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Compiles the search pattern; Unicode mode first, plain mode for escapes Rust accepts but `u` rejects. */
export function compileSearchPattern(pattern: string, literal: boolean, ignoreCase: boolean): RegExp {
	const source = literal ? escapeRegex(pattern) : pattern;
	const flags = ignoreCase ? "i" : "";
	try {
		return new RegExp(source, `${flags}u`);
	} catch (unicodeError) {
		try {
			return new RegExp(source, flags);
		} catch {
			throw new ToolError(messages.invalidRegex((unicodeError as Error).message));
		}
	}
}

/** A file to search and the path shown for it. */
export interface SearchFile {
	shownPath: string;
	absolute: string;
}

export interface GrepSearchOptions {
	regex: RegExp;
	context: number;
	limit: number;
	signal?: AbortSignal;
}

/** Raw search result before output limits. */
export interface GrepRawResult {
	lines: string[];
	/** `limit` matching lines were shown and at least one more exists. */
	limitReached: boolean;
	linesCut: boolean;
}

function cutGrepLine(text: string): { text: string; cut: boolean } {
	if (text.length <= GREP_MAX_LINE_CHARS) return { text, cut: false };
	const chars = Array.from(text);
	if (chars.length <= GREP_MAX_LINE_CHARS) return { text, cut: false };
	return { text: `${chars.slice(0, GREP_MAX_LINE_CHARS).join("")}... [truncated]`, cut: true };
}

/**
 * The built-in search over `files`, in order, reading each file line by line. After `limit` matching lines the
 * output stops (the last match's after-context is still shown); the search only goes on until it finds one more
 * matching line, which is what `limitReached` reports: the notice promises that a higher limit shows more.
 */
export async function searchFiles(files: SearchFile[], options: GrepSearchOptions): Promise<GrepRawResult> {
	const { regex, context, limit } = options;
	const out: string[] = [];
	let matches = 0;
	let moreMatches = false;
	let linesCut = false;
	for (const file of files) {
		throwIfAborted(options.signal);
		const emit = (index: number, text: string, isMatch: boolean) => {
			const shown = cutGrepLine(text);
			if (shown.cut) linesCut = true;
			const sep = isMatch ? ":" : "-";
			out.push(`${file.shownPath}${sep}${index + 1}${sep} ${shown.text}`);
		};
		const before: { index: number; text: string }[] = []; // unprinted lines that may become before-context
		let afterRemaining = 0;
		const visit = (raw: string, index: number): boolean => {
			const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
			const isMatch = regex.test(text);
			if (matches >= limit) {
				// Past the limit: finish the last match's after-context, and look for one more match.
				if (isMatch) moreMatches = true;
				if (afterRemaining > 0) {
					emit(index, text, false);
					afterRemaining--;
				}
				return !moreMatches || afterRemaining > 0;
			}
			if (isMatch) {
				for (const line of before) emit(line.index, line.text, false);
				before.length = 0;
				emit(index, text, true);
				matches++;
				afterRemaining = context;
			} else if (afterRemaining > 0) {
				emit(index, text, false);
				afterRemaining--;
			} else if (context > 0) {
				before.push({ index, text });
				if (before.length > context) before.shift();
			}
			return true;
		};
		try {
			await readLines(file.absolute, visit, BINARY_SNIFF_BYTES);
		} catch {
			// Unreadable or vanished file: skipped, as ripgrep does.
		}
		if (moreMatches) break;
	}
	return { lines: out, limitReached: moreMatches, linesCut };
}

/** Formats a raw result into the tool result (tools.md §6.2). */
export function formatGrepResult(raw: GrepRawResult, limit: number) {
	if (raw.lines.length === 0) {
		return { content: [{ type: "text" as const, text: messages.noMatches }], details: undefined };
	}
	const { text, truncation } = limitLines(raw.lines);
	return searchToolResult<GrepToolDetails>(text, [
		{ applies: raw.limitReached, notice: messages.matchLimit(limit), details: { matchLimitReached: limit } },
		sizeLimitResultNotice(truncation),
		{ applies: raw.linesCut, notice: messages.linesCut, details: { linesTruncated: true } },
	]);
}

/** grep's `glob` filter over (relative path, name); a leading `!` excludes. */
function grepGlobFilter(glob: string | undefined): (path: string, name: string) => boolean {
	if (!glob) return () => true;
	const negate = glob.startsWith("!");
	const matcher = compileGlob(negate ? glob.slice(1) : glob);
	return (path, name) => matcher(path, name) !== negate;
}

/** The files grep searches under `root` (or the file itself), with the optional glob filter. */
export async function listGrepFiles(
	root: { absolute: string; isFile: boolean },
	glob: string | undefined,
	signal?: AbortSignal,
): Promise<SearchFile[]> {
	const keep = grepGlobFilter(glob);
	if (root.isFile) {
		const name = basename(root.absolute);
		return keep(name, name) ? [{ shownPath: name, absolute: root.absolute }] : [];
	}
	const entries = await walkTree(root.absolute, signal);
	return entries
		.filter((e) => e.kind === "file" && keep(e.path, e.path.slice(e.path.lastIndexOf("/") + 1)))
		.map((e) => ({ shownPath: e.path, absolute: e.absolute }));
}

/**
 * The files ripgrep names as candidates below the directory `root`, glob-filtered; `undefined` when ripgrep is
 * not installed or cannot serve this call.
 */
async function listGrepFilesWithRg(
	root: string,
	regex: RegExp,
	glob: string | undefined,
	options: SearchToolOptions,
	signal?: AbortSignal,
): Promise<SearchFile[] | undefined> {
	if (options.useExternalTools === false) return undefined;
	const rg = await findSearchBinary("rg", options.agentDir);
	if (!rg) return undefined;
	const candidates = await findGrepCandidatesWithRg(rg, root, regex, signal);
	if (!candidates) return undefined;
	const keep = grepGlobFilter(glob);
	return candidates
		.filter((path) => keep(path, path.slice(path.lastIndexOf("/") + 1)))
		.map((path) => ({ shownPath: path, absolute: join(root, path) }));
}

/** Creates the `grep` tool for a session working directory. */
export function createGrepTool(
	cwd: string,
	options: SearchToolOptions = {},
): AgentTool<typeof grepSchema, GrepToolDetails | undefined> {
	return {
		name: "grep",
		label: "Grep",
		description: DESCRIPTION,
		parameters: grepSchema,
		prepareArguments: prepareGrepArguments,
		async execute(_toolCallId, params, signal) {
			throwIfAborted(signal);
			const regex = compileSearchPattern(params.pattern, params.literal === true, params.ignore_case === true);
			const root = await resolveSearchRoot(cwd, params.path);
			const limit = params.limit ?? DEFAULT_GREP_LIMIT;
			const isFile = !root.stat.isDirectory();
			// A single file needs no walk: the built-in search reads it either way.
			const external = isFile
				? undefined
				: await listGrepFilesWithRg(root.absolute, regex, params.glob, options, signal);
			options.onBackend?.(external ? "rg" : "builtin");
			const files = external ?? (await listGrepFiles({ absolute: root.absolute, isFile }, params.glob, signal));
			const raw = await searchFiles(files, { regex, context: params.context ?? 0, limit, signal });
			return formatGrepResult(raw, limit);
		},
	};
}

/**
 * The `edit` tool (tools.md §4): exact replacements with a tolerant fallback, several edits per call against the
 * original content, BOM and CRLF preserved, refusing to overwrite a file changed meanwhile, written atomically.
 */
import { promises as fs } from "node:fs";
import type { AgentTool } from "@pi/agent-core";
import type { Static } from "@sinclair/typebox";
import { renameAlias } from "./args.js";
import { writeFileAtomic } from "./atomic-write.js";
import { findClosestLines, findMatches, LineIndex, type Span } from "./edit-match.js";
import { spliceReplacements } from "./edit-splice.js";
import { runExclusive } from "./file-queue.js";
import { cutLongLine, formatNumberedLine } from "./format.js";
import { displayPath, resolveToolPath } from "./paths.js";
import { Type } from "./schema.js";
import { errnoCode, ToolError, throwIfAborted } from "./tool-error.js";

const editItem = Type.Object({
	old_string: Type.String({ description: "Exact text to replace, including indentation." }),
	new_string: Type.String({ description: "Replacement text." }),
});

const editSchema = Type.Object({
	file_path: Type.String({ description: "File to edit (relative to the working directory, or absolute)." }),
	old_string: Type.Optional(
		Type.String({ description: "Exact text to replace; include enough surrounding lines to make it unique." }),
	),
	new_string: Type.Optional(Type.String({ description: "Replacement text." })),
	replace_all: Type.Optional(Type.Boolean({ description: "Replace every occurrence instead of exactly one." })),
	edits: Type.Optional(
		Type.Array(editItem, {
			minItems: 1,
			description: "Several replacements in one call, all matched against the original file; they must not overlap.",
		}),
	),
});

export type EditToolInput = Static<typeof editSchema>;

/** `details` of an edit result (tools.md §4.5). */
export interface EditToolDetails {
	filePath: string;
	diff: string;
	firstChangedLine: number;
	matchCount: number;
	linesAdded: number;
	linesRemoved: number;
}

const DESCRIPTION = `Replace exact text in a file. old_string must match the file's text exactly (copy it from read output without the line-number prefix) and must be unique unless replace_all is true; include a few surrounding lines when needed.
To make several changes to one file, pass edits: [{old_string, new_string}, ...]; every edit is matched against the original content and edits must not overlap.
Line endings and a byte-order mark are preserved. Use write to create files or replace a whole file.`;

const BINARY_SNIFF_BYTES = 8192;

/** Model-visible texts of this tool. */
const messages = {
	missingForm: "Provide old_string and new_string, or a non-empty edits array.",
	emptyOld: "old_string must not be empty; use write to create or replace a whole file.",
	identical: "old_string and new_string are identical; nothing to change.",
	notFound: (p: string) => `File not found: ${p}. Use write to create a new file.`,
	isDirectory: (p: string) => `${p} is a directory`,
	binary: (p: string) => `${p} is a binary file; edit only changes text files.`,
	noChange: (p: string) => `No change: the edits leave ${p} unchanged.`,
	modified: (p: string) => `${p} was modified by another process while editing; read it again and retry.`,
	couldNotFind: (label: string, p: string) =>
		`Could not find ${label} in ${p} (no exact match, and none when ignoring trailing whitespace and quote, dash and space variants).`,
	closest: (a: number, b: number) => `Closest lines (${a}-${b}):`,
	readAgain: "Read the file again and copy the text exactly.",
	ambiguous: (count: number, label: string, p: string, lines: string) =>
		`Found ${count} matches of ${label} in ${p} (lines ${lines}). Include more surrounding lines to make it unique, or set replace_all to true.`,
	overlap: (i: number, j: number, p: string, a: number, b: number) =>
		`edits[${i}] and edits[${j}] overlap in ${p} (lines ${a}-${b}). Combine them into one edit.`,
	result: (p: string, n: number, added: number, removed: number) =>
		`Edited ${p}: ${n} ${n === 1 ? "replacement" : "replacements"}, +${added} -${removed} lines`,
};

/** Alias normalisation (tools.md §1.2): `path`, `oldText`/`newText` (also inside `edits`), `edits` as JSON. */
export function prepareEditArguments(raw: Record<string, unknown>): Record<string, unknown> {
	let args = renameAlias(raw, "path", "file_path");
	args = renameAlias(args, "oldText", "old_string");
	args = renameAlias(args, "newText", "new_string");
	if (typeof args.edits === "string") {
		try {
			args = { ...args, edits: JSON.parse(args.edits) };
		} catch {
			// Leave it for schema validation to reject.
		}
	}
	if (Array.isArray(args.edits)) {
		args = {
			...args,
			edits: args.edits.map((item, i) => {
				if (typeof item !== "object" || item === null) return item;
				const label = (name: string) => `edits[${i}].${name}`;
				let next = renameAlias(item as Record<string, unknown>, "oldText", "old_string", label);
				next = renameAlias(next, "newText", "new_string", label);
				return next;
			}),
		};
	}
	return args;
}

interface EditRequest {
	oldString: string;
	newString: string;
}

/** The list of edits of a call, validated (tools.md §4.1). `multi` = the `edits` form was used. */
function collectEdits(params: EditToolInput): { edits: EditRequest[]; multi: boolean } {
	const edits: EditRequest[] = [];
	const hasPair = params.old_string !== undefined && params.new_string !== undefined;
	if (hasPair) edits.push({ oldString: params.old_string!, newString: params.new_string! });
	const multi = Array.isArray(params.edits) && params.edits.length > 0;
	if (multi) for (const e of params.edits!) edits.push({ oldString: e.old_string, newString: e.new_string });
	if (edits.length === 0) throw new ToolError(messages.missingForm);
	edits.forEach((edit, i) => {
		const prefix = multi ? `edits[${i}]: ` : "";
		if (edit.oldString === "") throw new ToolError(prefix + messages.emptyOld);
		if (edit.oldString === edit.newString) throw new ToolError(prefix + messages.identical);
	});
	return { edits, multi };
}

/** Converts text to the file's line-ending style. */
function toFileEol(text: string, crlf: boolean): string {
	const lf = text.replace(/\r\n/g, "\n");
	return crlf ? lf.replace(/\n/g, "\r\n") : lf;
}

interface PlacedSpan extends Span {
	edit: number;
	replacement: string;
}

function notFoundError(label: string, p: string, content: string, oldString: string): ToolError {
	const lines = content.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
	if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
	const parts = [messages.couldNotFind(label, p)];
	const closest = findClosestLines(lines, oldString);
	if (closest) {
		parts.push(messages.closest(closest.first, closest.last));
		for (let n = closest.first; n <= closest.last; n++) parts.push(formatNumberedLine(n, cutLongLine(lines[n - 1])));
	}
	parts.push(messages.readAgain);
	return new ToolError(parts.join("\n"));
}

async function statTarget(path: string, p: string) {
	try {
		return await fs.stat(path);
	} catch (error) {
		if (errnoCode(error) === "ENOENT" || errnoCode(error) === "ENOTDIR") throw new ToolError(messages.notFound(p));
		throw error;
	}
}

/** Creates the `edit` tool for a session working directory. */
export function createEditTool(cwd: string): AgentTool<typeof editSchema, EditToolDetails> {
	return {
		name: "edit",
		label: "Edit",
		description: DESCRIPTION,
		parameters: editSchema,
		prepareArguments: prepareEditArguments,
		execute(_toolCallId, params, signal) {
			throwIfAborted(signal);
			const absolute = resolveToolPath(cwd, params.file_path);
			// Queue synchronously so calls on one file keep their call order.
			return runExclusive(absolute, () => applyEdits(cwd, absolute, params, signal));
		},
	};
}

async function applyEdits(cwd: string, absolute: string, params: EditToolInput, signal?: AbortSignal) {
	throwIfAborted(signal);
	const p = displayPath(cwd, absolute);
	const { edits, multi } = collectEdits(params);
	const before = await statTarget(absolute, p);
	if (before.isDirectory()) throw new ToolError(messages.isDirectory(p));
	const raw = await fs.readFile(absolute);
	if (raw.subarray(0, BINARY_SNIFF_BYTES).includes(0)) throw new ToolError(messages.binary(p));
	throwIfAborted(signal);

	let content = new TextDecoder("utf-8", { ignoreBOM: true }).decode(raw);
	const hasBom = content.startsWith("\uFEFF");
	if (hasBom) content = content.slice(1);
	const firstNewline = content.indexOf("\n");
	const crlf = firstNewline > 0 && content[firstNewline - 1] === "\r";
	const replaceAll = params.replace_all === true;

	let lineIndex: LineIndex | undefined;
	const lineAt = (offset: number) => {
		lineIndex ??= new LineIndex(content);
		return lineIndex.lineAt(offset);
	};

	const spans: PlacedSpan[] = [];
	edits.forEach((edit, i) => {
		const label = multi ? `edits[${i}].old_string` : "old_string";
		const needle = toFileEol(edit.oldString, crlf);
		const match = findMatches(content, needle, replaceAll);
		if (match.all.length === 0) throw notFoundError(label, p, content, edit.oldString);
		if (match.all.length > 1 && !replaceAll) {
			const lines = match.all.slice(0, 10).map((span) => lineAt(span.start));
			const listed = lines.join(", ") + (match.all.length > 10 ? ", …" : "");
			throw new ToolError(messages.ambiguous(match.all.length, label, p, listed));
		}
		const replacement = toFileEol(edit.newString, crlf);
		for (const span of match.chosen) spans.push({ ...span, edit: i, replacement });
	});

	spans.sort((a, b) => a.start - b.start || a.end - b.end);
	for (let k = 1; k < spans.length; k++) {
		const prev = spans[k - 1];
		const cur = spans[k];
		if (cur.start < prev.end) {
			const [i, j] = prev.edit < cur.edit ? [prev.edit, cur.edit] : [cur.edit, prev.edit];
			const overlapEnd = Math.min(prev.end, cur.end);
			throw new ToolError(messages.overlap(i, j, p, lineAt(cur.start), lineAt(Math.max(cur.start, overlapEnd - 1))));
		}
	}

	const bom = hasBom ? Buffer.from("\uFEFF") : undefined;
	const output = spliceReplacements(raw, bom, content, spans);
	if (!output) throw new ToolError(messages.noChange(p));
	throwIfAborted(signal);

	const now = await statTarget(absolute, p);
	if (now.size !== before.size || now.mtimeMs !== before.mtimeMs) throw new ToolError(messages.modified(p));
	// The diff library is imported on the first edit, not when the tools are created at start-up.
	const { buildReplacementDiff } = await import("./edit-diff.js");
	await writeFileAtomic(absolute, output);
	const diff = buildReplacementDiff(p, content, spans);
	const details: EditToolDetails = {
		filePath: absolute,
		diff: diff.diff,
		firstChangedLine: diff.firstChangedLine,
		matchCount: spans.length,
		linesAdded: diff.linesAdded,
		linesRemoved: diff.linesRemoved,
	};
	return {
		content: [{ type: "text" as const, text: messages.result(p, spans.length, diff.linesAdded, diff.linesRemoved) }],
		details,
	};
}

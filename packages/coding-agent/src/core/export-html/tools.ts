/**
 * Tool calls and their results: each built-in tool gets a compact head (the command, the path) and a body suited to
 * it (bash output, file content, a coloured diff for edit); other tools show their arguments as JSON.
 */
import type { ImageContent, TextContent, ToolCall, ToolResultMessage } from "@pi/ai";
import { renderDiff, renderImage, renderPre } from "./content.js";
import { escapeHtml } from "./escape.js";
import { exportMessages } from "./messages.js";

type Args = Record<string, unknown>;

function str(value: unknown): string | undefined {
	return typeof value === "string" ? value : undefined;
}

/** `file_path`, or its alias `path` (tools.md §1.2). */
function filePath(args: Args): string {
	return str(args.file_path) ?? str(args.path) ?? "";
}

function code(text: string): string {
	return `<code>${escapeHtml(text)}</code>`;
}

/** One line summarising the call, after the tool name. */
function renderCallHead(name: string, args: Args): string {
	switch (name) {
		case "bash": {
			const timeout = typeof args.timeout === "number" ? ` <span class="muted">(timeout ${args.timeout}s)</span>` : "";
			return `${code(`$ ${str(args.command) ?? ""}`)}${timeout}`;
		}
		case "read": {
			const offset = typeof args.offset === "number" ? args.offset : undefined;
			const limit = typeof args.limit === "number" ? args.limit : undefined;
			let range = "";
			if (offset !== undefined || limit !== undefined) {
				const start = offset ?? 1;
				range = limit !== undefined ? `:${start}-${start + limit - 1}` : `:${start}`;
			}
			return code(filePath(args) + range);
		}
		case "edit":
		case "write":
			return code(filePath(args));
		case "grep":
		case "find": {
			const where = str(args.path) ? ` in ${str(args.path)}` : "";
			return code(`${str(args.pattern) ?? ""}${where}`);
		}
		case "ls":
			return code(str(args.path) ?? ".");
		default:
			return "";
	}
}

/** The old/new pairs of an edit call (single and multi form), used when no diff was recorded. */
function editPairs(args: Args): { oldText: string; newText: string }[] {
	const pairs: { oldText: string; newText: string }[] = [];
	const oldText = str(args.old_string) ?? str(args.oldText);
	const newText = str(args.new_string) ?? str(args.newText);
	if (oldText !== undefined || newText !== undefined) pairs.push({ oldText: oldText ?? "", newText: newText ?? "" });
	if (Array.isArray(args.edits)) {
		for (const edit of args.edits as Args[]) {
			pairs.push({
				oldText: str(edit?.old_string) ?? str(edit?.oldText) ?? "",
				newText: str(edit?.new_string) ?? str(edit?.newText) ?? "",
			});
		}
	}
	return pairs;
}

function prefixLines(text: string, prefix: string): string {
	return text
		.split("\n")
		.map((line) => prefix + line)
		.join("\n");
}

/** Body shown under the head from the arguments alone (before or without a result). */
function renderCallBody(name: string, args: Args, result: ToolResultMessage | undefined): string {
	switch (name) {
		case "bash":
		case "read":
		case "grep":
		case "find":
		case "ls":
			return "";
		case "write":
			return renderPre(str(args.content) ?? "", "output file-content");
		case "edit": {
			if (typeof diffOf(result) === "string") return "";
			const pairs = editPairs(args);
			const pseudoDiff = pairs.map((p) => `${prefixLines(p.oldText, "-")}\n${prefixLines(p.newText, "+")}`);
			return renderDiff(pseudoDiff.join("\n@@\n"));
		}
		default:
			return renderPre(JSON.stringify(args, null, 2), "output args");
	}
}

function diffOf(result: ToolResultMessage | undefined): string | undefined {
	if (!result || result.isError) return undefined;
	const details = result.details as { diff?: unknown } | undefined;
	return typeof details?.diff === "string" ? details.diff : undefined;
}

/** A tool result's content blocks: text as preformatted output, images inline; the edit diff when present. */
export function renderToolResultBody(result: ToolResultMessage): string {
	const blocks = Array.isArray(result.content) ? (result.content as (TextContent | ImageContent)[]) : [];
	const parts: string[] = [];
	for (const block of blocks) {
		if (block?.type === "text") {
			const text = block.text === "" ? exportMessages.noOutput : block.text;
			parts.push(renderPre(text, result.isError ? "output error" : "output"));
		} else if (block?.type === "image") {
			parts.push(renderImage(block));
		}
	}
	if (parts.length === 0) parts.push(renderPre(exportMessages.noOutput, "output muted"));
	const diff = diffOf(result);
	if (diff !== undefined) parts.push(renderDiff(diff));
	return parts.join("");
}

/**
 * A tool call with its result (when one was recorded on the same branch). Failed results are marked as errors.
 */
export function renderToolCall(call: ToolCall, result: ToolResultMessage | undefined): string {
	const args = (call.arguments && typeof call.arguments === "object" ? call.arguments : {}) as Args;
	const state = result === undefined ? " pending" : result.isError ? " error" : "";
	const head = `<div class="tool-head"><span class="tool-name">${escapeHtml(call.name)}</span> ${renderCallHead(call.name, args)}</div>`;
	const body = renderCallBody(call.name, args, result);
	const outcome =
		result === undefined
			? `<div class="tool-result muted">${escapeHtml(exportMessages.noResult)}</div>`
			: `<div class="tool-result">${renderToolResultBody(result)}</div>`;
	return `<div class="tool tool-${escapeHtml(call.name)}${state}">${head}${body}${outcome}</div>`;
}

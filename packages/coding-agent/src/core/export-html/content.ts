/**
 * Small HTML building blocks shared by the entry and tool renderers: plain text, content blocks, images, diffs.
 */
import type { ImageContent, TextContent } from "@pi/ai";
import { escapeHtml, imageDataUri } from "./escape.js";
import { exportMessages } from "./messages.js";

/** Text shown as is (whitespace kept), never interpreted as markup. */
export function renderPlainText(text: string, className = "text"): string {
	return `<div class="${className}">${escapeHtml(text)}</div>`;
}

/** Preformatted output (tool output, file content), scrollable when long. */
export function renderPre(text: string, className = "output"): string {
	return `<pre class="${className}">${escapeHtml(text)}</pre>`;
}

/** An image block as an inline data URI; a block with an unsafe type or data is named instead of shown. */
export function renderImage(block: Partial<ImageContent>): string {
	const uri = imageDataUri(block.mimeType, block.data);
	if (uri === undefined) {
		return `<div class="muted">${escapeHtml(exportMessages.invalidImage(String(block.mimeType)))}</div>`;
	}
	return `<img class="image" src="${uri}" alt="${escapeHtml(String(block.mimeType))}" loading="lazy">`;
}

/** User-side content (string or text/image blocks): text kept verbatim, images inline. */
export function renderUserContent(content: unknown, textClass = "text"): string {
	if (typeof content === "string") return renderPlainText(content, textClass);
	if (!Array.isArray(content)) return "";
	return (content as (Partial<TextContent> | Partial<ImageContent> | undefined)[])
		.map((block) => {
			if (block?.type === "text" && typeof block.text === "string") return renderPlainText(block.text, textClass);
			if (block?.type === "image") return renderImage(block);
			return "";
		})
		.join("");
}

/** The text blocks of a content array (or the string itself), joined with newlines. */
export function contentText(content: unknown): string {
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.filter((block) => block?.type === "text" && typeof block.text === "string")
		.map((block) => block.text as string)
		.join("\n");
}

function diffLineClass(line: string): string {
	if (line.startsWith("+++") || line.startsWith("---")) return "diff-file";
	if (line.startsWith("@@")) return "diff-hunk";
	if (line.startsWith("+")) return "diff-add";
	if (line.startsWith("-")) return "diff-del";
	return "diff-ctx";
}

/** A unified diff with one coloured row per line (additions, deletions, hunk and file headers). */
export function renderDiff(diff: string): string {
	const lines = diff.endsWith("\n") ? diff.slice(0, -1).split("\n") : diff.split("\n");
	const rows = lines.map((line) => `<span class="${diffLineClass(line)}">${escapeHtml(line) || " "}</span>`);
	// Rows are block elements (full-width colour); the browser still copies them as separate lines.
	return `<pre class="diff">${rows.join("")}</pre>`;
}

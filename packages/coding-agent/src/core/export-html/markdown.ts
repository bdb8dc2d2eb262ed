/**
 * Markdown to HTML for assistant text and summaries, built on `marked` with everything that could reach the page
 * as markup neutralised: raw HTML is shown as text, links keep only harmless targets, and images become links (an
 * exported page never loads anything from the network).
 */
import { Marked, type Tokens } from "marked";
import { escapeHtml, safeHref } from "./escape.js";

const markdown = new Marked({
	gfm: true,
	async: false,
	renderer: {
		html({ text }: Tokens.HTML | Tokens.Tag): string {
			return escapeHtml(text);
		},
		link({ href, title, tokens }: Tokens.Link): string {
			const inner = this.parser.parseInline(tokens);
			const target = safeHref(href);
			if (target === undefined) return inner;
			const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
			return `<a href="${escapeHtml(target)}"${titleAttr} rel="noopener noreferrer">${inner}</a>`;
		},
		image({ href, text }: Tokens.Image): string {
			const target = safeHref(href);
			const label = escapeHtml(text || href);
			if (target === undefined) return label;
			return `<a class="md-image" href="${escapeHtml(target)}" rel="noopener noreferrer">[image: ${label}]</a>`;
		},
	},
});

/** Renders markdown to HTML; raw HTML in the source is shown as text, never interpreted. */
export function renderMarkdown(source: string): string {
	return markdown.parse(source, { async: false });
}

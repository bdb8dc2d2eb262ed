/** Inline markdown (emphasis, code spans, links) to one styled string. Block layout wraps it afterwards. */
import type { Token, Tokens } from "marked";
import type { MarkdownTheme } from "./theme.js";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Decodes the HTML entities marked leaves in text ("&amp;", "&#39;", "&#x1F600;"). */
export function decodeEntities(text: string): string {
	if (!text.includes("&")) return text;
	return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
		if (body[0] === "#") {
			const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
			return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
		}
		return ENTITIES[body.toLowerCase()] ?? entity;
	});
}

/** OSC-8 hyperlink around `text`; terminals without support show just the text. */
export function hyperlink(text: string, url: string): string {
	return `\x1b]8;;${url}\x1b\\${text}\x1b]8;;\x1b\\`;
}

export interface InlineOptions {
	theme: MarkdownTheme;
	hyperlinks: boolean;
}

function plainText(tokens: Token[] | undefined): string {
	return (tokens ?? [])
		.map((token) => ("tokens" in token && token.tokens ? plainText(token.tokens) : token.raw))
		.join("");
}

/** Renders inline tokens to a styled string (newlines only where the source had hard breaks). */
export function renderInline(tokens: Token[] | undefined, options: InlineOptions): string {
	const { theme } = options;
	let out = "";
	for (const token of tokens ?? []) {
		switch (token.type) {
			case "text":
				out += "tokens" in token && token.tokens ? renderInline(token.tokens, options) : decodeEntities(token.text);
				break;
			case "escape":
				out += token.text;
				break;
			case "strong":
				out += theme.bold(renderInline(token.tokens, options));
				break;
			case "em":
				out += theme.italic(renderInline(token.tokens, options));
				break;
			case "del":
				out += theme.strikethrough(renderInline(token.tokens, options));
				break;
			case "codespan":
				out += theme.inlineCode(decodeEntities(token.text));
				break;
			case "br":
				out += "\n";
				break;
			case "link":
				out += renderLink(token as Tokens.Link, options);
				break;
			case "image":
				out += theme.linkUrl(`[image: ${token.text || token.href}]`);
				break;
			case "html":
				out += token.text;
				break;
			default:
				out += "tokens" in token && token.tokens ? renderInline(token.tokens, options) : (token.raw ?? "");
		}
	}
	return out;
}

function renderLink(token: Tokens.Link, options: InlineOptions): string {
	const label = renderInline(token.tokens, options);
	const styled = options.theme.link(options.hyperlinks ? hyperlink(label, token.href) : label);
	const shown = plainText(token.tokens);
	const href = token.href.replace(/^mailto:/, "");
	// Show the URL too when the text hides it: the hyperlink escape is invisible where it is not supported.
	return shown === token.href || shown === href ? styled : `${styled} ${options.theme.linkUrl(`(${token.href})`)}`;
}

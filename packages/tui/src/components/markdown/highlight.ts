/**
 * Syntax highlighting for code blocks: highlight.js produces HTML spans with scope classes, which are mapped to
 * the theme's terminal styles here, one output string per source line.
 */
import hljs from "highlight.js";
import type { StyleFn } from "../background.js";
import { decodeEntities } from "./inline.js";

const HTML_PIECE = /<span class="([^"]*)">|<\/span>|([^<]+)/g;

function styleForClasses(classes: string, syntax: Record<string, StyleFn>): StyleFn | undefined {
	// "hljs-title function_" → "title"; "hljs-selector-tag" → "selector-tag".
	for (const name of classes.split(/\s+/)) {
		const scope = name.replace(/^hljs-/, "").replace(/_+$/, "");
		if (syntax[scope]) return syntax[scope];
	}
	return undefined;
}

/** Whether highlight.js knows `language` (names and aliases such as "ts", "sh"). */
export function isKnownLanguage(language: string | undefined): language is string {
	return !!language && hljs.getLanguage(language) !== undefined;
}

/**
 * `code` split into lines, each styled by scope. Unknown languages are returned unstyled (through `plain`):
 * guessing a language costs more than it helps while a response streams in.
 */
export function highlightCode(
	code: string,
	language: string | undefined,
	syntax: Record<string, StyleFn>,
	plain: StyleFn,
): string[] {
	if (!isKnownLanguage(language)) return code.split("\n").map((line) => (line === "" ? "" : plain(line)));
	const html = hljs.highlight(code, { language, ignoreIllegals: true }).value;
	const lines: string[] = [""];
	const stack: (StyleFn | undefined)[] = [];
	for (const match of html.matchAll(HTML_PIECE)) {
		if (match[1] !== undefined) {
			stack.push(styleForClasses(match[1], syntax));
		} else if (match[2] !== undefined) {
			const style = stack.findLast((entry) => entry !== undefined);
			decodeEntities(match[2])
				.split("\n")
				.forEach((part, index) => {
					if (index > 0) lines.push("");
					if (part !== "") lines[lines.length - 1] += style ? style(part) : part;
				});
		} else {
			stack.pop();
		}
	}
	return lines;
}

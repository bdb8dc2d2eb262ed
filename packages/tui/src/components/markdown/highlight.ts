/**
 * Syntax highlighting for code blocks: highlight.js produces HTML spans with scope classes, which are mapped to
 * the theme's terminal styles here, one output string per source line.
 *
 * highlight.js is loaded lazily and synchronously: importing @pi/tui loads none of it (the full library with its
 * ~190 grammars costs ~200 ms). The first code block with a known language loads `highlight.js/lib/core` through
 * `createRequire` (its CommonJS build, so the first render is already highlighted and needs no re-render
 * callback), and each language's grammar is registered the first time a block uses it (a few ms each).
 */
import { createRequire } from "node:module";
import type { HLJSApi, Language, LanguageFn, Mode } from "highlight.js";
import type { StyleFn } from "../background.js";
import { decodeEntities } from "./inline.js";
import { LANGUAGE_ALIASES, LANGUAGE_NAMES } from "./languages.js";

const require = createRequire(import.meta.url);
const HTML_PIECE = /<span class="([^"]*)">|<\/span>|([^<]+)/g;

let instance: HLJSApi | undefined;

/** Our own highlight.js instance (not the shared singleton, which others may fill with every grammar). */
function highlighter(): HLJSApi {
	instance ??= (require("highlight.js/lib/core") as HLJSApi).newInstance();
	return instance;
}

/** The grammar module name for a language name or alias ("ts" → "typescript"), if highlight.js has one. */
function moduleNameOf(language: string): string | undefined {
	const name = language.toLowerCase();
	if (LANGUAGE_NAMES.has(name)) return name;
	return Object.hasOwn(LANGUAGE_ALIASES, name) ? LANGUAGE_ALIASES[name] : undefined;
}

/** Registers a grammar and, recursively, the grammars it embeds (e.g. CSS and JavaScript inside HTML). */
function registerLanguage(hljs: HLJSApi, name: string): void {
	if (hljs.getLanguage(name)) return;
	hljs.registerLanguage(name, require(`highlight.js/lib/languages/${name}`) as LanguageFn);
	const language = hljs.getLanguage(name);
	if (!language) return;
	for (const embedded of embeddedLanguages(language)) {
		const module = moduleNameOf(embedded);
		if (module) registerLanguage(hljs, module);
	}
}

/** Names of the sub-languages a grammar's modes refer to. */
function embeddedLanguages(language: Language): Set<string> {
	const found = new Set<string>();
	const seen = new Set<object>();
	const visit = (mode: Mode | Language | string | undefined | null): void => {
		if (!mode || typeof mode !== "object" || seen.has(mode)) return;
		seen.add(mode);
		const sub = mode.subLanguage;
		for (const name of Array.isArray(sub) ? sub : sub ? [sub] : []) found.add(name);
		for (const child of mode.contains ?? []) visit(child as Mode);
		for (const variant of mode.variants ?? []) visit(variant);
		visit(mode.starts);
	};
	visit(language);
	return found;
}

function styleForClasses(classes: string, syntax: Record<string, StyleFn>): StyleFn | undefined {
	// "hljs-title function_" → "title"; "hljs-selector-tag" → "selector-tag".
	for (const name of classes.split(/\s+/)) {
		const scope = name.replace(/^hljs-/, "").replace(/_+$/, "");
		if (syntax[scope]) return syntax[scope];
	}
	return undefined;
}

/** Whether highlight.js knows `language` (names and aliases such as "ts", "sh"). Loads nothing. */
export function isKnownLanguage(language: string | undefined): language is string {
	return !!language && moduleNameOf(language) !== undefined;
}

/**
 * `code` split into lines, each styled by scope. Unknown languages are returned unstyled (through `plain`):
 * guessing a language costs more than it helps while a response streams in. The first call for a language loads
 * its grammar.
 */
export function highlightCode(
	code: string,
	language: string | undefined,
	syntax: Record<string, StyleFn>,
	plain: StyleFn,
): string[] {
	const module = language ? moduleNameOf(language) : undefined;
	if (!module) return code.split("\n").map((line) => (line === "" ? "" : plain(line)));
	const hljs = highlighter();
	registerLanguage(hljs, module);
	// The module name, not the alias: two grammars may claim one alias ("ls"), and the last registered would win.
	const html = hljs.highlight(code, { language: module, ignoreIllegals: true }).value;
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

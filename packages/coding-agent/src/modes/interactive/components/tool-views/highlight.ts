/** Syntax highlighting of file content by file extension, through @pi/tui's highlight.js mapping. */
import { extname } from "node:path";
import { highlightCode, isKnownLanguage } from "@pi/tui";
import { createMarkdownTheme } from "../../theme/adapters.js";
import type { Theme } from "../../theme/theme.js";

const EXTENSION_LANGUAGES: Record<string, string> = {
	ts: "typescript",
	tsx: "typescript",
	mts: "typescript",
	cts: "typescript",
	js: "javascript",
	jsx: "javascript",
	mjs: "javascript",
	cjs: "javascript",
	py: "python",
	rs: "rust",
	go: "go",
	java: "java",
	kt: "kotlin",
	rb: "ruby",
	sh: "bash",
	bash: "bash",
	zsh: "bash",
	json: "json",
	md: "markdown",
	yml: "yaml",
	yaml: "yaml",
	toml: "ini",
	css: "css",
	scss: "scss",
	html: "xml",
	xml: "xml",
	c: "c",
	h: "c",
	cpp: "cpp",
	hpp: "cpp",
	cs: "csharp",
	swift: "swift",
	sql: "sql",
	lua: "lua",
	php: "php",
};

/** The highlight.js language for a file path, if known. */
export function languageForPath(path: string | undefined): string | undefined {
	if (!path) return undefined;
	const ext = extname(path).slice(1).toLowerCase();
	const language = EXTENSION_LANGUAGES[ext] ?? ext;
	return isKnownLanguage(language) ? language : undefined;
}

/** Syntax styles per theme, built once (highlighting runs on every render of a growing read/write box). */
const syntaxCache = new WeakMap<Theme, ReturnType<typeof createMarkdownTheme>["syntax"]>();

function syntaxOf(theme: Theme): ReturnType<typeof createMarkdownTheme>["syntax"] {
	let syntax = syntaxCache.get(theme);
	if (!syntax) {
		syntax = createMarkdownTheme(theme).syntax;
		syntaxCache.set(theme, syntax);
	}
	return syntax;
}

/** `lines` highlighted as the language of `path`; unknown languages are returned in the tool output colour. */
export function highlightLines(lines: readonly string[], path: string | undefined, theme: Theme): string[] {
	const plain = theme.fgStyle("toolOutput");
	const language = languageForPath(path);
	if (!language || lines.length === 0) return lines.map((line) => plain(line));
	const highlighted = highlightCode(lines.join("\n"), language, syntaxOf(theme), plain);
	return lines.map((_, i) => highlighted[i] ?? "");
}

/** Colours of rendered markdown. Every entry is a style function from plain or styled text to styled text. */
import chalk from "chalk";
import type { StyleFn } from "../background.js";

export interface MarkdownTheme {
	heading: (text: string, level: number) => string;
	bold: StyleFn;
	italic: StyleFn;
	strikethrough: StyleFn;
	inlineCode: StyleFn;
	link: StyleFn;
	/** The URL shown after a link whose text differs from it. */
	linkUrl: StyleFn;
	quote: StyleFn;
	quoteBorder: StyleFn;
	hr: StyleFn;
	listBullet: StyleFn;
	tableBorder: StyleFn;
	tableHeader: StyleFn;
	/** The ``` fence rows around code blocks. */
	codeFence: StyleFn;
	/** Code without a known language. */
	codeText: StyleFn;
	/** Syntax colours by highlight.js scope ("keyword", "string", "comment", "title", …). */
	syntax: Record<string, StyleFn>;
}

export const DEFAULT_SYNTAX_COLORS: Record<string, StyleFn> = {
	keyword: chalk.magenta,
	built_in: chalk.cyan,
	type: chalk.cyan,
	literal: chalk.blue,
	number: chalk.yellow,
	string: chalk.green,
	regexp: chalk.red,
	comment: chalk.gray,
	doctag: chalk.gray,
	title: chalk.blue,
	attr: chalk.yellow,
	attribute: chalk.yellow,
	variable: chalk.red,
	params: (text) => text,
	meta: chalk.gray,
	symbol: chalk.yellow,
	property: chalk.cyan,
	tag: chalk.red,
	name: chalk.red,
	"selector-tag": chalk.red,
	"selector-class": chalk.yellow,
	"selector-id": chalk.yellow,
	section: chalk.bold.blue,
	bullet: chalk.yellow,
	addition: chalk.green,
	deletion: chalk.red,
	emphasis: chalk.italic,
	strong: chalk.bold,
	link: chalk.underline,
	subst: (text) => text,
};

export const DEFAULT_MARKDOWN_THEME: MarkdownTheme = {
	heading: (text, level) => (level === 1 ? chalk.bold.underline.cyan(text) : chalk.bold.cyan(text)),
	bold: chalk.bold,
	italic: chalk.italic,
	strikethrough: chalk.strikethrough,
	inlineCode: chalk.yellow,
	link: chalk.underline.blue,
	linkUrl: chalk.dim,
	quote: chalk.italic,
	quoteBorder: chalk.gray,
	hr: chalk.gray,
	listBullet: chalk.cyan,
	tableBorder: chalk.gray,
	tableHeader: chalk.bold,
	codeFence: chalk.gray,
	codeText: (text) => text,
	syntax: DEFAULT_SYNTAX_COLORS,
};

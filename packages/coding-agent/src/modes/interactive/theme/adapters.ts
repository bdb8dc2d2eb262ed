/**
 * Theme adapters for @pi/tui components: Markdown, SelectList and Editor take their own small style tables;
 * these build them from a pi theme.
 */
import type { EditorTheme, MarkdownTheme, SelectListTheme } from "@pi/tui";
import type { Style, Theme } from "./theme.js";

/** The Markdown component's theme (headings, links, code, quotes, syntax colours) from a pi theme. */
export function createMarkdownTheme(theme: Theme): MarkdownTheme {
	const fg = theme.fgStyle;
	const syntax: Record<string, Style> = {
		keyword: fg("syntaxKeyword"),
		built_in: fg("syntaxType"),
		type: fg("syntaxType"),
		class: fg("syntaxType"),
		literal: fg("syntaxNumber"),
		number: fg("syntaxNumber"),
		string: fg("syntaxString"),
		regexp: fg("syntaxString"),
		comment: fg("syntaxComment"),
		doctag: fg("syntaxComment"),
		title: fg("syntaxFunction"),
		function: fg("syntaxFunction"),
		attr: fg("syntaxVariable"),
		attribute: fg("syntaxVariable"),
		variable: fg("syntaxVariable"),
		property: fg("syntaxVariable"),
		params: fg("syntaxVariable"),
		operator: fg("syntaxOperator"),
		punctuation: fg("syntaxOperator"),
		meta: fg("syntaxComment"),
		symbol: fg("syntaxNumber"),
		tag: fg("syntaxKeyword"),
		name: fg("syntaxKeyword"),
		"selector-tag": fg("syntaxKeyword"),
		"selector-class": fg("syntaxFunction"),
		addition: fg("diffAdded"),
		deletion: fg("diffRemoved"),
		section: (text) => theme.bold(fg("mdHeading")(text)),
		bullet: fg("mdListBullet"),
		emphasis: theme.italic,
		strong: theme.bold,
		link: fg("mdLink"),
		subst: (text) => text,
	};
	return {
		heading: (text, level) =>
			level === 1 ? theme.bold(theme.underline(theme.fg("mdHeading", text))) : theme.bold(theme.fg("mdHeading", text)),
		bold: theme.bold,
		italic: theme.italic,
		strikethrough: theme.strikethrough,
		inlineCode: fg("mdCode"),
		link: (text) => theme.underline(theme.fg("mdLink", text)),
		linkUrl: fg("mdLinkUrl"),
		quote: (text) => theme.italic(theme.fg("mdQuote", text)),
		quoteBorder: fg("mdQuoteBorder"),
		hr: fg("mdHr"),
		listBullet: fg("mdListBullet"),
		tableBorder: fg("border"),
		tableHeader: theme.bold,
		codeFence: fg("mdCodeBlockBorder"),
		codeText: fg("mdCodeBlock"),
		syntax,
	};
}

/** SelectList styles (selectors, autocomplete popup) from a pi theme. */
export function createSelectListTheme(theme: Theme): SelectListTheme {
	return {
		selected: (text) => theme.bold(theme.fg("selected", text)),
		label: (text) => text,
		description: theme.fgStyle("muted"),
		scrollInfo: theme.fgStyle("dim"),
		filter: theme.fgStyle("muted"),
		noMatch: theme.fgStyle("muted"),
	};
}

/** Editor styles from a pi theme; `border` may be replaced to follow the thinking level. */
export function createEditorTheme(theme: Theme, border: Style = theme.fgStyle("border")): EditorTheme {
	return {
		border,
		cursor: theme.inverse,
		prompt: theme.fgStyle("accent"),
		autocomplete: createSelectListTheme(theme),
	};
}

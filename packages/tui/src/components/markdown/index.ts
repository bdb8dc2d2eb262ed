export { highlightCode, isKnownLanguage } from "./highlight.js";
export { decodeEntities, hyperlink } from "./inline.js";
export { Markdown, type MarkdownOptions } from "./markdown.js";
export { fitColumnWidths } from "./table.js";
export { DEFAULT_MARKDOWN_THEME, DEFAULT_SYNTAX_COLORS, type MarkdownTheme } from "./theme.js";

/** Code display helpers of the original pi for extensions: language by file name, highlighting, the clipboard. */
import { highlightCode as highlightWithSyntax } from "@pi/tui";
import { copyToClipboard as copyWithTools } from "../../modes/interactive/clipboard.js";
import { languageForPath } from "../../modes/interactive/components/tool-views/highlight.js";
import { createMarkdownTheme } from "../../modes/interactive/theme/adapters.js";
import { getExtensionTheme } from "./theme.js";

/** The highlight language of a file path (by extension), if pi knows it. */
export function getLanguageFromPath(filePath: string): string | undefined {
	return languageForPath(filePath);
}

/** `code` highlighted as `lang` in the current theme's syntax colours, one string per line. */
export function highlightCode(code: string, lang?: string): string[] {
	const theme = createMarkdownTheme(getExtensionTheme());
	return highlightWithSyntax(code, lang, theme.syntax ?? {}, (text) => text);
}

/** Puts `text` on the system clipboard: OSC 52 to the terminal and the platform's clipboard tool, best effort. */
export async function copyToClipboard(text: string): Promise<void> {
	const terminal = process.stdout.isTTY ? (data: string) => process.stdout.write(data) : undefined;
	await copyWithTools(text, { writeTerminal: terminal });
}

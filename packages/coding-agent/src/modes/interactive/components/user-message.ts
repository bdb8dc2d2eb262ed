/** A message the user sent: markdown on the user-message background, with a blank row above. */
import { type Component, Markdown } from "@pi/tui";
import { createMarkdownTheme } from "../theme/adapters.js";
import type { Theme } from "../theme/theme.js";

export class UserMessageComponent implements Component {
	private readonly markdown: Markdown;

	constructor(text: string, theme: Theme) {
		this.markdown = new Markdown(text, {
			theme: createMarkdownTheme(theme),
			paddingX: 1,
			paddingY: 1,
			background: theme.bgStyle("userMessageBg"),
		});
	}

	invalidate(): void {
		this.markdown.invalidate();
	}

	render(width: number): string[] {
		return ["", ...this.markdown.render(width)];
	}
}

/** The text of a user message's content (text blocks joined; images noted). */
export function userMessageText(content: string | readonly { type: string; text?: string }[]): string {
	if (typeof content === "string") return content;
	return content
		.map((block) => (block.type === "text" ? (block.text ?? "") : block.type === "image" ? "[image]" : ""))
		.filter((text) => text !== "")
		.join("\n");
}

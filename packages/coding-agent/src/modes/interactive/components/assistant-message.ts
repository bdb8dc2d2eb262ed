/**
 * An assistant message: text blocks as markdown (re-rendered as the message streams), thinking blocks dimmed and
 * italic or folded into a one-line placeholder, and a note when the response was aborted or failed. Tool calls
 * are not drawn here; each gets its own ToolExecutionComponent.
 */
import type { AssistantMessage } from "@pi/ai";
import { type Component, Markdown, Text } from "@pi/tui";
import { createMarkdownTheme } from "../theme/adapters.js";
import type { Theme } from "../theme/theme.js";

/** User-visible texts of assistant messages. */
export const ASSISTANT_TEXT = {
	thinkingPlaceholder: "Thinking…",
	aborted: "Aborted",
	abortedWith: (message: string) => `Aborted: ${message}`,
	error: (message: string) => `Error: ${message}`,
	unknownError: "Error: the request failed without a message",
} as const;

export interface AssistantMessageOptions {
	/** Show a one-line placeholder instead of thinking text (settings hideThinkingBlock, Ctrl+T). */
	hideThinking?: boolean;
	/** Code block indent from settings `markdown.codeBlockIndent` (its length in columns). Default "  ". */
	codeBlockIndent?: string;
	/** The message so far (or final). */
	message?: AssistantMessage;
}

type Block = { kind: "text"; view: Markdown } | { kind: "thinking"; text: string; view: Text };

export class AssistantMessageComponent implements Component {
	private blocks: Block[] = [];
	private note: Text | undefined;
	private hideThinking: boolean;
	private message: AssistantMessage | undefined;
	private readonly markdownTheme;

	constructor(
		private readonly theme: Theme,
		private readonly options: AssistantMessageOptions = {},
	) {
		this.hideThinking = options.hideThinking ?? false;
		this.markdownTheme = createMarkdownTheme(theme);
		if (options.message) this.updateContent(options.message);
	}

	/** Replaces the shown content with `message` (call on every streaming update and at the end). */
	updateContent(message: AssistantMessage): void {
		this.message = message;
		const next: Block[] = [];
		let index = 0;
		for (const block of message.content) {
			const previous = this.blocks[index];
			if (block.type === "text") {
				if (block.text.trim() === "") continue;
				const view = previous?.kind === "text" ? previous.view : this.newMarkdown();
				view.setText(block.text.trim());
				next.push({ kind: "text", view });
				index++;
			} else if (block.type === "thinking") {
				if (block.thinking.trim() === "") continue;
				const view = previous?.kind === "thinking" ? previous.view : new Text("", { paddingX: 1 });
				next.push({ kind: "thinking", text: block.thinking.trim(), view });
				index++;
			}
		}
		this.blocks = next;
		this.refreshThinking();
		this.note = this.buildNote(message);
	}

	/** Shows thinking text (false) or the one-line placeholder (true). */
	setHideThinking(hidden: boolean): void {
		if (hidden === this.hideThinking) return;
		this.hideThinking = hidden;
		this.refreshThinking();
	}

	getMessage(): AssistantMessage | undefined {
		return this.message;
	}

	invalidate(): void {
		for (const block of this.blocks) block.view.invalidate();
		this.note?.invalidate();
	}

	render(width: number): string[] {
		const rows: string[] = [];
		for (const block of this.blocks) {
			const blockRows = block.view.render(width);
			if (blockRows.length === 0) continue;
			rows.push("", ...blockRows);
		}
		if (this.note) rows.push("", ...this.note.render(width));
		return rows;
	}

	private newMarkdown(): Markdown {
		return new Markdown("", {
			theme: this.markdownTheme,
			paddingX: 1,
			codeIndent: (this.options.codeBlockIndent ?? "  ").length,
		});
	}

	private refreshThinking(): void {
		for (const block of this.blocks) {
			if (block.kind !== "thinking") continue;
			const text = this.hideThinking ? ASSISTANT_TEXT.thinkingPlaceholder : block.text;
			block.view.setText(this.theme.italic(this.theme.fg("thinking", text)));
		}
	}

	private buildNote(message: AssistantMessage): Text | undefined {
		if (message.stopReason === "aborted") {
			const text = message.errorMessage ? ASSISTANT_TEXT.abortedWith(message.errorMessage) : ASSISTANT_TEXT.aborted;
			return new Text(this.theme.fg("error", text), { paddingX: 1 });
		}
		if (message.stopReason === "error") {
			const text = message.errorMessage ? ASSISTANT_TEXT.error(message.errorMessage) : ASSISTANT_TEXT.unknownError;
			return new Text(this.theme.fg("error", text), { paddingX: 1 });
		}
		return undefined;
	}
}

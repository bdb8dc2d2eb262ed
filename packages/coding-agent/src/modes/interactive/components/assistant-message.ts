/**
 * An assistant message: text blocks as markdown (re-rendered as the message streams), thinking blocks dimmed and
 * italic or folded into a one-line placeholder, and a note when the response was aborted or failed. Tool calls
 * are not drawn here; each gets its own ToolExecutionComponent.
 *
 * While it streams, the message commits rows that scrolled above the screen (renderLive/commitRows, as a
 * Container does): finished blocks before the last one, then the finished markdown blocks of a text block. A
 * frame then costs what the rows still on screen cost, however long the answer grows.
 */
import type { AssistantMessage } from "@pi/ai";
import { type CommittableComponent, type Component, Markdown, Text } from "@pi/tui";
import { createMarkdownTheme } from "../theme/adapters.js";
import type { Theme } from "../theme/theme.js";

/** The placeholder of hidden thinking set by an extension (ctx.ui.setHiddenThinkingLabel); undefined: pi's. */
let hiddenThinkingLabel: string | undefined;

/** Sets the placeholder hidden thinking blocks show from now on (undefined restores pi's). */
export function setHiddenThinkingLabel(label: string | undefined): void {
	hiddenThinkingLabel = label;
}

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

export class AssistantMessageComponent implements Component, CommittableComponent {
	private blocks: Block[] = [];
	/** Leading blocks committed whole (with the blank row before each). */
	private committedBlocks = 0;
	/** Whether the blank row before the first uncommitted block is committed (its markdown committed rows). */
	private separatorCommitted = false;
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
		// Blocks only grow while a message streams; should a message be replaced, the commit cannot reach past it.
		if (this.blocks[this.committedBlocks]?.view !== next[this.committedBlocks]?.view) this.separatorCommitted = false;
		this.committedBlocks = Math.min(this.committedBlocks, next.length);
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
		return this.renderFrom(0, false, width);
	}

	renderLive(width: number): string[] {
		return this.renderFrom(this.committedBlocks, this.separatorCommitted, width);
	}

	commitRows(width: number, rows: number): number {
		let committed = 0;
		while (this.committedBlocks < this.blocks.length && committed < rows) {
			const block = this.blocks[this.committedBlocks]!;
			const isLast = this.committedBlocks === this.blocks.length - 1;
			if (block.kind === "text") {
				// Markdown commits its finished blocks; its last block stays live, so the message stops here.
				const separator = this.separatorCommitted || block.view.render(width).length === 0 ? 0 : 1;
				if (rows - committed <= separator) break;
				const inner = block.view.commitRows(width, rows - committed - separator);
				if (inner > 0) {
					committed += inner + separator;
					this.separatorCommitted = true;
				}
				break;
			}
			// A thinking block is finished once another block follows it; commit it whole when it fits.
			const blockRows = block.view.render(width).length;
			const count = blockRows === 0 ? 0 : blockRows + 1;
			if (isLast || committed + count > rows) break;
			committed += count;
			this.committedBlocks++;
			this.separatorCommitted = false;
		}
		return committed;
	}

	/** Rows of blocks from `start` on (the first without its blank row when `skipSeparator`), then the note. */
	private renderFrom(start: number, skipSeparator: boolean, width: number): string[] {
		let rows: string[] = [];
		for (let i = start; i < this.blocks.length; i++) {
			const block = this.blocks[i]!;
			const partial = i === start && skipSeparator;
			const blockRows = partial && block.kind === "text" ? block.view.renderLive(width) : block.view.render(width);
			if (blockRows.length === 0 && !partial) continue;
			// concat, not push(...rows): a long answer has more rows than a call may take arguments.
			rows = partial ? rows.concat(blockRows) : rows.concat("", blockRows);
		}
		if (this.note) rows = rows.concat("", this.note.render(width));
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
			const text = this.hideThinking ? (hiddenThinkingLabel ?? ASSISTANT_TEXT.thinkingPlaceholder) : block.text;
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

/**
 * Rebuilds a streaming assistant message from block events. The loop uses it because a provider's `partial`
 * is one mutable object that may already be ahead of the event being delivered (listeners are awaited while
 * the provider keeps streaming); the proxy client uses it because the wire leaves `partial` out.
 */
import { type AssistantMessage, StreamingToolArguments, type Usage } from "@pi/ai";

type Block = AssistantMessage["content"][number];

export class PartialMessageBuilder {
	private readonly message: AssistantMessage;
	private readonly toolArguments = new Map<number, StreamingToolArguments>();

	/** `header` supplies api, provider, model, timestamp and usage; its content is ignored. */
	constructor(header: AssistantMessage) {
		this.message = { ...header, content: [], usage: cloneUsage(header.usage) };
	}

	/** Opens a block at `index`. Text, thinking and arguments start empty; ids, names and flags are kept. */
	start(index: number, block: Block): void {
		const opened: Block =
			block.type === "text"
				? { ...block, text: "" }
				: block.type === "thinking"
					? { ...block, thinking: "" }
					: { ...block, arguments: {} };
		this.message.content[index] = opened;
		if (block.type === "toolCall") this.toolArguments.set(index, new StreamingToolArguments());
	}

	/**
	 * Appends a text/thinking delta or a raw JSON fragment of tool-call arguments (re-parsed as @pi/ai does: on
	 * every fragment while short, throttled for large arguments; `end` brings the final parse).
	 */
	delta(index: number, delta: string): void {
		const block = this.message.content[index];
		if (!block) return;
		if (block.type === "text") this.message.content[index] = { ...block, text: block.text + delta };
		else if (block.type === "thinking") this.message.content[index] = { ...block, thinking: block.thinking + delta };
		else {
			let args = this.toolArguments.get(index);
			if (!args) {
				args = new StreamingToolArguments();
				this.toolArguments.set(index, args);
			}
			this.message.content[index] = { ...block, arguments: args.append(delta) };
		}
	}

	/** Closes a block with its final form (signatures and parsed arguments included). */
	end(index: number, block: Block): void {
		this.message.content[index] = { ...block };
		this.toolArguments.delete(index);
	}

	/** The accumulated text of an open or closed text/thinking block. */
	textAt(index: number): string {
		const block = this.message.content[index];
		if (block?.type === "text") return block.text;
		if (block?.type === "thinking") return block.thinking;
		return "";
	}

	setUsage(usage: Usage): void {
		this.message.usage = cloneUsage(usage);
	}

	/** Sets top-level fields (stopReason, errorMessage, responseId, ...). */
	update(fields: Partial<Omit<AssistantMessage, "content" | "usage">>): void {
		Object.assign(this.message, fields);
	}

	/** A copy later events will not change. Blocks are replaced, never mutated, so a shallow copy suffices. */
	snapshot(): AssistantMessage {
		return { ...this.message, content: [...this.message.content], usage: cloneUsage(this.message.usage) };
	}
}

function cloneUsage(usage: Usage): Usage {
	return { ...usage, cost: { ...usage.cost } };
}

/**
 * Rebuilds a streaming assistant message from block events. The loop uses it because a provider's `partial`
 * is one mutable object that may already be ahead of the event being delivered (listeners are awaited while
 * the provider keeps streaming); the proxy client uses it because the wire leaves `partial` out.
 */
import { type AssistantMessage, parseToolArguments, type Usage } from "@pi/ai";

type Block = AssistantMessage["content"][number];

export class PartialMessageBuilder {
	private readonly message: AssistantMessage;
	private readonly rawArguments = new Map<number, string>();

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
		if (block.type === "toolCall") this.rawArguments.set(index, "");
	}

	/** Appends a text/thinking delta or a raw JSON fragment of tool-call arguments. */
	delta(index: number, delta: string): void {
		const block = this.message.content[index];
		if (!block) return;
		if (block.type === "text") this.message.content[index] = { ...block, text: block.text + delta };
		else if (block.type === "thinking") this.message.content[index] = { ...block, thinking: block.thinking + delta };
		else {
			const raw = (this.rawArguments.get(index) ?? "") + delta;
			this.rawArguments.set(index, raw);
			this.message.content[index] = { ...block, arguments: parseToolArguments(raw) };
		}
	}

	/** Closes a block with its final form (signatures and parsed arguments included). */
	end(index: number, block: Block): void {
		this.message.content[index] = { ...block };
		this.rawArguments.delete(index);
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

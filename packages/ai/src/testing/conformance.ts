import type { AssistantMessage, AssistantMessageEvent, TextContent, ThinkingContent, ToolCall } from "../types.js";

/** The events of one stream and the message `result()` resolved to. */
export interface CollectedStream {
	events: AssistantMessageEvent[];
	message: AssistantMessage;
}

/**
 * Drains a stream: every event it yields (all events share one mutable `partial`, so this is not a history
 * of snapshots) and the final message `result()` resolved to.
 */
export async function collectEvents(
	stream: AsyncIterable<AssistantMessageEvent> & { result(): Promise<AssistantMessage> },
): Promise<CollectedStream> {
	const events: AssistantMessageEvent[] = [];
	for await (const event of stream) events.push(event);
	return { events, message: await stream.result() };
}

type BlockKind = "text" | "thinking" | "toolcall";
const BLOCK_TYPE: Record<BlockKind, "text" | "thinking" | "toolCall"> = {
	text: "text",
	thinking: "thinking",
	toolcall: "toolCall",
};

/**
 * Checks the streaming protocol of events.md §1.8 and throws an `Error` naming the first broken invariant:
 * exactly one terminal event and it is last; `start` at most once, before any block event, absent only with
 * `error`; valid `contentIndex`; strictly sequential start/delta/end per block; the final message equals what
 * the deltas accumulated; `stopReason` equals the terminal reason; `errorMessage` iff error/aborted.
 * `final` (usually the value of `result()`) must be the terminal message.
 */
export function assertEventProtocol(events: AssistantMessageEvent[], final?: AssistantMessage): void {
	const violation = (index: number, problem: string): Error => {
		const event = events[index];
		const where = event ? `event #${index} (${event.type})` : `end of stream`;
		return new Error(`Event protocol violation at ${where}: ${problem}`);
	};
	if (events.length === 0) throw violation(0, "no events at all; a stream must end with done or error");

	const terminalIndexes = events.flatMap((event, i) => (event.type === "done" || event.type === "error" ? [i] : []));
	if (terminalIndexes.length !== 1)
		throw violation(
			terminalIndexes[1] ?? events.length,
			`expected exactly one terminal event, got ${terminalIndexes.length}`,
		);
	if (terminalIndexes[0] !== events.length - 1)
		throw violation(terminalIndexes[0]!, "the terminal event is not the last event");
	const terminal = events[events.length - 1] as Extract<AssistantMessageEvent, { type: "done" | "error" }>;
	const message = terminal.type === "done" ? terminal.message : terminal.error;

	// Rebuild the content from the deltas alone, then compare with the final message.
	const rebuilt: (TextContent | ThinkingContent | ToolCall | { type: "toolCall"; raw: string })[] = [];
	const rawArgs: string[] = [];
	let started = false;
	let open: { kind: BlockKind; index: number } | undefined;

	for (let i = 0; i < events.length - 1; i++) {
		const event = events[i]!;
		if (event.type === "start") {
			if (started) throw violation(i, "start emitted twice");
			if (rebuilt.length > 0) throw violation(i, "start after block events");
			if (event.partial !== message) throw violation(i, "start.partial is not the same object as the final message");
			started = true;
			continue;
		}
		if (!("contentIndex" in event)) throw violation(i, "unknown event type");
		const [kind, phase] = event.type.split("_") as [BlockKind, "start" | "delta" | "end"];
		if (!started) throw violation(i, "block event before start");
		if (event.partial !== message) throw violation(i, "partial is not the same object as the final message");
		const index = event.contentIndex;
		if (phase === "start") {
			if (open) throw violation(i, `block ${open.index} (${open.kind}) is still open`);
			if (index !== rebuilt.length)
				throw violation(i, `contentIndex ${index}, expected ${rebuilt.length} (blocks are appended)`);
			const block = message.content[index];
			if (!block || block.type !== BLOCK_TYPE[kind])
				throw violation(i, `partial.content[${index}] is not a ${BLOCK_TYPE[kind]} block`);
			open = { kind, index };
			if (kind === "text") rebuilt.push({ type: "text", text: "" });
			else if (kind === "thinking") rebuilt.push({ type: "thinking", thinking: "" });
			else rebuilt.push({ type: "toolCall", raw: "" });
			rawArgs[index] = "";
			continue;
		}
		if (!open || open.index !== index || open.kind !== kind)
			throw violation(i, `contentIndex ${index} does not name the open ${kind} block`);
		const block = rebuilt[index]!;
		if (phase === "delta") {
			const delta = (event as { delta: string }).delta;
			if (typeof delta !== "string") throw violation(i, "delta is not a string");
			if (block.type === "text") block.text += delta;
			else if (block.type === "thinking") block.thinking += delta;
			else rawArgs[index] += delta;
			if (kind === "toolcall") {
				const args = (message.content[index] as ToolCall).arguments;
				if (args === null || typeof args !== "object" || Array.isArray(args))
					throw violation(i, "tool-call arguments are not an object while streaming");
			}
			continue;
		}
		// phase === "end"
		if (event.type === "text_end" && event.content !== (block as TextContent).text)
			throw violation(i, "text_end.content differs from the accumulated deltas");
		if (event.type === "thinking_end" && event.content !== (block as ThinkingContent).thinking)
			throw violation(i, "thinking_end.content differs from the accumulated deltas");
		if (event.type === "toolcall_end" && event.toolCall !== message.content[index])
			throw violation(i, "toolcall_end.toolCall is not the block in the message");
		open = undefined;
	}

	const last = events.length - 1;
	if (open) throw violation(last, `block ${open.index} (${open.kind}) was never closed`);
	if (!started && terminal.type !== "error") throw violation(last, "done without start");
	if (terminal.reason !== message.stopReason)
		throw violation(last, `stopReason ${message.stopReason} differs from the terminal reason ${terminal.reason}`);
	const failed = message.stopReason === "error" || message.stopReason === "aborted";
	if (failed && typeof message.errorMessage !== "string")
		throw violation(last, "errorMessage missing on an error/aborted message");
	if (!failed && message.errorMessage !== undefined)
		throw violation(last, "errorMessage present on a successful message");
	if (message.content.length !== rebuilt.length)
		throw violation(last, `message has ${message.content.length} blocks, the events announced ${rebuilt.length}`);
	for (const [index, block] of message.content.entries()) {
		const expected = rebuilt[index]!;
		if (block.type === "text" && block.text !== (expected as TextContent).text)
			throw violation(last, `text of block ${index} differs from its deltas`);
		if (block.type === "thinking" && block.thinking !== (expected as ThinkingContent).thinking)
			throw violation(last, `thinking of block ${index} differs from its deltas`);
		if (block.type === "toolCall") {
			if (block.arguments === null || typeof block.arguments !== "object" || Array.isArray(block.arguments))
				throw violation(last, `arguments of tool call ${index} are not an object`);
			const raw = rawArgs[index]!;
			if (raw.trim() !== "" && isJson(raw) && JSON.stringify(JSON.parse(raw)) !== JSON.stringify(block.arguments))
				throw violation(last, `arguments of tool call ${index} differ from its streamed JSON`);
		}
	}
	const usage = message.usage;
	if (usage.totalTokens !== usage.input + usage.output + usage.cacheRead + usage.cacheWrite)
		throw violation(last, "usage.totalTokens is not the sum of the four counters");
	if (final !== undefined && final !== message)
		throw violation(last, "result() did not resolve to the terminal message");
}

function isJson(text: string): boolean {
	try {
		JSON.parse(text);
		return true;
	} catch {
		return false;
	}
}

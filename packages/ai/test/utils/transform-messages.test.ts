import { describe, expect, it } from "vitest";
import type { AssistantMessage, Message, Model, ToolResultMessage, UserMessage } from "../../src/index.js";
import {
	IMAGE_OMITTED_TEXT,
	ORPHAN_TOOL_RESULT_TEXT,
	restrictToolCallId,
	transformMessages,
} from "../../src/utils/transform-messages.js";
import { emptyUsage } from "../../src/utils/usage.js";

const claude = {
	api: "anthropic-messages",
	provider: "anthropic",
	id: "claude-sonnet-4-5",
	input: ["text", "image"],
} as Pick<Model, "api" | "provider" | "id" | "input">;
const gpt = { api: "openai-responses", provider: "openai", id: "gpt-5.4", input: ["text", "image"] } as typeof claude;
const textOnly = { ...gpt, id: "text-only", input: ["text"] } as typeof claude;

function assistant(content: AssistantMessage["content"], overrides: Partial<AssistantMessage> = {}): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "anthropic-messages",
		provider: "anthropic",
		model: "claude-sonnet-4-5",
		usage: emptyUsage(),
		stopReason: "stop",
		timestamp: 1,
		...overrides,
	};
}
const user = (content: UserMessage["content"]): UserMessage => ({ role: "user", content, timestamp: 1 });
const result = (toolCallId: string, text = "ok"): ToolResultMessage => ({
	role: "toolResult",
	toolCallId,
	toolName: "bash",
	content: [{ type: "text", text }],
	isError: false,
	timestamp: 1,
});

describe("transformMessages", () => {
	it("leaves failed and aborted assistant turns out, with the results of their tool calls", () => {
		const messages: Message[] = [
			user("hi"),
			assistant([{ type: "toolCall", id: "t1", name: "bash", arguments: {} }], {
				stopReason: "aborted",
				errorMessage: "x",
			}),
			result("t1"),
			assistant([{ type: "text", text: "boom" }], { stopReason: "error", errorMessage: "500 oops" }),
			user("again"),
		];
		const out = transformMessages(messages, claude);
		expect(out.map((m) => m.role)).toEqual(["user", "user"]);
	});

	it("keeps same-model thinking with its signature, even when empty", () => {
		const messages: Message[] = [
			assistant([
				{ type: "thinking", thinking: "", thinkingSignature: "sig" },
				{ type: "thinking", thinking: "", thinkingSignature: "enc", redacted: true },
				{ type: "text", text: "hi", textSignature: "ts" },
			]),
		];
		const out = transformMessages(messages, claude);
		expect(out[0]).toEqual(messages[0]);
	});

	it("turns foreign thinking into text, drops empty and redacted thinking and foreign signatures", () => {
		const messages: Message[] = [
			assistant([
				{ type: "thinking", thinking: "let me think", thinkingSignature: "sig" },
				{ type: "thinking", thinking: "   ", thinkingSignature: "sig2" },
				{ type: "thinking", thinking: "[redacted]", thinkingSignature: "enc", redacted: true },
				{ type: "text", text: "answer", textSignature: "ts" },
				{ type: "toolCall", id: "t1", name: "bash", arguments: { command: "ls" }, thoughtSignature: "g" },
			]),
			result("t1"),
		];
		const out = transformMessages(messages, gpt) as [AssistantMessage, ToolResultMessage];
		expect(out[0].content).toEqual([
			{ type: "text", text: "let me think" },
			{ type: "text", text: "answer" },
			{ type: "toolCall", id: "t1", name: "bash", arguments: { command: "ls" } },
		]);
		// The input is untouched.
		expect((messages[0] as AssistantMessage).content).toHaveLength(5);
	});

	it("gives tool calls without a result a synthetic error result before the next message", () => {
		const messages: Message[] = [
			assistant([
				{ type: "toolCall", id: "a", name: "read", arguments: {} },
				{ type: "toolCall", id: "b", name: "bash", arguments: {} },
			]),
			result("a"),
			user("stop that"),
			assistant([{ type: "toolCall", id: "c", name: "ls", arguments: {} }]),
		];
		const out = transformMessages(messages, claude);
		expect(out.map((m) => (m.role === "toolResult" ? `result:${m.toolCallId}` : m.role))).toEqual([
			"assistant",
			"result:a",
			"result:b",
			"user",
			"assistant",
			"result:c",
		]);
		const synthetic = out[2] as ToolResultMessage;
		expect(synthetic).toMatchObject({
			isError: true,
			toolName: "bash",
			content: [{ type: "text", text: ORPHAN_TOOL_RESULT_TEXT }],
		});
	});

	it("rewrites tool-call ids and the matching results identically", () => {
		const longId = `call_${"x".repeat(80)}|fc_123`;
		const messages: Message[] = [
			assistant([{ type: "toolCall", id: longId, name: "bash", arguments: {} }], {
				api: "openai-responses",
				provider: "openai",
				model: "gpt-5.4",
			}),
			result(longId),
		];
		const out = transformMessages(messages, claude, (id) => restrictToolCallId(id, 64));
		const call = (out[0] as AssistantMessage).content[0] as { id: string };
		expect(call.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
		expect((out[1] as ToolResultMessage).toolCallId).toBe(call.id);
	});

	it("replaces images for text-only models, collapsing consecutive placeholders", () => {
		const image = { type: "image" as const, data: "AAAA", mimeType: "image/png" };
		const messages: Message[] = [
			user([{ type: "text", text: "look" }, image, image, { type: "text", text: "and" }, image]),
			assistant([{ type: "toolCall", id: "t", name: "screenshot", arguments: {} }]),
			{ ...result("t"), content: [image] },
		];
		const out = transformMessages(messages, textOnly);
		expect((out[0] as UserMessage).content).toEqual([
			{ type: "text", text: "look" },
			{ type: "text", text: IMAGE_OMITTED_TEXT },
			{ type: "text", text: "and" },
			{ type: "text", text: IMAGE_OMITTED_TEXT },
		]);
		expect((out[2] as ToolResultMessage).content).toEqual([{ type: "text", text: IMAGE_OMITTED_TEXT }]);
		expect(transformMessages(messages, gpt)[0]).toBe(messages[0]);
	});
});

describe("restrictToolCallId", () => {
	it("replaces disallowed characters and keeps long ids distinct", () => {
		expect(restrictToolCallId("call|1.2", 64)).toBe("call_1_2");
		const a = restrictToolCallId(`${"a".repeat(70)}1`, 64);
		const b = restrictToolCallId(`${"a".repeat(70)}2`, 64);
		expect(a).toHaveLength(64);
		expect(a).not.toBe(b);
	});
});

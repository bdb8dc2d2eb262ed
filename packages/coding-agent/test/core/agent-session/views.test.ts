import type { AgentMessage } from "@pi/agent-core";
import { emptyUsage } from "@pi/ai";
import { afterEach, describe, expect, it } from "vitest";
import { getLastAssistantText } from "../../../src/core/stats.js";
import { createTestSession, type TestSession } from "./helpers.js";

let t: TestSession | undefined;
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

function assistant(content: any[], stopReason = "stop"): AgentMessage {
	return {
		role: "assistant",
		content,
		api: "faux",
		provider: "faux",
		model: "m",
		usage: emptyUsage(),
		stopReason,
		timestamp: 1,
	} as any;
}

describe("getLastAssistantText (rpc.md §4.3 get_last_assistant_text)", () => {
	it("joins the text blocks with \\n and trims, leaving thinking and tool calls out", () => {
		const messages = [
			assistant([
				{ type: "thinking", thinking: "hmm" },
				{ type: "text", text: "  first" },
				{ type: "toolCall", id: "c", name: "read", arguments: {} },
				{ type: "text", text: "second \n" },
			]),
		];
		expect(getLastAssistantText(messages)).toBe("first\nsecond");
	});

	it("skips an aborted reply with empty content but not an aborted reply that has text", () => {
		const done = assistant([{ type: "text", text: "done" }]);
		expect(getLastAssistantText([done, assistant([], "aborted")])).toBe("done");
		expect(getLastAssistantText([done, assistant([{ type: "text", text: "" }], "aborted")])).toBe("done");
		expect(getLastAssistantText([done, assistant([{ type: "text", text: "part" }], "aborted")])).toBe("part");
		// A failed reply without content is still the last assistant message (only aborted ones are skipped).
		expect(getLastAssistantText([done, assistant([], "error")])).toBe("");
	});

	it("is null without an assistant message", () => {
		expect(getLastAssistantText([{ role: "user", content: "hi", timestamp: 1 } as AgentMessage])).toBeNull();
	});
});

describe("AgentSession views", () => {
	it("getSessionStats reports context usage from the last reply, and none without a model", async () => {
		t = await createTestSession({ fauxOptions: { contextWindow: 1000 } });
		const { session, faux } = t;
		faux.enqueue({ text: "one", usage: { input: 200, output: 50 } });
		await session.prompt("hello");
		const stats = session.getSessionStats();
		expect(stats).toMatchObject({
			sessionId: session.sessionId,
			sessionFile: session.sessionFile,
			userMessages: 1,
			assistantMessages: 1,
			totalMessages: 2,
			tokens: { input: 200, output: 50, total: 250 },
			contextUsage: { tokens: 250, contextWindow: 1000, percent: 25 },
		});
		t.cleanup();
		t = await createTestSession({ useFaux: false });
		expect(t.session.getSessionStats().contextUsage).toBeUndefined();
	});
});

import { describe, expect, it } from "vitest";
import type { AssistantMessage, AssistantMessageEvent } from "../../src/index.js";
import { assertEventProtocol } from "../../src/testing/conformance.js";
import { emptyUsage } from "../../src/utils/usage.js";

function message(overrides: Partial<AssistantMessage> = {}): AssistantMessage {
	return {
		role: "assistant",
		content: [],
		api: "x",
		provider: "x",
		model: "m",
		usage: emptyUsage(),
		stopReason: "stop",
		timestamp: 1,
		...overrides,
	};
}

/** A valid text stream "hello" and its message. */
function validStream() {
	const partial = message({ content: [{ type: "text", text: "hello" }] });
	const events: AssistantMessageEvent[] = [
		{ type: "start", partial },
		{ type: "text_start", contentIndex: 0, partial },
		{ type: "text_delta", contentIndex: 0, delta: "hel", partial },
		{ type: "text_delta", contentIndex: 0, delta: "lo", partial },
		{ type: "text_end", contentIndex: 0, content: "hello", partial },
		{ type: "done", reason: "stop", message: partial },
	];
	return { events, partial };
}

describe("assertEventProtocol", () => {
	it("accepts a valid stream and an error-only stream", () => {
		const { events, partial } = validStream();
		expect(() => assertEventProtocol(events, partial)).not.toThrow();
		const failed = message({ stopReason: "error", errorMessage: "401 bad key" });
		expect(() => assertEventProtocol([{ type: "error", reason: "error", error: failed }], failed)).not.toThrow();
	});

	const breakages: [string, (s: ReturnType<typeof validStream>) => void, RegExp][] = [
		["a second terminal event", (s) => s.events.push(s.events[5]!), /exactly one terminal event/],
		["no terminal event", (s) => s.events.pop(), /exactly one terminal event, got 0/],
		["start twice", (s) => s.events.splice(1, 0, s.events[0]!), /start emitted twice/],
		["a block event before start", (s) => s.events.shift(), /block event before start/],
		[
			"a wrong contentIndex",
			(s) => ((s.events[2] as { contentIndex: number }).contentIndex = 1),
			/does not name the open/,
		],
		["a dropped delta", (s) => s.events.splice(3, 1), /text_end.content differs/],
		["an unclosed block", (s) => s.events.splice(4, 1), /never closed/],
		["a wrong stop reason", (s) => (s.partial.stopReason = "length"), /differs from the terminal reason/],
		["errorMessage on success", (s) => (s.partial.errorMessage = "x"), /errorMessage present/],
		["a broken totalTokens", (s) => (s.partial.usage.totalTokens = 5), /totalTokens/],
	];
	for (const [name, breakIt, expected] of breakages) {
		it(`throws on ${name}`, () => {
			const s = validStream();
			breakIt(s);
			expect(() => assertEventProtocol(s.events, s.partial)).toThrow(expected);
		});
	}

	it("throws when result() resolved to another message", () => {
		const { events } = validStream();
		expect(() => assertEventProtocol(events, message())).toThrow(/result\(\) did not resolve/);
	});
});

/**
 * events.md §1.8 guarantee 9: every string sent to a provider is free of unpaired UTF-16 surrogates (valid pairs
 * kept): system prompt, user text, assistant text and thinking, tool-call arguments, tool results, tool names'
 * descriptions and parameter schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complete, emptyUsage } from "../../src/index.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import type { Context } from "../../src/types.js";
import { ALL_APIS, assistantFrom, mockModel } from "../helpers/scenarios.js";

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

const LONE = "\uD800";
const PAIR = "😀";
const dirty = (label: string) => `${label}${LONE}${PAIR}\uDC00end`;

/** Every string in a JSON value, with its path. */
function strings(value: unknown, path = "body"): [string, string][] {
	if (typeof value === "string") return [[path, value]];
	if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`));
	if (value && typeof value === "object") {
		return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}.${key}`));
	}
	return [];
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

for (const api of ALL_APIS) {
	describe(`${api}: surrogate sanitising`, () => {
		it("sends no unpaired surrogate anywhere in the request and keeps valid pairs", async () => {
			const model = mockModel(api, server);
			const context: Context = {
				systemPrompt: dirty("system"),
				tools: [
					{
						name: "bash",
						description: dirty("tool description"),
						parameters: {
							type: "object",
							properties: { command: { type: "string", description: dirty("param") } },
							required: ["command"],
						} as never,
					},
				],
				messages: [
					{ role: "user", content: dirty("user string"), timestamp: 1 },
					{ role: "user", content: [{ type: "text", text: dirty("user block") }], timestamp: 2 },
					{
						role: "assistant",
						...assistantFrom(model),
						content: [
							{ type: "text", text: dirty("assistant") },
							{ type: "toolCall", id: "call_1", name: "bash", arguments: { command: dirty("args") } },
						],
						usage: emptyUsage(),
						stopReason: "toolUse",
						timestamp: 3,
					},
					{
						role: "toolResult",
						toolCallId: "call_1",
						toolName: "bash",
						content: [{ type: "text", text: dirty("tool result") }],
						isError: false,
						timestamp: 4,
					},
				],
			};
			server.reset();
			server.enqueue({ text: "ok" });
			const message = await complete(model, context, { apiKey: "test-key" });
			expect(message.stopReason).toBe("stop");
			const sent = strings(server.requests[0].body);
			expect(sent.filter(([, text]) => LONE_SURROGATE.test(text))).toEqual([]);
			const joined = sent.map(([, text]) => text).join("\n");
			for (const label of ["system", "tool description", "user string", "user block", "assistant", "tool result"]) {
				expect(joined).toContain(`${label}${PAIR}end`);
			}
		});
	});
}

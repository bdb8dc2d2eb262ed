/**
 * MCP tools are ordinary tools for extensions: `tool_call` sees (and may block) their calls, `tool_result` sees
 * and may change their results (a blocked call has none, as for built-in tools), and the session file records what
 * the model got.
 */
import { afterEach, expect, it } from "vitest";
import type { ExtensionFactory } from "../../../src/core/extensions/types.js";
import { createMcpSession, fakeServer, type McpTestSession, toolResultsSeen } from "./helpers.js";

let t: McpTestSession | undefined;
afterEach(async () => {
	await t?.cleanup();
	t = undefined;
});

it("tool_call and tool_result hooks run for MCP tools; a blocked call never reaches the server", async () => {
	const seen: string[] = [];
	const guard: ExtensionFactory = (pi) => {
		pi.on("tool_call", (event) => {
			seen.push(`call ${event.toolName} ${JSON.stringify(event.input)}`);
			if (event.input.text === "forbidden") return { block: true, reason: "not that word" };
			return undefined;
		});
		pi.on("tool_result", (event) => {
			seen.push(`result ${event.toolName} ${event.isError}`);
			return { content: [{ type: "text", text: `${(event.content[0] as { text: string }).text}!` }] };
		});
	};
	t = await createMcpSession({
		user: { fake: fakeServer("ok") },
		extensionFactories: [{ path: "/ext/guard", factory: guard }],
	});
	t.faux.enqueue(
		{ toolCalls: [{ name: "mcp__fake__shout", arguments: { text: "hi" } }] },
		{ toolCalls: [{ name: "mcp__fake__shout", arguments: { text: "forbidden" } }] },
		{ text: "ok" },
	);
	await t.session.prompt("go");
	expect(toolResultsSeen(t.faux, 1)).toEqual([{ name: "mcp__fake__shout", text: "HI!", isError: false }]);
	expect(toolResultsSeen(t.faux, 2)[1]).toMatchObject({ text: "Tool call blocked: not that word", isError: true });
	expect(seen).toEqual([
		'call mcp__fake__shout {"text":"hi"}',
		"result mcp__fake__shout false",
		'call mcp__fake__shout {"text":"forbidden"}',
	]);
	const recorded = t.fileLines().filter((line) => line.message?.role === "toolResult");
	expect(recorded.map((line) => line.message.content[0].text)).toEqual(["HI!", "Tool call blocked: not that word"]);
});

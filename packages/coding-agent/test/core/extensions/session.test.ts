/**
 * The extension host inside an AgentSession (faux model): preflight steps 1–2, hooks, tools, errors as events,
 * session_shutdown and sendUserMessage.
 */
import { Type } from "@sinclair/typebox";
import { afterEach, describe, expect, it } from "vitest";
import { extensionTexts } from "../../../src/core/extensions/texts.js";
import type { ExtensionAPI, ExtensionFactory } from "../../../src/core/extensions/types.js";
import { createGateTool, createTestSession, requestTexts, type TestSession } from "../agent-session/helpers.js";

let t: TestSession | undefined;
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

const ext = (path: string, factory: ExtensionFactory) => ({ path, factory });
const errors = (session: TestSession) => session.events.filter((event) => event.type === "extension_error");

describe("extensions in a session", () => {
	it("input hooks run in load order on the changed text; a throwing hook is reported and skipped", async () => {
		t = await createTestSession({
			extensionFactories: [
				ext("/ext/upper", (pi) => pi.on("input", (event) => ({ text: event.text.toUpperCase() }))),
				ext("/ext/broken", (pi) =>
					pi.on("input", () => {
						throw new Error("input hook broke");
					}),
				),
				ext("/ext/suffix", (pi) => pi.on("input", (event) => ({ text: `${event.text}!` }))),
				ext("/ext/swallow", (pi) =>
					pi.on("input", (event) => (event.text === "DROP!" ? { handled: true } : undefined)),
				),
			],
		});
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("hello");
		expect(requestTexts(t.faux, 0)).toEqual(["user:HELLO!"]);
		expect(errors(t)[0]).toEqual({
			type: "extension_error",
			extensionPath: "/ext/broken",
			event: "input",
			error: "input hook broke",
		});
		await t.session.prompt("drop");
		expect(t.faux.requests).toHaveLength(1);
	});

	it("a command runs at once while the agent works; steer and followUp refuse it", async () => {
		const gate = createGateTool();
		const seen: string[] = [];
		t = await createTestSession({
			customTools: [gate.tool],
			extensionFactories: [
				ext("/ext/cmd", (pi) =>
					pi.registerCommand("note", {
						handler: (args, ctx) => {
							seen.push(`${args}|busy=${ctx.getSession().isStreaming}`);
						},
					}),
				),
			],
		});
		t.faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "done" });
		const run = t.session.prompt("start");
		await gate.started;
		await t.session.prompt("/note first second");
		expect(seen).toEqual(["first second|busy=true"]);
		await expect(t.session.steer("/note x")).rejects.toThrow(extensionTexts.cannotQueue("note"));
		await expect(t.session.followUp("/note x")).rejects.toThrow(extensionTexts.cannotQueue("note"));
		gate.release();
		await run;
		expect(t.session.getCommands()[0]).toEqual({
			name: "note",
			source: "extension",
			sourceInfo: { path: "/ext/cmd", scope: "path", source: "sdk" },
		});
	});

	it("tool_call handlers block calls; a throwing guard blocks too and is reported", async () => {
		const gate = createGateTool();
		t = await createTestSession({
			customTools: [gate.tool],
			extensionFactories: [
				ext("/ext/guard", (pi) =>
					pi.on("tool_call", (event) => {
						if (event.input.note === "explode") throw new Error("guard crashed");
						return event.input.note === "deny" ? { block: true, reason: "denied by policy" } : undefined;
					}),
				),
			],
		});
		t.faux.enqueue(
			{ toolCalls: [{ name: "gate", arguments: { note: "deny" } }] },
			{ toolCalls: [{ name: "gate", arguments: { note: "explode" } }] },
			{ text: "gave up" },
		);
		await t.session.prompt("try");
		const results = t.session.messages.filter((message) => message.role === "toolResult");
		expect(results.map((result: any) => result.content[0].text)).toEqual([
			"Tool call blocked: denied by policy",
			`Tool call blocked: ${extensionTexts.guardFailed("/ext/guard", "guard crashed")}`,
		]);
		expect(errors(t)).toEqual([
			{ type: "extension_error", extensionPath: "/ext/guard", event: "tool_call", error: "guard crashed" },
		]);
	});

	it("registered tools join the tool set and system prompt unless --tools leaves them out", async () => {
		const shout = {
			name: "shout",
			label: "Shout",
			description: "Shouts the text.",
			promptSnippet: "Shouts the text.",
			parameters: Type.Object({ text: Type.String() }),
			guidelines: ["Shout only when asked."],
			execute: async (_id: string, params: { text: string }) => ({
				content: [{ type: "text" as const, text: params.text.toUpperCase() }],
			}),
		};
		const register = (pi: ExtensionAPI) => pi.registerTool(shout);
		// --no-builtin-tools: extension tools stay.
		t = await createTestSession({
			tools: undefined,
			noBuiltinTools: true,
			extensionFactories: [ext("/ext/tools", register)],
		});
		expect(t.session.agent.state.tools.map((tool) => tool.name)).toEqual(["shout"]);
		expect(t.session.agent.state.systemPrompt).toContain("- shout: Shouts the text.");
		expect(t.session.agent.state.systemPrompt).toContain("- Shout only when asked.");
		t.faux.enqueue({ toolCalls: [{ name: "shout", arguments: { text: "hey" } }] }, { text: "done" });
		await t.session.prompt("go");
		expect(requestTexts(t.faux, 1)).toContain("toolResult:HEY");
		t.cleanup();

		t = await createTestSession({ tools: ["read", "shout"], extensionFactories: [ext("/ext/tools", register)] });
		expect(t.session.agent.state.tools.map((tool) => tool.name)).toEqual(["read", "shout"]);
		t.cleanup();
		t = await createTestSession({ tools: ["read"], extensionFactories: [ext("/ext/tools", register)] });
		expect(t.session.agent.state.tools.map((tool) => tool.name)).toEqual(["read"]);
	});

	it("agent events reach handlers, sendUserMessage prompts, and shutdown emits session_shutdown once", async () => {
		const log: string[] = [];
		t = await createTestSession({
			extensionFactories: [
				ext("/ext/log", (pi) => {
					pi.on("agent_start", () => void log.push("agent_start"));
					pi.on("message_end", (event) => void log.push(`message_end:${event.message.role}`));
					pi.on("turn_end", () => void log.push("turn_end"));
					pi.on("agent_end", (event) => void log.push(`agent_end:${event.messages.length}`));
					pi.on("session_shutdown", () => void log.push("session_shutdown"));
					pi.registerCommand("ask-model", { handler: (args) => pi.sendUserMessage(args) });
				}),
			],
		});
		t.faux.enqueue({ text: "answer" });
		await t.session.prompt("/ask-model what is 2+2");
		expect(requestTexts(t.faux, 0)).toEqual(["user:what is 2+2"]);
		expect(log).toEqual(["agent_start", "message_end:user", "message_end:assistant", "turn_end", "agent_end:2"]);
		await t.session.shutdown();
		await t.session.shutdown();
		expect(log.filter((entry) => entry === "session_shutdown")).toHaveLength(1);
	});
});

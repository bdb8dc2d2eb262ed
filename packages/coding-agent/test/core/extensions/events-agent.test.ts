/**
 * Extension events of a run (faux model, real built-in tools): payloads of agent/turn/message/tool_execution
 * events, and the return semantics of tool_call, tool_result, context, before_agent_start, message_end and input,
 * with ordering across two extensions and reported failures.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { extensionTexts } from "../../../src/core/extensions/texts.js";
import type { ExtensionAPI, ExtensionFactory } from "../../../src/core/extensions/types.js";
import { createTestSession, nextEvent, requestTexts, type TestSession } from "../agent-session/helpers.js";

let t: TestSession | undefined;
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

const ext = (path: string, factory: ExtensionFactory) => ({ path, factory });
const errors = (session: TestSession) => session.events.filter((event) => event.type === "extension_error");
const toolResults = (session: TestSession) =>
	session.session.messages.filter((message) => message.role === "toolResult") as any[];

/** Records `[event type, summary]` for the given events. */
function recorder(seen: unknown[][], names: Parameters<ExtensionAPI["on"]>[0][], summary: (e: any) => unknown) {
	return (pi: ExtensionAPI) => {
		for (const name of names) pi.on(name, (event: any) => void seen.push([name, summary(event)]));
	};
}

describe("extension events of a run", () => {
	it("agent, turn, message and tool_execution events carry the original's fields in order", async () => {
		const seen: unknown[][] = [];
		t = await createTestSession({
			tools: ["read"],
			extensionFactories: [
				ext(
					"/ext/watch",
					recorder(
						seen,
						[
							"agent_start",
							"turn_start",
							"message_start",
							"message_end",
							"tool_execution_start",
							"tool_execution_end",
							"turn_end",
							"agent_end",
						],
						(e) => {
							if (e.type === "turn_start") return { turnIndex: e.turnIndex, timestamp: typeof e.timestamp };
							if (e.type === "turn_end") return { turnIndex: e.turnIndex, results: e.toolResults.length };
							if (e.type.startsWith("message")) return e.message.role;
							if (e.type === "tool_execution_start") return e.args;
							if (e.type === "tool_execution_end") return { isError: e.isError, name: e.toolName };
							if (e.type === "agent_end") return e.messages.length;
							return undefined;
						},
					),
				),
				ext("/ext/updates", (pi) => pi.on("message_update", (e) => void seen.push(["update", e.message.role]))),
			],
		});
		writeFileSync(join(t.cwd, "a.txt"), "alpha\n");
		t.faux.enqueue({ toolCalls: [{ name: "read", arguments: { file_path: "a.txt" } }] }, { text: "done" });
		await t.session.prompt("read it");
		const withoutUpdates = seen.filter(([name]) => name !== "update");
		expect(withoutUpdates).toEqual([
			["agent_start", undefined],
			["turn_start", { turnIndex: 0, timestamp: "number" }],
			["message_start", "user"],
			["message_end", "user"],
			["message_start", "assistant"],
			["message_end", "assistant"],
			["tool_execution_start", { path: "a.txt" }],
			["tool_execution_end", { isError: false, name: "read" }],
			["message_start", "toolResult"],
			["message_end", "toolResult"],
			["turn_end", { turnIndex: 0, results: 1 }],
			["turn_start", { turnIndex: 1, timestamp: "number" }],
			["message_start", "assistant"],
			["message_end", "assistant"],
			["turn_end", { turnIndex: 1, results: 0 }],
			["agent_end", 4],
		]);
		expect(seen.some(([name, role]) => name === "update" && role === "assistant")).toBe(true);
	});

	it("tool_call input uses the original's names; in-place changes reach later handlers and the tool", async () => {
		const inputs: unknown[] = [];
		t = await createTestSession({
			tools: ["read", "edit", "write", "grep"],
			extensionFactories: [
				ext("/ext/first", (pi) =>
					pi.on("tool_call", (event) => {
						inputs.push(structuredClone(event.input));
						if (event.toolName === "read") event.input.path = "b.txt";
						if (event.toolName === "edit") event.input.edits[0].newText = "GAMMA";
					}),
				),
				ext("/ext/second", (pi) =>
					pi.on("tool_call", (event) => {
						if (event.toolName === "read") inputs.push(`second sees ${event.input.path}`);
					}),
				),
			],
		});
		writeFileSync(join(t.cwd, "a.txt"), "alpha\n");
		writeFileSync(join(t.cwd, "b.txt"), "beta\n");
		t.faux.enqueue(
			{
				toolCalls: [
					{ name: "read", arguments: { file_path: "a.txt", offset: 1 } },
					{ name: "edit", arguments: { file_path: "b.txt", old_string: "beta", new_string: "x" } },
					{ name: "write", arguments: { file_path: "c.txt", content: "new" } },
					{ name: "grep", arguments: { pattern: "alpha", ignore_case: true } },
				],
			},
			{ text: "done" },
		);
		await t.session.prompt("go");
		expect(inputs).toEqual([
			{ path: "a.txt", offset: 1 },
			"second sees b.txt",
			{ path: "b.txt", edits: [{ oldText: "beta", newText: "x" }] },
			{ path: "c.txt", content: "new" },
			{ pattern: "alpha", ignoreCase: true },
		]);
		const [read] = toolResults(t);
		expect(read.content[0].text).toContain("beta");
		expect(readFileSync(join(t.cwd, "b.txt"), "utf8")).toBe("GAMMA\n");
		expect(readFileSync(join(t.cwd, "c.txt"), "utf8")).toBe("new");
	});

	it("tool_call: the first block wins with its reason; a throwing handler blocks and is reported", async () => {
		const calls: string[] = [];
		t = await createTestSession({
			tools: ["write"],
			extensionFactories: [
				ext("/ext/guard", (pi) =>
					pi.on("tool_call", (event) => {
						calls.push(`guard:${event.input.path}`);
						if (event.input.path === "secret.txt") return { block: true, reason: "protected path" };
						if (event.input.path === "boom.txt") throw new Error("guard broke");
						return undefined;
					}),
				),
				ext("/ext/later", (pi) => pi.on("tool_call", (event) => void calls.push(`later:${event.input.path}`))),
			],
		});
		t.faux.enqueue(
			{ toolCalls: [{ name: "write", arguments: { path: "secret.txt", content: "x" } }] },
			{ toolCalls: [{ name: "write", arguments: { path: "boom.txt", content: "x" } }] },
			{ text: "done" },
		);
		await t.session.prompt("go");
		expect(calls).toEqual(["guard:secret.txt", "guard:boom.txt"]);
		const [blocked, failed] = toolResults(t);
		expect(blocked).toMatchObject({ isError: true, content: [{ text: "Tool call blocked: protected path" }] });
		expect(failed.isError).toBe(true);
		expect(failed.content[0].text).toContain(extensionTexts.guardFailed("/ext/guard", "guard broke"));
		expect(errors(t)).toEqual([
			{ type: "extension_error", extensionPath: "/ext/guard", event: "tool_call", error: "guard broke" },
		]);
	});

	it("tool_result patches chain (content, then isError) and see the original's argument names", async () => {
		const seen: unknown[] = [];
		t = await createTestSession({
			tools: ["read"],
			extensionFactories: [
				ext("/ext/redact", (pi) =>
					pi.on("tool_result", (event) => {
						seen.push({ input: event.input, isError: event.isError, details: typeof event.details });
						return { content: [{ type: "text", text: "[redacted]" }] };
					}),
				),
				ext("/ext/flag", (pi) =>
					pi.on("tool_result", (event) => {
						seen.push((event.content[0] as { text: string }).text);
						return { isError: true };
					}),
				),
			],
		});
		writeFileSync(join(t.cwd, "a.txt"), "alpha\n");
		t.faux.enqueue({ toolCalls: [{ name: "read", arguments: { file_path: "a.txt" } }] }, { text: "done" });
		await t.session.prompt("go");
		expect(seen).toEqual([{ input: { path: "a.txt" }, isError: false, details: "object" }, "[redacted]"]);
		expect(toolResults(t)[0]).toMatchObject({ isError: true, content: [{ type: "text", text: "[redacted]" }] });
		const stored = t.fileLines().find((line) => line.message?.role === "toolResult");
		expect(stored.message.content).toEqual([{ type: "text", text: "[redacted]" }]);
	});

	it("context replacements chain, reach the model only, and never change the stored transcript", async () => {
		t = await createTestSession({
			extensionFactories: [
				ext("/ext/drop-first", (pi) =>
					pi.on("context", (event) => ({
						messages: event.messages.length > 1 ? event.messages.slice(1) : event.messages,
					})),
				),
				ext("/ext/append", (pi) =>
					pi.on("context", (event) => {
						// A copy: changing it in place must not touch the session's messages.
						(event.messages[0] as any).content = [{ type: "text", text: "rewritten" }];
						return { messages: event.messages };
					}),
				),
			],
		});
		t.faux.enqueue({ text: "one" }, { text: "two" });
		await t.session.prompt("first");
		await t.session.prompt("second");
		expect(requestTexts(t.faux, 0)).toEqual(["user:rewritten"]);
		// [first, one, second] without the first, then its new first message rewritten.
		expect(requestTexts(t.faux, 1)).toEqual(["assistant:rewritten", "user:second"]);
		expect(t.session.messages.map((m: any) => m.content[0].text)).toEqual(["first", "one", "second", "two"]);
		const stored = t.fileLines().filter((line) => line.type === "message");
		expect(stored.map((line) => line.message.content[0].text)).toEqual(["first", "one", "second", "two"]);
	});

	it("context copes with a message that cannot be deep-copied (a function in details)", async () => {
		const seen: number[] = [];
		t = await createTestSession({
			extensionFactories: [
				ext("/ext/count", (pi) =>
					pi.on("context", (event) => {
						seen.push(event.messages.length);
						return { messages: event.messages };
					}),
				),
			],
		});
		t.session.agent.appendMessage({
			role: "custom",
			customType: "live",
			content: "note",
			display: false,
			details: { refresh: () => 1 },
			timestamp: 1,
		} as never);
		t.faux.enqueue({ text: "fine" });
		await t.session.prompt("hello");
		expect(seen).toEqual([2]);
		expect(t.session.getLastAssistantText()).toBe("fine");
		expect(errors(t)).toEqual([]);
	});

	it("before_agent_start chains the system prompt for one prompt and adds custom messages", async () => {
		const prompts: string[] = [];
		t = await createTestSession({
			extensionFactories: [
				ext("/ext/a", (pi) =>
					pi.on("before_agent_start", (event) => {
						prompts.push(event.prompt);
						if (event.prompt !== "first") return undefined;
						return { systemPrompt: `${event.systemPrompt}\nA`, message: { customType: "note", content: "from a" } };
					}),
				),
				ext("/ext/b", (pi) =>
					pi.on("before_agent_start", (event, ctx) => {
						if (event.prompt !== "first") return undefined;
						expect(event.systemPromptOptions.cwd).toBe(t!.cwd);
						// ctx.getSystemPrompt() shows the prompt as chained so far.
						expect(ctx.getSystemPrompt()).toBe(event.systemPrompt);
						expect(event.systemPrompt.endsWith("\nA")).toBe(true);
						return { systemPrompt: `${event.systemPrompt}\nB`, message: { customType: "note", content: "from b" } };
					}),
				),
			],
		});
		const base = t.session.agent.state.systemPrompt;
		t.faux.enqueue({ text: "one" }, { text: "two" });
		await t.session.prompt("first");
		expect(t.faux.requests[0]!.context.systemPrompt).toBe(`${base}\nA\nB`);
		expect(requestTexts(t.faux, 0)).toEqual(["user:first", "user:from a", "user:from b"]);
		await t.session.prompt("second");
		expect(t.faux.requests[1]!.context.systemPrompt).toBe(base);
		expect(prompts).toEqual(["first", "second"]);
		expect(errors(t)).toEqual([]);
		const custom = t.fileLines().filter((line) => line.type === "custom_message");
		expect(custom.map((line) => [line.customType, line.content, line.display])).toEqual([
			["note", "from a", true],
			["note", "from b", true],
		]);
	});

	it("message_end may replace the finalized message (same role): it is stored and listeners see it", async () => {
		t = await createTestSession({
			extensionFactories: [
				ext("/ext/replace", (pi) =>
					pi.on("message_end", (event) => {
						if (event.message.role !== "assistant") return undefined;
						return { message: { ...event.message, content: [{ type: "text", text: "replaced" }] } };
					}),
				),
				ext("/ext/role", (pi) =>
					pi.on("message_end", (event) => {
						if (event.message.role !== "user") return undefined;
						return { message: { role: "assistant", content: [], timestamp: 0 } as any };
					}),
				),
			],
		});
		t.faux.enqueue({ text: "original" });
		await t.session.prompt("hello");
		expect(t.session.getLastAssistantText()).toBe("replaced");
		const ends = t.events.filter((e) => e.type === "message_end") as any[];
		expect(ends.map((e) => e.message.content[0].text)).toEqual(["hello", "replaced"]);
		const stored = t.fileLines().filter((line) => line.type === "message");
		expect(stored.map((line) => line.message.content[0].text)).toEqual(["hello", "replaced"]);
		expect(errors(t)).toEqual([
			{
				type: "extension_error",
				extensionPath: "/ext/role",
				event: "message_end",
				error: extensionTexts.messageRoleChanged("user", "assistant"),
			},
		]);
	});
});

describe("the input event", () => {
	it("transform chains, continue passes, handled stops; the old {text} and {handled} forms still work", async () => {
		const sources: unknown[] = [];
		t = await createTestSession({
			extensionFactories: [
				ext("/ext/continue", (pi) =>
					pi.on("input", (event) => {
						sources.push([event.source, event.streamingBehavior]);
						return { action: "continue" };
					}),
				),
				ext("/ext/transform", (pi) =>
					pi.on("input", (event) =>
						event.text.startsWith("?q ") ? { action: "transform", text: `Briefly: ${event.text.slice(3)}` } : undefined,
					),
				),
				ext("/ext/legacy", (pi) => pi.on("input", (event) => ({ text: `${event.text}!` }))),
				ext("/ext/ping", (pi) =>
					pi.on("input", (event) => (event.text === "ping!" ? { action: "handled" } : undefined)),
				),
				ext("/ext/old-handled", (pi) =>
					pi.on("input", (event) => (event.text === "drop!" ? { handled: true } : undefined)),
				),
			],
		});
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("?q why");
		await t.session.prompt("ping");
		await t.session.prompt("drop", { inputSource: "rpc" });
		expect(t.faux.requests).toHaveLength(1);
		expect(requestTexts(t.faux, 0)).toEqual(["user:Briefly: why!"]);
		expect(sources).toEqual([
			["interactive", undefined],
			["interactive", undefined],
			["rpc", undefined],
		]);
	});

	it("reports the source and streamingBehavior of queued prompts and of sendUserMessage", async () => {
		const seen: unknown[] = [];
		let api!: ExtensionAPI;
		t = await createTestSession({
			extensionFactories: [
				ext("/ext/src", (pi) => {
					api = pi;
					pi.on("input", (event) => void seen.push([event.text, event.source, event.streamingBehavior]));
				}),
			],
		});
		t.faux.enqueue({ text: "one", delayMs: 5 }, { text: "two" });
		const started = nextEvent(t.session, "agent_start");
		const run = t.session.prompt("start");
		await started;
		await t.session.followUp("later");
		await run;
		t.faux.enqueue({ text: "three" });
		await api.sendUserMessage("from extension");
		expect(seen).toEqual([
			["start", "interactive", undefined],
			["later", "interactive", "followUp"],
			["from extension", "extension", undefined],
		]);
	});

	it("a malformed result is reported with the extension's file and ignored; the prompt goes on", async () => {
		t = await createTestSession({
			extensionFactories: [
				ext("/ext/odd.ts", (pi) => pi.on("input", () => ({ action: "explode" }) as any)),
				ext("/ext/late", (pi) => pi.on("turn_start", () => Promise.reject(new Error("turn hook broke")))),
			],
		});
		t.faux.enqueue({ text: "fine" });
		await t.session.prompt("hello");
		expect(requestTexts(t.faux, 0)).toEqual(["user:hello"]);
		expect(t.session.getLastAssistantText()).toBe("fine");
		const [malformed, thrown] = errors(t) as any[];
		expect(malformed).toMatchObject({ extensionPath: "/ext/odd.ts", event: "input" });
		expect(malformed.error).toContain("returned a malformed result");
		expect(thrown).toEqual({
			type: "extension_error",
			extensionPath: "/ext/late",
			event: "turn_start",
			error: "turn hook broke",
		});
	});
});

describe("hanging handlers", () => {
	it("abort stops waiting for a tool_call handler that never returns; the call is blocked and the run ends", async () => {
		let entered!: () => void;
		const inHandler = new Promise<void>((resolve) => {
			entered = resolve;
		});
		t = await createTestSession({
			tools: ["write"],
			extensionFactories: [
				ext("/ext/stuck", (pi) =>
					pi.on("tool_call", () => {
						entered();
						return new Promise(() => {});
					}),
				),
			],
		});
		t.faux.enqueue({ toolCalls: [{ name: "write", arguments: { path: "x.txt", content: "x" } }] }, { text: "never" });
		const run = t.session.prompt("go");
		await inHandler;
		await t.session.abort();
		await run;
		expect(t.session.isStreaming).toBe(false);
		expect(toolResults(t)[0]).toMatchObject({ isError: true });
		expect(errors(t)).toEqual([
			{
				type: "extension_error",
				extensionPath: "/ext/stuck",
				event: "tool_call",
				error: extensionTexts.abandonedOnAbort("tool_call"),
			},
		]);
	});

	it("abort also ends a prompt whose before_agent_start handler never returns", async () => {
		let entered!: () => void;
		const inHandler = new Promise<void>((resolve) => {
			entered = resolve;
		});
		t = await createTestSession({
			extensionFactories: [
				ext("/ext/slow-start", (pi) =>
					pi.on("before_agent_start", () => {
						entered();
						return new Promise(() => {});
					}),
				),
			],
		});
		const run = t.session.prompt("hello");
		await inHandler;
		expect(t.session.isStreaming).toBe(true);
		await t.session.abort();
		await run;
		expect(t.session.isStreaming).toBe(false);
		expect(t.faux.requests).toHaveLength(0);
		expect(errors(t)).toEqual([
			{
				type: "extension_error",
				extensionPath: "/ext/slow-start",
				event: "before_agent_start",
				error: extensionTexts.abandonedOnAbort("before_agent_start"),
			},
		]);
	});
});

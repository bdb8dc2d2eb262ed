import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { sessionTexts } from "../../../src/core/session-events.js";
import { createGateTool, createTestSession, messageRoles, requestTexts, type TestSession } from "./helpers.js";

let t: TestSession | undefined;
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

describe("AgentSession prompting", () => {
	it("persists the conversation: file created at the first prompt with model, thinking level, user and reply", async () => {
		t = await createTestSession();
		const { session, faux } = t;
		faux.enqueue({ text: "Hello there." });
		expect(session.sessionManager.isPersisted()).toBe(false);
		await session.prompt("hi");
		const lines = t.fileLines();
		expect(lines[0]).toMatchObject({ type: "session", version: 3, id: session.sessionId, cwd: t.cwd });
		expect(lines.slice(1).map((l) => l.type)).toEqual(["model_change", "thinking_level_change", "message", "message"]);
		expect(lines[1]).toMatchObject({ provider: "faux", modelId: "faux-model", parentId: null });
		expect(lines[3].message).toMatchObject({ role: "user", content: [{ type: "text", text: "hi" }] });
		expect(lines[4].message).toMatchObject({ role: "assistant", stopReason: "stop" });
		expect(lines[4].parentId).toBe(lines[3].id);
		expect(session.getLastAssistantText()).toBe("Hello there.");
		expect(t.types()).toEqual([
			"agent_start",
			"turn_start",
			"message_start",
			"message_end",
			"message_start",
			...Array(t.types().filter((x) => x === "message_update").length).fill("message_update"),
			"message_end",
			"turn_end",
			"agent_end",
		]);
	});

	it("the user message is on disk before the provider request is sent (R1)", async () => {
		t = await createTestSession();
		const { session, faux } = t;
		let linesAtRequest: any[] = [];
		faux.enqueue(() => {
			linesAtRequest = t!.fileLines();
			return { text: "ok" };
		});
		await session.prompt("persist me first");
		expect(linesAtRequest.at(-1).message.content[0].text).toBe("persist me first");
	});

	it("rejects a prompt without a model, creating no file", async () => {
		t = await createTestSession({ useFaux: false });
		await expect(t.session.prompt("hi")).rejects.toThrow(
			"No model selected. Select one with --model, /model or set_model.",
		);
		expect(t.session.sessionManager.isPersisted()).toBe(false);
	});

	it("rejects a prompt whose provider lost its key with the message naming the variables", async () => {
		const auth = AuthStorage.inMemory();
		auth.setApiKey("anthropic", "sk-ant-test-0123456789");
		t = await createTestSession({ useFaux: false, authStorage: auth });
		await t.session.setModel(t.registry.find("anthropic", "claude-sonnet-4-5")!);
		auth.remove("anthropic");
		await expect(t.session.prompt("hi")).rejects.toThrow(
			'No API key found for provider "anthropic". Set ANTHROPIC_OAUTH_TOKEN or ANTHROPIC_API_KEY, or add a key to auth.json.',
		);
		expect(t.session.sessionManager.isPersisted()).toBe(false);
	});

	it("rejects a second prompt while busy unless it says how to queue", async () => {
		const gate = createGateTool();
		t = await createTestSession({ customTools: [gate.tool] });
		const { session, faux } = t;
		faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "done" });
		const run = session.prompt("start");
		await gate.started;
		expect(session.isStreaming).toBe(true);
		await expect(session.prompt("again")).rejects.toThrow(sessionTexts.busyNeedsBehavior);
		gate.release();
		await run;
		expect(session.isStreaming).toBe(false);
	});

	it("a steer during a tool batch is delivered after the batch's turn, with queue_update events", async () => {
		const gate = createGateTool();
		t = await createTestSession({ customTools: [gate.tool] });
		const { session, faux } = t;
		faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "adjusted" });
		const run = session.prompt("start");
		await gate.started;
		await session.prompt("use tabs", { streamingBehavior: "steer" });
		expect(session.getState().pendingMessageCount).toBe(1);
		gate.release();
		await run;
		const updates = t.events.filter((e) => e.type === "queue_update");
		expect(updates).toEqual([
			{ type: "queue_update", steering: ["use tabs"], followUp: [] },
			{ type: "queue_update", steering: [], followUp: [] },
		]);
		// The steering message follows the tool result, and its queue_update precedes its message_start.
		expect(requestTexts(faux, 1)).toEqual([
			"user:start",
			"assistant:call:gate",
			"toolResult:gate opened",
			"user:use tabs",
		]);
		const emptied = t.events.indexOf(updates[1]!);
		expect(t.events[emptied + 1]).toMatchObject({ type: "message_start", message: { role: "user" } });
		expect(messageRoles(t.fileLines())).toEqual(["user", "assistant", "toolResult", "user", "assistant"]);
	});

	it("a follow-up runs after the reply that would have ended the run", async () => {
		const gate = createGateTool();
		t = await createTestSession({ customTools: [gate.tool] });
		const { session, faux } = t;
		faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "first done" }, { text: "second done" });
		const run = session.prompt("start");
		await gate.started;
		await session.followUp("and then this");
		gate.release();
		await run;
		expect(faux.requests).toHaveLength(3);
		expect(requestTexts(faux, 2).slice(-2)).toEqual(["assistant:first done", "user:and then this"]);
		expect(session.getLastAssistantText()).toBe("second done");
	});

	it("clearQueue returns the queued texts so an editor can restore them", async () => {
		const gate = createGateTool();
		t = await createTestSession({ customTools: [gate.tool] });
		const { session, faux } = t;
		faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "done" });
		const run = session.prompt("start");
		await gate.started;
		await session.steer("s1");
		await session.followUp("f1");
		expect(session.clearQueue()).toEqual({ steering: ["s1"], followUp: ["f1"] });
		expect(session.getState().pendingMessageCount).toBe(0);
		gate.release();
		await run;
		expect(faux.requests).toHaveLength(2);
		expect(t.events.filter((e) => e.type === "queue_update").at(-1)).toEqual({
			type: "queue_update",
			steering: [],
			followUp: [],
		});
	});

	it("abort stops the run and resolves once idle; queued messages stay queued", async () => {
		const gate = createGateTool();
		t = await createTestSession({ customTools: [gate.tool] });
		const { session, faux } = t;
		faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "never" });
		const run = session.prompt("start");
		await gate.started;
		await session.followUp("later");
		const aborted = session.abort();
		gate.release();
		await aborted;
		await run;
		expect(session.isStreaming).toBe(false);
		expect(faux.requests).toHaveLength(1);
		expect(session.getState().pendingMessageCount).toBe(1);
	});

	it("expands prompt templates and lists templates and skills as commands", async () => {
		// Resources are loaded at creation: build the session after the template exists.
		const root = await createTestSession({ noPromptTemplates: false });
		t = root;
		mkdirSync(join(root.cwd, ".pi", "prompts"), { recursive: true });
		writeFileSync(
			join(root.cwd, ".pi", "prompts", "review.md"),
			`---\ndescription: Review a file\n---\nReview $1 for $${"{@:2}"}.`,
		);
		const { createAgentSession } = await import("../../../src/sdk.js");
		const { session } = await createAgentSession({
			cwd: root.cwd,
			agentDir: root.agentDir,
			env: {},
			model: root.faux.model,
			noSkills: true,
			noContextFiles: true,
			session: { kind: "memory" },
			tools: [],
		});
		root.faux.enqueue({ text: "ok" });
		await session.prompt('/review src/a.ts "error handling" logging');
		expect(requestTexts(root.faux, 0)).toEqual(["user:Review src/a.ts for error handling logging."]);
		expect(session.getCommands()).toEqual([
			{
				name: "review",
				description: "Review a file",
				source: "prompt",
				sourceInfo: { path: join(root.cwd, ".pi", "prompts", "review.md"), scope: "project", source: "auto" },
			},
		]);
	});
});

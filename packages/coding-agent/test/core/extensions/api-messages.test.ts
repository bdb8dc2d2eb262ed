/**
 * The `pi.*` methods that write to the session (faux model): sendMessage with triggerTurn and each deliverAs,
 * sendUserMessage with content blocks, appendEntry (stored, never sent), session name and labels.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ExtensionAPI } from "../../../src/core/extensions/types.js";
import { createGateTool, createTestSession, requestTexts, type TestSession } from "../agent-session/helpers.js";

let t: TestSession | undefined;

/** Waits (bounded) until `condition` holds; deferred deliveries settle a few ticks after the run. */
async function until(condition: () => boolean): Promise<void> {
	for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
	expect(condition()).toBe(true);
}
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

/** A session with one extension whose API the test drives directly. */
async function sessionWithApi(options: Parameters<typeof createTestSession>[0] = {}) {
	let pi!: ExtensionAPI;
	t = await createTestSession({
		...options,
		extensionFactories: [
			{
				path: "/ext/api",
				factory: (api) => {
					pi = api;
				},
			},
		],
	});
	return { t, pi };
}

const note = (text: string) => ({ customType: "note", content: text, display: true, details: { n: 1 } });

describe("pi.sendMessage", () => {
	it("idle without triggerTurn: stored as a custom_message entry and sent with the next prompt as user text", async () => {
		const { t, pi } = await sessionWithApi();
		t.faux.enqueue({ text: "one" }, { text: "two" });
		await t.session.prompt("first");
		await pi.sendMessage(note("remember this"));
		expect(t.faux.requests).toHaveLength(1);
		expect(t.types().slice(-2)).toEqual(["message_start", "message_end"]);
		const entry = t.fileLines().find((line) => line.type === "custom_message");
		expect(entry).toMatchObject({ customType: "note", content: "remember this", display: true, details: { n: 1 } });
		await t.session.prompt("second");
		expect(requestTexts(t.faux, 1)).toEqual(["user:first", "assistant:one", "user:remember this", "user:second"]);
	});

	it("idle with triggerTurn: a run starts with the message", async () => {
		const { t, pi } = await sessionWithApi();
		t.faux.enqueue({ text: "reacting" });
		await pi.sendMessage(note("build finished"), { triggerTurn: true });
		expect(requestTexts(t.faux, 0)).toEqual(["user:build finished"]);
		expect(t.session.getLastAssistantText()).toBe("reacting");
		expect(t.session.sessionManager.getEntries().filter((entry) => entry.type === "custom_message")).toHaveLength(1);
	});

	it("nextTurn: held back, then sent right after the next user message", async () => {
		const { t, pi } = await sessionWithApi();
		await pi.sendMessage(note("context for later"), { deliverAs: "nextTurn", triggerTurn: true });
		expect(t.faux.requests).toHaveLength(0);
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("go");
		expect(requestTexts(t.faux, 0)).toEqual(["user:go", "user:context for later"]);
	});

	it("while busy: steer arrives after the running tool call, followUp once the agent would stop", async () => {
		const gate = createGateTool();
		const { t, pi } = await sessionWithApi({ customTools: [gate.tool] });
		t.faux.enqueue(
			{ toolCalls: [{ name: "gate", arguments: {} }] },
			{ text: "after steer" },
			{ text: "after follow-up" },
		);
		const run = t.session.prompt("start");
		await gate.started;
		await pi.sendMessage(note("later please"), { deliverAs: "followUp" });
		await pi.sendMessage(note("change course"));
		gate.release();
		await run;
		expect(requestTexts(t.faux, 1).slice(-2)).toEqual(["toolResult:gate opened", "user:change course"]);
		expect(requestTexts(t.faux, 2).slice(-2)).toEqual(["assistant:after steer", "user:later please"]);
	});
});

describe("messages sent while a run ends", () => {
	it("sendMessage with triggerTurn and sendUserMessage from agent_end start a run once the session is idle", async () => {
		let round = 0;
		t = await createTestSession({
			extensionFactories: [
				{
					path: "/ext/after",
					factory: (pi) =>
						pi.on("agent_end", async () => {
							round++;
							// Awaiting is safe: the message is delivered after this run, not inside it.
							if (round === 1) await pi.sendMessage(note("plan done, execute it"), { triggerTurn: true });
							if (round === 2) await pi.sendUserMessage("and refine it");
						}),
				},
			],
		});
		t.faux.enqueue({ text: "plan" }, { text: "executing" }, { text: "refined" });
		await t.session.prompt("make a plan");
		await until(() => t!.faux.requests.length === 3 && !t!.session.isStreaming);
		expect(requestTexts(t.faux, 1).slice(-1)).toEqual(["user:plan done, execute it"]);
		expect(requestTexts(t.faux, 2).slice(-1)).toEqual(["user:and refine it"]);
	});
});

describe("pi.sendUserMessage, appendEntry, names and labels", () => {
	it("sendUserMessage takes text and image blocks", async () => {
		const { t, pi } = await sessionWithApi();
		t.faux.enqueue({ text: "seen" });
		await pi.sendUserMessage([
			{ type: "text", text: "look at" },
			{ type: "text", text: "this picture" },
			{ type: "image", data: "aGVsbG8=", mimeType: "image/png" },
		]);
		const sent = t.faux.requests[0]!.context.messages[0]!;
		expect(sent.role).toBe("user");
		expect(sent.content).toEqual([
			{ type: "text", text: "look at\nthis picture" },
			{ type: "image", data: "aGVsbG8=", mimeType: "image/png" },
		]);
	});

	it("appendEntry is stored in the session file and never sent to the model", async () => {
		const { t, pi } = await sessionWithApi();
		t.faux.enqueue({ text: "one" }, { text: "two" });
		await t.session.prompt("first");
		pi.appendEntry("counter", { marker: "state-marker-7f3" });
		await t.session.prompt("second");
		expect(t.fileLines().find((line) => line.type === "custom")).toMatchObject({
			customType: "counter",
			data: { marker: "state-marker-7f3" },
		});
		expect(JSON.stringify(t.faux.requests[1]!.context)).not.toContain("state-marker-7f3");
		expect(t.session.sessionManager.getEntries().some((entry) => entry.type === "custom")).toBe(true);
	});

	it("setSessionName / getSessionName and setLabel write session entries", async () => {
		const { t, pi } = await sessionWithApi();
		t.faux.enqueue({ text: "one" });
		await t.session.prompt("first");
		expect(pi.getSessionName()).toBeUndefined();
		pi.setSessionName("Refactor auth");
		await Promise.resolve();
		expect(pi.getSessionName()).toBe("Refactor auth");
		const leaf = t.session.getLeafId()!;
		pi.setLabel(leaf, "checkpoint");
		expect(t.session.getLabel(leaf)).toBe("checkpoint");
		pi.setLabel(leaf, undefined);
		expect(t.session.getLabel(leaf)).toBeUndefined();
		expect(t.fileLines().filter((line) => line.type === "label")).toHaveLength(2);
		expect(t.fileLines().some((line) => line.type === "session_info" && line.name === "Refactor auth")).toBe(true);
	});

	it("session-bound methods used while the extension loads fail with a clear message", async () => {
		const failures: string[] = [];
		t = await createTestSession({
			extensionFactories: [
				{
					path: "/ext/early",
					factory: (pi) => {
						try {
							pi.appendEntry("x");
						} catch (error) {
							failures.push((error as Error).message);
						}
					},
				},
			],
		});
		expect(failures).toHaveLength(1);
		expect(failures[0]).toContain("available once the session exists");
	});
});

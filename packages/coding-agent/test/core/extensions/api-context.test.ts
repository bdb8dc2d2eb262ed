/**
 * `ctx` of handlers, tools and commands (faux model): the read-only session view, model and registry, run state,
 * context usage, compaction and the system prompt; and the command context's session control with `withSession`.
 */
import { afterEach, describe, expect, it } from "vitest";
import type {
	ExtensionAPI,
	ExtensionCommandContext,
	ExtensionContext,
	ExtensionFactory,
} from "../../../src/core/extensions/types.js";
import {
	createGateTool,
	createTestSession,
	readSessionLines,
	requestTexts,
	type TestSession,
} from "../agent-session/helpers.js";

let t: TestSession | undefined;
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

/** A session whose extension registers `/run`, which hands its context to `body`. */
async function withCommand(
	body: (ctx: ExtensionCommandContext, pi: ExtensionAPI) => Promise<void> | void,
	options: Parameters<typeof createTestSession>[0] = {},
): Promise<TestSession> {
	const factory: ExtensionFactory = (pi) => pi.registerCommand("run", { handler: (_args, ctx) => body(ctx, pi) });
	t = await createTestSession({ ...options, extensionFactories: [{ path: "/ext/cmd", factory }] });
	return t;
}

describe("ExtensionContext", () => {
	it("exposes cwd, a read-only session view, the model and registry, run state and the system prompt", async () => {
		let ctx!: ExtensionCommandContext;
		const t = await withCommand((c) => {
			ctx = c;
		});
		t.faux.enqueue({ text: "one" });
		await t.session.prompt("first");
		await t.session.prompt("/run");
		expect(ctx.cwd).toBe(t.cwd);
		expect(ctx.hasUI).toBe(false);
		expect(ctx.model?.id).toBe(t.faux.model.id);
		expect(ctx.modelRegistry).toBe(t.session.modelRegistry);
		expect(ctx.signal).toBeUndefined();
		expect(ctx.isIdle()).toBe(true);
		expect(ctx.hasPendingMessages()).toBe(false);
		expect(ctx.getSystemPrompt()).toBe(t.session.agent.state.systemPrompt);
		expect(ctx.mode).toBe("print");
		expect(ctx.thinkingLevel).toBe(t.session.thinkingLevel);
		expect(ctx.scopedModels).toEqual([]);
		expect(ctx.isProjectTrusted()).toBe(true);
		expect(ctx.getSystemPromptOptions()).toMatchObject({ cwd: t.cwd, selectedTools: [], toolSnippets: {} });
		const view = ctx.sessionManager;
		expect(view.getEntries().map((entry) => entry.type)).toEqual(
			t.session.sessionManager.getEntries().map((entry) => entry.type),
		);
		expect(view.getLeafEntry()?.id).toBe(t.session.getLeafId());
		expect(view.getSessionFile()).toBe(t.session.sessionFile);
		expect(view.getBranch().length).toBeGreaterThan(0);
		// No writing method is reachable through the view.
		expect((view as any).appendMessage).toBeUndefined();
		expect((view as any).appendCustomEntry).toBeUndefined();
		expect(Object.isFrozen(view)).toBe(true);
	});

	it("getContextUsage reports the last reply's tokens against the model's window", async () => {
		let ctx!: ExtensionCommandContext;
		const t = await withCommand((c) => {
			ctx = c;
		});
		await t.session.prompt("/run");
		expect(ctx.getContextUsage()).toEqual({ tokens: null, contextWindow: t.faux.model.contextWindow, percent: null });
		t.faux.enqueue({ text: "one" });
		await t.session.prompt("first");
		const usage = ctx.getContextUsage()!;
		expect(usage.tokens).toBe(t.session.getContextTokens());
		expect(usage.percent).toBeCloseTo((usage.tokens! / t.faux.model.contextWindow) * 100);
	});

	it("during a run: signal set, not idle, queued messages seen; abort() stops the run", async () => {
		const gate = createGateTool();
		const seen: { signal?: boolean; idle?: boolean; pending?: boolean } = {};
		let handlerCtx!: ExtensionContext;
		t = await createTestSession({
			customTools: [gate.tool],
			extensionFactories: [
				{
					path: "/ext/watch",
					factory: (pi) =>
						pi.on("tool_call", (_event, ctx) => {
							handlerCtx = ctx;
							seen.signal = ctx.signal instanceof AbortSignal;
							seen.idle = ctx.isIdle();
						}),
				},
			],
		});
		t.faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "never" });
		const run = t.session.prompt("start");
		await gate.started;
		await t.session.followUp("queued");
		seen.pending = handlerCtx.hasPendingMessages();
		handlerCtx.abort();
		gate.release();
		await run;
		await t.session.waitForIdle();
		expect(seen).toEqual({ signal: true, idle: false, pending: true });
		expect(t.session.isStreaming).toBe(false);
	});

	it("compact() runs in the background and reports through onComplete; shutdown() asks the mode", async () => {
		let done!: (value: unknown) => void;
		const completed = new Promise((resolve) => {
			done = resolve;
		});
		let shutdowns = 0;
		const t = await withCommand(
			(ctx) => {
				ctx.compact({ customInstructions: "keep names", onComplete: done, onError: done });
				ctx.shutdown();
			},
			{ settingsJson: { compaction: { keepRecentTokens: 2 } } },
		);
		t.session.extensions.setShutdownHandler(() => shutdowns++);
		t.faux.enqueue({ text: "one" }, { text: "two" }, { text: "the summary" });
		await t.session.prompt("first");
		await t.session.prompt("second");
		await t.session.prompt("/run");
		const result = (await completed) as { summary: string };
		expect(result.summary).toContain("the summary");
		expect(requestTexts(t.faux, 2).join("\n")).toContain("keep names");
		expect(shutdowns).toBe(1);
	});
});

describe("ExtensionCommandContext", () => {
	it("newSession runs setup on the new session, then withSession with a context bound to it", async () => {
		let previous: string | undefined;
		const t = await withCommand(async (ctx) => {
			previous = ctx.sessionManager.getSessionFile();
			const result = await ctx.newSession({
				parentSession: previous,
				setup: (sm) => {
					sm.appendMessage({ role: "user", content: [{ type: "text", text: "carried over" }], timestamp: 1 });
				},
				withSession: async (next) => {
					expect(next.sessionManager.getSessionFile()).not.toBe(previous);
					await next.sendUserMessage("kickoff");
				},
			});
			expect(result).toEqual({ cancelled: false });
		});
		t.faux.enqueue({ text: "one" }, { text: "continuing" });
		await t.session.prompt("first");
		await t.session.prompt("/run");
		expect(requestTexts(t.faux, 1)).toEqual(["user:carried over", "user:kickoff"]);
		expect(t.session.sessionFile).not.toBe(previous);
		expect(t.session.getSessionHeader().parentSession).toBe(previous);
	});

	it("fork before a user message and at an entry; navigateTree with a label; switchSession back", async () => {
		const files: string[] = [];
		let step = "";
		let firstUser = "";
		let labelled = "";
		const t = await withCommand(async (ctx) => {
			files.push(ctx.sessionManager.getSessionFile()!);
			if (step === "fork") {
				await ctx.fork(firstUser, {
					withSession: async (next) => {
						expect(next.sessionManager.getBranch()).toHaveLength(2);
					},
				});
			} else if (step === "at") {
				const leaf = ctx.sessionManager.getLeafId()!;
				await ctx.fork(leaf, { position: "at" });
			} else if (step === "tree") {
				const user = ctx.sessionManager.getBranch().find((entry) => entry.type === "message")!;
				labelled = user.id;
				await ctx.navigateTree(user.id, { label: "start-over" });
			} else if (step === "switch") {
				let switched = "";
				await ctx.switchSession(files[0]!, {
					withSession: async (next) => {
						switched = next.sessionManager.getSessionFile()!;
					},
				});
				expect(switched).toBe(files[0]);
			}
		});
		t.faux.enqueue({ text: "one" }, { text: "two" });
		await t.session.prompt("first");
		await t.session.prompt("second");
		firstUser = t.session.getForkMessages()[0]!.entryId;
		const original = t.session.sessionFile!;

		step = "fork";
		await t.session.prompt("/run");
		expect(t.session.sessionFile).not.toBe(original);
		step = "at";
		t.faux.enqueue({ text: "three" });
		await t.session.prompt("third");
		const forked = t.session.sessionFile!;
		await t.session.prompt("/run");
		expect(t.session.sessionFile).not.toBe(forked);
		expect(t.session.messages.map((message) => message.role)).toEqual(["user", "assistant"]);

		step = "tree";
		await t.session.prompt("/run");
		expect(t.session.getLabel(labelled)).toBe("start-over");
		expect(t.session.messages).toEqual([]);

		step = "switch";
		await t.session.prompt("/run");
		expect(t.session.sessionFile).toBe(original);
		expect(readSessionLines(original).some((line) => line.type === "message")).toBe(true);
	});

	it("navigateTree with summarize: replaceInstructions replaces pi's summary format; the label goes on the summary", async () => {
		let target = "";
		const t = await withCommand(async (ctx) => {
			await ctx.navigateTree(target, {
				summarize: true,
				customInstructions: "List only the file names.",
				replaceInstructions: true,
				label: "files-only",
			});
		});
		t.faux.enqueue({ text: "one" }, { text: "two" }, { text: "a.ts, b.ts" });
		await t.session.prompt("first");
		await t.session.prompt("second");
		target = t.session.getForkMessages()[1]!.entryId;
		await t.session.prompt("/run");
		const summaryRequest = requestTexts(t.faux, 2).join("\n");
		expect(summaryRequest).toContain("List only the file names.");
		expect(summaryRequest).not.toContain("Pay particular attention");
		const summary = t.session.sessionManager.getBranch().find((entry) => entry.type === "branch_summary")!;
		expect(summary).toBeDefined();
		expect(t.session.getLabel(summary.id)).toBe("files-only");
	});

	it("waitForIdle, called by a command while the agent works, resolves once the run has ended", async () => {
		const gate = createGateTool();
		const order: string[] = [];
		const t = await withCommand(
			async (ctx) => {
				order.push(`busy:${ctx.isIdle()}`);
				await ctx.waitForIdle();
				order.push(`idle:${ctx.isIdle()}`);
			},
			{ customTools: [gate.tool] },
		);
		t.faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "done" });
		const run = t.session.prompt("start");
		await gate.started;
		const command = t.session.prompt("/run");
		gate.release();
		await command;
		expect(order).toEqual(["busy:false", "idle:true"]);
		expect(t.session.getLastAssistantText()).toBe("done");
		await run;
	});

	it("reload drops and loads the extensions again with session_shutdown / session_start / resources_discover reason reload", async () => {
		const log: string[] = [];
		let loads = 0;
		const factory: ExtensionFactory = (pi) => {
			const instance = ++loads;
			pi.on("session_shutdown", (event) => void log.push(`shutdown:${instance}:${(event as any).reason}`));
			pi.on("session_start", (event) => void log.push(`start:${instance}:${(event as any).reason}`));
			pi.on("resources_discover", (event) => void log.push(`discover:${instance}:${event.reason}`));
			pi.registerCommand("reload-me", {
				handler: async (_args, ctx) => {
					await ctx.reload();
				},
			});
			pi.registerTool({
				name: `tool_${instance}`,
				description: "A tool per instance.",
				parameters: { type: "object", properties: {} } as never,
				execute: async () => ({ content: [] }),
			});
		};
		t = await createTestSession({
			tools: undefined,
			noBuiltinTools: true,
			extensionFactories: [{ path: "/ext/reloadable", factory }],
		});
		expect(t.session.agent.state.tools.map((tool) => tool.name)).toEqual(["tool_1"]);
		await t.session.prompt("/reload-me");
		expect(loads).toBe(2);
		expect(log).toEqual(["shutdown:1:reload", "start:2:reload", "discover:2:reload"]);
		expect(t.session.agent.state.tools.map((tool) => tool.name)).toEqual(["tool_2"]);
		expect(t.session.getCommands().map((command) => command.name)).toEqual(["reload-me"]);
	});
});

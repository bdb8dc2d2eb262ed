/**
 * `pi.registerTool` and the tool-set methods (faux model): the ToolDefinition fields, ctx as execute's fifth
 * argument, replacing a built-in, tools registered at run time reaching the model, duplicates reported, and
 * getActiveTools / setActiveTools / getAllTools.
 */
import { Type } from "@sinclair/typebox";
import { afterEach, describe, expect, it } from "vitest";
import { extensionTexts } from "../../../src/core/extensions/texts.js";
import type { ExtensionAPI, ExtensionContext, ExtensionFactory } from "../../../src/core/extensions/types.js";
import {
	createTestSession,
	requestTexts,
	type TestSession,
	type TestSessionOptions,
} from "../agent-session/helpers.js";

let t: TestSession | undefined;
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

const ext = (path: string, factory: ExtensionFactory) => ({ path, factory });
/** A session with extension tools only (no `--tools` list, no built-ins) unless `options` says otherwise. */
const extensionSession = (options: TestSessionOptions) =>
	createTestSession({ tools: undefined, noBuiltinTools: true, ...options });
const toolNames = (session: TestSession, request: number) =>
	(session.faux.requests[request]?.context.tools ?? []).map((tool) => tool.name);
const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });

/** A tool that echoes its `word` argument, upper-cased. */
function echoTool(overrides: Record<string, unknown> = {}) {
	return {
		name: "echo",
		label: "Echo",
		description: "Echoes a word.\nMore detail for the model.",
		parameters: Type.Object({ word: Type.String() }),
		execute: async (_id: string, params: { word: string }) => text(params.word.toUpperCase()),
		...overrides,
	};
}

describe("pi.registerTool", () => {
	it("execute gets ctx as its fifth argument; prepareArguments runs before validation; snippet and guidelines reach the prompt", async () => {
		const seen: { cwd?: string; idle?: boolean; signal?: boolean } = {};
		t = await extensionSession({
			extensionFactories: [
				ext("/ext/echo", (pi) =>
					pi.registerTool(
						echoTool({
							promptSnippet: "Echo a word back in capitals",
							promptGuidelines: ["Use echo when the user asks for an echo."],
							executionMode: "sequential",
							// An older argument name is accepted.
							prepareArguments: (args: any) => ({ word: args.word ?? args.text }),
							execute: async (
								_id: string,
								params: { word: string },
								signal: AbortSignal | undefined,
								_onUpdate: unknown,
								ctx: ExtensionContext,
							) => {
								seen.cwd = ctx.cwd;
								seen.idle = ctx.isIdle();
								seen.signal = signal !== undefined && ctx.signal !== undefined;
								return text(params.word.toUpperCase());
							},
						}),
					),
				),
			],
		});
		const prompt = t.session.agent.state.systemPrompt;
		expect(prompt).toContain("- echo: Echo a word back in capitals");
		expect(prompt).toContain("- Use echo when the user asks for an echo.");
		expect(t.session.agent.state.tools.find((tool) => tool.name === "echo")?.executionMode).toBe("sequential");
		t.faux.enqueue({ toolCalls: [{ name: "echo", arguments: { text: "hi" } }] }, { text: "done" });
		await t.session.prompt("go");
		expect(requestTexts(t.faux, 1)).toContain("toolResult:HI");
		expect(seen).toEqual({ cwd: t.cwd, idle: false, signal: true });
	});

	it("a tool without promptSnippet is active and callable but not in the prompt's tool list", async () => {
		t = await extensionSession({ extensionFactories: [ext("/ext/echo", (pi) => pi.registerTool(echoTool()))] });
		expect(t.session.agent.state.tools.map((tool) => tool.name)).toEqual(["echo"]);
		expect(t.session.agent.state.systemPrompt).not.toContain("- echo:");
	});

	it("a tool named like a built-in replaces it", async () => {
		const calls: string[] = [];
		t = await createTestSession({
			tools: ["read", "bash"],
			extensionFactories: [
				ext("/ext/read", (pi) =>
					pi.registerTool({
						name: "read",
						label: "Read (audited)",
						description: "Reads a file, audited.",
						promptSnippet: "Read a file (audited)",
						parameters: Type.Object({ path: Type.String() }),
						execute: async (_id, params) => {
							calls.push(params.path);
							return text(`contents of ${params.path}`);
						},
					}),
				),
			],
		});
		const read = t.session.agent.state.tools.find((tool) => tool.name === "read");
		expect(read?.label).toBe("Read (audited)");
		expect(t.session.agent.state.tools.map((tool) => tool.name)).toEqual(["read", "bash"]);
		expect(t.session.agent.state.systemPrompt).toContain("- read: Read a file (audited)");
		t.faux.enqueue({ toolCalls: [{ name: "read", arguments: { path: "a.txt" } }] }, { text: "done" });
		await t.session.prompt("read it");
		expect(calls).toEqual(["a.txt"]);
		expect(requestTexts(t.faux, 1)).toContain("toolResult:contents of a.txt");
	});

	it("a tool registered by a command reaches the model's tool list and the system prompt at once", async () => {
		let pi!: ExtensionAPI;
		t = await extensionSession({
			extensionFactories: [
				ext("/ext/late", (api) => {
					pi = api;
					api.registerCommand("add-echo", {
						handler: () => pi.registerTool(echoTool({ promptSnippet: "Echo a word" })),
					});
				}),
			],
		});
		t.faux.enqueue({ text: "before" }, { toolCalls: [{ name: "echo", arguments: { word: "late" } }] }, { text: "ok" });
		await t.session.prompt("first");
		expect(toolNames(t, 0)).toEqual([]);
		await t.session.prompt("/add-echo");
		expect(pi.getActiveTools()).toEqual(["echo"]);
		expect(t.session.agent.state.systemPrompt).toContain("- echo: Echo a word");
		await t.session.prompt("second");
		expect(toolNames(t, 1)).toEqual(["echo"]);
		expect(requestTexts(t.faux, 2)).toContain("toolResult:LATE");
	});

	it("a second tool, command or flag of the same name is reported naming both files, and pi goes on", async () => {
		const warnings: string[] = [];
		t = await extensionSession({
			extensionFactories: [
				ext("/ext/first.ts", (pi) => {
					pi.registerTool(echoTool());
					pi.registerCommand("hello", { handler: () => {} });
					pi.registerFlag("loud", { type: "boolean" });
				}),
				ext("/ext/second.ts", (pi) => {
					pi.registerTool(echoTool({ description: "another echo" }));
					pi.registerCommand("hello", { handler: () => {} });
					pi.registerFlag("loud", { type: "string" });
				}),
			],
			onWarning: (message) => warnings.push(message),
		});
		expect(warnings).toEqual([
			extensionTexts.errorLine("/ext/second.ts", extensionTexts.duplicateTool("echo", "/ext/first.ts")),
			extensionTexts.errorLine("/ext/second.ts", extensionTexts.duplicateCommand("hello", "/ext/first.ts")),
			extensionTexts.errorLine("/ext/second.ts", extensionTexts.duplicateFlag("loud", "/ext/first.ts")),
		]);
		expect(t.session.agent.state.tools.find((tool) => tool.name === "echo")?.description).toContain("Echoes");
		expect(t.session.getCommands().map((command) => command.sourceInfo?.path)).toEqual(["/ext/first.ts"]);
		t.faux.enqueue({ text: "still fine" });
		await t.session.prompt("hi");
		expect(t.session.getLastAssistantText()).toBe("still fine");
	});

	it("getAllTools lists every tool with its source; setActiveTools changes what the model gets", async () => {
		let pi!: ExtensionAPI;
		t = await createTestSession({
			tools: undefined,
			extensionFactories: [
				ext("/ext/echo", (api) => {
					pi = api;
					api.registerTool(echoTool({ promptSnippet: "Echo" }));
				}),
			],
		});
		// grep, find and ls are offered at once and imported on this first use.
		expect(pi.getAllTools().map((tool) => tool.name)).toEqual([
			"read",
			"bash",
			"edit",
			"write",
			"grep",
			"find",
			"ls",
			"echo",
		]);
		await t.session.toolSet.settled();
		const all = pi.getAllTools();
		expect(all.map((tool) => tool.name)).toEqual(["read", "bash", "edit", "write", "grep", "find", "ls", "echo"]);
		expect(all[4]!.parameters).toMatchObject({ properties: { pattern: expect.anything() } });
		expect(all[0]!.sourceInfo).toEqual({
			path: "<builtin:read>",
			source: "builtin",
			scope: "temporary",
			origin: "top-level",
		});
		expect(all[7]).toMatchObject({ description: expect.stringContaining("Echoes"), sourceInfo: { path: "/ext/echo" } });
		expect(typeof all[7]!.parameters).toBe("object");
		expect(pi.getActiveTools()).toEqual(["read", "bash", "edit", "write", "echo"]);

		pi.setActiveTools(["grep", "echo", "no-such-tool"]);
		expect(pi.getActiveTools()).toEqual(["grep", "echo"]);
		expect(t.session.agent.state.systemPrompt).toContain("- grep:");
		expect(t.session.agent.state.systemPrompt).not.toContain("- read:");
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("hi");
		expect(toolNames(t, 0)).toEqual(["grep", "echo"]);
	});

	it("a built-in tool not loaded at start-up can be activated at once; the next prompt waits for it", async () => {
		t = await createTestSession({
			tools: undefined,
			extensionFactories: [
				ext("/ext/switch", (pi) =>
					pi.registerCommand("explore", { handler: () => pi.setActiveTools(["read", "find"]) }),
				),
			],
		});
		await t.session.prompt("/explore");
		t.faux.enqueue({ text: "ok" });
		await t.session.prompt("look around");
		expect(toolNames(t, 0)).toEqual(["read", "find"]);
		expect(t.faux.requests[0]!.context.systemPrompt).toContain("- find:");
	});

	it("an invalid tool definition fails the extension's load with the registration text", async () => {
		const errors: string[] = [];
		t = await extensionSession({
			extensionFactories: [ext("/ext/bad", (pi) => pi.registerTool({ name: "x" } as never))],
			onWarning: (message) => errors.push(message),
		});
		expect(errors).toEqual([extensionTexts.errorLine("/ext/bad", extensionTexts.invalidTool)]);
	});
});

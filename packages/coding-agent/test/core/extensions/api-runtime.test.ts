/**
 * The remaining `pi.*` methods (faux model): exec, the event bus, models and thinking levels, commands,
 * shortcuts and renderers, registerProvider with a custom stream function; and `ctx.ui` dialogs in print/JSON
 * mode (defaults at once) and RPC mode (forwarded to the client).
 */
import { PassThrough } from "node:stream";
import { createAssistantMessageEventStream, createEmptyAssistantMessage, type Model } from "@pi/ai";
import { afterEach, describe, expect, it } from "vitest";
import { startHeadlessExtensions } from "../../../src/core/extensions/headless.js";
import type { ExtensionAPI, ExtensionContext, ExtensionFactory } from "../../../src/core/extensions/types.js";
import { createHeadlessUi } from "../../../src/core/extensions/ui-context.js";
import { uiDefaultTexts } from "../../../src/core/extensions/ui-defaults.js";
import type { ExtensionUiRequest } from "../../../src/modes/rpc/protocol.js";
import { RpcUiBridge } from "../../../src/modes/rpc/ui.js";
import { createTestSession, requestTexts, type TestSession } from "../agent-session/helpers.js";

let t: TestSession | undefined;
afterEach(() => {
	t?.cleanup();
	t = undefined;
});

async function sessionWith(factories: Record<string, ExtensionFactory>, options = {}): Promise<TestSession> {
	t = await createTestSession({
		...options,
		extensionFactories: Object.entries(factories).map(([path, factory]) => ({ path, factory })),
	});
	return t;
}

function capture(): { api: () => ExtensionAPI; factory: ExtensionFactory } {
	let pi: ExtensionAPI | undefined;
	return {
		api: () => pi!,
		factory: (api) => {
			pi = api;
		},
	};
}

describe("pi.exec", () => {
	it("runs a program with arguments (no shell) in the session's cwd; the older command-line form uses the shell", async () => {
		const { api, factory } = capture();
		const t = await sessionWith({ "/ext/exec": factory });
		const result = await api().exec("node", ["-e", "process.stdout.write(process.cwd()); process.exit(3)"]);
		expect(result).toEqual({ stdout: t.cwd, stderr: "", code: 3, killed: false });
		// Arguments are not interpreted by a shell.
		const literal = await api().exec("node", ["-e", "process.stdout.write(process.argv[1])", "$HOME && echo"]);
		expect(literal.stdout).toBe("$HOME && echo");
		const missing = await api().exec("no-such-program-for-pi-tests", []);
		expect(missing).toMatchObject({ code: 1, killed: false, stderr: expect.stringContaining("ENOENT") });
		const shell = await api().exec("echo one && echo two");
		expect(shell.stdout).toBe("one\ntwo\n");
		expect(shell.code).toBe(0);
	});

	it("a timeout or abort kills the process and reports killed", async () => {
		const { api, factory } = capture();
		await sessionWith({ "/ext/exec": factory });
		const timedOut = await api().exec("node", ["-e", "setTimeout(() => {}, 60000)"], { timeout: 100 });
		expect(timedOut.killed).toBe(true);
		const controller = new AbortController();
		const running = api().exec("node", ["-e", "setTimeout(() => {}, 60000)"], { signal: controller.signal });
		controller.abort();
		expect((await running).killed).toBe(true);
	});
});

describe("pi.events, models, thinking, commands, shortcuts and renderers", () => {
	it("the event bus carries data between extensions; a throwing listener is reported", async () => {
		const received: unknown[] = [];
		const sender = capture();
		const t = await sessionWith({
			"/ext/listener": (pi) => {
				pi.events.on("build:done", (data) => received.push(data));
				pi.events.on("build:done", () => {
					throw new Error("listener broke");
				});
			},
			"/ext/sender": sender.factory,
		});
		sender.api().events.emit("build:done", { ok: true });
		await Promise.resolve();
		expect(received).toEqual([{ ok: true }]);
		expect(t.events.some((event) => event.type === "extension_error" && event.error === "listener broke")).toBe(true);
	});

	it("setModel answers false for a model without a key; thinking level get/set (clamped)", async () => {
		const { api, factory } = capture();
		const t = await sessionWith({ "/ext/models": factory });
		const keyless = t.registry.find("anthropic", t.registry.getAll().find((m) => m.provider === "anthropic")!.id)!;
		expect(await api().setModel(keyless)).toBe(false);
		expect(t.session.model?.id).toBe(t.faux.model.id);
		const reasoning: Model = { ...t.faux.model, id: "faux-thinker", reasoning: true };
		expect(await api().setModel(reasoning)).toBe(true);
		expect(t.session.model?.id).toBe("faux-thinker");
		api().setThinkingLevel("high");
		await Promise.resolve();
		expect(api().getThinkingLevel()).toBe("high");
		// Not awaited, as the original's void methods are used: a failure becomes this extension's error.
		api().setThinkingLevel("loudest" as never);
		api().setSessionName("   ");
		await new Promise((resolve) => setTimeout(resolve, 10));
		const failures = t.events.filter((event) => event.type === "extension_error");
		expect(failures.map((event) => (event as { event: string }).event)).toEqual(["setThinkingLevel", "setSessionName"]);
		expect(api().getThinkingLevel()).toBe("high");
	});

	it("getCommands lists extension commands with their source; shortcuts and message renderers are kept", async () => {
		const { api, factory } = capture();
		const renderer = () => undefined;
		const transform = (markdown: string) => markdown.toUpperCase();
		const hits: string[] = [];
		const t = await sessionWith({
			"/ext/cmds": (pi) => {
				factory(pi);
				pi.registerCommand("deploy", {
					description: "Deploy somewhere",
					getArgumentCompletions: (prefix) =>
						["dev", "prod"].filter((env) => env.startsWith(prefix)).map((env) => ({ value: env, label: env })),
					handler: () => {},
				});
				pi.registerShortcut("ctrl+shift+p", { description: "Plan mode", handler: () => void hits.push("p") });
				pi.registerMessageRenderer("note", renderer);
				pi.registerEntryRenderer("state", renderer);
				pi.registerMarkdownTransformer(transform);
			},
		});
		expect(api().getCommands()).toEqual([
			{
				name: "deploy",
				description: "Deploy somewhere",
				source: "extension",
				sourceInfo: { path: "/ext/cmds", scope: "path", source: "sdk", origin: "top-level" },
			},
		]);
		const shortcuts = t.session.extensions.getShortcuts();
		expect(shortcuts.get("ctrl+shift+p")?.shortcut.description).toBe("Plan mode");
		expect(await t.session.extensions.runShortcut("Ctrl+Shift+P")).toBe(true);
		expect(hits).toEqual(["p"]);
		expect(t.session.extensions.getMessageRenderer("note")).toBe(renderer);
		expect(t.session.extensions.getEntryRenderer("state")).toBe(renderer);
		expect(t.session.extensions.getMarkdownTransformers()).toEqual([transform]);
		const command = t.session.extensions.findCommand("/deploy p");
		expect(await command?.command.getArgumentCompletions?.("p")).toEqual([{ value: "prod", label: "prod" }]);
	});
});

describe("ctx.modelRegistry", () => {
	it("answers the original's auth questions: getApiKeyAndHeaders, hasConfiguredAuth, getApiKeyForProvider", async () => {
		let ctx!: ExtensionContext;
		const t = await sessionWith(
			{
				"/ext/auth": (pi) =>
					pi.registerCommand("auth", {
						handler: (_args, c) => {
							ctx = c;
						},
					}),
			},
			{ env: { OPENAI_API_KEY: "sk-from-env" } },
		);
		await t.session.prompt("/auth");
		const openai = ctx.modelRegistry.getAll().find((model) => model.provider === "openai")!;
		const anthropic = ctx.modelRegistry.getAll().find((model) => model.provider === "anthropic")!;
		expect(await ctx.modelRegistry.getApiKeyAndHeaders(openai)).toEqual({ ok: true, apiKey: "sk-from-env" });
		expect(await ctx.modelRegistry.getApiKeyAndHeaders(anthropic)).toEqual({ ok: true });
		expect(ctx.modelRegistry.hasConfiguredAuth(openai)).toBe(true);
		expect(ctx.modelRegistry.hasConfiguredAuth(anthropic)).toBe(false);
		expect(await ctx.modelRegistry.getApiKeyForProvider("openai")).toBe("sk-from-env");
	});
});

describe("pi.registerProvider", () => {
	it("a provider with a custom stream function serves a prompt; unregisterProvider removes its models", async () => {
		const seen: string[] = [];
		const provider: ExtensionFactory = (pi) =>
			pi.registerProvider("echo-llm", {
				api: "echo-api",
				baseUrl: "http://unused.invalid",
				models: [
					{
						id: "echo-1",
						name: "Echo 1",
						reasoning: false,
						input: ["text"],
						cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
						contextWindow: 1000,
						maxTokens: 100,
					},
				],
				streamSimple: (model, context) => {
					const stream = createAssistantMessageEventStream();
					const last = context.messages.at(-1)!;
					const text = typeof last.content === "string" ? last.content : (last.content[0] as { text: string }).text;
					seen.push(text);
					const message = createEmptyAssistantMessage(model);
					message.content = [{ type: "text", text: `echo: ${text}` }];
					message.stopReason = "stop";
					queueMicrotask(() => {
						stream.push({ type: "start", partial: message });
						stream.push({ type: "done", reason: "stop", message });
					});
					return stream;
				},
			});
		const { api, factory } = capture();
		const t = await sessionWith({ "/ext/provider": provider, "/ext/api": factory });
		const model = t.registry.find("echo-llm", "echo-1");
		expect(model).toMatchObject({ api: "echo-api", provider: "echo-llm", contextWindow: 1000 });
		expect(await api().setModel(model!)).toBe(true);
		await t.session.prompt("ping");
		expect(seen).toEqual(["ping"]);
		expect(t.session.getLastAssistantText()).toBe("echo: ping");
		expect(t.faux.requests).toHaveLength(0);

		api().unregisterProvider("echo-llm");
		expect(t.registry.find("echo-llm", "echo-1")).toBeUndefined();
	});

	it("registerProvider with only baseUrl changes the endpoint of a provider's existing models", async () => {
		const t = await sessionWith({
			"/ext/proxy": (pi) => pi.registerProvider("openai", { baseUrl: "http://proxy.invalid/v1" }),
		});
		const models = t.registry.getAll().filter((model) => model.provider === "openai");
		expect(models.length).toBeGreaterThan(0);
		expect(models.every((model) => model.baseUrl === "http://proxy.invalid/v1")).toBe(true);
	});
});

describe("ctx.ui in every mode", () => {
	it("print/JSON mode: dialogs resolve to their defaults at once and notify goes to stderr", async () => {
		const answers: unknown[] = [];
		const t = await sessionWith({
			"/ext/ask": (pi) =>
				pi.registerCommand("ask", {
					handler: async (_args, ctx) => {
						answers.push(ctx.hasUI, ctx.mode);
						answers.push(await ctx.ui.select("Pick", ["a", "b"]));
						answers.push(await ctx.ui.confirm("Sure?", "really"));
						answers.push(await ctx.ui.input("Name?"));
						answers.push(await ctx.ui.editor("Edit", "text"));
						ctx.ui.notify("done", "warning");
					},
				}),
		});
		const stderr = new PassThrough();
		let written = "";
		stderr.on("data", (chunk) => {
			written += chunk;
		});
		await startHeadlessExtensions(t.session, stderr, "json");
		await t.session.prompt("/ask");
		expect(answers).toEqual([false, "json", undefined, false, undefined, undefined]);
		expect(written).toBe("Warning: done\n");
	});

	it("terminal-only ui methods answer like the original where there is no terminal UI", async () => {
		const { api, factory } = capture();
		const t = await sessionWith({ "/ext/ui": factory });
		const widgets: unknown[] = [];
		t.session.extensions.setUi(
			{
				...createHeadlessUi(new PassThrough()),
				setWidget: (key, lines, placement) => void widgets.push([key, lines, placement]),
			},
			false,
		);
		const ui = api().ui;
		ui.setWorkingMessage("thinking hard");
		ui.setWorkingVisible(false);
		ui.setHiddenThinkingLabel("hidden");
		ui.setFooter(() => ({ render: () => [] }));
		ui.setEditorComponent(undefined);
		expect(ui.onTerminalInput(() => undefined)).toBeTypeOf("function");
		expect(ui.theme.fg("accent", "plain text")).toBe("plain text");
		expect(ui.theme.bold("bold")).toBe("bold");
		expect(ui.setTheme("dark")).toEqual({ success: false, error: uiDefaultTexts.noThemes });
		expect(ui.getAllThemes()).toEqual([]);
		expect(ui.getToolsExpanded()).toBe(false);
		expect(await ui.custom(() => ({ render: () => [] }))).toBeUndefined();
		// The original's options object and pi's placement string both reach the mode as the placement.
		ui.setWidget("todo", ["a"], { placement: "belowEditor" });
		ui.setWidget("todo", ["b"], "aboveEditor");
		ui.setWidget("fancy", () => ({}));
		expect(widgets).toEqual([
			["todo", ["a"], "belowEditor"],
			["todo", ["b"], "aboveEditor"],
		]);
	});

	it("RPC mode: a tool's confirm dialog goes to the client and its reply decides", async () => {
		const sent: ExtensionUiRequest[] = [];
		const ui = new RpcUiBridge((request) => {
			sent.push(request);
			if (request.method === "confirm") {
				queueMicrotask(() => ui.handleResponse({ type: "extension_ui_response", id: request.id, confirmed: true }));
			}
		});
		const t = await sessionWith(
			{
				"/ext/careful": (pi) =>
					pi.registerTool({
						name: "careful",
						description: "Asks first.",
						parameters: { type: "object", properties: {} } as never,
						execute: async (_id, _params, _signal, _onUpdate, ctx) => {
							const ok = ctx.mode === "rpc" && (await ctx.ui.confirm("Run it?", "The careful tool wants to run."));
							return { content: [{ type: "text", text: ok ? "confirmed" : "refused" }] };
						},
					}),
			},
			{ tools: undefined, noBuiltinTools: true },
		);
		t.session.extensions.setUi(ui, true, "rpc");
		t.faux.enqueue({ toolCalls: [{ name: "careful", arguments: {} }] }, { text: "ok" });
		await t.session.prompt("go");
		expect(sent).toMatchObject([{ type: "extension_ui_request", method: "confirm", title: "Run it?" }]);
		expect(requestTexts(t.faux, 1)).toContain("toolResult:confirmed");
	});
});

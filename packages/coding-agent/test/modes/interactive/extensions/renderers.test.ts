/**
 * Extension renderers and shortcuts in the TUI (real InteractiveMode and AgentSession, faux model, VirtualTerminal):
 * a tool's renderCall/renderResult drawn in its box with the original's render context and expanded by Ctrl+O, a
 * built-in tool overridden with one renderer (the other slot stays pi's), renderShell "self", a message renderer,
 * renderers that throw or draw too wide (reported once, default drawing or clipped rows), shortcuts firing, taking
 * over editor keys or skipped on reserved ones, and listed by /hotkeys with their extension.
 */
import { Text } from "@pi/tui";
import { Type } from "@sinclair/typebox";
import { afterEach, describe, expect, it } from "vitest";
import type { ExtensionFactory } from "../../../../src/core/extensions/index.js";
import { RENDERER_TEXT } from "../../../../src/modes/interactive/components/extension-renderers.js";
import { SHORTCUT_TEXT } from "../../../../src/modes/interactive/hotkeys.js";
import { NOTICE_TEXT } from "../../../../src/modes/interactive/notices.js";
import { createGateTool } from "../../../core/agent-session/helpers.js";
import { createModeHarness, type ModeHarness } from "../commands/harness.js";

const CTRL_O = "\x0f";
const EXTENSION_PATH = "<test>/renderers.mjs";

let h: ModeHarness | undefined;

afterEach(async () => {
	await h?.cleanup();
	h = undefined;
});

function withExtension(factory: ExtensionFactory) {
	return createModeHarness({
		extensionFactories: [{ path: EXTENSION_PATH, factory }],
		tools: ["weather", "ls", "plain", "fragile"],
	});
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
	for (let i = 0; i < 400; i++) {
		if (await condition()) return;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error(`timed out waiting for ${what}`);
}

/** Lets the model call `name` with `args` once, then answer "done". */
function scriptToolCall(harness: ModeHarness, name: string, args: Record<string, unknown>): void {
	harness.faux.enqueue({ toolCalls: [{ name, arguments: args }] });
	harness.faux.enqueue({ text: "done" });
}

const flat = (text: string) => text.replace(/\s+/g, " ");

describe("tool renderers", () => {
	it("renderCall and renderResult draw the box; the context carries the call's state; Ctrl+O re-renders expanded", async () => {
		const contexts: Record<string, unknown>[] = [];
		h = await withExtension((pi) => {
			pi.registerTool({
				name: "weather",
				description: "Weather for a city",
				parameters: Type.Object({ city: Type.String() }),
				async execute(_id, params) {
					return { content: [{ type: "text", text: `sunny in ${params.city}` }], details: { temp: 21 } };
				},
				renderCall(args, theme, context) {
					contexts.push({ ...context, lastComponent: context.lastComponent !== undefined });
					const text = (context.lastComponent as Text | undefined) ?? new Text("", 0, 0);
					text.setText(theme.bold(`WEATHER CALL ${args.city}`));
					return text;
				},
				renderResult(result, options, _theme, context) {
					const details = result.details as { temp: number };
					context.state.seen = true;
					return new Text(options.expanded ? `EXPANDED ${details.temp} C` : `COLLAPSED ${details.temp}`, 0, 0);
				},
			});
		});
		scriptToolCall(h, "weather", { city: "Oslo" });
		await h.submit("what is the weather");
		let text = flat(await h.allText());
		expect(text).toContain("WEATHER CALL Oslo");
		expect(text).toContain("COLLAPSED 21");
		expect(text).not.toContain("sunny in Oslo");
		const last = contexts[contexts.length - 1]!;
		expect(last).toMatchObject({
			args: { city: "Oslo" },
			executionStarted: true,
			argsComplete: true,
			isPartial: false,
			expanded: false,
			isError: false,
			cwd: h.cwd,
			state: { seen: true },
		});
		expect(typeof last.toolCallId).toBe("string");
		expect(typeof last.invalidate).toBe("function");
		h.press(CTRL_O);
		text = flat(await h.screen());
		expect(text).toContain("EXPANDED 21 C");
		// Drawn again for the expanded view: the call slot gets the component it returned before.
		expect(contexts[contexts.length - 1]).toMatchObject({ expanded: true, lastComponent: true });
	});

	it("a built-in tool overridden with renderCall only keeps pi's result drawing; renderShell self drops the box", async () => {
		h = await withExtension((pi) => {
			pi.registerTool({
				name: "ls",
				description: "List a directory",
				parameters: Type.Object({ path: Type.Optional(Type.String()) }),
				async execute() {
					return { content: [{ type: "text", text: "alpha.txt\nbeta.txt" }] };
				},
				renderCall: (args) => new Text(`LISTING ${args.path ?? "."}`, 0, 0),
			});
			pi.registerTool({
				name: "plain",
				description: "Draws itself",
				parameters: Type.Object({}),
				renderShell: "self",
				async execute() {
					return { content: [{ type: "text", text: "ok" }] };
				},
				renderCall: () => new Text("SELF-DRAWN", 0, 0),
				renderResult: () => new Text("", 0, 0),
			});
		});
		h.faux.enqueue({
			toolCalls: [
				{ name: "ls", arguments: { path: "src" } },
				{ name: "plain", arguments: {} },
			],
		});
		h.faux.enqueue({ text: "done" });
		await h.submit("list it");
		const rows = (await h.allText()).split("\n");
		const text = flat(rows.join("\n"));
		expect(text).toContain("LISTING src");
		expect(text).toMatch(/alpha\.txt beta\.txt/);
		// The self-drawn row starts at column 0: no box padding around it.
		expect(rows.some((row) => row.startsWith("SELF-DRAWN"))).toBe(true);
		expect(rows.some((row) => row.startsWith(" LISTING src"))).toBe(true);
	});

	it("a renderer that throws falls back to pi's drawing; too-wide rows are clipped; each problem is reported once", async () => {
		h = await withExtension((pi) => {
			pi.registerTool({
				name: "fragile",
				description: "Its renderers misbehave",
				parameters: Type.Object({ n: Type.Number() }),
				async execute(_id, params) {
					return { content: [{ type: "text", text: `result ${params.n}` }] };
				},
				renderCall: () => {
					throw new Error("boom in renderCall");
				},
				renderResult: () => ({ render: () => [`WIDE${"x".repeat(300)}`] }),
			});
		});
		h.faux.enqueue({
			toolCalls: [
				{ name: "fragile", arguments: { n: 1 } },
				{ name: "fragile", arguments: { n: 2 } },
			],
		});
		h.faux.enqueue({ text: "done" });
		await h.submit("go");
		h.press(CTRL_O);
		await h.screen();
		await until(async () => (await h!.allText()).includes("clipped"), "the clipping report");
		const all = await h.allText();
		const text = flat(all);
		expect(text).toContain("fragile"); // the fallback call row: the tool name
		const threw = RENDERER_TEXT.problem({
			extensionPath: EXTENSION_PATH,
			slot: "renderCall",
			subject: "fragile",
			kind: "threw",
			message: "boom in renderCall",
		});
		const wide = RENDERER_TEXT.problem({
			extensionPath: EXTENSION_PATH,
			slot: "renderResult",
			subject: "fragile",
			kind: "tooWide",
		});
		expect(text.split(flat(threw)).length - 1).toBe(1);
		expect(text.split(flat(wide)).length - 1).toBe(1);
		expect(all.split("\n").every((row) => row.length <= 100)).toBe(true);
		expect(h.mode.isRunning).toBe(true);
	});
});

describe("message renderers", () => {
	it("draws custom messages of its type, expanded with Ctrl+O; other types get pi's labelled box", async () => {
		h = await withExtension((pi) => {
			pi.registerMessageRenderer<{ level: string }>("status-update", (message, { expanded }, theme) => {
				const text = `[${message.details?.level.toUpperCase()}] ${message.content}`;
				return new Text(theme.fg("warning", expanded ? `${text}\nMORE DETAILS` : text), 1, 0);
			});
			pi.registerCommand("status", {
				async handler(args) {
					await pi.sendMessage({
						customType: "status-update",
						content: args,
						display: true,
						details: { level: "warn" },
					});
					await pi.sendMessage({ customType: "other", content: "plain custom text", display: true });
				},
			});
		});
		await h.submit("/status disk almost full");
		let text = flat(await h.allText());
		expect(text).toContain("[WARN] disk almost full");
		expect(text).not.toContain("MORE DETAILS");
		expect(text).toContain("[other] plain custom text");
		h.press(CTRL_O);
		text = flat(await h.screen());
		expect(text).toContain("MORE DETAILS");
	});
});

describe("extension shortcuts", () => {
	it("fires on its key, takes over a non-reserved editor key, is skipped on a reserved one; /hotkeys lists them", async () => {
		const fired: string[] = [];
		h = await withExtension((pi) => {
			pi.registerShortcut("ctrl+shift+u", { description: "Upper-case mode", handler: () => void fired.push("u") });
			pi.registerShortcut("ctrl+u", { description: "Takes ctrl+u", handler: () => void fired.push("ctrl+u") });
			pi.registerShortcut("ctrl+k", { description: "Wants ctrl+k", handler: () => void fired.push("ctrl+k") });
		});
		h.press("\x1b[27;6;117~"); // ctrl+shift+u (modifyOtherKeys)
		h.press("abc");
		h.press("\x15"); // ctrl+u: the extension's now
		h.press("\x0b"); // ctrl+k: stays the editor's
		await until(() => fired.length >= 2, "the shortcuts");
		expect(fired).toEqual(["u", "ctrl+u"]);
		const text = flat(await h.allText());
		expect(text).toContain(SHORTCUT_TEXT.takesOver("ctrl+u", EXTENSION_PATH, "deleteToLineStart"));
		expect(text).toContain(SHORTCUT_TEXT.skipped("ctrl+k", EXTENSION_PATH, "deleteToLineEnd"));
		const done = h.submit("/hotkeys");
		await h.waitForDialog();
		h.press("\x1b[F"); // End, then up: the extension shortcuts are above the commands at the bottom
		await h.screen();
		for (let i = 0; i < 6; i++) h.press("\x1b[A");
		const screen = flat(await h.screen());
		expect(screen).toContain("Extension shortcuts");
		expect(screen).toContain("Ctrl+Shift+U Upper-case mode (renderers.mjs)");
		expect(screen).toContain("Ctrl+K Wants ctrl+k (renderers.mjs) — skipped");
		h.press("\x1b");
		await done;
	});
});

describe("queued messages", () => {
	it("Alt+Up puts the queued messages back into the editor, above what is typed; the hint names the key", async () => {
		const gate = createGateTool();
		h = await createModeHarness({ customTools: [gate.tool] });
		h.faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "Done." });
		const run = h.submit("use the gate");
		await gate.started;
		await h.submit("first queued");
		await h.submit("second queued");
		expect(flat(await h.screen())).toContain(NOTICE_TEXT.pendingHint("Alt+Up"));
		h.press("draft");
		h.press("\x1b[1;3A"); // alt+up
		await h.screen();
		expect(h.mode.editor.getText()).toBe("first queued\n\nsecond queued\n\ndraft");
		expect(h.session.getQueuedMessages()).toEqual({ steering: [], followUp: [] });
		expect(flat(await h.screen())).not.toContain(NOTICE_TEXT.pendingHint("Alt+Up"));
		gate.release();
		await run;
	});
});

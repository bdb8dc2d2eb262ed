/**
 * Extensions in the TUI, through a real InteractiveMode over a real AgentSession (faux model) in a VirtualTerminal:
 * their commands run from the editor (at once, even while the agent works), their dialogs appear in the editor's
 * place and resolve with the user's answer, notices, status, widgets, title and editor text show up, a failing
 * handler is reported without stopping pi, and quitting lets them hear `session_shutdown`.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { ExtensionAPI, ExtensionContext, ExtensionFactory } from "../../../../src/core/extensions/index.js";
import { SHORTCUT_TEXT } from "../../../../src/modes/interactive/hotkeys.js";
import { createGateTool } from "../../../core/agent-session/helpers.js";
import { createModeHarness, type ModeHarness } from "../commands/harness.js";

const ENTER = "\r";
const ESCAPE = "\x1b";
const DOWN = "\x1b[B";
const EXTENSION_PATH = "<test>/helper.mjs";

let h: ModeHarness | undefined;

afterEach(async () => {
	await h?.cleanup();
	h = undefined;
});

/** A harness whose session loads `factory` as an extension defined in code. */
function withExtension(factory: ExtensionFactory, options: Parameters<typeof createModeHarness>[0] = {}) {
	return createModeHarness({ ...options, extensionFactories: [{ path: EXTENSION_PATH, factory }] });
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
	for (let i = 0; i < 400; i++) {
		if (await condition()) return;
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	throw new Error(`timed out waiting for ${what}`);
}

describe("extension commands", () => {
	it("a command's ui.select shows the options in a dialog and resolves with the chosen one", async () => {
		let chosen: string | undefined = "not asked";
		h = await withExtension((pi) => {
			pi.registerCommand("fruit", {
				description: "Pick a fruit",
				async handler(_args, ctx) {
					chosen = await ctx.ui.select("Pick a fruit", ["apple", "banana", "cherry"]);
					ctx.ui.notify(`You picked ${chosen}.`, "info");
				},
			});
		});
		const done = h.submit("/fruit");
		await h.waitForDialog();
		const screen = await h.screen();
		expect(screen).toContain("Pick a fruit");
		expect(screen).toMatch(/apple[\s\S]*banana[\s\S]*cherry/);
		h.press(DOWN);
		h.press(ENTER);
		await done;
		expect(chosen).toBe("banana");
		expect(await h.allText()).toContain("You picked banana.");
		// The editor has the keyboard again; nothing was sent to the model.
		expect(h.mode.dialogs.isOpen).toBe(false);
		expect(h.faux.requests).toHaveLength(0);
	});

	it("confirm, input and the multi-line editor answer with what the user entered; Escape cancels", async () => {
		const answers: unknown[] = [];
		h = await withExtension((pi) => {
			pi.registerCommand("ask", {
				async handler(_args, ctx) {
					answers.push(await ctx.ui.confirm("Deploy", "Deploy to staging?"));
					answers.push(await ctx.ui.input("Release name", "e.g. v1.2"));
					answers.push(await ctx.ui.editor("Release notes", "first line"));
					answers.push(await ctx.ui.input("Ignored"));
				},
			});
		});
		const done = h.submit("/ask");
		await h.waitForDialog();
		expect(await h.screen()).toContain("Deploy to staging?");
		h.press("y");
		await until(async () => (await h!.screen()).includes("Release name"), "the input dialog");
		expect(await h.screen()).toContain("e.g. v1.2");
		h.press("v2");
		h.press(ENTER);
		await until(async () => (await h!.screen()).includes("Release notes"), "the editor dialog");
		expect(await h.screen()).toContain("first line");
		h.press("\n"); // Ctrl+J: a new line, not a submit
		h.press("second line");
		h.press(ENTER);
		await until(async () => (await h!.screen()).includes("Ignored"), "the last input");
		h.press(ESCAPE);
		await done;
		expect(answers).toEqual([true, "v2", "first line\nsecond line", undefined]);
	});

	it("ui.editor opens $VISUAL/$EDITOR when set and resolves with the edited text", async () => {
		let edited: string | undefined;
		h = await withExtension(
			(pi) => {
				pi.registerCommand("notes", {
					async handler(_args, ctx) {
						edited = await ctx.ui.editor("Release notes", "draft notes");
					},
				});
			},
			// The "editor" rewrites the file it is given, as a person saving in $EDITOR would.
			{ mode: { externalEditor: "sed -i s/draft/final/" } },
		);
		await h.submit("/notes");
		expect(edited).toBe("final notes");
		expect(h.mode.isRunning).toBe(true);
	});

	it("a dialog's timeout closes it with the default answer", async () => {
		let answer: boolean | undefined;
		h = await withExtension((pi) => {
			pi.registerCommand("hurry", {
				async handler(_args, ctx) {
					answer = await ctx.ui.confirm("Quick", "Answer within 50 ms", { timeout: 50 });
				},
			});
		});
		await h.submit("/hurry");
		expect(answer).toBe(false);
		expect(h.mode.dialogs.isOpen).toBe(false);
		expect(await h.screen()).not.toContain("Answer within 50 ms");
	});

	it("a throwing command shows an error notice naming the extension, and pi keeps working", async () => {
		h = await withExtension((pi) => {
			pi.registerCommand("boom", {
				handler() {
					throw new Error("the deploy target is unreachable");
				},
			});
		});
		await h.submit("/boom");
		expect(await h.allText()).toContain(`Extension error (${EXTENSION_PATH}): the deploy target is unreachable`);
		h.faux.enqueue({ text: "Still here." });
		await h.submit("are you alive?");
		expect(await h.allText()).toContain("Still here.");
	});

	it("runs at once while the agent works (not queued as a steering message)", async () => {
		const gate = createGateTool();
		let ranWhileBusy: boolean | undefined;
		h = await withExtension(
			(pi) => {
				pi.registerCommand("status", {
					handler(_args, ctx: ExtensionContext) {
						ranWhileBusy = ctx.getSession().isStreaming;
						ctx.ui.notify("status checked");
					},
				});
			},
			{ customTools: [gate.tool] },
		);
		h.faux.enqueue({ toolCalls: [{ name: "gate", arguments: {} }] }, { text: "Done." });
		const run = h.submit("use the gate");
		await gate.started;
		await h.submit("/status");
		expect(ranWhileBusy).toBe(true);
		// A command line message (pi "/status") takes the same way.
		ranWhileBusy = undefined;
		await h.mode.submitPrompt("/status");
		expect(ranWhileBusy).toBe(true);
		expect(h.session.getQueuedMessages()).toEqual({ steering: [], followUp: [] });
		expect(await h.allText()).toContain("status checked");
		gate.release();
		await run;
		expect(JSON.stringify(h.faux.requests.map((r) => r.context.messages))).not.toContain("/status");
	});

	it("appears in the / completion with its description", async () => {
		h = await withExtension((pi) => {
			pi.registerCommand("deploy-now", { description: "Deploy the current branch", handler() {} });
		});
		h.press("/deploy");
		const screen = await h.screen();
		expect(screen).toContain("/deploy-now");
		expect(screen).toContain("(extension) Deploy the current branch");
	});
});

describe("extension UI state", () => {
	it("status entries, widgets above and below the editor, the terminal title and the editor text", async () => {
		let api: ExtensionAPI | undefined;
		h = await withExtension((pi) => {
			api = pi;
		});
		const ui = api!.ui;
		ui.setStatus("build", "build: passing");
		ui.setStatus("lint", "lint: 2 warnings");
		ui.setWidget("todo", ["TODO: write docs", "TODO: ship"]);
		ui.setWidget("hint", ["hint below the editor"], "belowEditor");
		ui.setTitle("pi: deploying");
		ui.setEditorText("prefilled by an extension");
		let rows = (await h.screen()).split("\n");
		const row = (text: string) => rows.findIndex((line) => line.includes(text));
		const editorRow = row("prefilled by an extension");
		expect(row("build: passing · lint: 2 warnings")).toBeGreaterThan(-1);
		expect(row("build: passing")).toBeLessThan(row("TODO: write docs"));
		expect(row("TODO: write docs")).toBeLessThan(editorRow);
		expect(row("TODO: ship")).toBeLessThan(editorRow);
		expect(row("hint below the editor")).toBeGreaterThan(editorRow);
		expect(h.terminal.title).toBe("pi: deploying");
		expect(ui.getEditorText()).toBe("prefilled by an extension");

		ui.setStatus("build");
		ui.setWidget("todo");
		rows = (await h.screen()).split("\n");
		expect(rows.join("\n")).not.toContain("build: passing");
		expect(rows.join("\n")).not.toContain("TODO: write docs");
		expect(row("lint: 2 warnings")).toBeGreaterThan(-1);
	});
});

describe("extension shortcuts and /reload", () => {
	it("a registered shortcut runs its handler; a key pi already uses stays pi's", async () => {
		const fired: string[] = [];
		h = await withExtension((pi) => {
			pi.registerShortcut("f5", { description: "Refresh", handler: (ctx) => void fired.push(`f5:${ctx.cwd !== ""}`) });
			pi.registerShortcut("escape", { handler: () => void fired.push("escape") });
		});
		h.press("\x1b[15~");
		h.press(ESCAPE);
		await until(() => fired.length > 0, "the shortcut");
		expect(fired).toEqual(["f5:true"]);
		const screen = (await h.allText()).replace(/\s+/g, " ");
		expect(screen).toContain(SHORTCUT_TEXT.skipped("escape", EXTENSION_PATH, "interrupt"));
	});

	it("ctx.shutdown() quits the terminal UI like /quit", async () => {
		h = await withExtension((pi) => {
			pi.registerCommand("bye", { handler: (_args, ctx) => ctx.shutdown() });
		});
		await h.submit("/bye");
		expect(await h.mode.waitForExit()).toBe(0);
		expect(h.session.isShutDown).toBe(true);
	});

	it("/reload loads the extensions again (session_shutdown and session_start with reason reload)", async () => {
		const heard: string[] = [];
		let loads = 0;
		h = await withExtension((pi) => {
			const instance = ++loads;
			pi.on("session_shutdown", (event) => void heard.push(`shutdown:${instance}:${(event as any).reason}`));
			pi.on("session_start", (event) => void heard.push(`start:${instance}:${(event as any).reason}`));
		});
		await until(() => heard.includes("start:1:startup"), "session_start");
		await h.submit("/reload");
		await until(() => heard.includes("start:2:reload"), "the reload");
		expect(loads).toBe(2);
		expect(heard).toEqual(["start:1:startup", "shutdown:1:reload", "start:2:reload"]);
	});
});

describe("extension lifecycle", () => {
	it("session_start arrives with the TUI attached; a throwing handler is shown as an error notice", async () => {
		let hasUI: boolean | undefined;
		h = await withExtension((pi) => {
			pi.on("session_start", (_event, ctx) => {
				hasUI = ctx.hasUI;
				ctx.ui.notify("extension ready", "info");
			});
			pi.on("agent_start", () => {
				throw new Error("agent_start handler failed");
			});
		});
		await until(() => hasUI !== undefined, "session_start");
		expect(hasUI).toBe(true);
		expect(await h.allText()).toContain("extension ready");
		h.faux.enqueue({ text: "Answer despite the failing handler." });
		await h.submit("hello");
		const text = await h.allText();
		expect(text).toContain(`Extension error (${EXTENSION_PATH}): agent_start handler failed`);
		expect(text).toContain("Answer despite the failing handler.");
	});

	it("/quit lets extensions hear session_shutdown, then resolves the exit code", async () => {
		const heard: string[] = [];
		h = await withExtension((pi) => {
			pi.on("session_shutdown", () => {
				heard.push("session_shutdown");
			});
		});
		await h.submit("/quit");
		expect(await h.mode.waitForExit()).toBe(0);
		expect(heard).toEqual(["session_shutdown"]);
		expect(h.session.isShutDown).toBe(true);
		expect(h.mode.isRunning).toBe(false);
	});

	it("dialogs opened after quitting resolve to their defaults at once", async () => {
		let api: ExtensionAPI | undefined;
		h = await withExtension((pi) => {
			api = pi;
		});
		await h.mode.shutdown(0);
		await expect(api!.ui.select("Too late", ["a"])).resolves.toBeUndefined();
		await expect(api!.ui.confirm("Too late", "?")).resolves.toBe(false);
	});
});

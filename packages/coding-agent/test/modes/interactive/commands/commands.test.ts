/**
 * The slash commands driven through a real InteractiveMode in a VirtualTerminal, over a real AgentSession with a
 * faux model: what the user sees, and what ends up in auth.json, settings.json and the session.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AuthStorage } from "../../../../src/core/config/auth-storage.js";
import { NOTICE_TEXT } from "../../../../src/modes/interactive/notices.js";
import { until } from "../../../cli/harness.js";
import { createModeHarness, type ModeHarness } from "./harness.js";

const ENTER = "\r";
const ESCAPE = "\x1b";
const DOWN = "\x1b[B";
const UP = "\x1b[A";
const CTRL_L = "\x0c";
const CTRL_P = "\x10";
const NO_ANTHROPIC_KEY = 'No API key found for provider "anthropic".';

let h: ModeHarness | undefined;

afterEach(async () => {
	await h?.cleanup();
	h = undefined;
});

function readJson(path: string): Record<string, any> {
	return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : {};
}

describe("/login and /logout", () => {
	it("stores a typed API key in auth.json without ever drawing it, and /logout removes it", async () => {
		h = await createModeHarness();
		const authFile = join(h.agentDir, "auth.json");
		const done = h.submit("/login acme");
		await h.waitForDialog();
		expect(await h.screen()).toContain("API key for acme (not shown)");
		h.press("sk-secret-0123456789");
		const typed = await h.screen();
		expect(typed).toContain("••••••••••");
		h.press(ENTER);
		await done;
		expect(readJson(authFile).acme).toMatchObject({ key: "sk-secret-0123456789" });
		expect(await h.allText()).toContain("Saved the API key for acme in auth.json.");
		// Not on screen, not in scrollback, not in any byte written to the terminal.
		expect(h.written()).not.toContain("sk-secret");

		await h.submit("/logout acme");
		expect(readJson(authFile).acme).toBeUndefined();
		expect(await h.allText()).toContain("Removed the credentials of acme from auth.json.");
	});

	it("stores nothing when the key entry is cancelled", async () => {
		h = await createModeHarness();
		const done = h.submit("/login acme");
		await h.waitForDialog();
		h.press("sk-abandoned");
		h.press(ESCAPE);
		await done;
		expect(readJson(join(h.agentDir, "auth.json")).acme).toBeUndefined();
		expect(h.mode.dialogs.isOpen).toBe(false);
	});
});

describe("/theme", () => {
	it("switches the theme by name and saves it to the global settings", async () => {
		h = await createModeHarness();
		await h.submit("/theme light");
		expect(h.mode.currentThemeName).toBe("light");
		expect(readJson(join(h.agentDir, "settings.json")).theme).toBe("light");
		expect(await h.allText()).toContain("Theme: light");
	});

	it("previews while moving in the selector and restores the previous theme on Escape", async () => {
		h = await createModeHarness();
		const done = h.submit("/theme");
		await h.waitForDialog();
		expect(await h.screen()).toContain("Select theme");
		h.press(DOWN);
		expect(h.mode.currentThemeName).toBe("light");
		h.press(ESCAPE);
		await done;
		expect(h.mode.currentThemeName).toBe("dark");
		expect(readJson(join(h.agentDir, "settings.json")).theme).toBeUndefined();
	});

	it("keeps the editor's draft, history and folded pastes across theme switches", async () => {
		h = await createModeHarness();
		const harness = h;
		harness.press("/theme light");
		harness.press(ENTER);
		await until(() => harness.mode.currentThemeName === "light");
		const big = Array.from({ length: 30 }, (_, i) => `row ${i}`).join("\n");
		harness.press("draft ");
		harness.press(`\x1b[200~${big}\x1b[201~`);
		await harness.submit("/theme dark");
		expect(harness.mode.currentThemeName).toBe("dark");
		expect(harness.mode.getEditorText()).toBe("draft [paste #1 +30 lines]");
		expect(harness.mode.editor.getExpandedText()).toBe(`draft ${big}`);
		harness.mode.setEditorText("");
		harness.press(UP);
		expect(harness.mode.getEditorText()).toBe("/theme light");
	});

	it("names the known themes for an unknown one", async () => {
		h = await createModeHarness();
		await h.submit("/theme neon");
		expect(await h.allText()).toContain('Unknown theme "neon". Known: dark, light');
	});
});

describe("automatic retries", () => {
	it("Escape during a retry wait says the retry was cancelled, not that it failed", async () => {
		h = await createModeHarness({ settingsJson: { retry: { baseDelayMs: 60_000, maxDelayMs: 0 } } });
		const harness = h;
		// The server's wait is exact (60 s); the settings' backoff alone is jittered and may be short.
		harness.faux.enqueue({
			error: "503 overloaded",
			errorInfo: { status: 503, retryable: true, retryAfterMs: 60_000 },
		});
		const run = harness.submit("hello");
		await until(() => harness.written().includes("Retrying in"));
		// The countdown starts from the server's wait, with the default attempt budget.
		expect(harness.written()).toContain("Retrying in 60s (attempt 1/10)");
		harness.press(ESCAPE);
		await run;
		const text = await harness.allText();
		expect(text).toContain("Retry cancelled.");
		expect(text).not.toContain("Retry failed");
	});
});

describe("/reload", () => {
	it("re-reads settings.json and models.json", async () => {
		h = await createModeHarness();
		expect(h.settings.getHideThinkingBlock()).toBe(false);
		writeFileSync(join(h.agentDir, "settings.json"), JSON.stringify({ hideThinkingBlock: true }));
		writeFileSync(
			join(h.agentDir, "models.json"),
			JSON.stringify({
				providers: {
					local: {
						baseUrl: "http://127.0.0.1:1/v1",
						api: "openai-completions",
						apiKey: "literal-key",
						models: [{ id: "reloaded-model" }],
					},
				},
			}),
		);
		expect(h.session.modelRegistry.find("local", "reloaded-model")).toBeUndefined();
		await h.submit("/reload");
		expect(h.settings.getHideThinkingBlock()).toBe(true);
		expect(h.session.modelRegistry.find("local", "reloaded-model")).toBeDefined();
		expect(await h.allText()).toContain(NOTICE_TEXT.reloaded);
	});
});

describe("/name and /session", () => {
	it("names the session and shows the name in the footer", async () => {
		h = await createModeHarness();
		await h.submit("/name Refactor the parser");
		expect(h.session.sessionName).toBe("Refactor the parser");
		const screen = await h.screen();
		expect(screen).toContain("Session name: Refactor the parser");
		const rows = screen.trimEnd().split("\n");
		expect(rows.slice(-2).join("\n")).toContain("• Refactor the parser");
	});

	it("/session shows the file, message counts, tokens and cost", async () => {
		h = await createModeHarness();
		h.faux.enqueue({ text: "Hello from faux.", usage: { input: 1200, output: 30, cacheRead: 0, cacheWrite: 0 } });
		await h.submit("say hello");
		expect(await h.allText()).toContain("Hello from faux.");
		await h.submit("/session");
		const text = await h.allText();
		// The long path wraps: compare without line breaks.
		expect(text.replace(/\n\s*/g, "")).toContain(`File:${h.session.sessionFile}`);
		expect(text).toContain("Messages: 1 user, 1 assistant, 0 tool calls, 2 total");
		expect(text).toMatch(/Tokens: 1\.2k in, 30 out/);
		expect(text).toContain("Cost: $");
	});
});

describe("/queue, /autocompact, /thinking", () => {
	it("/queue sets the delivery of steering and follow-up messages and saves it", async () => {
		h = await createModeHarness();
		await h.submit("/queue steering all");
		await h.submit("/queue followup all");
		expect(h.session.getState().steeringMode).toBe("all");
		expect(h.session.getState().followUpMode).toBe("all");
		const saved = readJson(join(h.agentDir, "settings.json"));
		expect(saved).toMatchObject({ steeringMode: "all", followUpMode: "all" });
		expect(await h.allText()).toContain("Queue modes: steering all, follow-up all");
	});

	it("/autocompact toggles automatic compaction, saves it and updates the footer", async () => {
		h = await createModeHarness();
		expect(h.session.autoCompactionEnabled).toBe(true);
		await h.submit("/autocompact");
		expect(h.session.autoCompactionEnabled).toBe(false);
		expect(readJson(join(h.agentDir, "settings.json")).compaction).toMatchObject({ enabled: false });
		expect(await h.allText()).toContain("Automatic compaction off.");
		await h.submit("/autocompact on");
		expect(h.session.autoCompactionEnabled).toBe(true);
	});

	it("/thinking sets a level by name and through the selector, and says when the model cannot think", async () => {
		h = await createModeHarness({ fauxOptions: { reasoning: true } });
		await h.submit("/thinking high");
		expect(h.session.thinkingLevel).toBe("high");
		expect(await h.allText()).toContain("Thinking level: high");
		const done = h.submit("/thinking");
		await h.waitForDialog();
		expect(await h.screen()).toContain("Thinking level");
		h.press(DOWN);
		h.press(ENTER);
		await done;
		expect(h.session.thinkingLevel).not.toBe("high");
		expect(h.mode.editor.getBorderRole()).toMatch(/thinking/i);
	});

	it("/thinking on a model without reasoning only explains", async () => {
		h = await createModeHarness({ fauxOptions: { reasoning: false } });
		await h.submit("/thinking high");
		expect(await h.allText()).toContain("The current model has no thinking levels.");
	});
});

describe("!cmd and !!cmd", () => {
	it("streams a shell command's output and cancels it with Escape", async () => {
		h = await createModeHarness();
		const done = h.submit("!echo first-line; sleep 5; echo never-printed");
		for (let i = 0; i < 200 && !(await h.screen()).includes("first-line"); i++) {
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		expect(await h.screen()).toContain("running… (esc to cancel)");
		h.press(ESCAPE);
		await done;
		const text = await h.allText();
		expect(text).toContain("$ echo first-line; sleep 5; echo never-printed");
		expect(text).toContain("cancelled");
		expect(text).not.toMatch(/^\s*never-printed\s*$/m);
	});

	it("!!cmd runs without sending its output to the model", async () => {
		h = await createModeHarness();
		await h.submit("!!echo private-output");
		const text = await h.allText();
		expect(text).toContain("private-output");
		expect(text).toContain("not sent to the model (!!)");
		h.faux.enqueue({ text: "ok" });
		await h.submit("next question");
		expect(JSON.stringify(h.faux.requests.at(-1)?.context.messages)).not.toContain("private-output");
	});
});

describe("a model without a key", () => {
	it("Ctrl+P onto a scoped model without a key shows the error and keeps the current model", async () => {
		h = await createModeHarness();
		const keyless = h.registry.find("anthropic", "claude-opus-4-6")!;
		h.session.scopedModels = [{ model: h.faux.model }, { model: keyless }];
		h.press(CTRL_P);
		for (let i = 0; i < 200 && !(await h.allText()).includes("No API key"); i++) {
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
		expect(await h.allText()).toContain(NO_ANTHROPIC_KEY);
		expect(h.session.model?.id).toBe(h.faux.model.id);
		expect(h.mode.isRunning).toBe(true);
	});

	it("choosing a model in the selector whose key went away shows the error instead of switching", async () => {
		const auth = AuthStorage.inMemory();
		auth.setApiKey("anthropic", "sk-ant-test-0123456789");
		h = await createModeHarness({ authStorage: auth });
		h.press(CTRL_L);
		await h.waitForDialog();
		h.press("claude-opus-4-6");
		expect(await h.screen()).toContain("anthropic/claude-opus-4-6");
		auth.remove("anthropic");
		h.press(ENTER);
		for (let i = 0; i < 200 && !(await h.allText()).includes("No API key"); i++) {
			await new Promise((resolve) => setTimeout(resolve, 5));
		}
		expect(await h.allText()).toContain(NO_ANTHROPIC_KEY);
		expect(h.session.model?.id).toBe(h.faux.model.id);
		expect(h.mode.dialogs.isOpen).toBe(false);
		// Still usable: a prompt goes to the model in use.
		h.faux.enqueue({ text: "Answered by faux." });
		await h.submit("still there?");
		expect(await h.allText()).toContain("Answered by faux.");
	});

	it("/model <pattern> naming a model without a key explains what to set", async () => {
		h = await createModeHarness();
		await h.submit("/model anthropic/claude-opus-4-6");
		expect(await h.allText()).toContain(NO_ANTHROPIC_KEY);
		expect(h.session.model?.id).toBe(h.faux.model.id);
	});
});

/**
 * The first run of the BUILT `pi` without any API key (issue 20, fault 3), in a pseudo-terminal: the first screen
 * says what to do, a prompt and /model repeat it in this mode's words (no RPC command names, no pointing back at
 * /model), and a /login selects the provider's default model.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_TEXT } from "../../../../src/modes/interactive/commands/auth.js";
import { NOTICE_TEXT } from "../../../../src/modes/interactive/notices.js";
import { KEYS, PiPty, type PtyWorld } from "./harness.js";

let world: PtyWorld;
let pi: PiPty;

/** The start of the first-run text, which wraps on screen. */
const FIRST_WORDS = "No model is available yet";

beforeAll(() => {
	const root = mkdtempSync(join(tmpdir(), "pi-first-run-"));
	world = {
		root,
		agentDir: join(root, "agent"),
		cwd: join(root, "project"),
		cleanup: () => rmSync(root, { recursive: true, force: true }),
	};
	mkdirSync(world.agentDir, { recursive: true });
	mkdirSync(world.cwd, { recursive: true });
	pi = new PiPty(world, { columns: 120, rows: 36 });
});

afterAll(() => {
	pi?.kill();
	world?.cleanup();
});

/** The screen with wrapped rows joined, so a long notice reads as one line. */
function flatScreen(): string {
	return pi
		.screen()
		.split("\n")
		.map((row) => row.trim())
		.join(" ");
}

describe("first run without a key", () => {
	it("the first screen names the environment variables and /login", async () => {
		await pi.waitForScreen(FIRST_WORDS);
		expect(NOTICE_TEXT.noModelsAvailable).toMatch(/ANTHROPIC_API_KEY.*\/login/);
		expect(flatScreen()).toContain("ANTHROPIC_API_KEY, OPENAI_API_KEY");
		expect(flatScreen()).toContain("/login");
	});

	it("a prompt and /model say the same (one notice, never an RPC command or /model); the prompt is kept", async () => {
		const notices = () => pi.allText().split(FIRST_WORDS).length - 1;
		const editorLine = /^hello there\s*$/m;
		await pi.submit("hello there");
		// The unsent prompt is back in the editor; the hint replaced itself instead of piling up.
		await pi.waitForScreen(editorLine);
		expect(notices()).toBe(1);
		expect(pi.allText()).not.toContain("set_model");
		pi.press(KEYS.ctrlC);
		await pi.waitFor(() => !editorLine.test(pi.screen()), "the editor to clear");
		await pi.submit("/model");
		await pi.waitFor(() => !pi.screen().includes("/model"), "/model to run");
		expect(pi.screen()).not.toContain("Select model");
		expect(notices()).toBe(1);
		expect(NOTICE_TEXT.noModelsAvailable).not.toContain("/model");
	});

	it("/login stores the key and selects the provider's default model", async () => {
		await pi.submit("/login");
		await pi.waitForScreen(AUTH_TEXT.pickProvider);
		// Subscriptions come first; typing narrows the list to the API-key entry.
		pi.type("Anthropic");
		await pi.waitForScreen(/→ Anthropic\s+API key · anthropic/);
		pi.press(KEYS.enter);
		await pi.waitForScreen("API key for anthropic");
		pi.type("sk-ant-test-0123456789");
		pi.press(KEYS.enter);
		await pi.waitForScreen("Saved the API key for anthropic");
		await pi.waitForScreen(/Model: anthropic\/claude-/);
		await pi.waitForScreen(/anthropic\/claude-\S+ • /);
		expect(pi.allText()).not.toContain("sk-ant-test");
	});
});

/**
 * /login with a subscription, in a real InteractiveMode against the loopback mock OAuth server: the dialog shows the
 * URL (the test opens it as the browser would), takes a pasted redirect URL instead, cancels on Escape, and /logout
 * names the subscription.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OAUTH_ENV } from "@pi/ai";
import { type MockOAuthServer, startMockOAuthServer } from "@pi/ai/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AuthStorage } from "../../../../src/core/config/auth-storage.js";
import { AUTH_TEXT } from "../../../../src/modes/interactive/commands/auth.js";
import { OAUTH_DIALOG_TEXT } from "../../../../src/modes/interactive/selectors/oauth-login-dialog.js";
import { createModeHarness, type ModeHarness } from "./harness.js";

const ENTER = "\r";
const ESCAPE = "\x1b";
const DOWN = "\x1b[B";

let oauth: MockOAuthServer;
let h: ModeHarness | undefined;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
	oauth = await startMockOAuthServer();
	// The default Anthropic sign-in reads its endpoints from the environment when the flow runs.
	for (const [name, value] of [
		[OAUTH_ENV.baseUrl.anthropic, oauth.url],
		[OAUTH_ENV.baseUrl["github-copilot"], oauth.url],
		[OAUTH_ENV.baseUrl["openai-codex"], oauth.url],
		[OAUTH_ENV.callbackPort, "0"],
	] as const) {
		saved[name] = process.env[name];
		process.env[name] = value;
	}
});
afterAll(async () => {
	for (const [name, value] of Object.entries(saved)) {
		if (value === undefined) delete process.env[name];
		else process.env[name] = value;
	}
	await oauth?.close();
});
afterEach(async () => {
	await h?.cleanup();
	h = undefined;
	oauth.reset();
});

function readAuth(agentDir: string): Record<string, any> {
	const file = join(agentDir, "auth.json");
	return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
}

/** The URL the dialog shows, its wrapped rows joined. */
async function shownUrl(harness: ModeHarness): Promise<string> {
	let screen = "";
	for (let i = 0; i < 200 && !/Open this URL/.test(screen); i++) {
		screen = await harness.screen();
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	const rows = screen.split("\n");
	const start = rows.findIndex((row) => row.includes("Open this URL"));
	const urlRows: string[] = [];
	for (const row of rows.slice(start + 1)) {
		const text = row.trim();
		if (text === "" || !/^[\w%&=./:?+-]+$/.test(text)) break;
		urlRows.push(text);
	}
	return urlRows.join("");
}

describe("/login with a subscription", () => {
	it("shows the URL, signs in when the browser comes back, stores the entry and selects an Anthropic model", async () => {
		// The session and /login share one auth.json, as in pi, so the new sign-in makes Anthropic models available.
		const authDir = mkdtempSync(join(tmpdir(), "pi-login-"));
		h = await createModeHarness({ authStorage: AuthStorage.create({ agentDir: authDir }) });
		const done = h.submit("/login anthropic");
		await h.waitForDialog();
		const url = await shownUrl(h);
		expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?/);
		const screen = await h.screen();
		expect(screen).toContain("Sign in to Claude Pro/Max");
		expect(screen).toContain(AUTH_TEXT.browserNoDisplay);
		expect((await fetch(url)).status).toBe(200);
		await done;
		expect(h.mode.dialogs.isOpen).toBe(false);
		expect(readAuth(authDir).anthropic).toMatchObject({ type: "oauth", access: oauth.issued.at(-1)!.access });
		expect(await h.allText()).toContain(AUTH_TEXT.signedIn("Claude Pro/Max"));
		expect(h.session.model?.provider).toBe("anthropic");

		await h.submit("/logout anthropic");
		expect(readAuth(authDir).anthropic).toBeUndefined();
		expect(await h.allText()).toContain(AUTH_TEXT.loggedOutOAuth("Claude Pro/Max", "anthropic"));
		rmSync(authDir, { recursive: true, force: true });
	});

	it("takes the redirect URL pasted into the dialog", async () => {
		h = await createModeHarness();
		const done = h.submit("/login anthropic");
		await h.waitForDialog();
		const url = await shownUrl(h);
		const location = (await fetch(url, { redirect: "manual" })).headers.get("location")!;
		h.press(location);
		h.press(ENTER);
		await done;
		expect(readAuth(h.agentDir).anthropic?.access).toBe(oauth.issued.at(-1)!.access);
	});

	it("GitHub Copilot: asks for an enterprise domain, runs the device flow, and its models follow the token's host", async () => {
		const authDir = mkdtempSync(join(tmpdir(), "pi-login-"));
		h = await createModeHarness({ authStorage: AuthStorage.create({ agentDir: authDir }) });
		const done = h.submit("/login github-copilot");
		await h.waitForDialog();
		for (let i = 0; i < 200 && !(await h.screen()).includes("GitHub Enterprise"); i++) {
			await new Promise((resolve) => setTimeout(resolve, 10));
		}
		h.press(ENTER); // github.com
		await done;
		expect(readAuth(authDir)["github-copilot"]).toMatchObject({ type: "oauth" });
		expect(await h.allText()).toContain(AUTH_TEXT.signedIn("GitHub Copilot"));
		// The mock's Copilot token names the mock itself as the API host (proxy-ep).
		const copilot = h.session.modelRegistry.getAll().filter((model) => model.provider === "github-copilot");
		expect(copilot.length).toBeGreaterThan(0);
		expect(new Set(copilot.map((model) => model.baseUrl))).toEqual(new Set([oauth.url]));
		expect(h.session.model?.provider).toBe("github-copilot");
		rmSync(authDir, { recursive: true, force: true });
	});

	it("ChatGPT (Codex): the login method is chosen from a list first; the device code login shows the code and signs in", async () => {
		h = await createModeHarness();
		const done = h.submit("/login openai-codex");
		await h.waitForDialog();
		const screen = await h.waitForScreen("Device code login");
		// A select list (the first option highlighted), not a numbered question with a text field.
		expect(screen).toMatch(/→ Browser login \(default\)/);
		expect(screen).toContain(OAUTH_DIALOG_TEXT.hintChoice);
		expect(screen).not.toContain("1) Browser login");
		h.press("2"); // typing does nothing in the list
		h.press(DOWN);
		expect(await h.screen()).toMatch(/→ Device code login/);
		h.press(ENTER);
		await done;
		expect(readAuth(h.agentDir)["openai-codex"]).toMatchObject({ type: "oauth", accountId: oauth.codexAccountId });
		expect(oauth.counts.codexDevicePoll).toBeGreaterThan(0);
		expect(oauth.counts.authorize).toBe(0);
		expect(await h.allText()).toContain(AUTH_TEXT.signedIn("ChatGPT Plus/Pro (Codex)"));
	});

	it("Escape in the Codex login-method list cancels the sign-in before any request", async () => {
		h = await createModeHarness();
		const done = h.submit("/login openai-codex");
		await h.waitForDialog();
		await h.waitForScreen("Device code login");
		h.press(ESCAPE);
		await done;
		expect(h.mode.dialogs.isOpen).toBe(false);
		expect(readAuth(h.agentDir)["openai-codex"]).toBeUndefined();
		expect(oauth.counts.authorize).toBe(0);
		expect(oauth.counts.codexDevicePoll).toBe(0);
		expect(await h.allText()).toContain(AUTH_TEXT.signInCancelled);
	});

	it("Escape cancels the sign-in and stores nothing", async () => {
		h = await createModeHarness();
		const done = h.submit("/login anthropic");
		await h.waitForDialog();
		await shownUrl(h);
		h.press(ESCAPE);
		await done;
		expect(h.mode.dialogs.isOpen).toBe(false);
		expect(readAuth(h.agentDir).anthropic).toBeUndefined();
		expect(await h.allText()).toContain(AUTH_TEXT.signInCancelled);
	});

	it("lists subscriptions before API-key providers", async () => {
		h = await createModeHarness();
		const done = h.submit("/login");
		await h.waitForDialog();
		const screen = await h.screen();
		const claude = screen.indexOf("Claude Pro/Max");
		const copilot = screen.indexOf("GitHub Copilot");
		const apiKey = screen.indexOf("API key ·");
		expect(claude).toBeGreaterThan(-1);
		expect(copilot).toBeGreaterThan(claude);
		expect(apiKey).toBeGreaterThan(copilot);
		h.press(ESCAPE);
		await done;
	});
});

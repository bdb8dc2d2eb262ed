/**
 * /login with a sign-in an extension registered (`pi.registerProvider(name, { oauth })`), in a real InteractiveMode:
 * the picker lists it after the built-in subscriptions, the dialog runs the extension's flow (URL, question), the
 * credentials land in auth.json under the provider name, its model is selected, and /logout names the sign-in.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AuthStorage } from "../../../../src/core/config/auth-storage.js";
import type { ExtensionFactory } from "../../../../src/core/extensions/types.js";
import { AUTH_TEXT } from "../../../../src/modes/interactive/commands/auth.js";
import { createModeHarness, type ModeHarness } from "./harness.js";

const ENTER = "\r";
const ESCAPE = "\x1b";
const DOWN = "\x1b[B";

let h: ModeHarness | undefined;
let authDir: string | undefined;
afterEach(async () => {
	await h?.cleanup();
	h = undefined;
	if (authDir) rmSync(authDir, { recursive: true, force: true });
	authDir = undefined;
});

const corp: ExtensionFactory = (pi) =>
	pi.registerProvider("corp", {
		baseUrl: "https://corp.test/v1",
		api: "openai-completions",
		models: [
			{
				id: "corp-model",
				name: "Corp Model",
				reasoning: false,
				input: ["text"],
				cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
				contextWindow: 1000,
				maxTokens: 100,
			},
		],
		oauth: {
			name: "Corp SSO",
			async login(callbacks) {
				callbacks.onAuth({ url: "https://sso.corp.test/authorize", instructions: "Approve and copy the code." });
				const code = await callbacks.onPrompt({ message: "Code from the SSO page" });
				return { access: `access-for-${code}`, refresh: "refresh-1", expires: Date.now() + 3_600_000 };
			},
			refreshToken: async (credentials) => credentials,
			getApiKey: (credentials) => credentials.access,
		},
	});

/** A provider that takes an API key as well as its sign-in, whose flow lets the user pick a region. */
const desk: ExtensionFactory = (pi) =>
	pi.registerProvider("desk", {
		baseUrl: "https://desk.test/v1",
		api: "openai-completions",
		apiKey: "DESK_TOKEN",
		models: [
			{
				id: "desk-model",
				name: "Desk Model",
				reasoning: false,
				input: ["text"],
				cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
				contextWindow: 1000,
				maxTokens: 100,
			},
		],
		oauth: {
			name: "Desk SSO",
			async login(callbacks) {
				const region = await callbacks.onSelect({
					message: "Data region",
					options: [
						{ id: "us", label: "United States" },
						{ id: "eu", label: "Europe" },
					],
				});
				if (region === undefined) throw new Error("no region chosen");
				return { access: `access-${region}`, refresh: "refresh-1", expires: Date.now() + 3_600_000, region };
			},
			refreshToken: async (credentials) => credentials,
			getApiKey: (credentials) => credentials.access,
		},
	});

async function harness(): Promise<ModeHarness> {
	authDir = mkdtempSync(join(tmpdir(), "pi-login-ext-"));
	return createModeHarness({
		authStorage: AuthStorage.create({ agentDir: authDir }),
		extensionFactories: [
			{ path: "/ext/corp", factory: corp },
			{ path: "/ext/desk", factory: desk },
		],
	});
}

function readAuth(): Record<string, any> {
	const file = join(authDir!, "auth.json");
	return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
}

describe("/login with an extension's sign-in", () => {
	it("the picker lists it after the built-in subscriptions and before the API-key providers", async () => {
		h = await harness();
		const done = h.submit("/login");
		await h.waitForDialog();
		const screen = await h.screen();
		const copilot = screen.indexOf("GitHub Copilot");
		const corpEntry = screen.indexOf("Corp SSO");
		expect(corpEntry).toBeGreaterThan(copilot);
		expect(screen.indexOf("API key ·")).toBeGreaterThan(corpEntry);
		h.press(ESCAPE);
		await done;
	});

	it("runs the extension's flow in the dialog, stores the entry, selects its model; /logout names it", async () => {
		h = await harness();
		const done = h.submit("/login corp");
		await h.waitForDialog();
		const screen = await h.waitForScreen("Code from the SSO page");
		expect(screen).toContain("Sign in to Corp SSO");
		expect(screen).toContain("https://sso.corp.test/authorize");
		expect(screen).toContain("Approve and copy the code.");
		h.press("abc");
		h.press(ENTER);
		await done;
		expect(readAuth().corp).toMatchObject({ type: "oauth", access: "access-for-abc", refresh: "refresh-1" });
		expect(await h.allText()).toContain(AUTH_TEXT.signedIn("Corp SSO"));
		expect(h.session.model).toMatchObject({ provider: "corp", id: "corp-model" });

		await h.submit("/logout corp");
		expect(readAuth().corp).toBeUndefined();
		expect(await h.allText()).toContain(AUTH_TEXT.loggedOutOAuth("Corp SSO", "corp"));
	});

	it("a provider with apiKey and oauth is offered both: its sign-in and an API key entry", async () => {
		h = await harness();
		const done = h.submit("/login");
		await h.waitForDialog();
		h.press("desk");
		const screen = await h.waitForScreen("API key · desk");
		expect(screen).toContain("Desk SSO");
		expect(screen).toContain(`${AUTH_TEXT.apiKey} · desk`);
		h.press(ESCAPE);
		await done;
	});

	it("the flow's onSelect is a list in the dialog: arrows and Enter pick, the id reaches the flow", async () => {
		h = await harness();
		const done = h.submit("/login desk");
		await h.waitForDialog();
		const screen = await h.waitForScreen("Data region");
		expect(screen).toMatch(/→ United States/);
		h.press(DOWN);
		h.press(ENTER);
		await done;
		expect(readAuth().desk).toMatchObject({ type: "oauth", access: "access-eu", region: "eu" });
		expect(await h.allText()).toContain(AUTH_TEXT.signedIn("Desk SSO"));
	});

	it("Escape in the flow's list cancels the sign-in; the flow gets undefined and nothing is stored", async () => {
		h = await harness();
		const done = h.submit("/login desk");
		await h.waitForDialog();
		await h.waitForScreen("Data region");
		h.press(ESCAPE);
		await done;
		expect(readAuth().desk).toBeUndefined();
		expect(await h.allText()).toContain(AUTH_TEXT.signInCancelled);
	});
});

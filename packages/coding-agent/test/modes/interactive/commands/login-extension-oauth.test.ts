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

async function harness(): Promise<ModeHarness> {
	authDir = mkdtempSync(join(tmpdir(), "pi-login-ext-"));
	return createModeHarness({
		authStorage: AuthStorage.create({ agentDir: authDir }),
		extensionFactories: [{ path: "/ext/corp", factory: corp }],
	});
}

function readAuth(): Record<string, any> {
	const file = join(authDir!, "auth.json");
	return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
}

async function waitForScreen(harness: ModeHarness, text: string): Promise<string> {
	let screen = "";
	for (let i = 0; i < 200 && !screen.includes(text); i++) {
		screen = await harness.screen();
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	return screen;
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
		const screen = await waitForScreen(h, "Code from the SSO page");
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
});

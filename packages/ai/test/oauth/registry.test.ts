import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getOAuthProvider, getOAuthProviderInfos, isOAuthProviderId, OAUTH_ENV } from "../../src/index.js";
import { overridesFromEnv, rebase } from "../../src/oauth/config.js";
import { OAUTH_TEXTS } from "../../src/oauth/texts.js";
import { type MockOAuthServer, startMockOAuthServer } from "../../src/testing/index.js";
import { redirectUriOf, scriptLogin } from "./helpers.js";

describe("OAuth provider registry", () => {
	it("lists the three subscriptions without loading them", () => {
		expect(getOAuthProviderInfos()).toEqual([
			{ id: "anthropic", name: "Claude Pro/Max", usesCallbackServer: true },
			{ id: "openai-codex", name: "ChatGPT Plus/Pro (Codex)", usesCallbackServer: true },
			{ id: "github-copilot", name: "GitHub Copilot", usesCallbackServer: false },
		]);
		expect(isOAuthProviderId("openai-codex")).toBe(true);
		expect(isOAuthProviderId("openai")).toBe(false);
	});

	it("loads each provider on request, matching its listing", async () => {
		for (const info of getOAuthProviderInfos()) {
			const provider = await getOAuthProvider(info.id);
			expect({ id: provider?.id, name: provider?.name, usesCallbackServer: provider?.usesCallbackServer }).toEqual(
				info,
			);
		}
		expect(await getOAuthProvider("nope")).toBeUndefined();
	});
});

describe("endpoint overrides from the environment", () => {
	let mock: MockOAuthServer;
	const saved = { ...process.env };
	beforeAll(async () => {
		mock = await startMockOAuthServer();
	});
	afterAll(() => mock.close());
	afterEach(() => {
		for (const name of [OAUTH_ENV.callbackHost, OAUTH_ENV.callbackPort, ...Object.values(OAUTH_ENV.baseUrl)]) {
			if (saved[name] === undefined) delete process.env[name];
			else process.env[name] = saved[name];
		}
	});

	it("the default Anthropic provider reads its base URL and callback port when the flow runs", async () => {
		const provider = await getOAuthProvider("anthropic");
		process.env.PI_OAUTH_ANTHROPIC_BASE_URL = mock.url;
		process.env.PI_OAUTH_CALLBACK_PORT = "0";
		process.env.PI_OAUTH_CALLBACK_HOST = "127.0.0.1";
		const script = scriptLogin();
		const credentials = await provider?.login(script.callbacks);
		expect(credentials?.access).toBe(mock.issued.at(-1)?.access);
		const authUrl = script.auths[0]?.url ?? "";
		expect(new URL(authUrl).origin).toBe(mock.url);
		// Port 0 means any free port, and the redirect URI names the one taken.
		expect(Number(redirectUriOf(authUrl).port)).toBeGreaterThan(0);
	});

	it("the default Codex provider reads PI_OAUTH_OPENAI_CODEX_BASE_URL", async () => {
		process.env.PI_OAUTH_OPENAI_CODEX_BASE_URL = mock.url;
		process.env.PI_OAUTH_CALLBACK_PORT = "0";
		const credentials = await (await getOAuthProvider("openai-codex"))?.login(scriptLogin().callbacks);
		expect(credentials?.accountId).toBe(mock.codexAccountId);
	});

	it("PI_OAUTH_GITHUB_COPILOT_BASE_URL moves both GitHub hosts, also for an enterprise domain", async () => {
		process.env.PI_OAUTH_GITHUB_COPILOT_BASE_URL = mock.url;
		const provider = await getOAuthProvider("github-copilot");
		const credentials = await provider?.login(scriptLogin({ answers: ["ghe.example.com"] }).callbacks);
		expect(credentials?.enterpriseUrl).toBe("ghe.example.com");
		const paths = mock.requests.map((request) => new URL(request.path, mock.url).pathname);
		expect(paths).toEqual(
			expect.arrayContaining(["/login/device/code", "/login/oauth/access_token", "/copilot_internal/v2/token"]),
		);
		expect(credentials && (await provider?.refresh(credentials))?.refresh).toBe(credentials?.refresh);
	});

	it("a malformed value is reported, not guessed at", () => {
		expect(() => overridesFromEnv("anthropic", { PI_OAUTH_CALLBACK_PORT: "53692x" })).toThrow(
			OAUTH_TEXTS.invalidPort("53692x"),
		);
		expect(() => overridesFromEnv("anthropic", { PI_OAUTH_ANTHROPIC_BASE_URL: "localhost:1234" })).toThrow(
			OAUTH_TEXTS.invalidBaseUrl("PI_OAUTH_ANTHROPIC_BASE_URL", "localhost:1234"),
		);
		expect(overridesFromEnv("github-copilot", {})).toEqual({});
	});

	it("a base URL replaces the origin and keeps path and query", () => {
		expect(rebase("https://api.github.com/copilot_internal/v2/token?x=1", "http://127.0.0.1:9/")).toBe(
			"http://127.0.0.1:9/copilot_internal/v2/token?x=1",
		);
		expect(rebase("https://claude.ai/oauth/authorize", "http://127.0.0.1:9/prefix")).toBe(
			"http://127.0.0.1:9/prefix/oauth/authorize",
		);
		expect(rebase("https://claude.ai/oauth/authorize", undefined)).toBe("https://claude.ai/oauth/authorize");
	});
});

const dist = (path: string) => fileURLToPath(new URL(`../../dist/${path}`, import.meta.url));
const probe = fileURLToPath(new URL("../fixtures/import-probe.mjs", import.meta.url));

describe.runIf(existsSync(dist("oauth/index.js")))("importing @pi/ai", () => {
	it("loads no OAuth flow module until a provider is asked for", () => {
		const loaded: string[] = JSON.parse(
			execFileSync(process.execPath, [probe, dist("index.js")], { encoding: "utf8" }),
		);
		const flows = loaded.filter((url) =>
			/\/dist\/oauth\/(anthropic|openai-codex|github-copilot|callback-server)\.js$/.test(url),
		);
		expect(flows).toEqual([]);
		expect(loaded.some((url) => url.endsWith("/dist/oauth/index.js"))).toBe(true);
	});

	it("the probe does see the flow modules once a provider module is imported", () => {
		const loaded: string[] = JSON.parse(
			execFileSync(process.execPath, [probe, dist("index.js"), dist("oauth/anthropic.js")], { encoding: "utf8" }),
		);
		expect(loaded.some((url) => url.endsWith("/dist/oauth/callback-server.js"))).toBe(true);
	});
});

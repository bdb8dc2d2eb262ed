/**
 * Subscription sign-in end to end: the built `pi` against the loopback mock OAuth server of @pi/ai/testing (sign-in,
 * token refresh, revocation) and the mock model server (the requests that carry the tokens). The test plays the
 * browser by fetching the URL pi prints.
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MockOAuthServer, startMockOAuthServer } from "@pi/ai/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { refreshTexts } from "../../src/core/auth/texts.js";
import { NOISY_FETCH_PRELOAD, runPi, startPi, type TestWorld, until, useCliWorld } from "./harness.js";

const cli = useCliWorld({ resetServerEachTest: true });
let oauth: MockOAuthServer;

beforeAll(async () => {
	oauth = await startMockOAuthServer();
	// The built-in anthropic provider's requests go to the mock model server.
	const modelsFile = join(cli.world.agentDir, "models.json");
	const models = JSON.parse(readFileSync(modelsFile, "utf8"));
	models.providers.anthropic = { baseUrl: cli.server.url };
	writeFileSync(modelsFile, JSON.stringify(models, null, 2));
});
afterAll(() => oauth?.close());
beforeEach(() => {
	oauth.reset();
	writeAuth({});
});

const MODEL = "anthropic/claude-sonnet-4-5";

function oauthEnv(): NodeJS.ProcessEnv {
	return {
		PI_OAUTH_ANTHROPIC_BASE_URL: oauth.url,
		PI_OAUTH_GITHUB_COPILOT_BASE_URL: oauth.url,
		PI_OAUTH_OPENAI_CODEX_BASE_URL: oauth.url,
		PI_OAUTH_CALLBACK_PORT: "0",
		PI_NO_BROWSER: "1",
	};
}

const authPath = () => join(cli.world.agentDir, "auth.json");
const readAuth = () => JSON.parse(readFileSync(authPath(), "utf8"));
function writeAuth(entries: Record<string, unknown>): void {
	writeFileSync(authPath(), `${JSON.stringify(entries, null, 2)}\n`, { mode: 0o600 });
}

/** The sign-in URL pi printed on stderr. */
async function printedUrl(stderr: () => string): Promise<string> {
	const pattern = /(http:\/\/127\.0\.0\.1:\d+\/\S+)/;
	await until(() => pattern.test(stderr()));
	return pattern.exec(stderr())![1]!;
}

/** `pi auth login anthropic`, the test fetching the URL as the browser would; returns the stored entry. */
async function signIn(world: TestWorld = cli.world) {
	const pi = startPi(world, ["auth", "login", "anthropic"], { env: oauthEnv() });
	const url = await printedUrl(pi.stderr);
	const page = await fetch(url);
	expect(page.status).toBe(200);
	const exit = await pi.exited;
	expect({ code: exit.code, stderr: pi.stderr() }).toMatchObject({ code: 0 });
	expect(pi.stdout()).toBe(`Signed in to Claude Pro/Max; the anthropic credentials are saved in ${authPath()}.\n`);
	return readAuth().anthropic as { type: string; access: string; refresh: string; expires: number };
}

/** The bearer token of each request the mock model server received. */
function bearerTokens(): string[] {
	return cli.server.requests.map((request) => String(request.headers.authorization ?? ""));
}

describe("pi auth login", () => {
	it("signs in to Claude Pro/Max through the loopback callback and stores the entry 0600", async () => {
		writeAuth({ openai: { type: "api_key", key: "sk-openai-keep" } });
		const entry = await signIn();
		expect(Object.keys(entry).sort()).toEqual(["access", "expires", "refresh", "type"]);
		expect(entry.type).toBe("oauth");
		expect(entry.access).toBe(oauth.issued.at(-1)!.access);
		expect(entry.expires).toBeGreaterThan(Date.now());
		expect(readAuth().openai).toEqual({ type: "api_key", key: "sk-openai-keep" });
		expect(statSync(authPath()).mode & 0o777).toBe(0o600);
		expect(oauth.counts.authorizationCode).toBe(1);
	});

	it("accepts the redirect URL pasted on stdin when the browser cannot reach the callback", async () => {
		const pi = startPi(cli.world, ["auth", "login", "anthropic"], { env: oauthEnv() });
		const url = await printedUrl(pi.stderr);
		// The browser on another machine: it gets the redirect but never reaches this machine's callback.
		const redirect = await fetch(url, { redirect: "manual" });
		const location = redirect.headers.get("location")!;
		expect(location).toContain("code=");
		pi.write(`${location}\n`);
		const exit = await pi.exited;
		expect(exit.code).toBe(0);
		expect(readAuth().anthropic.access).toBe(oauth.issued.at(-1)!.access);
	});

	it("signs in to ChatGPT (Codex) through its loopback callback, keeping the account id", async () => {
		const pi = startPi(cli.world, ["auth", "login", "openai-codex"], { env: oauthEnv() });
		pi.write("\n"); // the default login method: the browser
		expect((await fetch(await printedUrl(pi.stderr))).status).toBe(200);
		const exit = await pi.exited;
		expect({ code: exit.code, stderr: pi.stderr() }).toMatchObject({ code: 0 });
		expect(readAuth()["openai-codex"]).toMatchObject({ type: "oauth", accountId: oauth.codexAccountId });
	});

	it("signs in to ChatGPT (Codex) with a device code when that method is picked (no browser, no callback)", async () => {
		const pi = startPi(cli.world, ["auth", "login", "openai-codex"], { env: oauthEnv() });
		await until(() => pi.stderr().includes("2) Device code login"));
		pi.write("2\n");
		const exit = await pi.exited;
		expect({ code: exit.code, stderr: pi.stderr() }).toMatchObject({ code: 0 });
		expect(pi.stderr()).toContain(`${oauth.url}/codex/device`);
		expect(pi.stderr()).toMatch(/Code: [A-Z0-9]{4}-[A-Z0-9]{5}/);
		expect(readAuth()["openai-codex"]).toMatchObject({ type: "oauth", accountId: oauth.codexAccountId });
		expect(oauth.counts.codexDevicePoll).toBeGreaterThan(0);
		expect(oauth.counts.authorize).toBe(0);
	});

	it("Ctrl+C cancels a sign-in cleanly: exit 130, nothing stored", async () => {
		writeAuth({ openai: { type: "api_key", key: "sk-openai-keep" } });
		const before = readFileSync(authPath());
		const pi = startPi(cli.world, ["auth", "login", "anthropic"], { env: oauthEnv() });
		await printedUrl(pi.stderr);
		pi.kill("SIGINT");
		const exit = await pi.exited;
		expect(exit.code).toBe(130);
		expect(pi.stderr()).toContain("Sign-in cancelled; nothing was stored.");
		expect(readFileSync(authPath()).equals(before)).toBe(true);
	});

	it("signs in to GitHub Copilot with the device flow, showing the code", async () => {
		const pi = startPi(cli.world, ["auth", "login", "github-copilot"], { env: oauthEnv() });
		pi.write("\n"); // github.com, not an enterprise domain
		const exit = await pi.exited;
		expect({ code: exit.code, stderr: pi.stderr() }).toMatchObject({ code: 0 });
		expect(pi.stderr()).toMatch(/Code: \S+/);
		const entry = readAuth()["github-copilot"];
		expect(entry.type).toBe("oauth");
		expect(typeof entry.refresh).toBe("string");
		expect(oauth.counts.devicePoll).toBeGreaterThan(0);
		expect(oauth.counts.copilotToken).toBe(1);
	});

	it("stores an API key piped on stdin, and logout removes only that provider", async () => {
		writeAuth({ google: { type: "api_key", key: "g-key-keep" } });
		const login = await runPi(cli.world, ["auth", "login", "openai"], { stdin: "sk-piped-key-123\n" });
		expect(login.code).toBe(0);
		expect(readAuth().openai).toEqual({ type: "api_key", key: "sk-piped-key-123" });
		const logout = await runPi(cli.world, ["auth", "logout", "openai"]);
		expect(logout.code).toBe(0);
		expect(readAuth()).toEqual({ google: { type: "api_key", key: "g-key-keep" } });
	});
});

describe("token refresh in a prompt run", () => {
	it("refreshes an expired token before the request; the request carries the new token", async () => {
		const entry = await signIn();
		writeAuth({ anthropic: { ...entry, expires: Date.now() - 1000 } });
		cli.server.enqueue({ text: "ok" });
		const run = await runPi(cli.world, ["-p", "--model", MODEL, "hi"], { env: oauthEnv() });
		expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
		const stored = readAuth().anthropic;
		expect(stored.access).not.toBe(entry.access);
		expect(stored.expires).toBeGreaterThan(Date.now());
		expect(oauth.counts.refresh).toBe(1);
		expect(bearerTokens()).toEqual([`Bearer ${stored.access}`]);
	});

	it("after a 401 refreshes once and sends the request again with the new token", async () => {
		const entry = await signIn();
		cli.server.enqueue({ httpError: { status: 401, type: "authentication_error", message: "token revoked" } });
		cli.server.enqueue({ text: "ok after refresh" });
		const run = await runPi(cli.world, ["-p", "--model", MODEL, "hi"], { env: oauthEnv() });
		expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: "ok after refresh\n" });
		const stored = readAuth().anthropic;
		expect(oauth.counts.refresh).toBe(1);
		expect(bearerTokens()).toEqual([`Bearer ${entry.access}`, `Bearer ${stored.access}`]);
	});

	it("a second 401 is reported as it came", async () => {
		await signIn();
		for (let i = 0; i < 2; i++) {
			cli.server.enqueue({ httpError: { status: 401, type: "authentication_error", message: "still refused" } });
		}
		const run = await runPi(cli.world, ["-p", "--model", MODEL, "hi"], { env: oauthEnv() });
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("still refused");
		expect(oauth.counts.refresh).toBe(1);
		expect(cli.server.requests).toHaveLength(2);
	});

	it("two processes refreshing at the same time make one refresh and both use its token", async () => {
		const entry = await signIn();
		writeAuth({ anthropic: { ...entry, expires: Date.now() - 1000 } });
		oauth.setTokenDelay(1500);
		cli.server.enqueue({ text: "one" }, { text: "two" });
		const first = runPi(cli.world, ["-p", "--model", MODEL, "first"], { env: oauthEnv() });
		// The second starts while the first one's refresh is at the token endpoint (holding the auth.json lock).
		await until(() =>
			oauth.requests.some((request) => typeof request.body === "object" && request.body.grant_type === "refresh_token"),
		);
		const second = runPi(cli.world, ["-p", "--model", MODEL, "second"], { env: oauthEnv() });
		const runs = await Promise.all([first, second]);
		// The second may say it waits for the first one's lock (after a second of waiting, on a slow machine); nothing else.
		const waiting = /^(Warning: )?Waiting for \S+auth\.json\.lock: another pi process is refreshing a sign-in [^\n]*\n/;
		expect(runs.map((run) => ({ code: run.code, stderr: run.stderr.replace(waiting, "") }))).toEqual([
			{ code: 0, stderr: "" },
			{ code: 0, stderr: "" },
		]);
		expect(oauth.counts.refresh).toBe(1);
		const stored = readAuth().anthropic;
		expect(bearerTokens()).toEqual([`Bearer ${stored.access}`, `Bearer ${stored.access}`]);
	});

	it("a revoked refresh token asks to sign in again and leaves auth.json byte-identical", async () => {
		const entry = await signIn();
		oauth.revoke(entry.refresh);
		writeAuth({
			openai: { type: "api_key", key: "sk-openai-keep" },
			anthropic: { ...entry, expires: Date.now() - 1000 },
			"some-other": { type: "oauth", access: "x-access", refresh: "x-refresh", expires: 1 },
		});
		const before = readFileSync(authPath());
		const run = await runPi(cli.world, ["-p", "--model", MODEL, "hi"], { env: oauthEnv() });
		expect(run.code).toBe(1);
		expect(run.stderr).toContain(refreshTexts.signInAgain("Claude Pro/Max", "anthropic"));
		expect(readFileSync(authPath()).equals(before)).toBe(true);
		expect(cli.server.requests).toHaveLength(0);
	});
});

describe("pi auth check / print-api-key / print-bearer-token", () => {
	it("check: ready with source and expiry (0), not_ready (1), invalid after a revoked refresh (2)", async () => {
		const entry = await signIn();
		const ready = await runPi(cli.world, ["auth", "check", "anthropic", "--json"], { env: oauthEnv() });
		expect(ready.code).toBe(0);
		expect(JSON.parse(ready.stdout)).toEqual({
			status: "ready",
			provider: "anthropic",
			authType: "oauth",
			source: "auth.json",
			expires: entry.expires,
			refreshed: false,
		});
		const withCredential = await runPi(cli.world, ["auth", "check", "anthropic", "--credentials"], { env: oauthEnv() });
		expect({ code: withCredential.code, stdout: withCredential.stdout }).toEqual({
			code: 0,
			stdout: `${entry.access}\n`,
		});
		const text = await runPi(cli.world, ["auth", "check", "--model", MODEL], { env: oauthEnv() });
		expect(text.stdout).toMatch(/^ready {2}anthropic {2}auth\.json \(oauth\) {2}expires \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
		const env = await runPi(cli.world, ["auth", "check", "openai", "--json"], {
			env: { ...oauthEnv(), OPENAI_API_KEY: "sk-env-openai-1" },
		});
		expect(JSON.parse(env.stdout)).toMatchObject({ status: "ready", source: "env", envVar: "OPENAI_API_KEY" });
		const missing = await runPi(cli.world, ["auth", "check", "openai"]);
		expect({ code: missing.code, stdout: missing.stdout }).toEqual({
			code: 1,
			stdout: "not_ready  openai  credentials not configured\n",
		});

		oauth.revoke(entry.refresh);
		writeAuth({ anthropic: { ...entry, expires: Date.now() - 1000 } });
		const noRefresh = await runPi(cli.world, ["auth", "check", "anthropic", "--no-refresh", "--json"]);
		expect(noRefresh.code).toBe(1);
		expect(JSON.parse(noRefresh.stdout)).toMatchObject({ status: "not_ready", reason: "token_expired" });
		expect(oauth.counts.refresh).toBe(0);
		const invalid = await runPi(cli.world, ["auth", "check", "anthropic", "--json"], { env: oauthEnv() });
		expect(invalid.code).toBe(2);
		expect(JSON.parse(invalid.stdout)).toMatchObject({
			status: "invalid",
			reason: "refresh_failed",
			message: refreshTexts.signInAgain("Claude Pro/Max", "anthropic"),
		});
	});

	it("print commands write the secret alone on stdout; errors go to stderr with exit 1", async () => {
		const entry = await signIn();
		const token = await runPi(cli.world, ["auth", "print-bearer-token", "anthropic"], { env: oauthEnv() });
		expect({ code: token.code, stdout: token.stdout, stderr: token.stderr }).toEqual({
			code: 0,
			stdout: `${entry.access}\n`,
			stderr: "",
		});
		// More validity asked for than the token has left: refreshed first. A library writing to stdout during the
		// refresh (the preload makes every fetch do so) does not end up in the output.
		const longer = await runPi(cli.world, ["auth", "print-bearer-token", "anthropic", "--min-expiry", "2h"], {
			env: { ...oauthEnv(), NODE_OPTIONS: `--import=${NOISY_FETCH_PRELOAD}` },
		});
		expect(longer.code).toBe(0);
		expect(longer.stderr).toContain("stray stdout.write");
		expect(longer.stdout).toBe(`${readAuth().anthropic.access}\n`);
		expect(longer.stdout).not.toBe(`${entry.access}\n`);
		expect(oauth.counts.refresh).toBe(1);

		const notKey = await runPi(cli.world, ["auth", "print-api-key", "anthropic"]);
		expect({ code: notKey.code, stdout: notKey.stdout }).toEqual({ code: 1, stdout: "" });
		expect(notKey.stderr).toContain("not an API key");

		const key = await runPi(cli.world, ["auth", "print-api-key", "openai"], {
			env: { OPENAI_API_KEY: "sk-env-openai-1" },
		});
		expect({ code: key.code, stdout: key.stdout, stderr: key.stderr }).toEqual({
			code: 0,
			stdout: "sk-env-openai-1\n",
			stderr: "",
		});
		const noToken = await runPi(cli.world, ["auth", "print-bearer-token", "openai"]);
		expect({ code: noToken.code, stdout: noToken.stdout }).toEqual({ code: 1, stdout: "" });
		const usage = await runPi(cli.world, ["auth", "print-api-key"]);
		expect(usage.code).toBe(2);
		expect(usage.stderr).toBe(
			"Error: pi auth print-api-key needs a provider or a model: pi auth print-api-key <provider|model>\n",
		);
	});
});

describe("auth.json written by the original pi", () => {
	/** A ChatGPT access token as the original stores it: a JWT whose auth claim names the account. */
	function chatgptJwt(accountId: string): string {
		const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
		return `${part({ alg: "none" })}.${part({ "https://api.openai.com/auth": { chatgpt_account_id: accountId } })}.sig`;
	}

	it("a Codex sign-in entry in the original's shape is used as it is: bearer token and account header", async () => {
		const modelsFile = join(cli.world.agentDir, "models.json");
		const models = JSON.parse(readFileSync(modelsFile, "utf8"));
		models.providers["openai-codex"] = { baseUrl: `${cli.server.url}/backend-api` };
		writeFileSync(modelsFile, JSON.stringify(models, null, 2));
		const access = chatgptJwt("acct-from-original");
		// The fields the original's Codex login writes, nothing more.
		writeAuth({
			"openai-codex": {
				type: "oauth",
				access,
				refresh: "rt-original",
				expires: Date.now() + 3_600_000,
				accountId: "acct-from-original",
			},
		});
		cli.server.enqueue({ text: "codex answer" });
		const run = await runPi(cli.world, ["-p", "--model", "openai-codex/gpt-5.5", "hi"], { env: oauthEnv() });
		expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
		expect(run.stdout).toContain("codex answer");
		const [request] = cli.server.requests;
		expect(request?.path).toMatch(/\/backend-api\/codex\/responses$/);
		expect(request?.headers.authorization).toBe(`Bearer ${access}`);
		expect(request?.headers["chatgpt-account-id"]).toBe("acct-from-original");
		// Fresh: nothing refreshed, the entry unchanged.
		expect(oauth.counts.refresh).toBe(0);
		expect(readAuth()["openai-codex"].refresh).toBe("rt-original");
	});
});

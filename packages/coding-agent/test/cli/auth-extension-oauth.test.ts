/**
 * A sign-in registered by an extension (`pi.registerProvider(name, { oauth })`, the original pi's shape) end to end:
 * the built `pi` loads our fixture (fixtures/oauth-provider-extension.ts) with `-e` or from `.pi/extensions`, signs
 * in through `pi auth login corp-ai` against a tiny token server of this test, and refreshes under the same lock as
 * the built-in subscriptions before expiry and after a 401. Model requests go to the mock model server, whose URL
 * only the fixture's modifyModels knows (from the credentials).
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authCliTexts } from "../../src/cli/auth-texts.js";
import { signInTexts } from "../../src/core/auth/texts.js";
import { runPi, startPi, until, useCliWorld } from "./harness.js";

const FIXTURE = join(import.meta.dirname, "fixtures", "oauth-provider-extension.ts");
const cli = useCliWorld({ resetServerEachTest: true });

/** The fixture's single sign-on: one authorization code, refresh tokens rotated on every refresh. */
interface TokenServer {
	url: string;
	refreshes: number;
	issued: number;
	close(): void;
}
let sso: TokenServer;

async function startTokenServer(apiBase: () => string): Promise<TokenServer> {
	const state = { refreshes: 0, issued: 0, liveRefresh: "" };
	const server: Server = createServer((request, response) => {
		let body = "";
		request.on("data", (chunk) => {
			body += chunk;
		});
		request.on("end", () => {
			const grant = body ? (JSON.parse(body) as Record<string, string>) : {};
			const valid =
				(grant.grant_type === "authorization_code" && grant.code === "good-code") ||
				(grant.grant_type === "refresh_token" && grant.refresh_token === state.liveRefresh);
			if (request.url !== "/token" || !valid) {
				response.writeHead(400, { "content-type": "application/json" });
				response.end(JSON.stringify({ error: "invalid_grant" }));
				return;
			}
			if (grant.grant_type === "refresh_token") state.refreshes++;
			state.issued++;
			state.liveRefresh = `refresh-${state.issued}`;
			response.writeHead(200, { "content-type": "application/json" });
			response.end(
				JSON.stringify({
					access_token: `access-${state.issued}`,
					refresh_token: state.liveRefresh,
					expires_in: 3600,
					api_base: apiBase(),
				}),
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		get refreshes() {
			return state.refreshes;
		},
		get issued() {
			return state.issued;
		},
		close: () => server.close(),
	};
}

beforeAll(async () => {
	sso = await startTokenServer(() => `${cli.server.url}/v1`);
});
afterAll(() => sso?.close());
beforeEach(() => writeAuth({}));

const env = () => ({ CORP_SSO_URL: sso.url, PI_NO_BROWSER: "1" });
const authPath = () => join(cli.world.agentDir, "auth.json");
const readAuth = () => JSON.parse(readFileSync(authPath(), "utf8"));
function writeAuth(entries: Record<string, unknown>): void {
	writeFileSync(authPath(), `${JSON.stringify(entries, null, 2)}\n`, { mode: 0o600 });
}
const bearerTokens = () => cli.server.requests.map((request) => String(request.headers.authorization ?? ""));

/** `pi auth login corp-ai -e <fixture>`, answering the code question; returns the stored entry. */
async function signIn() {
	const pi = startPi(cli.world, ["auth", "login", "corp-ai", "-e", FIXTURE], { env: env() });
	await until(() => pi.stderr().includes("Code from the SSO page (code): "));
	pi.write("good-code\n");
	const exit = await pi.exited;
	expect({ code: exit.code, stderr: pi.stderr() }).toMatchObject({ code: 0 });
	expect(pi.stderr()).toContain(`${sso.url}/authorize`);
	expect(pi.stderr()).toContain("Approve, then paste the code shown.");
	expect(pi.stderr()).toContain("Exchanging the code...");
	expect(pi.stdout()).toBe(`${authCliTexts.signedIn("Corp AI (SSO)", "corp-ai", authPath())}\n`);
	return readAuth()["corp-ai"] as Record<string, unknown> & { access: string; expires: number };
}

describe("an extension's sign-in in pi auth", () => {
	it("pi auth login <name> runs the extension's flow and stores an oauth entry under the provider name", async () => {
		const entry = await signIn();
		expect(entry).toMatchObject({
			type: "oauth",
			access: "access-1",
			refresh: "refresh-1",
			apiBase: `${cli.server.url}/v1`,
		});
		expect(entry.expires).toBeGreaterThan(Date.now());
	});

	it("pi auth login lists it with the subscriptions, not among the API-key providers", async () => {
		const run = await runPi(cli.world, ["auth", "login", "-e", FIXTURE], { env: env() });
		expect(run.code).toBe(2);
		const [subscriptions, keys] = run.stdout.split(authCliTexts.apiKeyHeading);
		expect(subscriptions).toMatch(/\d+\. corp-ai\s+Corp AI \(SSO\)/);
		expect(keys).not.toContain("corp-ai");
		// Without the extension, pi has no sign-in of that name.
		const bare = await runPi(cli.world, ["auth", "login"], { env: env() });
		expect(bare.stdout).not.toContain("corp-ai");
	});

	it("pi auth check refreshes an expired entry through the extension's refreshToken; print-bearer-token prints its getApiKey", async () => {
		const entry = await signIn();
		writeAuth({ "corp-ai": { ...entry, expires: Date.now() - 1000 } });
		const before = sso.refreshes;
		const check = await runPi(cli.world, ["auth", "check", "corp-ai", "-e", FIXTURE], { env: env() });
		expect({ code: check.code, stderr: check.stderr }).toEqual({ code: 0, stderr: "" });
		expect(check.stdout).toMatch(/^ready\s+corp-ai\s+auth\.json \(oauth\)/);
		expect(sso.refreshes).toBe(before + 1);
		const stored = readAuth()["corp-ai"];
		expect(stored).toMatchObject({ type: "oauth", access: `access-${sso.issued}`, refresh: `refresh-${sso.issued}` });
		const token = await runPi(
			cli.world,
			["auth", "print-bearer-token", "corp-ai", "-e", FIXTURE, "--min-expiry", "1m"],
			{
				env: env(),
			},
		);
		expect(token.stdout).toBe(`corp.${stored.access}\n`);
		const key = await runPi(cli.world, ["auth", "print-api-key", "corp-ai", "-e", FIXTURE], { env: env() });
		expect({ code: key.code, stderr: key.stderr }).toEqual({
			code: 1,
			stderr: `Error: ${authCliTexts.isOAuthNotKey("corp-ai")}\n`,
		});
	});

	it("pi auth logout without a provider loads the extensions and lists the entry under its sign-in's name", async () => {
		await signIn();
		const run = await runPi(cli.world, ["auth", "logout", "-e", FIXTURE], { env: env() });
		expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
		expect(run.stdout).toMatch(/^ {2}corp-ai {2}Corp AI \(SSO\)$/m);
		// Without the extension the entry is still listed, as a sign-in pi cannot name.
		const bare = await runPi(cli.world, ["auth", "logout", "--no-extensions"], { env: env() });
		expect(bare.stdout).toMatch(/^ {2}corp-ai {2}OAuth$/m);
		const removed = await runPi(cli.world, ["auth", "logout", "corp-ai"], { env: env() });
		expect(removed.code).toBe(0);
		expect(readAuth()["corp-ai"]).toBeUndefined();
	});

	it("an extension in .pi/extensions is found by pi auth check too", async () => {
		const entry = await signIn();
		mkdirSync(join(cli.world.cwd, ".pi", "extensions"), { recursive: true });
		cpSync(FIXTURE, join(cli.world.cwd, ".pi", "extensions", "corp-ai.ts"));
		try {
			writeAuth({ "corp-ai": { ...entry, expires: Date.now() - 1000 } });
			const check = await runPi(cli.world, ["auth", "check", "corp-ai", "--json"], { env: env() });
			expect(JSON.parse(check.stdout)).toMatchObject({ status: "ready", provider: "corp-ai", authType: "oauth" });
		} finally {
			writeFileSync(join(cli.world.cwd, ".pi", "extensions", "corp-ai.ts"), "export default function () {}\n");
		}
	});
});

describe("an extension's sign-in in a prompt run", () => {
	const MODEL = "corp-ai/corp-model";

	it("before signing in, a prompt to its model names the sign-in and sends nothing", async () => {
		const run = await runPi(cli.world, ["-p", "-e", FIXTURE, "--model", MODEL, "hi"], { env: env() });
		expect({ code: run.code, stderr: run.stderr }).toEqual({
			code: 1,
			stderr: `Error: ${signInTexts.notSignedIn("Corp AI (SSO)", "corp-ai")}\n`,
		});
		expect(cli.server.requests).toHaveLength(0);
	});

	it("refreshes an expired token before the request; modifyModels and getApiKey shape the request", async () => {
		const entry = await signIn();
		writeAuth({ "corp-ai": { ...entry, expires: Date.now() - 1000 } });
		cli.server.enqueue({ text: "ok" });
		const run = await runPi(cli.world, ["-p", "-e", FIXTURE, "--model", MODEL, "hi"], { env: env() });
		expect({ code: run.code, stderr: run.stderr, stdout: run.stdout }).toEqual({ code: 0, stderr: "", stdout: "ok\n" });
		const stored = readAuth()["corp-ai"];
		expect(stored.access).not.toBe(entry.access);
		expect(bearerTokens()).toEqual([`Bearer corp.${stored.access}`]);
	});

	it("after a 401 refreshes once and sends the request again with the new token", async () => {
		const entry = await signIn();
		const before = sso.refreshes;
		cli.server.enqueue({ httpError: { status: 401, type: "authentication_error", message: "token revoked" } });
		cli.server.enqueue({ text: "ok after refresh" });
		const run = await runPi(cli.world, ["-p", "-e", FIXTURE, "--model", MODEL, "hi"], { env: env() });
		expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 0, stdout: "ok after refresh\n" });
		const stored = readAuth()["corp-ai"];
		expect(sso.refreshes).toBe(before + 1);
		expect(bearerTokens()).toEqual([`Bearer corp.${entry.access}`, `Bearer corp.${stored.access}`]);
	});

	it("a refresh the token endpoint refuses names the extension's sign-in and keeps auth.json", async () => {
		const entry = await signIn();
		const stale = { ...entry, refresh: "refresh-revoked", expires: Date.now() - 1000 };
		writeAuth({ "corp-ai": stale });
		const before = readFileSync(authPath(), "utf8");
		const run = await runPi(cli.world, ["-p", "-e", FIXTURE, "--model", MODEL, "hi"], { env: env() });
		expect(run.code).toBe(1);
		expect(run.stderr).toContain("Could not refresh the Corp AI (SSO) sign-in: token endpoint answered 400");
		expect(readFileSync(authPath(), "utf8")).toBe(before);
		expect(cli.server.requests).toHaveLength(0);
	});
});

import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ANTHROPIC_OAUTH, createAnthropicOAuth } from "../../src/oauth/anthropic.js";
import { OAUTH_TEXTS } from "../../src/oauth/texts.js";
import { OAuthError } from "../../src/oauth/types.js";
import { type MockOAuthServer, startMockOAuthServer } from "../../src/testing/index.js";
import { redirectOf, redirectUriOf, scriptLogin } from "./helpers.js";

let mock: MockOAuthServer;
beforeAll(async () => {
	mock = await startMockOAuthServer();
});
afterAll(() => mock.close());
afterEach(() => mock.reset());

const provider = () => createAnthropicOAuth({ baseUrl: mock.url, callbackPort: 0 });

describe("Anthropic sign-in (Claude Pro/Max)", () => {
	it("signs in through the browser redirect: PKCE code exchange, credentials with a shortened expiry", async () => {
		const script = scriptLogin();
		const before = Date.now();
		const credentials = await provider().login(script.callbacks);

		const authUrl = new URL(script.auths[0]?.url ?? "");
		expect(authUrl.origin).toBe(mock.url);
		expect(authUrl.pathname).toBe("/oauth/authorize");
		expect(authUrl.searchParams.get("client_id")).toBe(ANTHROPIC_OAUTH.clientId);
		expect(authUrl.searchParams.get("code")).toBe("true");
		expect(authUrl.searchParams.get("scope")).toBe(ANTHROPIC_OAUTH.scopes);
		expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
		expect(redirectUriOf(authUrl.href).hostname).toBe("localhost");
		expect(redirectUriOf(authUrl.href).pathname).toBe("/callback");

		const issued = mock.issued.at(-1);
		expect(credentials).toEqual({ refresh: issued?.refresh, access: issued?.access, expires: expect.any(Number) });
		// expires_in 3600 s less the 5 minute margin.
		expect(credentials.expires).toBeGreaterThanOrEqual(before + 3300_000);
		expect(credentials.expires).toBeLessThanOrEqual(Date.now() + 3300_000);

		const exchange = mock.requests.find((request) => request.path === "/v1/oauth/token");
		expect(exchange?.headers["content-type"]).toContain("application/json");
		expect(exchange?.body).toMatchObject({ grant_type: "authorization_code", client_id: ANTHROPIC_OAUTH.clientId });
		const page = await script.browserPage;
		expect(page).toEqual({ status: 200, text: expect.stringContaining(OAUTH_TEXTS.pageSuccess("Claude Pro/Max")) });
		expect(script.progress).toContain(OAUTH_TEXTS.exchangingCode);
	});

	it("accepts the pasted redirect URL when the browser cannot reach the callback server", async () => {
		const script = scriptLogin({ browser: false, paste: async (url) => (await redirectOf(url)).href });
		const credentials = await provider().login(script.callbacks);
		expect(credentials.access).toBe(mock.issued.at(-1)?.access);
		expect(mock.counts.authorizationCode).toBe(1);
	});

	it("accepts code#state, the form Anthropic's copy-code page shows", async () => {
		const script = scriptLogin({
			browser: false,
			paste: async (url) => {
				const redirect = await redirectOf(url);
				return `  ${redirect.searchParams.get("code")}#${redirect.searchParams.get("state")}\n`;
			},
		});
		const credentials = await provider().login(script.callbacks);
		expect(credentials.refresh).toBe(mock.issued.at(-1)?.refresh);
	});

	it("accepts a bare code", async () => {
		const script = scriptLogin({
			browser: false,
			paste: async (url) => (await redirectOf(url)).searchParams.get("code") ?? "",
		});
		const credentials = await provider().login(script.callbacks);
		expect(credentials.access).toBe(mock.issued.at(-1)?.access);
	});

	it("refuses a paste from another sign-in attempt (state mismatch) without exchanging it", async () => {
		const script = scriptLogin({
			browser: false,
			paste: async (url) => {
				const redirect = await redirectOf(url);
				return `${redirect.searchParams.get("code")}#some-other-state`;
			},
		});
		const error = await provider()
			.login(script.callbacks)
			.catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(OAuthError);
		expect(error).toMatchObject({ code: "state_mismatch", message: OAUTH_TEXTS.stateMismatch });
		expect(mock.counts.authorizationCode).toBe(0);
	});

	it("ends with `denied` when the user refuses access in the browser", async () => {
		mock.setAuthorizeOutcome("deny");
		const script = scriptLogin();
		await expect(provider().login(script.callbacks)).rejects.toMatchObject({ code: "denied" });
	});

	it("abort closes the callback server and rejects with `aborted`", async () => {
		const controller = new AbortController();
		const script = scriptLogin({ browser: false, signal: controller.signal });
		const login = provider().login(script.callbacks);
		await until(() => script.auths.length > 0);
		const port = Number(redirectUriOf(script.auths[0]?.url ?? "").port);
		controller.abort();
		await expect(login).rejects.toMatchObject({ code: "aborted", message: OAUTH_TEXTS.aborted });
		// The port is free again: the server really closed.
		await expect(listenOn(port)).resolves.toBeUndefined();
	});

	it("port taken: goes on paste-only, keeping the registered redirect URI (that port) in the authorization URL", async () => {
		const holder = createServer();
		await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
		const port = (holder.address() as { port: number }).port;
		try {
			const script = scriptLogin({ browser: false, paste: async (url) => (await redirectOf(url)).href });
			const credentials = await createAnthropicOAuth({ baseUrl: mock.url, callbackPort: port }).login(script.callbacks);
			expect(credentials.access).toBe(mock.issued.at(-1)?.access);
			const redirectUri = redirectUriOf(script.auths[0]?.url ?? "");
			expect(redirectUri.href).toBe(`http://localhost:${port}/callback`);
			expect(script.auths[0]?.instructions).toBe(OAUTH_TEXTS.pasteOnlyInstructions);
			expect(script.progress[0]).toBe(OAUTH_TEXTS.callbackUnavailable("127.0.0.1", port));
			// The code exchange names the same redirect URI, which the token endpoint checks.
			const exchange = mock.requests.find((request) => request.path === "/v1/oauth/token");
			expect(exchange?.body).toMatchObject({ redirect_uri: redirectUri.href });

			// An empty paste has nothing to wait for: the sign-in ends, exchanging nothing.
			const before = mock.counts.authorizationCode;
			const empty = scriptLogin({ browser: false, paste: () => "  " });
			await expect(
				createAnthropicOAuth({ baseUrl: mock.url, callbackPort: port }).login(empty.callbacks),
			).rejects.toMatchObject({ message: OAUTH_TEXTS.missingCode });
			expect(mock.counts.authorizationCode).toBe(before);
		} finally {
			holder.close();
		}
	});

	it("fails with `callback_port_in_use` and a message pointing at the paste fallback when the port is taken and no paste input exists", async () => {
		const holder = createServer();
		await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
		const port = (holder.address() as { port: number }).port;
		try {
			const script = scriptLogin();
			const error = await createAnthropicOAuth({ baseUrl: mock.url, callbackPort: port })
				.login(script.callbacks)
				.catch((caught: unknown) => caught);
			expect(error).toMatchObject({ code: "callback_port_in_use", message: OAUTH_TEXTS.portInUse("127.0.0.1", port) });
			expect((error as Error).message).toContain("paste the final redirect URL");
			expect(script.auths).toEqual([]);
		} finally {
			holder.close();
		}
	});

	it("refreshes: a new access token and the rotated refresh token, extra fields kept", async () => {
		const credentials = await provider().login(scriptLogin().callbacks);
		const refreshed = await provider().refresh({ ...credentials, type: "oauth" });
		expect(refreshed.access).not.toBe(credentials.access);
		expect(refreshed.refresh).toBe(mock.issued.at(-1)?.refresh);
		expect(refreshed.refresh).not.toBe(credentials.refresh);
		expect(refreshed.type).toBe("oauth");
		expect(mock.counts.refresh).toBe(1);
		expect(provider().getApiKey(refreshed)).toBe(refreshed.access);
	});

	it("a revoked refresh token fails with `revoked` and says to sign in again, naming no token", async () => {
		const credentials = await provider().login(scriptLogin().callbacks);
		mock.revoke(credentials.refresh);
		const error = await provider()
			.refresh(credentials)
			.catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(OAuthError);
		expect(error).toMatchObject({ code: "revoked", status: 400 });
		expect((error as Error).message).toBe(OAUTH_TEXTS.signInAgain("Claude Pro/Max", "anthropic"));
		expect((error as Error).message).toContain("pi auth login anthropic");
		expect((error as Error).message).not.toContain(credentials.refresh);
	});

	it("a refresh token used once already (rotation) is refused as `revoked`", async () => {
		const credentials = await provider().login(scriptLogin().callbacks);
		await provider().refresh(credentials);
		await expect(provider().refresh(credentials)).rejects.toMatchObject({ code: "revoked" });
	});

	it("an unreachable token endpoint fails with `network`", async () => {
		const port = await freePort();
		const error = await createAnthropicOAuth({ baseUrl: `http://127.0.0.1:${port}` })
			.refresh({ refresh: "r", access: "a", expires: 0 })
			.catch((caught: unknown) => caught);
		expect(error).toMatchObject({ code: "network" });
		expect((error as Error).message).toContain(`127.0.0.1:${port}`);
	});

	it("another HTTP failure is `http` with its status", async () => {
		// The token path under a prefix the mock does not serve: a plain 404.
		const error = await createAnthropicOAuth({ baseUrl: `${mock.url}/nowhere` })
			.refresh({ refresh: "r", access: "a", expires: 0 })
			.catch((caught: unknown) => caught);
		expect(error).toMatchObject({ code: "http", status: 404 });
	});
});

async function until(condition: () => boolean): Promise<void> {
	while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

function listenOn(port: number): Promise<void> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once("error", reject);
		server.listen(port, "127.0.0.1", () => server.close(() => resolve()));
	});
}

async function freePort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const port = (server.address() as { port: number }).port;
	await new Promise((resolve) => server.close(resolve));
	return port;
}

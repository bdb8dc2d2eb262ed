import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { codexAccountId, createOpenAICodexOAuth, OPENAI_CODEX_OAUTH } from "../../src/oauth/openai-codex.js";
import { OAUTH_TEXTS } from "../../src/oauth/texts.js";
import { OAuthError } from "../../src/oauth/types.js";
import { type MockOAuthServer, startMockOAuthServer } from "../../src/testing/index.js";
import { redirectOf, redirectUriOf, scriptLogin } from "./helpers.js";

let mock: MockOAuthServer;
beforeAll(async () => {
	mock = await startMockOAuthServer({ codexAccountId: "acct-1234" });
});
afterAll(() => mock.close());
afterEach(() => mock.reset());

const provider = () => createOpenAICodexOAuth({ baseUrl: mock.url, callbackPort: 0 });

describe("OpenAI Codex sign-in (ChatGPT Plus/Pro)", () => {
	it("signs in through the loopback callback on /auth/callback and stores the account id as `accountId`", async () => {
		const script = scriptLogin();
		const credentials = await provider().login(script.callbacks);

		const authUrl = new URL(script.auths[0]?.url ?? "");
		expect(authUrl.pathname).toBe("/oauth/authorize");
		expect(Object.fromEntries(authUrl.searchParams)).toMatchObject({
			client_id: OPENAI_CODEX_OAUTH.clientId,
			response_type: "code",
			scope: "openid profile email offline_access",
			code_challenge_method: "S256",
			id_token_add_organizations: "true",
			codex_cli_simplified_flow: "true",
			originator: "pi",
		});
		expect(redirectUriOf(authUrl.href).pathname).toBe("/auth/callback");

		expect(credentials).toEqual({
			access: mock.issued.at(-1)?.access,
			refresh: mock.issued.at(-1)?.refresh,
			expires: expect.any(Number),
			accountId: "acct-1234",
		});
		const exchange = mock.requests.find((request) => request.path === "/oauth/token");
		expect(exchange?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
		expect(exchange?.body).toMatchObject({ grant_type: "authorization_code", client_id: OPENAI_CODEX_OAUTH.clientId });
		expect((await script.browserPage)?.status).toBe(200);
	});

	it("takes a pasted redirect URL instead of the callback", async () => {
		const script = scriptLogin({ browser: false, paste: async (url) => (await redirectOf(url)).href });
		await expect(provider().login(script.callbacks)).resolves.toMatchObject({ accountId: "acct-1234" });
	});

	it("refuses a pasted query string with another attempt's state", async () => {
		const script = scriptLogin({
			browser: false,
			paste: async (url) => `code=${(await redirectOf(url)).searchParams.get("code")}&state=stale`,
		});
		await expect(provider().login(script.callbacks)).rejects.toMatchObject({ code: "state_mismatch" });
	});

	it("refreshes with a form-encoded refresh grant and reads the account id again", async () => {
		const credentials = await provider().login(scriptLogin().callbacks);
		const refreshed = await provider().refresh(credentials);
		expect(refreshed).toMatchObject({ accountId: "acct-1234", refresh: mock.issued.at(-1)?.refresh });
		expect(refreshed.access).not.toBe(credentials.access);
		expect(mock.requests.at(-1)?.body).toMatchObject({
			grant_type: "refresh_token",
			refresh_token: credentials.refresh,
		});
	});

	it("a revoked refresh token (OpenAI's 401 error shape) fails with `revoked`", async () => {
		const credentials = await provider().login(scriptLogin().callbacks);
		mock.revoke(credentials.refresh);
		const error = await provider()
			.refresh(credentials)
			.catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(OAuthError);
		expect(error).toMatchObject({
			code: "revoked",
			status: 401,
			message: OAUTH_TEXTS.signInAgain("ChatGPT Plus/Pro (Codex)", "openai-codex"),
		});
	});

	it("reads the account id from the access token's claims", () => {
		const claims = Buffer.from(JSON.stringify({ [OPENAI_CODEX_OAUTH.authClaim]: { chatgpt_account_id: "a-1" } }));
		expect(codexAccountId(`x.${claims.toString("base64url")}.y`)).toBe("a-1");
		expect(codexAccountId("not-a-jwt")).toBeUndefined();
	});
});

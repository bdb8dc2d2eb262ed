import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pkceChallenge } from "../../src/oauth/pkce.js";
import { MOCK_CLIENT_IDS, type MockOAuthServer, startMockOAuthServer } from "../../src/testing/index.js";

let mock: MockOAuthServer;
beforeAll(async () => {
	mock = await startMockOAuthServer();
});
afterAll(() => mock.close());
afterEach(() => mock.reset());

/** Runs the authorize step by hand and returns the code the mock redirected with. */
async function authorizeCode(verifier: string, clientId: string = MOCK_CLIENT_IDS.anthropic): Promise<string> {
	const url = new URL("/oauth/authorize", mock.url);
	url.search = new URLSearchParams({
		client_id: clientId,
		response_type: "code",
		redirect_uri: "http://localhost:1/callback",
		scope: "user:inference",
		code_challenge: pkceChallenge(verifier),
		code_challenge_method: "S256",
		state: "s",
	}).toString();
	const response = await fetch(url, { redirect: "manual" });
	return new URL(response.headers.get("location") ?? "").searchParams.get("code") ?? "";
}

async function anthropicToken(body: Record<string, string>): Promise<{ status: number; body: unknown }> {
	const response = await fetch(`${mock.url}/v1/oauth/token`, {
		method: "POST",
		headers: { "content-type": "application/json" },
		body: JSON.stringify(body),
	});
	return { status: response.status, body: await response.json() };
}

describe("mock OAuth server", () => {
	it("refuses a code_verifier that does not match the code_challenge", async () => {
		const code = await authorizeCode("right-verifier-right-verifier-right-verifier");
		const answer = await anthropicToken({
			grant_type: "authorization_code",
			client_id: MOCK_CLIENT_IDS.anthropic,
			code,
			redirect_uri: "http://localhost:1/callback",
			code_verifier: "wrong-verifier-wrong-verifier-wrong-verifier",
		});
		expect(answer).toEqual({ status: 400, body: expect.objectContaining({ error: "invalid_grant" }) });
	});

	it("refuses an unknown client id at the authorize and token endpoints", async () => {
		const authorize = await fetch(`${mock.url}/oauth/authorize?client_id=someone-else`, { redirect: "manual" });
		expect(authorize.status).toBe(400);
		const answer = await anthropicToken({ grant_type: "refresh_token", client_id: "someone-else", refresh_token: "x" });
		expect(answer.status).toBe(401);
	});

	it("a code works once", async () => {
		const verifier = "a-verifier-a-verifier-a-verifier-a-verifier";
		const code = await authorizeCode(verifier);
		const exchange = {
			grant_type: "authorization_code",
			client_id: MOCK_CLIENT_IDS.anthropic,
			code,
			redirect_uri: "http://localhost:1/callback",
			code_verifier: verifier,
		};
		expect((await anthropicToken(exchange)).status).toBe(200);
		expect((await anthropicToken(exchange)).status).toBe(400);
		expect(mock.counts.authorizationCode).toBe(2);
	});

	it("delays token answers when asked, so two refreshes overlap (the second finds the token rotated away)", async () => {
		const verifier = "b-verifier-b-verifier-b-verifier-b-verifier";
		const code = await authorizeCode(verifier);
		const first = await anthropicToken({
			grant_type: "authorization_code",
			client_id: MOCK_CLIENT_IDS.anthropic,
			code,
			redirect_uri: "http://localhost:1/callback",
			code_verifier: verifier,
		});
		const refreshToken = (first.body as { refresh_token: string }).refresh_token;
		mock.setTokenDelay(30);
		const refresh = { grant_type: "refresh_token", client_id: MOCK_CLIENT_IDS.anthropic, refresh_token: refreshToken };
		const answers = await Promise.all([anthropicToken(refresh), anthropicToken(refresh)]);
		expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
		expect(mock.counts.refresh).toBe(2);
	});

	it("answers what it does not serve with a 404 naming the path", async () => {
		const response = await fetch(`${mock.url}/elsewhere`);
		expect(response.status).toBe(404);
		expect(JSON.stringify(await response.json())).toContain("/elsewhere");
	});
});

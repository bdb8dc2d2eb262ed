import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
	createOpenAICodexOAuth,
	OPENAI_CODEX_LOGIN_METHODS,
	OPENAI_CODEX_OAUTH,
} from "../../src/oauth/openai-codex.js";
import { OAUTH_TEXTS } from "../../src/oauth/texts.js";
import { type MockOAuthServer, startMockOAuthServer } from "../../src/testing/index.js";
import { scriptLogin } from "./helpers.js";

let mock: MockOAuthServer;
beforeAll(async () => {
	mock = await startMockOAuthServer({ codexAccountId: "acct-device" });
});
afterAll(() => mock.close());
afterEach(() => mock.reset());

const provider = () => createOpenAICodexOAuth({ baseUrl: mock.url, callbackPort: 0, pollIntervalMs: 5 });
const device = OPENAI_CODEX_LOGIN_METHODS.deviceCode;

describe("OpenAI Codex device code login", () => {
	it("is offered at login as a choice next to the browser login (the default, listed first)", async () => {
		const script = scriptLogin({ choose: OPENAI_CODEX_LOGIN_METHODS.browser });
		await expect(provider().login(script.callbacks)).resolves.toMatchObject({ accountId: "acct-device" });
		expect(script.selects).toEqual([
			{
				message: OAUTH_TEXTS.codexMethodQuestion,
				options: [
					{ id: "browser", label: OAUTH_TEXTS.codexBrowserMethod },
					{ id: "device_code", label: OAUTH_TEXTS.codexDeviceMethod },
				],
			},
		]);
		expect(mock.counts.codexDeviceCode).toBe(0);
	});

	it("shows the user code and verification page, polls while pending, then exchanges the code with the device redirect URI", async () => {
		mock.setDevicePendingPolls(2);
		const script = scriptLogin({ choose: device, browser: false });
		const before = Date.now();
		const credentials = await provider().login(script.callbacks);

		const auth = script.auths[0];
		expect(auth?.url).toBe(`${mock.url}/codex/device`);
		expect(auth?.userCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{5}$/);
		expect(auth?.instructions).toBe(OAUTH_TEXTS.deviceInstructions(auth?.userCode ?? ""));
		expect(script.progress).toEqual([OAUTH_TEXTS.waitingForDevice, OAUTH_TEXTS.exchangingCode]);

		const start = mock.requests.find((request) => request.path === "/api/accounts/deviceauth/usercode");
		expect(start?.headers["content-type"]).toBe("application/json");
		expect(start?.body).toEqual({ client_id: OPENAI_CODEX_OAUTH.clientId });
		const polls = mock.requests.filter((request) => request.path === "/api/accounts/deviceauth/token");
		expect(polls).toHaveLength(3);
		expect(polls[0]?.body).toEqual({ device_auth_id: expect.any(String), user_code: auth?.userCode });

		const exchange = mock.requests.find((request) => request.path === "/oauth/token");
		expect(exchange?.body).toMatchObject({
			grant_type: "authorization_code",
			client_id: OPENAI_CODEX_OAUTH.clientId,
			redirect_uri: `${mock.url}/deviceauth/callback`,
			code_verifier: expect.any(String),
		});
		expect(credentials).toEqual({
			access: mock.issued.at(-1)?.access,
			refresh: mock.issued.at(-1)?.refresh,
			expires: expect.any(Number),
			accountId: "acct-device",
		});
		expect(credentials.expires).toBeGreaterThan(before);
		// No loopback server and no browser page are involved.
		expect(mock.counts.authorize).toBe(0);
	});

	it("slow_down lengthens the polling interval and says so", async () => {
		mock.setDeviceSlowDowns(1);
		const script = scriptLogin({ choose: device, browser: false });
		await expect(provider().login(script.callbacks)).resolves.toMatchObject({ accountId: "acct-device" });
		expect(script.progress).toContain(OAUTH_TEXTS.slowDown("10 ms"));
	});

	it("a refusal ends with `denied`, an expired code with `expired`; nothing is exchanged", async () => {
		mock.setDeviceOutcome("deny");
		await expect(provider().login(scriptLogin({ choose: device }).callbacks)).rejects.toMatchObject({ code: "denied" });
		mock.setDeviceOutcome("expire");
		await expect(provider().login(scriptLogin({ choose: device }).callbacks)).rejects.toMatchObject({
			code: "expired",
			message: OAUTH_TEXTS.deviceExpired(OPENAI_CODEX_OAUTH.name),
		});
		expect(mock.counts.authorizationCode).toBe(0);
	});

	it("Esc/Ctrl+C while polling rejects with `aborted` and stops polling", async () => {
		mock.setDevicePendingPolls(1_000_000);
		const controller = new AbortController();
		const script = scriptLogin({ choose: device, signal: controller.signal });
		script.callbacks.onProgress = (message) => {
			if (message === OAUTH_TEXTS.waitingForDevice) setTimeout(() => controller.abort(), 30);
		};
		await expect(provider().login(script.callbacks)).rejects.toMatchObject({ code: "aborted" });
		const polls = mock.counts.codexDevicePoll;
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(mock.counts.codexDevicePoll).toBe(polls);
	});

	it("a server without device code login (404) is named as such", async () => {
		const elsewhere = createOpenAICodexOAuth({ baseUrl: `${mock.url}/no-such-prefix`, pollIntervalMs: 5 });
		await expect(elsewhere.login(scriptLogin({ choose: device }).callbacks)).rejects.toMatchObject({
			code: "http",
			status: 404,
			message: OAUTH_TEXTS.codexDeviceUnavailable,
		});
	});

	it("an unknown choice is refused before anything is sent", async () => {
		await expect(provider().login(scriptLogin({ choose: "carrier-pigeon" }).callbacks)).rejects.toMatchObject({
			message: OAUTH_TEXTS.unknownChoice("carrier-pigeon"),
		});
		expect(mock.requests).toEqual([]);
	});
});

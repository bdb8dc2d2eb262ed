import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getModels } from "../../src/models/index.js";
import { createGitHubCopilotOAuth, GITHUB_COPILOT_OAUTH } from "../../src/oauth/github-copilot.js";
import { getGitHubCopilotBaseUrl } from "../../src/oauth/github-copilot-headers.js";
import { OAUTH_TEXTS } from "../../src/oauth/texts.js";
import type { OAuthCredentials } from "../../src/oauth/types.js";
import { type MockOAuthServer, startMockOAuthServer } from "../../src/testing/index.js";
import { scriptLogin } from "./helpers.js";

let mock: MockOAuthServer;
beforeAll(async () => {
	mock = await startMockOAuthServer({ deviceIntervalSeconds: 5 });
});
afterAll(() => mock.close());
afterEach(() => mock.reset());

/** Polls every 2 ms whatever interval the mock names, so the tests wait for nothing. */
const provider = () => createGitHubCopilotOAuth({ baseUrl: mock.url, pollIntervalMs: 2 });

describe("GitHub Copilot sign-in", () => {
	it("device flow on github.com: code shown, pending polls, GitHub token exchanged for a Copilot token", async () => {
		mock.setDevicePendingPolls(2);
		const script = scriptLogin({ answers: [""] });
		const credentials = await provider().login(script.callbacks);

		expect(script.prompts[0]).toMatchObject({ allowEmpty: true });
		const auth = script.auths[0];
		expect(auth?.url).toBe(`${mock.url}/login/device`);
		expect(auth?.userCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
		expect(auth?.instructions).toContain(auth?.userCode);
		expect(mock.counts).toMatchObject({ deviceCode: 1, devicePoll: 3, copilotToken: 1 });

		const issued = mock.issued.at(-1);
		expect(credentials).toEqual({
			refresh: issued?.refresh,
			access: issued?.access,
			expires: expect.any(Number),
			availableModelIds: expect.any(Array),
		});
		expect(credentials.refresh).toMatch(/^gho_/);
		expect(credentials.access).toContain("proxy-ep=");
		const exchange = mock.requests.find((request) => request.path === "/copilot_internal/v2/token");
		expect(exchange?.headers.authorization).toBe(`Bearer ${credentials.refresh}`);
		expect(exchange?.headers["copilot-integration-id"]).toBe("vscode-chat");
		expect(mock.requests[0]?.body).toEqual({ client_id: GITHUB_COPILOT_OAUTH.clientId, scope: "read:user" });
	});

	it("enables the catalogue's Copilot models after login, best effort", async () => {
		await provider().login(scriptLogin().callbacks);
		const ids = getModels("github-copilot").map((model) => model.id);
		expect(ids.length).toBeGreaterThan(0);
		expect([...mock.enabledModels].sort()).toEqual([...ids].sort());
		const policy = mock.requests.find((request) => request.path.endsWith("/policy"));
		expect(policy?.headers["openai-intent"]).toBe("chat-policy");
		expect(policy?.body).toEqual({ state: "enabled" });
	});

	it("a GitHub Enterprise URL keeps its domain as `enterpriseUrl`", async () => {
		const credentials = await provider().login(
			scriptLogin({ answers: ["https://company.ghe.com/some/page"] }).callbacks,
		);
		expect(credentials.enterpriseUrl).toBe("company.ghe.com");
	});

	it("an answer that is no domain is asked again, with the reason", async () => {
		const script = scriptLogin({ answers: ["not a domain", "company.ghe.com"] });
		const credentials = await provider().login(script.callbacks);
		expect(script.prompts).toHaveLength(2);
		expect(script.prompts[1]?.message).toContain(OAUTH_TEXTS.invalidDomain("not a domain"));
		expect(credentials.enterpriseUrl).toBe("company.ghe.com");
	});

	it("slow_down lengthens the interval and is reported", async () => {
		mock.setDeviceSlowDowns(2);
		const script = scriptLogin();
		await provider().login(script.callbacks);
		// 2 ms, then +2 ms per slow_down.
		expect(script.progress).toContain(OAUTH_TEXTS.slowDown("4 ms"));
		expect(script.progress).toContain(OAUTH_TEXTS.slowDown("6 ms"));
		expect(mock.counts.devicePoll).toBe(3);
	});

	it("an expired device code ends with `expired`", async () => {
		mock.setDeviceOutcome("expire");
		await expect(provider().login(scriptLogin().callbacks)).rejects.toMatchObject({
			code: "expired",
			message: OAUTH_TEXTS.deviceExpired("GitHub Copilot"),
		});
	});

	it("a refused authorization ends with `denied`", async () => {
		mock.setDeviceOutcome("deny");
		await expect(provider().login(scriptLogin().callbacks)).rejects.toMatchObject({ code: "denied" });
		expect(mock.counts.copilotToken).toBe(0);
	});

	it("abort while polling rejects with `aborted` and polls no more", async () => {
		mock.setDevicePendingPolls(1_000_000);
		const controller = new AbortController();
		const login = provider().login(scriptLogin({ signal: controller.signal }).callbacks);
		while (mock.counts.devicePoll < 2) await new Promise((resolve) => setTimeout(resolve, 2));
		controller.abort();
		await expect(login).rejects.toMatchObject({ code: "aborted" });
		// A poll already on the wire may still land; after that, none.
		await new Promise((resolve) => setTimeout(resolve, 20));
		const polls = mock.counts.devicePoll;
		await new Promise((resolve) => setTimeout(resolve, 20));
		expect(mock.counts.devicePoll).toBe(polls);
	});

	it("refresh exchanges the GitHub token again; the enterprise domain is kept", async () => {
		const credentials = await provider().login(scriptLogin({ answers: ["company.ghe.com"] }).callbacks);
		const refreshed = await provider().refresh({ ...credentials, type: "oauth" });
		expect(refreshed).toMatchObject({ refresh: credentials.refresh, enterpriseUrl: "company.ghe.com", type: "oauth" });
		expect(refreshed.access).not.toBe(credentials.access);
		expect(mock.counts.copilotToken).toBe(2);
	});

	it("a revoked GitHub token fails the refresh with `revoked`", async () => {
		const credentials = await provider().login(scriptLogin().callbacks);
		mock.revoke(credentials.refresh);
		await expect(provider().refresh(credentials)).rejects.toMatchObject({
			code: "revoked",
			status: 401,
			message: OAUTH_TEXTS.signInAgain("GitHub Copilot", "github-copilot"),
		});
	});

	it("modifyModels points Copilot models at the token's proxy endpoint and leaves others alone", async () => {
		const credentials = await provider().login(scriptLogin().callbacks);
		const [copilot] = getModels("github-copilot");
		const [other] = getModels("anthropic");
		if (!copilot || !other) throw new Error("catalogue lacks a model");
		const modified = provider().modifyModels?.([copilot, other], credentials) ?? [];
		expect(modified[0]?.baseUrl).toBe(mock.url);
		expect(modified[1]).toEqual(other);
	});

	it("derives the base URL like the editors do", () => {
		const token = (proxy: string) => `tid=1;exp=2;proxy-ep=${proxy};8kp=1:x`;
		expect(getGitHubCopilotBaseUrl(token("proxy.individual.githubcopilot.com"))).toBe(
			"https://api.individual.githubcopilot.com",
		);
		expect(getGitHubCopilotBaseUrl("tid=1", "company.ghe.com")).toBe("https://copilot-api.company.ghe.com");
		expect(getGitHubCopilotBaseUrl("tid=1")).toBe("https://api.individual.githubcopilot.com");
		const enterprise: OAuthCredentials = {
			refresh: "r",
			access: "tid=1",
			expires: 0,
			enterpriseUrl: "company.ghe.com",
		};
		const [copilot] = getModels("github-copilot");
		if (!copilot) throw new Error("catalogue lacks a Copilot model");
		expect(provider().modifyModels?.([copilot], enterprise)[0]?.baseUrl).toBe("https://copilot-api.company.ghe.com");
	});
});

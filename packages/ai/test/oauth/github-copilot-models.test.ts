import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getModels } from "../../src/models/index.js";
import { createGitHubCopilotOAuth } from "../../src/oauth/github-copilot.js";
import { parseCopilotModelCatalog } from "../../src/oauth/github-copilot-models.js";
import { OAUTH_TEXTS } from "../../src/oauth/texts.js";
import type { OAuthCredentials } from "../../src/oauth/types.js";
import { type MockOAuthServer, startMockOAuthServer } from "../../src/testing/index.js";
import { scriptLogin } from "./helpers.js";

let mock: MockOAuthServer;
beforeAll(async () => {
	mock = await startMockOAuthServer();
});
afterAll(() => mock.close());
afterEach(() => mock.reset());

const provider = () => createGitHubCopilotOAuth({ baseUrl: mock.url, pollIntervalMs: 2 });
const catalogue = getModels("github-copilot").map((model) => model.id);
const [usable, refused, needsPolicy, hidden, noTools] = catalogue;

/** An account whose list holds one model of each kind pi must tell apart. */
function mixedAccount(): void {
	mock.setCopilotModels([
		{ id: usable!, policy: "enabled" },
		{ id: refused!, policy: "disabled" },
		{ id: needsPolicy!, policy: "unconfigured" },
		{ id: hidden!, picker: false, policy: "enabled" },
		{ id: noTools!, toolCalls: false },
		{ id: "not-in-pi-catalogue", policy: "unconfigured" },
	]);
}

describe("GitHub Copilot: the models the account can use", () => {
	it("login reads the account's list, accepts the policy of catalogue models that need it, and stores availableModelIds", async () => {
		expect(catalogue.length).toBeGreaterThanOrEqual(5);
		mixedAccount();
		const script = scriptLogin();
		const credentials = await provider().login(script.callbacks);

		expect(credentials.availableModelIds).toEqual([usable, needsPolicy, "not-in-pi-catalogue"]);
		// Only the catalogue model with an unconfigured policy is accepted; nothing else is touched.
		expect(mock.enabledModels).toEqual([needsPolicy]);
		expect(script.progress).toContain(OAUTH_TEXTS.readingCopilotModels);
		const list = mock.requests.find((request) => request.method === "GET" && request.path === "/models");
		expect(list?.headers.authorization).toBe(`Bearer ${credentials.access}`);
		expect(list?.headers["x-github-api-version"]).toBe("2026-06-01");
		expect(list?.headers["copilot-integration-id"]).toBe("vscode-chat");
	});

	it("refresh reads the list again; when it cannot be read the stored list is kept and the token still renewed", async () => {
		mixedAccount();
		const credentials = await provider().login(scriptLogin().callbacks);
		mock.setCopilotModels([{ id: usable! }, { id: refused! }]);
		const refreshed = await provider().refresh(credentials);
		expect(refreshed.availableModelIds).toEqual([usable, refused]);

		mock.setCopilotModelsFailure(500);
		const again = await provider().refresh(refreshed);
		expect(again.access).not.toBe(refreshed.access);
		expect(again.availableModelIds).toEqual([usable, refused]);
	});

	it("login without a readable list: says so, accepts every catalogue model's policy as before, stores no list", async () => {
		mock.setCopilotModelsFailure(503);
		const script = scriptLogin();
		const credentials = await provider().login(script.callbacks);
		expect(credentials).not.toHaveProperty("availableModelIds");
		expect(script.progress).toContain(OAUTH_TEXTS.copilotModelsUnknown);
		expect([...mock.enabledModels].sort()).toEqual([...catalogue].sort());
	});

	it("modifyModels lists only the available Copilot models; entries without a list keep them all", () => {
		const models = [...getModels("github-copilot"), ...getModels("anthropic").slice(0, 2)];
		const base: OAuthCredentials = { refresh: "gho_x", access: "tid=1;proxy-ep=proxy.example.test", expires: 0 };
		const filtered = provider().modifyModels?.(models, { ...base, availableModelIds: [usable!, needsPolicy!] }) ?? [];
		expect(filtered.filter((model) => model.provider === "github-copilot").map((model) => model.id)).toEqual([
			usable,
			needsPolicy,
		]);
		expect(filtered.filter((model) => model.provider === "anthropic")).toEqual(models.slice(-2));
		expect(provider().modifyModels?.(models, base)).toHaveLength(models.length);
		// A malformed list is no list.
		expect(provider().modifyModels?.(models, { ...base, availableModelIds: "all" })).toHaveLength(models.length);
	});

	it("on the individual API, an account with no picker flags at all gets the models with an enabled policy", () => {
		const answer = {
			data: [
				{ id: usable, model_picker_enabled: false, policy: { state: "enabled" } },
				{ id: refused, model_picker_enabled: false, policy: { state: "disabled" } },
				{ id: needsPolicy, model_picker_enabled: false, policy: { state: "unconfigured" } },
			],
		};
		expect(parseCopilotModelCatalog(answer, true)).toEqual({
			availableModelIds: [usable],
			policyModelIds: [needsPolicy],
		});
		// Elsewhere the picker flag is strict.
		expect(parseCopilotModelCatalog(answer, false)).toEqual({ availableModelIds: [], policyModelIds: [] });
		expect(parseCopilotModelCatalog({ models: [] }, false)).toBeUndefined();
	});
});

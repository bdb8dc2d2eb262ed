/**
 * Cloudflare AI Gateway and Workers AI catalogue models against the mock: the gateway key goes in
 * `cf-aig-authorization` (no Authorization / x-api-key) on each of the gateway's three APIs, and Workers AI sends
 * the session affinity headers.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { complete, getModels } from "../../src/index.js";
import {
	anthropicProtocol,
	type MockServer,
	openaiCompletionsProtocol,
	openaiResponsesProtocol,
	startMockServer,
} from "../../src/testing/index.js";
import type { Model } from "../../src/types.js";
import { USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;

beforeAll(async () => {
	// Only the three protocols the gateway speaks: its `…/openai/responses` path would also match the Azure mock.
	server = await startMockServer({
		protocols: [anthropicProtocol, openaiCompletionsProtocol, openaiResponsesProtocol],
	});
});
afterAll(() => server.close());
beforeEach(() => {
	server.reset();
	vi.stubEnv("CLOUDFLARE_ACCOUNT_ID", "acct1");
	vi.stubEnv("CLOUDFLARE_GATEWAY_ID", "gw1");
});
afterEach(() => vi.unstubAllEnvs());

/** The provider's first catalogue model of `api`, its host replaced by the mock's (placeholders kept). */
function catalogueModel(provider: string, api: string): Model {
	const model = getModels(provider).find((candidate) => candidate.api === api);
	if (!model) throw new Error(`no ${provider} model for ${api}`);
	return { ...model, baseUrl: model.baseUrl.replace(/^https:\/\/[^/]+/, server.url) };
}

describe("cloudflare-ai-gateway: the gateway key in cf-aig-authorization", () => {
	it.each([
		["anthropic-messages", "/v1/acct1/gw1/anthropic/v1/messages"],
		["openai-responses", "/v1/acct1/gw1/openai/responses"],
		["openai-completions", "/v1/acct1/gw1/compat/chat/completions"],
	])("%s sends only the gateway header, to %s", async (api, path) => {
		server.enqueue({ text: "ok" });
		const message = await complete(catalogueModel("cloudflare-ai-gateway", api), USER_CONTEXT, {
			apiKey: "cf-gateway-key",
		});
		expect(message.stopReason).toBe("stop");
		const request = server.requests[0]!;
		expect(request.path.split("?")[0]).toBe(path);
		expect(request.headers["cf-aig-authorization"]).toBe("Bearer cf-gateway-key");
		expect(request.headers.authorization).toBeUndefined();
		expect(request.headers["x-api-key"]).toBeUndefined();
		// The key appears in no other header either.
		const others = Object.entries(request.headers).filter(([name]) => name !== "cf-aig-authorization");
		expect(JSON.stringify(others)).not.toContain("cf-gateway-key");
	});

	it("keeps an Authorization header the caller sets (an upstream key sent through the gateway)", async () => {
		server.enqueue({ text: "ok" }, { text: "ok" });
		for (const api of ["openai-responses", "anthropic-messages"]) {
			await complete(catalogueModel("cloudflare-ai-gateway", api), USER_CONTEXT, {
				apiKey: "cf-gateway-key",
				headers: { Authorization: "Bearer upstream-key" },
			});
		}
		for (const request of server.requests) {
			expect(request.headers.authorization).toBe("Bearer upstream-key");
			expect(request.headers["cf-aig-authorization"]).toBe("Bearer cf-gateway-key");
		}
	});

	it("detects the unified endpoint's limits: max_tokens, no strict tools, no reasoning_effort", async () => {
		server.enqueue({ text: "ok" });
		const model = { ...catalogueModel("cloudflare-ai-gateway", "openai-completions"), reasoning: true };
		await complete(model, USER_CONTEXT, { apiKey: "k", maxTokens: 100, reasoningEffort: "high" });
		const body = server.requests[0]!.body;
		expect(body.max_tokens).toBe(100);
		expect(body.max_completion_tokens).toBeUndefined();
		expect(body.tools[0].function.strict).toBeUndefined();
		expect(body.reasoning_effort).toBeUndefined();
	});
});

describe("cloudflare-workers-ai: session affinity", () => {
	it("sends the session id as x-session-affinity and x-client-request-id, with the key as a bearer token", async () => {
		server.enqueue({ text: "ok" }, { text: "ok" });
		const model = catalogueModel("cloudflare-workers-ai", "openai-completions");
		expect(model.compat?.sendSessionAffinityHeaders).toBe(true);
		await complete(model, USER_CONTEXT, { apiKey: "cf-key", sessionId: "session-42" });
		await complete(model, USER_CONTEXT, { apiKey: "cf-key" });
		const [withSession, without] = server.requests;
		expect(withSession!.path).toBe("/client/v4/accounts/acct1/ai/v1/chat/completions");
		expect(withSession!.headers.authorization).toBe("Bearer cf-key");
		expect(withSession!.headers["x-session-affinity"]).toBe("session-42");
		expect(withSession!.headers["x-client-request-id"]).toBe("session-42");
		expect(without!.headers["x-session-affinity"]).toBeUndefined();
	});

	it("sends no affinity headers for a model without the flag", async () => {
		server.enqueue({ text: "ok" });
		const model = { ...catalogueModel("cloudflare-workers-ai", "openai-completions"), compat: {} };
		await complete(model, USER_CONTEXT, { apiKey: "cf-key", sessionId: "session-42" });
		expect(server.requests[0]!.headers["x-session-affinity"]).toBeUndefined();
		expect(server.requests[0]!.headers["x-client-request-id"]).toBeUndefined();
	});
});

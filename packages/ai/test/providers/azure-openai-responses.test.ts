/**
 * The azure-openai-responses adapter through the OpenAI SDK's Azure client against the loopback mock server: the
 * `api-key` header and `api-version` query on the v1 and dated routes, endpoint and deployment settings from options
 * and environment variables, and the errors a user sees.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { complete, completeSimple } from "../../src/index.js";
import {
	normalizeAzureBaseUrl,
	parseDeploymentNameMap,
	resolveAzureDeployment,
	resolveAzureEndpoint,
} from "../../src/providers/azure/config.js";
import { AZURE_TEXTS } from "../../src/providers/azure-openai-responses.js";
import { AZURE_MOCK_MESSAGES, type MockServer, startMockServer } from "../../src/testing/index.js";
import type { Model } from "../../src/types.js";
import { mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

const AZURE_ENV = [
	"AZURE_OPENAI_API_KEY",
	"AZURE_OPENAI_BASE_URL",
	"AZURE_OPENAI_RESOURCE_NAME",
	"AZURE_OPENAI_API_VERSION",
	"AZURE_OPENAI_DEPLOYMENT_NAME_MAP",
	"OPENAI_API_VERSION",
	"OPENAI_BASE_URL",
	"AZURE_OPENAI_ENDPOINT",
];

let server: MockServer;
let model: Model;

beforeAll(async () => {
	server = await startMockServer();
	model = mockModel("azure-openai-responses", server);
});
afterAll(() => server.close());
beforeEach(() => {
	server.reset();
	for (const name of AZURE_ENV) vi.stubEnv(name, undefined);
});
afterEach(() => vi.unstubAllEnvs());

const lastRequest = () => server.requests.at(-1)!;

describe("azure-openai-responses: requests", () => {
	it("sends the key as api-key with api-version=v1 to /openai/v1/responses, the model id as deployment", async () => {
		server.enqueue({ text: "Hello from Azure.", usage: { input: 9, output: 3 } });
		const message = await complete(model, USER_CONTEXT, { apiKey: "azure-key" });
		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([expect.objectContaining({ type: "text", text: "Hello from Azure." })]);
		const request = lastRequest();
		expect(request.protocol).toBe("azure-openai-responses");
		expect(request.path).toBe("/openai/v1/responses?api-version=v1");
		expect(request.headers["api-key"]).toBe("azure-key");
		expect(request.headers.authorization).toBeUndefined();
		expect(request.body).toMatchObject({ model: "gpt-5", stream: true, store: false, instructions: "You are terse." });
	});

	it("takes the key from AZURE_OPENAI_API_KEY", async () => {
		vi.stubEnv("AZURE_OPENAI_API_KEY", "env-key");
		server.enqueue({ text: "ok" });
		const message = await complete(model, USER_CONTEXT);
		expect(message.errorMessage).toBeUndefined();
		expect(lastRequest().headers["api-key"]).toBe("env-key");
	});

	it("sends the deployment named by AZURE_OPENAI_DEPLOYMENT_NAME_MAP, or by the option", async () => {
		vi.stubEnv("AZURE_OPENAI_DEPLOYMENT_NAME_MAP", "gpt-4o=my-4o, gpt-5 = prod-gpt5");
		server.enqueue({ text: "a" }, { text: "b" });
		await complete(model, USER_CONTEXT, { apiKey: "k" });
		expect(lastRequest().body.model).toBe("prod-gpt5");
		await complete(model, USER_CONTEXT, { apiKey: "k", azureDeploymentName: "canary" });
		expect(lastRequest().body.model).toBe("canary");
	});

	it("a dated AZURE_OPENAI_API_VERSION goes to the dated route with that version", async () => {
		vi.stubEnv("AZURE_OPENAI_API_VERSION", "2025-04-01-preview");
		server.enqueue({ text: "ok" });
		const message = await complete(model, USER_CONTEXT, { apiKey: "k" });
		expect(message.errorMessage).toBeUndefined();
		expect(lastRequest().path).toBe("/openai/responses?api-version=2025-04-01-preview");
	});

	it("replays reasoning with its encrypted content and maps the thinking level to an effort", async () => {
		server.enqueue({ thinking: "Plan.", thinkingSignature: "enc-1", text: "Done." });
		const first = await completeSimple(model, USER_CONTEXT, { apiKey: "k", reasoning: "high" });
		expect(lastRequest().body.reasoning).toEqual({ effort: "high", summary: "auto" });
		expect(first.content.map((block) => block.type)).toEqual(["thinking", "text"]);
		server.enqueue({ text: "again" });
		await complete(
			model,
			{ messages: [...USER_CONTEXT.messages, first, { role: "user", content: "more", timestamp: 3 }] },
			{
				apiKey: "k",
			},
		);
		const replayed = lastRequest().body.input.find((item: { type?: string }) => item.type === "reasoning");
		expect(replayed).toMatchObject({ encrypted_content: "enc-1" });
	});

	it("sends model and caller headers next to api-key", async () => {
		server.enqueue({ text: "ok" });
		await complete({ ...model, headers: { "x-model": "m" } }, USER_CONTEXT, {
			apiKey: "k",
			headers: { "x-call": "c" },
		});
		expect(lastRequest().headers).toMatchObject({ "x-model": "m", "x-call": "c", "api-key": "k" });
	});
});

describe("azure-openai-responses: endpoint configuration", () => {
	const catalogued = (baseUrl: string): Model => ({ ...model, baseUrl });

	it("a model without an endpoint uses AZURE_OPENAI_BASE_URL", async () => {
		vi.stubEnv("AZURE_OPENAI_BASE_URL", `${server.url}/openai/v1`);
		server.enqueue({ text: "ok" });
		const message = await complete(catalogued(""), USER_CONTEXT, { apiKey: "k" });
		expect(message.errorMessage).toBeUndefined();
		expect(lastRequest().path).toBe("/openai/v1/responses?api-version=v1");
	});

	it("a catalogue model's placeholder endpoint is replaced by AZURE_OPENAI_BASE_URL", async () => {
		vi.stubEnv("AZURE_OPENAI_BASE_URL", `${server.url}/openai/v1`);
		server.enqueue({ text: "ok" });
		const placeholder = catalogued("https://{AZURE_OPENAI_RESOURCE_NAME}.openai.azure.com/openai/v1");
		const message = await complete(placeholder, USER_CONTEXT, { apiKey: "k" });
		expect(message.errorMessage).toBeUndefined();
		expect(lastRequest().path).toBe("/openai/v1/responses?api-version=v1");
	});

	it("a model's own base URL wins over the variables", () => {
		const env = { AZURE_OPENAI_BASE_URL: "https://env.openai.azure.com", AZURE_OPENAI_RESOURCE_NAME: "res" };
		expect(resolveAzureEndpoint(catalogued("https://proxy.example/openai/v1"), {}, env).baseURL).toBe(
			"https://proxy.example/openai/v1",
		);
		expect(resolveAzureEndpoint(catalogued(""), {}, env).baseURL).toBe("https://env.openai.azure.com/openai/v1");
		expect(resolveAzureEndpoint(catalogued(""), { azureBaseUrl: "https://opt.openai.azure.com" }, env).baseURL).toBe(
			"https://opt.openai.azure.com/openai/v1",
		);
	});

	it("builds the endpoint from AZURE_OPENAI_RESOURCE_NAME", () => {
		expect(resolveAzureEndpoint(catalogued(""), {}, { AZURE_OPENAI_RESOURCE_NAME: "my-res" })).toEqual({
			baseURL: "https://my-res.openai.azure.com/openai/v1",
			apiVersion: "v1",
		});
	});

	it("normalises resource roots of every Azure host to /openai/v1, and leaves other hosts alone", () => {
		for (const root of [
			"https://x.openai.azure.com",
			"https://x.openai.azure.com/",
			"https://x.openai.azure.com/openai",
			"https://x.openai.azure.com/openai/v1/responses?api-version=v1",
		]) {
			expect(normalizeAzureBaseUrl(root, "v1")).toBe("https://x.openai.azure.com/openai/v1");
		}
		expect(normalizeAzureBaseUrl("https://y.cognitiveservices.azure.com", "v1")).toBe(
			"https://y.cognitiveservices.azure.com/openai/v1",
		);
		expect(normalizeAzureBaseUrl("https://z.services.ai.azure.com/", "preview")).toBe(
			"https://z.services.ai.azure.com/openai/v1",
		);
		expect(normalizeAzureBaseUrl("https://gateway.example/azure", "v1")).toBe("https://gateway.example/azure");
		expect(normalizeAzureBaseUrl("https://x.openai.azure.com", "2025-04-01-preview")).toBe(
			"https://x.openai.azure.com/openai",
		);
	});

	it("without any endpoint says which variable to set, and sends nothing", async () => {
		const message = await complete(catalogued(""), USER_CONTEXT, { apiKey: "k" });
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBe(AZURE_TEXTS.noEndpoint);
		expect(message.errorMessage).toContain("AZURE_OPENAI_BASE_URL");
		expect(message.errorMessage).toContain("AZURE_OPENAI_RESOURCE_NAME");
		expect(message.errorInfo).toEqual({ retryable: false });
		expect(server.requests).toHaveLength(0);
	});

	it("a base URL that is no URL is named in the error", async () => {
		vi.stubEnv("AZURE_OPENAI_BASE_URL", "my-resource.openai.azure.com");
		const message = await complete(catalogued(""), USER_CONTEXT, { apiKey: "k" });
		expect(message.errorMessage).toBe(AZURE_TEXTS.invalidBaseUrl("my-resource.openai.azure.com"));
	});

	it("without a key names AZURE_OPENAI_API_KEY's provider", async () => {
		const message = await complete(model, USER_CONTEXT);
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toContain("azure-openai-responses");
		expect(server.requests).toHaveLength(0);
	});

	it("parses the deployment map, skipping malformed entries", () => {
		expect([...parseDeploymentNameMap("a=b,, c = d ,broken,=x,y=")]).toEqual([
			["a", "b"],
			["c", "d"],
		]);
		expect(resolveAzureDeployment({ id: "gpt-4o" }, {}, { AZURE_OPENAI_DEPLOYMENT_NAME_MAP: "gpt-5=x" })).toBe(
			"gpt-4o",
		);
	});
});

describe("azure-openai-responses: mock protocol rules", () => {
	it("refuses a dated api-version on the v1 path, as Azure does", async () => {
		server.enqueue({ text: "never" });
		const message = await complete(model, USER_CONTEXT, {
			apiKey: "k",
			azureApiVersion: "2024-10-21",
			azureBaseUrl: `${server.url}/gw/openai/v1`,
		});
		// The dated version moved the request to the dated route, so Azure's rule is kept.
		expect(message.errorMessage).toBeUndefined();
		expect(lastRequest().path).toBe("/gw/openai/responses?api-version=2024-10-21");
		server.enqueue({ text: "never" });
		const response = await fetch(`${server.url}/openai/v1/responses?api-version=2024-10-21`, {
			method: "POST",
			headers: { "api-key": "k" },
			body: "{}",
		});
		expect(await response.text()).toContain(AZURE_MOCK_MESSAGES.datedVersionOnV1("2024-10-21"));
	});

	it("refuses a request without api-key", async () => {
		server.enqueue({ text: "never" });
		const response = await fetch(`${server.url}/openai/v1/responses?api-version=v1`, { method: "POST", body: "{}" });
		expect(await response.text()).toContain(AZURE_MOCK_MESSAGES.missingKey);
	});
});

/**
 * The google-vertex adapter through @google/genai in Vertex mode against the loopback mock server: Application
 * Default Credentials for real (google-auth-library signs a service account's JWT, refreshes an authorized user's
 * token, asks the metadata server) against a loopback token endpoint, express mode with an API key, and the
 * configuration errors a user sees.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { complete, completeSimple } from "../../src/index.js";
import { mayFindAdc } from "../../src/providers/google-vertex/adc.js";
import { vertexEndpoint } from "../../src/providers/google-vertex/config.js";
import { VERTEX_ADC_MARKER, VERTEX_TEXTS } from "../../src/providers/google-vertex.js";
import { type MockServer, startMockServer, VERTEX_MOCK_MESSAGES } from "../../src/testing/index.js";
import type { Model } from "../../src/types.js";
import {
	CLOUD_PLATFORM_SCOPE,
	type GoogleTokenServer,
	startGoogleTokenServer,
} from "../helpers/google-token-server.js";
import { mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

const ACCESS_TOKEN = "ya29.mock-access-token";
/** Every variable the adapter, the SDK or google-auth-library reads to find credentials, project or location. */
const GOOGLE_ENV = [
	"GOOGLE_CLOUD_API_KEY",
	"GOOGLE_CLOUD_PROJECT",
	"GCLOUD_PROJECT",
	"GOOGLE_CLOUD_LOCATION",
	"GOOGLE_CLOUD_QUOTA_PROJECT",
	"GOOGLE_APPLICATION_CREDENTIALS",
	"GOOGLE_API_KEY",
	"GEMINI_API_KEY",
	"GOOGLE_GENAI_USE_VERTEXAI",
	"GOOGLE_VERTEX_BASE_URL",
	"GCE_METADATA_HOST",
	"GCE_METADATA_IP",
	"METADATA_SERVER_DETECTION",
];

let server: MockServer;
let tokens: GoogleTokenServer;
let model: Model;
let dir: string;
let realFetch: typeof fetch;

beforeAll(async () => {
	server = await startMockServer();
	tokens = await startGoogleTokenServer(ACCESS_TOKEN);
	model = mockModel("google-vertex", server);
	dir = mkdtempSync(join(tmpdir(), "pi-vertex-"));
	realFetch = globalThis.fetch;
});
afterAll(async () => {
	await Promise.all([server.close(), tokens.close()]);
	rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
	server.reset();
	tokens.requests.length = 0;
	tokens.failWith(undefined);
	for (const name of GOOGLE_ENV) vi.stubEnv(name, undefined);
	// gcloud's folder is an empty one unless a test writes the login file there.
	const gcloud = mkdtempSync(join(dir, "gcloud-"));
	vi.stubEnv("CLOUDSDK_CONFIG", gcloud);
	// google-auth-library posts to Google's fixed token URL whatever the key file says: the test's network sends
	// that to the loopback endpoint, and refuses anything else that is not loopback.
	vi.stubGlobal("fetch", (input: string | URL | Request, init?: RequestInit) => {
		const url = new URL(input instanceof Request ? input.url : input);
		if (url.origin === "https://oauth2.googleapis.com") return realFetch(`${tokens.url}${url.pathname}`, init);
		if (url.hostname !== "127.0.0.1") throw new TypeError(`test network: no route to ${url.origin}`);
		return realFetch(input, init);
	});
});
afterEach(() => {
	vi.unstubAllEnvs();
	vi.unstubAllGlobals();
});

const lastRequest = () => server.requests.at(-1)!;
const writeJson = (name: string, value: unknown) => {
	const file = join(dir, name);
	writeFileSync(file, JSON.stringify(value));
	return file;
};
const vertexPath = (project: string, location: string) =>
	`/v1/projects/${project}/locations/${location}/publishers/google/models/gemini-2.5-pro:streamGenerateContent?alt=sse`;

describe("google-vertex: Application Default Credentials", () => {
	it("asks the metadata server for a token when nothing else is configured", async () => {
		vi.stubEnv("GCE_METADATA_HOST", tokens.host);
		vi.stubEnv("GOOGLE_CLOUD_PROJECT", "gce-project");
		vi.stubEnv("GOOGLE_CLOUD_LOCATION", "europe-west4");
		server.enqueue({ text: "from GCE" });
		const message = await complete(model, USER_CONTEXT);
		expect(message.errorMessage).toBeUndefined();
		expect(lastRequest().path).toBe(vertexPath("gce-project", "europe-west4"));
		expect(lastRequest().headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
		const tokenCall = tokens.requests.find((request) => request.path.includes("/service-accounts/default/token"));
		expect(tokenCall?.path).toContain(encodeURIComponent(CLOUD_PLATFORM_SCOPE));
	});

	it("signs a service account's JWT, exchanges it at the token endpoint and sends the access token", async () => {
		const key = tokens.serviceAccount("sa-project");
		vi.stubEnv("GOOGLE_APPLICATION_CREDENTIALS", writeJson("service-account.json", key));
		vi.stubEnv("GOOGLE_CLOUD_LOCATION", "us-central1");
		server.enqueue({ text: "Hello from Vertex.", usage: { input: 10, output: 4 } });
		const message = await complete(model, USER_CONTEXT);
		expect(message.stopReason).toBe("stop");
		expect(message.content).toEqual([expect.objectContaining({ type: "text", text: "Hello from Vertex." })]);
		expect(message.usage).toMatchObject({ input: 10, output: 4 });

		// The project comes from the key file when no variable names one.
		expect(lastRequest().path).toBe(vertexPath("sa-project", "us-central1"));
		expect(lastRequest().headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
		expect(lastRequest().headers["x-goog-api-key"]).toBeUndefined();
		const [exchange] = tokens.requests;
		expect(exchange?.form.grant_type).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
		expect(exchange?.claims).toMatchObject({ iss: key.client_email, scope: CLOUD_PLATFORM_SCOPE });
	});

	it("refreshes the token of a `gcloud auth application-default login` file; its quota project is the project", async () => {
		writeFileSync(
			join(process.env.CLOUDSDK_CONFIG!, "application_default_credentials.json"),
			JSON.stringify({
				type: "authorized_user",
				client_id: "client.apps.googleusercontent.com",
				client_secret: "secret",
				refresh_token: "1//refresh",
				quota_project_id: "user-project",
			}),
		);
		vi.stubEnv("GOOGLE_CLOUD_LOCATION", "global");
		server.enqueue({ text: "ok" });
		const message = await complete(model, USER_CONTEXT);
		expect(message.errorMessage).toBeUndefined();
		expect(lastRequest().path).toBe(vertexPath("user-project", "global"));
		expect(lastRequest().headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
		expect(tokens.requests[0]?.form).toMatchObject({ grant_type: "refresh_token", refresh_token: "1//refresh" });
	});

	it("prefers GOOGLE_CLOUD_PROJECT and the options over the key file's project", async () => {
		vi.stubEnv("GOOGLE_APPLICATION_CREDENTIALS", writeJson("sa2.json", tokens.serviceAccount("file-project")));
		vi.stubEnv("GOOGLE_CLOUD_PROJECT", "env-project");
		vi.stubEnv("GOOGLE_CLOUD_LOCATION", "us-east5");
		server.enqueue({ text: "a" }, { text: "b" });
		await complete(model, USER_CONTEXT);
		expect(lastRequest().path).toBe(vertexPath("env-project", "us-east5"));
		await complete(model, USER_CONTEXT, { project: "option-project", location: "asia-northeast1" });
		expect(lastRequest().path).toBe(vertexPath("option-project", "asia-northeast1"));
	});

	it("reuses the access token across requests, and signs in afresh after a failed request", async () => {
		vi.stubEnv("GOOGLE_APPLICATION_CREDENTIALS", writeJson("sa-reuse.json", tokens.serviceAccount("reuse-project")));
		vi.stubEnv("GOOGLE_CLOUD_LOCATION", "us-central1");
		server.enqueue({ text: "one" }, { text: "two" }, { httpError: { status: 401, message: "Token revoked." } });
		expect((await complete(model, USER_CONTEXT)).errorMessage).toBeUndefined();
		expect((await complete(model, USER_CONTEXT)).errorMessage).toBeUndefined();
		expect(tokens.requests).toHaveLength(1);
		expect((await complete(model, USER_CONTEXT)).errorInfo).toMatchObject({ status: 401 });
		server.enqueue({ text: "three" });
		expect((await complete(model, USER_CONTEXT)).errorMessage).toBeUndefined();
		expect(tokens.requests).toHaveLength(2);
		expect(server.requests.map((request) => request.headers.authorization)).toEqual(
			Array(4).fill(`Bearer ${ACCESS_TOKEN}`),
		);
	});

	it("treats the ambient-credentials marker as no key", async () => {
		vi.stubEnv("GOOGLE_APPLICATION_CREDENTIALS", writeJson("sa3.json", tokens.serviceAccount("marker-project")));
		vi.stubEnv("GOOGLE_CLOUD_LOCATION", "us-central1");
		server.enqueue({ text: "ok" });
		await complete(model, USER_CONTEXT, { apiKey: VERTEX_ADC_MARKER });
		expect(lastRequest().headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
		expect(lastRequest().headers["x-goog-api-key"]).toBeUndefined();
	});
});

describe("google-vertex: configuration errors", () => {
	it("without a project names the variables, and sends nothing", async () => {
		vi.stubEnv("GOOGLE_CLOUD_LOCATION", "us-central1");
		const message = await complete(model, USER_CONTEXT);
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBe(VERTEX_TEXTS.noProject);
		expect(message.errorMessage).toContain("GOOGLE_CLOUD_PROJECT");
		expect(message.errorInfo).toEqual({ retryable: false });
		expect(server.requests).toHaveLength(0);
	});

	it("without a location names GOOGLE_CLOUD_LOCATION", async () => {
		vi.stubEnv("GOOGLE_CLOUD_PROJECT", "p");
		const message = await complete(model, USER_CONTEXT);
		expect(message.errorMessage).toBe(VERTEX_TEXTS.noLocation);
		expect(server.requests).toHaveLength(0);
	});

	it("without any credentials tells the user to run gcloud auth application-default login", async () => {
		vi.stubEnv("GOOGLE_CLOUD_PROJECT", "p");
		vi.stubEnv("GOOGLE_CLOUD_LOCATION", "us-central1");
		vi.stubEnv("METADATA_SERVER_DETECTION", "none");
		const message = await complete(model, USER_CONTEXT);
		expect(message.errorMessage).toBe(VERTEX_TEXTS.noCredentials);
		expect(message.errorMessage).toContain("gcloud auth application-default login");
		expect(message.errorInfo).toEqual({ retryable: false });
		expect(server.requests).toHaveLength(0);
	});

	it("looks for an ADC source without reading a secret, and asks no metadata server that cannot be there", () => {
		const gcloud = process.env.CLOUDSDK_CONFIG!;
		const off = { CLOUDSDK_CONFIG: gcloud, METADATA_SERVER_DETECTION: "none" };
		expect(mayFindAdc(off)).toBe(false);
		expect(mayFindAdc({ ...off, GOOGLE_APPLICATION_CREDENTIALS: "/nowhere.json" })).toBe(true);
		expect(mayFindAdc({ ...off, METADATA_SERVER_DETECTION: "assume-present" })).toBe(true);
		expect(mayFindAdc({ CLOUDSDK_CONFIG: gcloud, GCE_METADATA_HOST: "127.0.0.1:1" })).toBe(true);
		expect(mayFindAdc({ CLOUDSDK_CONFIG: gcloud, K_SERVICE: "my-cloud-run-service" })).toBe(true);
		writeFileSync(join(gcloud, "application_default_credentials.json"), "{}");
		expect(mayFindAdc(off)).toBe(true);
	});

	it("with a key file that does not exist says which variable names it", async () => {
		vi.stubEnv("GOOGLE_APPLICATION_CREDENTIALS", join(dir, "missing.json"));
		vi.stubEnv("GOOGLE_CLOUD_PROJECT", "p");
		vi.stubEnv("GOOGLE_CLOUD_LOCATION", "us-central1");
		const message = await complete(model, USER_CONTEXT);
		// google-auth-library's own text already names the variable and the file.
		expect(message.errorMessage).toMatch(/GOOGLE_APPLICATION_CREDENTIALS.*missing\.json/);
		expect(message.errorInfo).toEqual({ retryable: false });
		expect(server.requests).toHaveLength(0);
	});

	it("a token endpoint refusing the credentials is a sign-in error with its reason", async () => {
		vi.stubEnv("GOOGLE_APPLICATION_CREDENTIALS", writeJson("sa4.json", tokens.serviceAccount("p")));
		vi.stubEnv("GOOGLE_CLOUD_LOCATION", "us-central1");
		tokens.failWith("invalid_grant", "Invalid JWT Signature.");
		const message = await complete(model, USER_CONTEXT);
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toMatch(/^Google Cloud sign-in failed: invalid_grant: Invalid JWT Signature\./);
		expect(message.errorMessage).toContain("gcloud auth application-default login");
		expect(message.errorInfo).toMatchObject({ status: 400, retryable: false });
		expect(server.requests).toHaveLength(0);
	});
});

describe("google-vertex: express mode and requests", () => {
	it("sends an API key (GOOGLE_CLOUD_API_KEY) as x-goog-api-key on the project-less path", async () => {
		vi.stubEnv("GOOGLE_CLOUD_API_KEY", "vertex-key");
		vi.stubEnv("GOOGLE_CLOUD_PROJECT", "ignored-project");
		server.enqueue({ text: "ok" });
		const message = await complete(model, USER_CONTEXT);
		expect(message.errorMessage).toBeUndefined();
		expect(lastRequest().path).toBe("/v1/publishers/google/models/gemini-2.5-pro:streamGenerateContent?alt=sse");
		expect(lastRequest().headers["x-goog-api-key"]).toBe("vertex-key");
		expect(lastRequest().headers.authorization).toBeUndefined();
		expect(tokens.requests).toHaveLength(0);
	});

	it("maps thinking like the Gemini API and keeps thought signatures", async () => {
		server.enqueue({ thinking: "Let me think.", thinkingSignature: "sig-v", text: "Done." });
		const message = await completeSimple(model, USER_CONTEXT, { apiKey: "k", reasoning: "low" });
		expect(server.requests[0]!.body.generationConfig.thinkingConfig).toEqual({
			includeThoughts: true,
			thinkingBudget: 2048,
		});
		expect(message.content[0]).toMatchObject({
			type: "thinking",
			thinking: "Let me think.",
			thinkingSignature: "sig-v",
		});
		server.enqueue({ text: "ok" });
		await completeSimple({ ...model, id: "gemini-3-pro-preview" }, USER_CONTEXT, { apiKey: "k", reasoning: "medium" });
		expect(lastRequest().body.generationConfig.thinkingConfig).toEqual({
			includeThoughts: true,
			thinkingLevel: "HIGH",
		});
	});

	it("sends model and caller headers", async () => {
		server.enqueue({ text: "ok" });
		await complete({ ...model, headers: { "x-model": "m" } }, USER_CONTEXT, {
			apiKey: "k",
			headers: { "x-call": "c" },
		});
		expect(lastRequest().headers).toMatchObject({ "x-model": "m", "x-call": "c" });
	});

	it("the mock refuses a request without credentials", async () => {
		server.enqueue({ text: "never" });
		const response = await realFetch(`${server.url}${vertexPath("p", "l")}`, { method: "POST", body: "{}" });
		expect(await response.text()).toContain(VERTEX_MOCK_MESSAGES.noCredentials);
	});
});

describe("google-vertex: base URL", () => {
	it("keeps the SDK's regional endpoint for the catalogue's placeholder", () => {
		expect(vertexEndpoint({ baseUrl: "https://{location}-aiplatform.googleapis.com" })).toEqual({});
		expect(vertexEndpoint({ baseUrl: "" })).toEqual({});
	});

	it("replaces only the host for a bare origin, and takes a URL with a path as the collection root", () => {
		expect(vertexEndpoint({ baseUrl: "https://vertex.internal.example/" })).toEqual({
			baseUrl: "https://vertex.internal.example",
		});
		expect(vertexEndpoint({ baseUrl: "https://gw.example/vertex/v1/projects/p/locations/l" })).toEqual({
			baseUrl: "https://gw.example/vertex/v1/projects/p/locations/l",
			baseUrlResourceScope: "COLLECTION",
			apiVersion: "",
		});
		expect(vertexEndpoint({ baseUrl: "https://gw.example/google-vertex" })).toEqual({
			baseUrl: "https://gw.example/google-vertex",
			baseUrlResourceScope: "COLLECTION",
		});
	});

	it("sends a gateway URL's requests below its path", async () => {
		server.enqueue({ text: "ok" });
		const gateway = { ...model, baseUrl: `${server.url}/gateway/v1/projects/gw/locations/global` };
		const message = await complete(gateway, USER_CONTEXT, { apiKey: "k" });
		expect(message.errorMessage).toBeUndefined();
		expect(lastRequest().path).toBe(
			"/gateway/v1/projects/gw/locations/global/publishers/google/models/gemini-2.5-pro:streamGenerateContent?alt=sse",
		);
	});
});

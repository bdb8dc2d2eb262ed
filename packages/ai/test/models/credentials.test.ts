import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	BASE_URL_TEXTS,
	baseUrlVariables,
	complete,
	getAllEnvKeyNames,
	getEnvKeyNames,
	getModel,
	getModels,
	getProviderInfo,
	hasAmbientCredentials,
	hasEnvironmentCredentials,
	resolveBaseUrl,
} from "../../src/index.js";
import { resolveVertexAuth } from "../../src/providers/google-vertex/config.js";

describe("base URL placeholders", () => {
	const workers = getModels("cloudflare-workers-ai")[0]!;
	const gateway = getModel("cloudflare-ai-gateway", "claude-sonnet-4-5")!;

	it("fills {NAME} from the environment at request time", () => {
		expect(baseUrlVariables(gateway.baseUrl)).toEqual(["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_GATEWAY_ID"]);
		const env = { CLOUDFLARE_ACCOUNT_ID: "acc 1", CLOUDFLARE_GATEWAY_ID: " gw " };
		expect(resolveBaseUrl(gateway, env).baseUrl).toBe("https://gateway.ai.cloudflare.com/v1/acc%201/gw/anthropic");
		expect(resolveBaseUrl(workers, env).baseUrl).toBe("https://api.cloudflare.com/client/v4/accounts/acc%201/ai/v1");
		// The catalogue's own object is not changed; a URL without placeholders is returned as it is.
		expect(gateway.baseUrl).toContain("{CLOUDFLARE_ACCOUNT_ID}");
		const plain = getModel("anthropic", "claude-sonnet-4-5")!;
		expect(resolveBaseUrl(plain, {})).toBe(plain);
		// Lower-case placeholders belong to their adapter (Vertex's {location}).
		const vertex = getModel("google-vertex", "gemini-2.5-pro")!;
		expect(resolveBaseUrl(vertex, {})).toBe(vertex);
	});

	it("names the missing variables", () => {
		expect(() => resolveBaseUrl(gateway, { CLOUDFLARE_ACCOUNT_ID: "acc" })).toThrow(
			BASE_URL_TEXTS.missing(gateway, ["CLOUDFLARE_GATEWAY_ID"]),
		);
		expect(BASE_URL_TEXTS.missing(gateway, ["CLOUDFLARE_GATEWAY_ID"])).toBe(
			"Model cloudflare-ai-gateway/claude-sonnet-4-5 needs CLOUDFLARE_GATEWAY_ID in the environment (its base URL " +
				"is https://gateway.ai.cloudflare.com/v1/{CLOUDFLARE_ACCOUNT_ID}/{CLOUDFLARE_GATEWAY_ID}/anthropic); or " +
				"set the provider's baseUrl in models.json.",
		);
	});

	it("takes Azure's endpoint from AZURE_OPENAI_BASE_URL or AZURE_OPENAI_RESOURCE_NAME", () => {
		const azure = getModel("azure-openai-responses", "gpt-5.4")!;
		expect(resolveBaseUrl(azure, { AZURE_OPENAI_RESOURCE_NAME: "mine" }).baseUrl).toBe(
			"https://mine.openai.azure.com/openai/v1",
		);
		expect(resolveBaseUrl(azure, { AZURE_OPENAI_BASE_URL: "https://proxy.example/openai/v1" }).baseUrl).toBe(
			"https://proxy.example/openai/v1",
		);
		expect(() => resolveBaseUrl(azure, {})).toThrow(/AZURE_OPENAI_RESOURCE_NAME.*or AZURE_OPENAI_BASE_URL set/);
	});
});

describe("a request to a model whose base URL needs a missing variable", () => {
	it("ends in an error naming the variable, before anything is sent", async () => {
		const model = { ...getModel("cloudflare-workers-ai", getModels("cloudflare-workers-ai")[0]!.id)! };
		model.baseUrl = "http://127.0.0.1:9/{PI_TEST_UNSET_ACCOUNT}/v1";
		const result = await complete(
			model,
			{ messages: [{ role: "user", content: "hi", timestamp: 0 }] },
			{ apiKey: "k" },
		);
		expect(result.stopReason).toBe("error");
		expect(result.errorMessage).toBe(BASE_URL_TEXTS.missing(model, ["PI_TEST_UNSET_ACCOUNT"]));
	});
});

describe("credentials per provider", () => {
	it("knows the key variables of every provider of the original", () => {
		expect(getEnvKeyNames("azure-openai-responses")).toEqual(["AZURE_OPENAI_API_KEY"]);
		expect(getEnvKeyNames("cloudflare-workers-ai")).toEqual(["CLOUDFLARE_API_KEY"]);
		expect(getEnvKeyNames("xiaomi-token-plan-sgp")).toEqual(["XIAOMI_TOKEN_PLAN_SGP_API_KEY"]);
		expect(getEnvKeyNames("github-copilot")).toEqual(["COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN"]);
		// Ambient chains are not secrets to strip from shell commands.
		expect(getAllEnvKeyNames()).not.toContain("AWS_PROFILE");
		expect(getProviderInfo("openai-codex")).toMatchObject({ oauth: true, envKeys: [] });
		expect(getProviderInfo("cloudflare-ai-gateway").setupEnv).toEqual([
			"CLOUDFLARE_ACCOUNT_ID",
			"CLOUDFLARE_GATEWAY_ID",
		]);
		expect(getProviderInfo("my-proxy")).toEqual({ name: "my-proxy", envKeys: [] });
	});

	it("detects the AWS credential chain for Amazon Bedrock", () => {
		const has = (env: NodeJS.ProcessEnv) => hasAmbientCredentials("amazon-bedrock", { env });
		expect(has({})).toBe(false);
		expect(has({ AWS_PROFILE: "dev" })).toBe(true);
		expect(has({ AWS_ACCESS_KEY_ID: "id" })).toBe(false);
		expect(has({ AWS_ACCESS_KEY_ID: "id", AWS_SECRET_ACCESS_KEY: "secret" })).toBe(true);
		expect(has({ AWS_BEARER_TOKEN_BEDROCK: "t" })).toBe(true);
		expect(has({ AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: "/v2/credentials" })).toBe(true);
		expect(has({ AWS_CONTAINER_CREDENTIALS_FULL_URI: "http://169.254.170.2/x" })).toBe(true);
		expect(has({ AWS_WEB_IDENTITY_TOKEN_FILE: "/var/run/token" })).toBe(true);
		expect(has({ AWS_BEDROCK_SKIP_AUTH: "1" })).toBe(true);
		expect(has({ AWS_BEDROCK_SKIP_AUTH: "0" })).toBe(false);
		expect(hasAmbientCredentials("anthropic", { env: { AWS_PROFILE: "dev" } })).toBe(false);
	});

	it("detects Google Application Default Credentials plus project and location for Vertex", () => {
		const files = new Set(["/home/u/.config/gcloud/application_default_credentials.json", "/keys/sa.json"]);
		const has = (env: NodeJS.ProcessEnv) =>
			hasAmbientCredentials("google-vertex", {
				env,
				home: "/home/u",
				fileExists: (path) => files.has(path),
				readFile: () => "{}",
				metadataServer: () => false,
			});
		const place = { GOOGLE_CLOUD_PROJECT: "p", GOOGLE_CLOUD_LOCATION: "europe-west4" };
		expect(has(place)).toBe(true);
		expect(has({ GCLOUD_PROJECT: "p", GOOGLE_CLOUD_LOCATION: "us-central1" })).toBe(true);
		expect(has({ GOOGLE_CLOUD_PROJECT: "p" })).toBe(false);
		expect(has({ GOOGLE_CLOUD_LOCATION: "us-central1" })).toBe(false);
		expect(has({ ...place, GOOGLE_APPLICATION_CREDENTIALS: "/keys/sa.json" })).toBe(true);
		expect(has({ ...place, GOOGLE_APPLICATION_CREDENTIALS: "/keys/missing.json" })).toBe(false);
		expect(
			hasAmbientCredentials("google-vertex", {
				env: place,
				home: "/home/u",
				fileExists: () => false,
				metadataServer: () => false,
			}),
		).toBe(false);
	});

	it("takes the Vertex project from the ADC file when the environment names none", () => {
		const contents: Record<string, string> = {
			"/keys/sa.json": JSON.stringify({ type: "service_account", project_id: "from-key" }),
			"/keys/login.json": JSON.stringify({ type: "authorized_user", quota_project_id: "from-login" }),
			"/keys/none.json": JSON.stringify({ type: "authorized_user" }),
			"/keys/garbled.json": "{not json",
		};
		const has = (file: string, extra: NodeJS.ProcessEnv = {}) =>
			hasAmbientCredentials("google-vertex", {
				env: { GOOGLE_CLOUD_LOCATION: "global", GOOGLE_APPLICATION_CREDENTIALS: file, ...extra },
				fileExists: (path) => path in contents,
				readFile: (path) => contents[path]!,
				metadataServer: () => false,
			});
		expect(has("/keys/sa.json")).toBe(true);
		expect(has("/keys/login.json")).toBe(true);
		expect(has("/keys/none.json")).toBe(false);
		expect(has("/keys/garbled.json")).toBe(false);
		expect(has("/keys/none.json", { GOOGLE_CLOUD_PROJECT: "p" })).toBe(true);
		// The location is still needed.
		expect(has("/keys/sa.json", { GOOGLE_CLOUD_LOCATION: "" })).toBe(false);
	});

	it("counts a Google metadata server (Google Cloud, GCE_METADATA_HOST) as Vertex credentials", () => {
		const place = { GOOGLE_CLOUD_PROJECT: "p", GOOGLE_CLOUD_LOCATION: "us-central1" };
		const has = (env: NodeJS.ProcessEnv, metadata: boolean) =>
			hasAmbientCredentials("google-vertex", {
				env,
				fileExists: () => false,
				metadataServer: () => metadata,
			});
		expect(has(place, true)).toBe(true);
		expect(has(place, false)).toBe(false);
		// The project cannot come from a file that is not there, and a named key file that is missing fails.
		expect(has({ GOOGLE_CLOUD_LOCATION: "us-central1" }, true)).toBe(false);
		expect(has({ ...place, GOOGLE_APPLICATION_CREDENTIALS: "/keys/missing.json" }, true)).toBe(false);
		// The default check sees a configured metadata host without asking it.
		const configured = { ...place, GCE_METADATA_HOST: "127.0.0.1:1" };
		expect(hasAmbientCredentials("google-vertex", { env: configured, fileExists: () => false })).toBe(true);
	});

	it("agrees with what the Vertex adapter accepts", async () => {
		const dir = await mkdtemp(join(tmpdir(), "pi-vertex-avail-"));
		try {
			const login = join(dir, "application_default_credentials.json");
			const cases: { files: Record<string, object>; env: Record<string, string> }[] = [
				{ files: { [login]: { quota_project_id: "q" } }, env: { GOOGLE_CLOUD_LOCATION: "global" } },
				{ files: { [login]: { type: "authorized_user" } }, env: { GOOGLE_CLOUD_LOCATION: "global" } },
				{ files: { [login]: { project_id: "p" } }, env: {} },
				{ files: {}, env: { GOOGLE_CLOUD_LOCATION: "global", GOOGLE_CLOUD_PROJECT: "p", GCE_METADATA_HOST: "h" } },
				{ files: {}, env: { GOOGLE_CLOUD_LOCATION: "global", GCE_METADATA_HOST: "h" } },
				{
					files: {},
					env: { GOOGLE_CLOUD_LOCATION: "global", GOOGLE_CLOUD_PROJECT: "p", METADATA_SERVER_DETECTION: "none" },
				},
			];
			for (const { files, env: extra } of cases) {
				await rm(login, { force: true });
				for (const [path, json] of Object.entries(files)) await writeFile(path, JSON.stringify(json));
				const env = { CLOUDSDK_CONFIG: dir, ...extra };
				const accepted = await resolveVertexAuth({}, env).then(
					() => true,
					() => false,
				);
				expect(hasAmbientCredentials("google-vertex", { env }), JSON.stringify({ files, extra })).toBe(accepted);
			}
		} finally {
			await rm(dir, { recursive: true, force: true });
		}
	});

	it("counts Vertex express mode (GOOGLE_CLOUD_API_KEY) as credentials without ADC", () => {
		expect(hasEnvironmentCredentials("google-vertex", { GOOGLE_CLOUD_API_KEY: "k" })).toBe(true);
		expect(
			hasAmbientCredentials("google-vertex", { env: { GOOGLE_CLOUD_API_KEY: "k" }, fileExists: () => false }),
		).toBe(false);
	});

	it("counts a key variable or an ambient chain as environment credentials", () => {
		expect(hasEnvironmentCredentials("xiaomi", { XIAOMI_API_KEY: "k" })).toBe(true);
		expect(hasEnvironmentCredentials("xiaomi", {})).toBe(false);
		expect(hasEnvironmentCredentials("amazon-bedrock", { AWS_PROFILE: "dev" })).toBe(true);
	});
});

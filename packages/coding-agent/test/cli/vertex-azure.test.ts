/**
 * Google Vertex AI and Azure OpenAI from the CLI: the built `pi -p` on the built-in providers against the mock
 * server's Vertex and Azure protocols. Vertex signs in with Application Default Credentials from a loopback metadata
 * server (no key configured); Azure takes its endpoint, key and deployment from the environment.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPi, useCliWorld } from "./harness.js";

const cli = useCliWorld({ resetServerEachTest: true });
const ACCESS_TOKEN = "ya29.cli-test";

let metadata: Server;
let metadataHost: string;
let gcloudDir: string;

beforeAll(async () => {
	// Built-in providers pointed at the mock: a host for Vertex (pi keeps the project path), `/openai/v1` for Azure.
	const file = join(cli.world.agentDir, "models.json");
	const models = JSON.parse(readFileSync(file, "utf8"));
	models.providers["google-vertex"] = { baseUrl: cli.server.url };
	writeFileSync(file, JSON.stringify(models, null, 2));
	// A metadata server as on Google Cloud: it answers the detection ping and hands out a token.
	metadata = createServer((req, res) => {
		const flavor = req.headers["metadata-flavor"] === "Google";
		res.writeHead(flavor ? 200 : 403, { "content-type": "application/json", "metadata-flavor": "Google" });
		const token = req.url?.startsWith("/computeMetadata/v1/instance/service-accounts/default/token");
		res.end(JSON.stringify(token ? { access_token: ACCESS_TOKEN, expires_in: 3600, token_type: "Bearer" } : {}));
	});
	await new Promise<void>((resolve) => metadata.listen(0, "127.0.0.1", resolve));
	metadataHost = `127.0.0.1:${(metadata.address() as AddressInfo).port}`;
	// An empty gcloud folder, so the developer's own `gcloud auth application-default login` file is never read.
	gcloudDir = mkdtempSync(join(tmpdir(), "pi-cli-gcloud-"));
});
afterAll(() => {
	metadata.close();
	rmSync(gcloudDir, { recursive: true, force: true });
});

/** Google's variables of the developer's shell replaced by the test's. */
const googleEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
	GOOGLE_APPLICATION_CREDENTIALS: "",
	GCLOUD_PROJECT: "",
	GCE_METADATA_IP: "",
	METADATA_SERVER_DETECTION: "",
	CLOUDSDK_CONFIG: gcloudDir,
	...env,
});

describe("pi on Google Vertex AI", () => {
	it("needs no key: the metadata server's token goes to the project's Vertex path", async () => {
		cli.server.enqueue({ text: "from vertex" });
		const result = await runPi(cli.world, ["-p", "--model", "google-vertex/gemini-2.5-pro", "hi"], {
			env: googleEnv({
				GCE_METADATA_HOST: metadataHost,
				GOOGLE_CLOUD_PROJECT: "cli-project",
				GOOGLE_CLOUD_LOCATION: "us-central1",
			}),
		});
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("from vertex\n");
		expect(cli.server.requests[0]).toMatchObject({
			protocol: "google-vertex",
			path: "/v1/projects/cli-project/locations/us-central1/publishers/google/models/gemini-2.5-pro:streamGenerateContent?alt=sse",
			headers: { authorization: `Bearer ${ACCESS_TOKEN}` },
		});
	});

	it("without credentials says how to sign in, on stderr only, and sends nothing", async () => {
		const result = await runPi(cli.world, ["-p", "--model", "google-vertex/gemini-2.5-pro", "hi"], {
			env: googleEnv({
				GCE_METADATA_HOST: "",
				METADATA_SERVER_DETECTION: "none",
				GOOGLE_CLOUD_PROJECT: "cli-project",
				GOOGLE_CLOUD_LOCATION: "us-central1",
			}),
		});
		expect(result.code).not.toBe(0);
		expect(result.stdout).toBe("");
		expect(result.stderr).toContain("gcloud auth application-default login");
		expect(result.stderr).not.toContain("Warning");
		expect(cli.server.requests).toHaveLength(0);
	});
});

describe("pi on Azure OpenAI", () => {
	it("takes the endpoint, key and deployment from the environment", async () => {
		cli.server.enqueue({ text: "from azure" });
		const result = await runPi(cli.world, ["-p", "--model", "azure-openai-responses/gpt-5.4", "hi"], {
			env: {
				AZURE_OPENAI_BASE_URL: `${cli.server.url}/openai/v1`,
				AZURE_OPENAI_API_KEY: "azure-cli-key",
				AZURE_OPENAI_DEPLOYMENT_NAME_MAP: "gpt-5.4=prod-gpt54",
				AZURE_OPENAI_RESOURCE_NAME: "",
				AZURE_OPENAI_API_VERSION: "",
			},
		});
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("from azure\n");
		expect(cli.server.requests[0]).toMatchObject({
			protocol: "azure-openai-responses",
			path: "/openai/v1/responses?api-version=v1",
			headers: { "api-key": "azure-cli-key" },
			body: { model: "prod-gpt54" },
		});
	});

	it("without an endpoint names the variables to set, and sends nothing", async () => {
		const result = await runPi(cli.world, ["-p", "--model", "azure-openai-responses/gpt-5.4", "hi"], {
			env: { AZURE_OPENAI_API_KEY: "k", AZURE_OPENAI_BASE_URL: "", AZURE_OPENAI_RESOURCE_NAME: "" },
		});
		expect(result.code).not.toBe(0);
		expect(result.stderr).toMatch(/AZURE_OPENAI_RESOURCE_NAME.*AZURE_OPENAI_BASE_URL/);
		expect(cli.server.requests).toHaveLength(0);
	});
});

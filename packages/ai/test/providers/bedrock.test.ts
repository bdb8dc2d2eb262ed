/**
 * The Bedrock adapter's connection through the AWS SDK against the loopback mock server: SigV4 signing with static
 * credentials, bearer tokens, skip-auth, region and endpoint rules, HTTP/1.1, caller headers. The environment the
 * adapter reads is always given (`env`), never the machine's.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { complete, type Model } from "../../src/index.js";
import { resolveBedrockConnection } from "../../src/providers/bedrock/config.js";
import type { BedrockOptions } from "../../src/providers/bedrock.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import { mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
let model: Model;
beforeAll(async () => {
	server = await startMockServer();
	model = mockModel("bedrock-converse-stream", server);
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const KEYS = { accessKeyId: "AKIDTEST", secretAccessKey: "test-secret" };
const SIGV4 =
	/^AWS4-HMAC-SHA256 Credential=(\S+?)\/\d{8}\/([a-z0-9-]+)\/bedrock\/aws4_request, SignedHeaders=\S+, Signature=[0-9a-f]{64}$/;

/** One request with `options`; returns the request the mock saw. */
async function send(options: BedrockOptions, target: Model = model) {
	server.enqueue({ text: "ok" });
	const message = await complete(target, USER_CONTEXT, options);
	expect(message.errorMessage).toBeUndefined();
	expect(server.requests).toHaveLength(1);
	return server.requests[0]!;
}

/** The key id and region of a SigV4 Authorization header. */
function signedBy(authorization: unknown): { keyId: string; region: string } {
	const match = SIGV4.exec(String(authorization));
	if (!match) throw new Error(`not a SigV4 Authorization header: ${String(authorization)}`);
	return { keyId: match[1]!, region: match[2]! };
}

describe("bedrock: authentication", () => {
	it("signs with SigV4 from static credentials, for the given region, on the runtime path", async () => {
		const request = await send({ env: {}, region: "us-west-2", credentials: KEYS });
		expect(signedBy(request.headers.authorization)).toEqual({ keyId: "AKIDTEST", region: "us-west-2" });
		expect(request.headers["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
		expect(request.path).toBe("/model/anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream");
		expect(request.protocol).toBe("bedrock-converse-stream");
	});

	it("sends a bearer token from bearerToken, apiKey or AWS_BEARER_TOKEN_BEDROCK instead of signing", async () => {
		const seen: unknown[] = [];
		for (const options of [
			{ env: {}, bearerToken: "from-option" },
			{ env: {}, apiKey: "from-api-key" },
			{ env: { AWS_BEARER_TOKEN_BEDROCK: "from-env" } },
		]) {
			server.reset();
			seen.push((await send(options)).headers.authorization);
		}
		expect(seen).toEqual(["Bearer from-option", "Bearer from-api-key", "Bearer from-env"]);
	});

	it("prefers explicit credentials to a key found elsewhere, and never sends the ambient-auth marker", async () => {
		const explicit = await send({ env: { AWS_BEARER_TOKEN_BEDROCK: "env-token" }, apiKey: "k", credentials: KEYS });
		expect(signedBy(explicit.headers.authorization).keyId).toBe("AKIDTEST");
		server.reset();
		const marker = await send({ env: {}, apiKey: "<authenticated>", credentials: KEYS, region: "us-east-1" });
		expect(marker.headers.authorization).not.toContain("authenticated");
	});

	it("AWS_BEDROCK_SKIP_AUTH=1 signs with dummy keys even when a bearer token is set", async () => {
		const request = await send({ env: { AWS_BEDROCK_SKIP_AUTH: "1", AWS_BEARER_TOKEN_BEDROCK: "t" }, apiKey: "k" });
		expect(signedBy(request.headers.authorization).keyId).toBe("pi-skip-auth");
	});
});

describe("bedrock: region and endpoint", () => {
	const standard = (region: string, id = model.id): Model => ({
		...model,
		id,
		baseUrl: `https://bedrock-runtime.${region}.amazonaws.com`,
	});

	it("AWS_ENDPOINT_URL_BEDROCK_RUNTIME replaces a default regional base URL, whose region is used", async () => {
		const request = await send(
			{ env: { AWS_ENDPOINT_URL_BEDROCK_RUNTIME: server.url }, credentials: KEYS },
			standard("eu-central-1"),
		);
		expect(signedBy(request.headers.authorization).region).toBe("eu-central-1");
	});

	it("AWS_REGION, then AWS_DEFAULT_REGION, beat the base URL's region; an inference-profile ARN beats all", async () => {
		const env = { AWS_ENDPOINT_URL_BEDROCK_RUNTIME: server.url };
		const regions: string[] = [];
		const arn = "arn:aws:bedrock:ap-south-1:123456789012:application-inference-profile/abc123";
		for (const [extra, target] of [
			[{ AWS_REGION: "us-west-2", AWS_DEFAULT_REGION: "eu-west-1" }, standard("eu-central-1")],
			[{ AWS_DEFAULT_REGION: "eu-west-1" }, standard("eu-central-1")],
			[{ AWS_REGION: "us-west-2" }, standard("eu-central-1", arn)],
		] as const) {
			server.reset();
			const request = await send({ env: { ...env, ...extra }, credentials: KEYS }, target);
			regions.push(signedBy(request.headers.authorization).region);
		}
		expect(regions).toEqual(["us-west-2", "eu-west-1", "ap-south-1"]);
	});

	it("a named profile's region comes from the AWS config file, else the base URL's", async () => {
		const dir = mkdtempSync(join(tmpdir(), "pi-bedrock-"));
		const configFile = join(dir, "config");
		writeFileSync(configFile, "[profile work]\nregion = ap-northeast-1\n[profile bare]\noutput = json\n");
		// The SDK reads the config file's location from the process environment.
		const saved = { file: process.env.AWS_CONFIG_FILE, region: process.env.AWS_REGION };
		process.env.AWS_CONFIG_FILE = configFile;
		delete process.env.AWS_REGION;
		try {
			const env = { AWS_ENDPOINT_URL_BEDROCK_RUNTIME: server.url };
			const regions: string[] = [];
			for (const profile of ["work", "bare"]) {
				server.reset();
				const request = await send({ env, profile, credentials: KEYS }, standard("eu-central-1"));
				regions.push(signedBy(request.headers.authorization).region);
			}
			expect(regions).toEqual(["ap-northeast-1", "eu-central-1"]);
		} finally {
			if (saved.file === undefined) delete process.env.AWS_CONFIG_FILE;
			else process.env.AWS_CONFIG_FILE = saved.file;
			if (saved.region !== undefined) process.env.AWS_REGION = saved.region;
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it("a custom base URL is the endpoint, path prefix included, and beats AWS_ENDPOINT_URL_BEDROCK_RUNTIME", async () => {
		const proxied = { ...model, baseUrl: `${server.url}/corp/bedrock` };
		const request = await send(
			{ env: { AWS_ENDPOINT_URL_BEDROCK_RUNTIME: "http://127.0.0.1:9" }, bearerToken: "t" },
			proxied,
		);
		expect(request.path).toMatch(/^\/corp\/bedrock\/model\/[^/]+\/converse-stream$/);
	});

	it("adds model and caller headers to the signed request, but never replaces signing headers", async () => {
		const withHeaders = { ...model, headers: { "x-team": "model" } };
		const request = await send(
			{ env: {}, credentials: KEYS, headers: { "x-trace": "abc", "x-amz-date": "forged", authorization: "forged" } },
			withHeaders,
		);
		expect(request.headers["x-team"]).toBe("model");
		expect(request.headers["x-trace"]).toBe("abc");
		expect(request.headers["x-amz-date"]).not.toBe("forged");
		expect(String(request.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 .*SignedHeaders=[^,]*x-trace/);
	});
});

describe("bedrock: connection rules", () => {
	const at = (baseUrl: string, id = "anthropic.claude-sonnet-4-5-20250929-v1:0") => ({ ...model, id, baseUrl });

	it("a named profile leaves the region to the profile, falling back to the base URL's, then us-east-1", () => {
		const named = resolveBedrockConnection(at("https://bedrock-runtime.eu-central-1.amazonaws.com"), {
			env: { AWS_PROFILE: "work" },
		});
		expect(named).toMatchObject({
			region: undefined,
			fallbackRegion: "eu-central-1",
			profile: "work",
			endpoint: undefined,
		});
		const plain = resolveBedrockConnection(at(""), { env: {} });
		expect(plain).toMatchObject({ region: "us-east-1", endpoint: undefined, auth: { kind: "sigv4" } });
	});

	it("HTTP/1.1 for plain-HTTP endpoints and AWS_BEDROCK_FORCE_HTTP1=1, the SDK's HTTP/2 otherwise", () => {
		const aws = at("https://bedrock-runtime.us-east-1.amazonaws.com");
		expect(resolveBedrockConnection(aws, { env: {} }).http1).toBe(false);
		expect(resolveBedrockConnection(aws, { env: { AWS_BEDROCK_FORCE_HTTP1: "1" } }).http1).toBe(true);
		expect(resolveBedrockConnection(at("https://proxy.corp/bedrock"), { env: {} }).http1).toBe(false);
		expect(resolveBedrockConnection(at("http://127.0.0.1:4000"), { env: {} }).http1).toBe(true);
	});
});

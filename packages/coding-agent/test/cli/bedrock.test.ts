/**
 * Amazon Bedrock from the CLI: the built `pi -p` against the mock server's Bedrock protocol (binary event stream),
 * with no API key configured: a bearer token from AWS_BEARER_TOKEN_BEDROCK for a models.json provider, SigV4 from
 * AWS keys for the built-in `amazon-bedrock` provider pointed at the mock by AWS_ENDPOINT_URL_BEDROCK_RUNTIME.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runPi, useCliWorld } from "./harness.js";

const cli = useCliWorld({ resetServerEachTest: true });

beforeAll(() => {
	const file = join(cli.world.agentDir, "models.json");
	const models = JSON.parse(readFileSync(file, "utf8"));
	models.providers["mock-bedrock"] = {
		api: "bedrock-converse-stream",
		baseUrl: cli.server.url,
		apiKey: "",
		models: [{ id: "anthropic.claude-sonnet-4-5-20250929-v1:0", name: "Claude Sonnet 4.5 (mock)" }],
	};
	writeFileSync(file, JSON.stringify(models, null, 2));
});

describe("pi on Amazon Bedrock", () => {
	it("a models.json provider on bedrock-converse-stream needs no key and sends AWS_BEARER_TOKEN_BEDROCK", async () => {
		cli.server.enqueue({ text: "ok" });
		const result = await runPi(
			cli.world,
			["-p", "--model", "mock-bedrock/anthropic.claude-sonnet-4-5-20250929-v1:0", "say ok"],
			{ env: { AWS_BEARER_TOKEN_BEDROCK: "bedrock-token" } },
		);
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("ok\n");
		expect(cli.server.requests[0]).toMatchObject({
			protocol: "bedrock-converse-stream",
			headers: { authorization: "Bearer bedrock-token" },
		});
	});

	it("the built-in provider signs with the AWS keys for AWS_REGION, at AWS_ENDPOINT_URL_BEDROCK_RUNTIME", async () => {
		cli.server.enqueue({ text: "signed" });
		const result = await runPi(
			cli.world,
			["-p", "--model", "amazon-bedrock/us.anthropic.claude-sonnet-4-5-20250929-v1:0", "hi"],
			{
				env: {
					AWS_ENDPOINT_URL_BEDROCK_RUNTIME: cli.server.url,
					AWS_ACCESS_KEY_ID: "AKIDCLITEST",
					AWS_SECRET_ACCESS_KEY: "secret",
					AWS_REGION: "eu-west-1",
					AWS_PROFILE: "",
					AWS_BEARER_TOKEN_BEDROCK: "",
				},
			},
		);
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("signed\n");
		const request = cli.server.requests[0]!;
		expect(request.path).toBe("/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream");
		expect(String(request.headers.authorization)).toMatch(
			/^AWS4-HMAC-SHA256 Credential=AKIDCLITEST\/\d{8}\/eu-west-1\/bedrock\/aws4_request, /,
		);
	});
});

import { describe, expect, it } from "vitest";
import { checkCredentials, formatCredentialStatus } from "../../../src/core/auth/credential-status.js";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { ModelRegistry } from "../../../src/core/config/model-registry.js";
import { tempDir, writeFile } from "../config/helpers.js";

function registry(options: { env?: NodeJS.ProcessEnv; auth?: Record<string, unknown>; modelsJson?: object } = {}) {
	const agentDir = tempDir();
	if (options.modelsJson) writeFile(`${agentDir}/models.json`, options.modelsJson);
	const auth = AuthStorage.inMemory((options.auth ?? {}) as never);
	return new ModelRegistry({ agentDir, auth, env: options.env ?? {} });
}

describe("credential status (pi auth check)", () => {
	it("names the source: auth.json key, environment variable, models.json, ambient chain", async () => {
		const env = { AWS_PROFILE: "work", GROQ_API_KEY: "gsk-env-key-1" };
		const models = registry({
			env,
			auth: { openai: { type: "api_key", key: "sk-stored-key" } },
			modelsJson: {
				providers: {
					local: {
						api: "openai-completions",
						baseUrl: "http://127.0.0.1:9/v1",
						apiKey: "local-key",
						models: [{ id: "m" }],
					},
				},
			},
		});
		const check = (provider: string) => checkCredentials(provider, { registry: models, env, refresh: true });
		expect(await check("openai")).toEqual({
			status: "ready",
			provider: "openai",
			authType: "api_key",
			source: "auth.json",
		});
		expect(await check("groq")).toMatchObject({ status: "ready", source: "env", envVar: "GROQ_API_KEY" });
		expect(await check("local")).toMatchObject({ status: "ready", source: "models.json" });
		expect(await check("amazon-bedrock")).toMatchObject({ status: "ready", authType: "ambient", source: "ambient" });
		expect(await check("mistral")).toEqual({
			status: "not_ready",
			provider: "mistral",
			reason: "credentials_not_configured",
		});
		expect(await check("no-such-provider")).toEqual({
			status: "not_ready",
			provider: "no-such-provider",
			reason: "provider_not_found",
		});
	});

	it("formats one line with the expiry in UTC and relative", () => {
		const now = Date.UTC(2026, 10, 26, 8, 0);
		const line = formatCredentialStatus(
			{ status: "ready", provider: "anthropic", authType: "oauth", source: "auth.json", expires: now + 90 * 60_000 },
			now,
		);
		expect(line).toBe("ready  anthropic  auth.json (oauth)  expires 2026-11-26 09:30 UTC (in 90 min)");
		expect(
			formatCredentialStatus(
				{
					status: "not_ready",
					provider: "x",
					authType: "oauth",
					source: "auth.json",
					expires: now - 7_200_000,
					reason: "token_expired",
				},
				now,
			),
		).toBe("not_ready  x  auth.json (oauth)  expired 2026-11-26 06:00 UTC (2 h ago)  token expired");
	});
});

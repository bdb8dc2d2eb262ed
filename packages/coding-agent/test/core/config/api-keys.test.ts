import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ApiKeyResolver, missingApiKeyMessage } from "../../../src/core/config/api-keys.js";
import { type AuthEntry, AuthStorage } from "../../../src/core/config/auth-storage.js";
import { clearValueCommandCache, ValueResolver } from "../../../src/core/config/value-resolver.js";
import { tempDir, warningSink } from "./helpers.js";

function resolver(options: {
	auth?: Record<string, AuthEntry>;
	env?: NodeJS.ProcessEnv;
	modelsJson?: Record<string, string>;
	now?: number;
}) {
	const env = options.env ?? {};
	return new ApiKeyResolver({
		auth: AuthStorage.inMemory(options.auth ?? {}),
		values: new ValueResolver({ env }),
		env,
		getModelsJsonApiKey: (provider) => options.modelsJson?.[provider],
		now: () => options.now ?? 1000,
	});
}

describe("value resolution (§3.1)", () => {
	it("runs !command once per process, uses a set env var's value, else the literal", () => {
		clearValueCommandCache();
		const dir = tempDir();
		const counter = `${dir}/count`;
		const values = new ValueResolver({ env: { PATH: process.env.PATH, MY_KEY: "from-env", EMPTY: "" } });
		const command = `!echo run >> ${counter}; echo "  secret-from-cmd  "`;
		expect(values.resolve(command)).toBe("secret-from-cmd");
		expect(values.resolve(command)).toBe("secret-from-cmd");
		expect(readFileSync(counter, "utf8")).toBe("run\n");
		expect(values.resolve("MY_KEY")).toBe("from-env");
		expect(values.resolve("EMPTY")).toBe("EMPTY");
		expect(values.resolve("UNSET_VAR")).toBe("UNSET_VAR");
		expect(values.resolve("sk-literal")).toBe("sk-literal");
	});

	it("gives no value with a warning when a command fails, prints nothing or times out", () => {
		clearValueCommandCache();
		const sink = warningSink();
		const values = new ValueResolver({ env: { PATH: process.env.PATH }, onWarning: sink.onWarning, timeoutMs: 300 });
		expect(values.resolve("!exit 3")).toBeUndefined();
		expect(values.resolve("!true")).toBeUndefined();
		expect(values.resolve("!sleep 5")).toBeUndefined();
		expect(sink.warnings).toEqual([
			'Command "!exit 3" failed with exit code 3; no value used',
			'Command "!true" printed nothing; no value used',
			'Command "!sleep 5" timed out after 0.3 s; no value used',
		]);
	});
});

describe("API key resolution order (§5.1)", () => {
	const auth: Record<string, AuthEntry> = { anthropic: { type: "api_key", key: "sk-from-auth-json" } };
	const env = { ANTHROPIC_API_KEY: "sk-from-env-var-1", ANTHROPIC_OAUTH_TOKEN: "sk-oauth-env-token" };
	const modelsJson = { anthropic: "sk-from-models-json" };

	it("--api-key wins for the start-up provider only", () => {
		const keys = resolver({ auth, env, modelsJson });
		keys.setCliApiKey("anthropic", "sk-cli-key-12345");
		expect(keys.resolve("anthropic")).toEqual({ key: "sk-cli-key-12345", source: "cli" });
		expect(keys.resolve("openai")).toBeUndefined();
	});

	it("then auth.json, then env vars in order, then models.json apiKey", () => {
		expect(resolver({ auth, env, modelsJson }).resolve("anthropic")).toEqual({
			key: "sk-from-auth-json",
			source: "auth",
		});
		expect(resolver({ env, modelsJson }).resolve("anthropic")).toEqual({ key: "sk-oauth-env-token", source: "env" });
		expect(resolver({ env: { ANTHROPIC_API_KEY: "sk-api" }, modelsJson }).resolve("anthropic")?.key).toBe("sk-api");
		expect(resolver({ modelsJson }).resolve("anthropic")).toEqual({
			key: "sk-from-models-json",
			source: "models.json",
		});
		expect(resolver({}).resolve("anthropic")).toBeUndefined();
	});

	it("auth.json keys resolve env names and commands; models.json keys too", () => {
		clearValueCommandCache();
		const keys = resolver({
			auth: { openai: { type: "api_key", key: "MY_OPENAI" }, google: { type: "api_key", key: "!echo g-key-from-cmd" } },
			env: { MY_OPENAI: "sk-openai-via-env", PATH: process.env.PATH },
			modelsJson: { local: "LOCAL_KEY" },
		});
		expect(keys.resolve("openai")?.key).toBe("sk-openai-via-env");
		expect(keys.resolve("google")?.key).toBe("g-key-from-cmd");
		expect(keys.resolve("local")?.key).toBe("LOCAL_KEY");
	});

	it("an oauth entry gives its access token until it expires", () => {
		const oauth: AuthEntry = { type: "oauth", access: "access-token-1", refresh: "r", expires: 2000 };
		expect(resolver({ auth: { anthropic: oauth }, now: 1999 }).resolve("anthropic")?.key).toBe("access-token-1");
		const expired = resolver({ auth: { anthropic: oauth }, env: { ANTHROPIC_API_KEY: "sk-env-fallback" }, now: 2000 });
		expect(expired.resolve("anthropic")).toEqual({ key: "sk-env-fallback", source: "env" });
		expect(resolver({ auth: { anthropic: oauth }, now: 2000 }).hasKey("anthropic")).toBe(false);
	});

	it("refreshes an oauth entry with less than a minute left before a request, when pi can sign in to it", async () => {
		const auth = AuthStorage.inMemory({ anthropic: { type: "oauth", access: "old", refresh: "r", expires: 60_500 } });
		const refreshed: string[] = [];
		const keys = new ApiKeyResolver({
			auth,
			values: new ValueResolver({ env: {} }),
			env: {},
			getModelsJsonApiKey: () => undefined,
			now: () => 1000,
			oauth: {
				supports: (provider) => provider === "anthropic",
				refresh: async (provider, request) => {
					refreshed.push(`${provider}:${request.reason}`);
					return { type: "oauth", access: "new-access-token", refresh: "r2", expires: 10_000_000 };
				},
			},
		});
		expect(keys.resolve("anthropic")?.key).toBe("old");
		expect(await keys.getApiKey("anthropic")).toBe("new-access-token");
		expect(refreshed).toEqual(["anthropic:expired"]);
		expect(keys.isOAuthKey("anthropic", "new-access-token")).toBe(true);
		expect(keys.isOAuthKey("anthropic", "old")).toBe(false);
	});

	it("a failed early refresh keeps using the token while it lasts; once expired the failure is reported", async () => {
		const failing = (now: number) =>
			new ApiKeyResolver({
				auth: AuthStorage.inMemory({
					anthropic: { type: "oauth", access: "still-good", refresh: "r", expires: 30_000 },
				}),
				values: new ValueResolver({ env: {} }),
				env: {},
				getModelsJsonApiKey: () => undefined,
				now: () => now,
				oauth: {
					supports: () => true,
					refresh: async () => {
						throw new Error("Could not refresh the Claude Pro/Max sign-in: offline");
					},
				},
			});
		expect(await failing(1000).getApiKey("anthropic")).toBe("still-good");
		await expect(failing(40_000).getApiKey("anthropic")).rejects.toThrow("offline");
	});

	it("an expired oauth entry counts as a key only when pi can refresh it", () => {
		const oauth: AuthEntry = { type: "oauth", access: "access-token-1", refresh: "r", expires: 10 };
		const make = (supported: boolean) =>
			new ApiKeyResolver({
				auth: AuthStorage.inMemory({ "some-provider": oauth }),
				values: new ValueResolver({ env: {} }),
				env: {},
				getModelsJsonApiKey: () => undefined,
				now: () => 1000,
				oauth: { supports: () => supported, refresh: async () => ({ ...oauth, type: "oauth" }) as never },
			});
		expect(make(true).hasKey("some-provider")).toBe(true);
		expect(make(false).hasKey("some-provider")).toBe(false);
	});

	it("records resolved values of 8+ characters as secrets", () => {
		const keys = resolver({ env: { OPENAI_API_KEY: "sk-openai-secret", GROQ_API_KEY: "short" } });
		keys.resolve("openai");
		keys.resolve("groq");
		expect(keys.getSecretValues()).toEqual(["sk-openai-secret"]);
	});
});

describe("missing key messages (§5.3)", () => {
	it("names the provider's variables, or models.json for other providers", () => {
		expect(missingApiKeyMessage("anthropic")).toBe(
			'No API key found for provider "anthropic". Set ANTHROPIC_OAUTH_TOKEN or ANTHROPIC_API_KEY, or add a key to auth.json.',
		);
		expect(missingApiKeyMessage("openai")).toBe(
			'No API key found for provider "openai". Set OPENAI_API_KEY, or add a key to auth.json.',
		);
		expect(missingApiKeyMessage("github-copilot")).toBe(
			'No API key found for provider "github-copilot". Set COPILOT_GITHUB_TOKEN or GH_TOKEN or GITHUB_TOKEN, or add a key to auth.json.',
		);
		expect(missingApiKeyMessage("local")).toBe(
			'No API key found for provider "local". Set its apiKey in models.json, or add a key to auth.json.',
		);
	});
});

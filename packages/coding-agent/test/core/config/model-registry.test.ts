import { join } from "node:path";
import { getModels, getProviders } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { ModelRegistry } from "../../../src/core/config/model-registry.js";
import { SUPPORTED_APIS } from "../../../src/core/config/models-json.js";
import { clearValueCommandCache } from "../../../src/core/config/value-resolver.js";
import { tempDir, writeFile } from "./helpers.js";

function registry(modelsJson?: string | object, env: NodeJS.ProcessEnv = {}, auth = AuthStorage.inMemory()) {
	const agentDir = tempDir();
	const file = join(agentDir, "models.json");
	if (modelsJson !== undefined) writeFile(file, modelsJson);
	const errors: string[] = [];
	const models = new ModelRegistry({
		agentDir,
		auth,
		env: { PATH: process.env.PATH, ...env },
		onError: (e) => errors.push(e),
	});
	return { models, errors, file };
}

const builtIn = getModels("anthropic")[0]!;

describe("models.json validation", () => {
	it("a syntax error ignores the whole file; built-ins keep working", () => {
		const { models, errors, file } = registry('{"providers": {');
		expect(errors).toHaveLength(1);
		expect(errors[0]).toMatch(
			new RegExp(`^Invalid models\\.json \\(${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\): \\$: .+`),
		);
		expect(models.getErrors()).toEqual(errors);
		expect(models.getAll()).toEqual(getModels());
	});

	it("schema errors name the JSON path and the problem", () => {
		const { models, errors, file } = registry({
			providers: {
				local: {
					models: [
						{ id: "m1", contextWindow: -5 },
						{ name: "no id", api: "openai-completions" },
					],
				},
				anthropic: { apiKey: "x" },
				nowhere: { baseUrl: "http://x" },
				openai: { api: "soap", modelOverrides: { "gpt-x": { api: "openai-completions", cost: { input: "1" } } } },
			},
		});
		const p = `Invalid models.json (${file}): `;
		expect(errors).toEqual([
			`${p}$.providers.local.baseUrl: required when "models" is set`,
			`${p}$.providers.local.apiKey: required when "models" is set (use a placeholder for servers without keys)`,
			`${p}$.providers.local.models[0].api: required (set "api" on the model or its provider)`,
			`${p}$.providers.local.models[0].contextWindow: expected a positive integer`,
			`${p}$.providers.local.models[1].id: required non-empty string`,
			`${p}$.providers.anthropic: set at least one of "baseUrl", "headers", "compat", "modelOverrides" (or add "models")`,
			`${p}$.providers.nowhere: "nowhere" is not a built-in provider; a custom provider needs "models"`,
			`${p}$.providers.openai.api: expected one of ${SUPPORTED_APIS.join(", ")}`,
			`${p}$.providers.openai.modelOverrides.gpt-x.api: cannot be overridden`,
			`${p}$.providers.openai.modelOverrides.gpt-x.cost.input: expected a number >= 0`,
		]);
		expect(models.getAll()).toEqual(getModels());
	});
});

describe("custom providers", () => {
	it("adds models for each of the four APIs with defaults for omitted fields", () => {
		const apis = ["anthropic-messages", "openai-completions", "openai-responses", "google-generative-ai"] as const;
		const providers = Object.fromEntries(
			apis.map((api) => [
				`p-${api}`,
				{ baseUrl: `http://127.0.0.1:1/${api}`, apiKey: "none", api, models: [{ id: `m-${api}` }] },
			]),
		);
		const { models, errors } = registry({ providers });
		expect(errors).toEqual([]);
		for (const api of apis) {
			expect(models.find(`p-${api}`, `m-${api}`)).toEqual({
				id: `m-${api}`,
				name: `m-${api}`,
				api,
				provider: `p-${api}`,
				baseUrl: `http://127.0.0.1:1/${api}`,
				reasoning: false,
				input: ["text"],
				cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
				contextWindow: 128000,
				maxTokens: 16384,
			});
		}
		expect(models.getAvailable().map((m) => m.provider)).toEqual(apis.map((api) => `p-${api}`));
	});

	it("the config.md example: env-named key, provider compat, model fields; legacy reasoningEffortMap", () => {
		const { models } = registry(
			{
				providers: {
					local: {
						baseUrl: "http://127.0.0.1:8080/v1",
						api: "openai-completions",
						apiKey: "LOCAL_LLM_KEY",
						headers: { "x-a": "1" },
						compat: { supportsDeveloperRole: false },
						models: [
							{
								id: "qwen3-coder",
								name: "Qwen3 Coder (local)",
								contextWindow: 262144,
								maxTokens: 32768,
								reasoning: true,
								headers: { "x-b": "2" },
								compat: { maxTokensField: "max_tokens" },
								reasoningEffortMap: { high: "max", minimal: null },
							},
						],
					},
				},
			},
			{ LOCAL_LLM_KEY: "local-secret-key" },
		);
		const model = models.find("local", "qwen3-coder")!;
		expect(model).toMatchObject({
			name: "Qwen3 Coder (local)",
			contextWindow: 262144,
			maxTokens: 32768,
			headers: { "x-a": "1", "x-b": "2" },
			compat: { supportsDeveloperRole: false, maxTokensField: "max_tokens" },
			thinkingLevelMap: { high: "max", minimal: null },
		});
		return models.getApiKey(model).then((key) => expect(key).toBe("local-secret-key"));
	});

	it("a model with a built-in's provider and id replaces it", () => {
		const { models } = registry({
			providers: {
				anthropic: {
					baseUrl: "http://127.0.0.1:2",
					apiKey: "k",
					api: "anthropic-messages",
					models: [{ id: builtIn.id, name: "Mine" }],
				},
			},
		});
		const matches = models.getAll().filter((m) => m.provider === "anthropic" && m.id === builtIn.id);
		expect(matches).toHaveLength(1);
		expect(matches[0]).toMatchObject({ name: "Mine", baseUrl: "http://127.0.0.1:2", contextWindow: 128000 });
	});
});

describe("models.json compat flags", () => {
	it("checks the type of each flag the adapters act on, and keeps valid ones", () => {
		const flags = [
			"zaiToolStream",
			"requiresReasoningContentOnAssistantMessages",
			"sendSessionAffinityHeaders",
			"supportsEagerToolInputStreaming",
		];
		const bad = registry({ providers: { zai: { compat: Object.fromEntries(flags.map((flag) => [flag, "yes"])) } } });
		expect(bad.errors).toEqual(
			flags.map((flag) => `Invalid models.json (${bad.file}): $.providers.zai.compat.${flag}: expected true or false`),
		);
		const good = registry({
			providers: { zai: { compat: { zaiToolStream: false, sendSessionAffinityHeaders: true } } },
		});
		expect(good.errors).toEqual([]);
		for (const model of good.models.getAll().filter((m) => m.provider === "zai")) {
			expect(model.compat).toMatchObject({ zaiToolStream: false, sendSessionAffinityHeaders: true });
		}
	});
});

describe("built-in provider overrides", () => {
	it("baseUrl, headers (resolved) and compat apply to every model; modelOverrides merge", () => {
		clearValueCommandCache();
		const { models } = registry({
			providers: {
				anthropic: {
					baseUrl: "https://llm-proxy.example.com/anthropic",
					headers: { "x-team": "!echo team-42" },
					compat: { supportsLongCacheRetention: false },
					modelOverrides: {
						[builtIn.id]: { maxTokens: 32000, cost: { input: 1 }, headers: { "x-model": "m" }, name: "Renamed" },
					},
				},
			},
		});
		for (const model of models.getAll().filter((m) => m.provider === "anthropic")) {
			expect(model.baseUrl).toBe("https://llm-proxy.example.com/anthropic");
			expect(model.headers?.["x-team"]).toBe("team-42");
			expect(model.compat?.supportsLongCacheRetention).toBe(false);
		}
		expect(models.find("anthropic", builtIn.id)).toMatchObject({
			name: "Renamed",
			maxTokens: 32000,
			cost: { ...builtIn.cost, input: 1 },
			headers: { "x-team": "team-42", "x-model": "m" },
			contextWindow: builtIn.contextWindow,
		});
		expect(models.getSecretValues()).not.toContain("team-42");
	});

	it("apiKey of a built-in provider is the last resort", async () => {
		const { models } = registry({ providers: { anthropic: { baseUrl: "http://x", apiKey: "sk-last-resort" } } });
		expect(await models.getApiKey(builtIn)).toBe("sk-last-resort");
		const withEnv = registry(
			{ providers: { anthropic: { baseUrl: "http://x", apiKey: "sk-last-resort" } } },
			{ ANTHROPIC_API_KEY: "sk-env-wins" },
		);
		expect(await withEnv.models.getApiKey(builtIn)).toBe("sk-env-wins");
	});
});

describe("availability, request auth, credentials", () => {
	it("getAvailable lists models whose provider resolves a key", () => {
		const { models } = registry(undefined, { ANTHROPIC_API_KEY: "sk-anthropic-env" });
		expect(models.getAvailable()).toEqual(getModels("anthropic"));
		expect(registry().models.getAvailable()).toEqual([]);
		expect(models.getProviders()).toEqual(getProviders());
	});

	it("authHeader adds Authorization: Bearer with the resolved key", async () => {
		const { models } = registry({
			providers: {
				gw: {
					baseUrl: "http://g/v1",
					apiKey: "gw-key-123",
					authHeader: true,
					api: "openai-responses",
					models: [{ id: "x" }],
				},
			},
		});
		expect(await models.getRequestAuth(models.find("gw", "x")!)).toEqual({
			apiKey: "gw-key-123",
			headers: { Authorization: "Bearer gw-key-123" },
		});
		expect(models.getSecretValues()).toContain("gw-key-123");
	});

	it("credential env names: all §5.2 variables plus set variables named by models.json and auth.json", () => {
		const auth = AuthStorage.inMemory({ openai: { type: "api_key", key: "MY_OPENAI_VAR" } });
		const { models } = registry(
			{
				providers: {
					local: {
						baseUrl: "http://l/v1",
						apiKey: "LOCAL_LLM_KEY",
						api: "openai-completions",
						headers: { "x-k": "HEADER_VAR" },
						models: [{ id: "m" }],
					},
				},
			},
			{ LOCAL_LLM_KEY: "v", HEADER_VAR: "h", MY_OPENAI_VAR: "o" },
			auth,
		);
		const names = models.getCredentialEnvNames();
		for (const name of ["ANTHROPIC_API_KEY", "GH_TOKEN", "LOCAL_LLM_KEY", "HEADER_VAR", "MY_OPENAI_VAR"]) {
			expect(names).toContain(name);
		}
		expect(names).not.toContain("PATH");
	});

	it("refresh() re-reads models.json", () => {
		const { models, file } = registry();
		expect(models.find("local", "m")).toBeUndefined();
		writeFile(file, {
			providers: { local: { baseUrl: "http://l/v1", apiKey: "k", api: "openai-completions", models: [{ id: "m" }] } },
		});
		models.refresh();
		expect(models.find("local", "m")?.baseUrl).toBe("http://l/v1");
	});
});

import { getOAuthProvider, getOAuthProviderInfos } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { loginChoices, takesApiKey } from "../../../src/core/auth/login-choices.js";
import { OAuthProviderRegistry } from "../../../src/core/auth/oauth-providers.js";
import { loadOAuthModelAdjusters, OAUTH_PROVIDERS_WITH_MODEL_CHANGES } from "../../../src/core/auth/oauth-support.js";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { ModelRegistry } from "../../../src/core/config/model-registry.js";
import { tempDir } from "../config/helpers.js";

const copilotEntry = {
	type: "oauth",
	access: "tid=1;exp=9999999999;proxy-ep=proxy.business.githubcopilot.com;sku=business",
	refresh: "gho_github_token",
	expires: Date.now() + 600_000,
};

function registryWith(entries: Record<string, unknown>) {
	const auth = AuthStorage.inMemory(entries as never);
	return { auth, registry: new ModelRegistry({ agentDir: tempDir(), auth, env: {} }) };
}

const baseUrls = (registry: ModelRegistry, provider: string) =>
	new Set(
		registry
			.getAll()
			.filter((model) => model.provider === provider)
			.map((model) => model.baseUrl),
	);

describe("OAuth model adjustments (modifyModels)", () => {
	it("GitHub Copilot models use the base URL its stored token names, and go back once signed out", async () => {
		const { auth, registry } = registryWith({ "github-copilot": copilotEntry });
		const anthropicBefore = baseUrls(registry, "anthropic");
		expect(baseUrls(registry, "github-copilot").size).toBeGreaterThan(0);
		expect(baseUrls(registry, "github-copilot").has("https://api.business.githubcopilot.com")).toBe(false);
		await loadOAuthModelAdjusters(auth, registry);
		expect(baseUrls(registry, "github-copilot")).toEqual(new Set(["https://api.business.githubcopilot.com"]));
		expect(baseUrls(registry, "anthropic")).toEqual(anthropicBefore);

		auth.remove("github-copilot");
		registry.refresh();
		expect(baseUrls(registry, "github-copilot").has("https://api.business.githubcopilot.com")).toBe(false);
	});

	it("loads only the integrations of providers signed in with OAuth, and reports one that fails to load", async () => {
		const { auth, registry } = registryWith({
			openai: { type: "api_key", key: "sk-key-12345678" },
			anthropic: { type: "oauth", access: "a", refresh: "r", expires: 1 },
		});
		const loaded: string[] = [];
		const warnings: string[] = [];
		await loadOAuthModelAdjusters(auth, registry, {
			supports: () => true,
			loadProvider: async (provider) => {
				loaded.push(provider);
				throw new Error(`cannot load ${provider}`);
			},
			onWarning: (message) => warnings.push(message),
		});
		expect(loaded).toEqual(["anthropic"]);
		expect(warnings).toEqual(["cannot load anthropic"]);
	});
});

describe("which integrations start-up loads", () => {
	it("exactly the ones with modifyModels (the others are not loaded for a fresh sign-in)", async () => {
		const withChanges: string[] = [];
		for (const info of getOAuthProviderInfos()) {
			if ((await getOAuthProvider(info.id))?.modifyModels) withChanges.push(info.id);
		}
		expect(withChanges).toEqual([...OAUTH_PROVIDERS_WITH_MODEL_CHANGES]);
	});
});

describe("login choices", () => {
	it("subscriptions first, then providers that take a key (Anthropic in both; not Codex or Copilot)", () => {
		const choices = loginChoices(
			["anthropic", "openai", "openai-codex", "amazon-bedrock", "github-copilot"],
			new OAuthProviderRegistry(),
		);
		expect(choices.map((choice) => `${choice.kind}:${choice.provider}`)).toEqual([
			"oauth:anthropic",
			"oauth:openai-codex",
			"oauth:github-copilot",
			"api_key:anthropic",
			"api_key:openai",
			"api_key:amazon-bedrock",
		]);
		expect(takesApiKey("my-custom-provider")).toBe(true);
	});
});

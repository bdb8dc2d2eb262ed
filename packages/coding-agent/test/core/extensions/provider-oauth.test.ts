/**
 * `pi.registerProvider(name, { oauth })` in process: the adapter between the original pi's `oauth` shape and pi's
 * sign-in contract, the merged sign-in registry (built-in first, an extension naming a built-in replaces it until it
 * unregisters), modifyModels, refresh through auth.json's lock, and removal on unregister and reload.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { OAuthLoginCallbacks } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { loginChoices } from "../../../src/core/auth/login-choices.js";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { ModelRegistry } from "../../../src/core/config/model-registry.js";
import { ExtensionHost, extensionTexts, loadExtension } from "../../../src/core/extensions/index.js";
import { adaptProviderOAuth } from "../../../src/core/extensions/provider-oauth.js";
import type {
	ExtensionFactory,
	ProviderConfig,
	ProviderOAuthConfig,
	ProviderOAuthCredentials,
} from "../../../src/core/extensions/types.js";
import { tempDir } from "../config/helpers.js";

const MODEL = {
	id: "corp-model",
	name: "Corp Model",
	reasoning: false,
	input: ["text" as const],
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
	contextWindow: 1000,
	maxTokens: 100,
};

/** An `oauth` config recording what pi asked of it; refreshes hand out `access-N`. */
function corpOAuth(calls: string[] = []): ProviderOAuthConfig {
	let issued = 0;
	return {
		name: "Corp SSO",
		async login() {
			calls.push("login");
			return { access: "access-0", refresh: "refresh-0", expires: Date.now() + 3_600_000, region: "eu" };
		},
		async refreshToken(credentials) {
			calls.push(`refreshToken:${credentials.refresh}`);
			issued++;
			return {
				...credentials,
				access: `access-${issued}`,
				refresh: `refresh-${issued}`,
				expires: Date.now() + 3_600_000,
			};
		},
		getApiKey: (credentials) => `key-for-${credentials.access}`,
		modifyModels: (models, credentials) =>
			models.map((model) => ({ ...model, baseUrl: `https://${String(credentials.region)}.corp.test/v1` })),
	};
}

function corpProvider(oauth: ProviderOAuthConfig): ProviderConfig {
	return { baseUrl: "https://corp.test/v1", api: "openai-completions", models: [MODEL], oauth };
}

function world() {
	const agentDir = tempDir("pi-ext-oauth-");
	const auth = AuthStorage.create({ agentDir });
	const registry = new ModelRegistry({ agentDir, auth, env: {} });
	const errors: string[] = [];
	const host = new ExtensionHost({ cwd: agentDir, onError: (error) => errors.push(error.error) });
	host.bindModelRegistry(registry);
	const load = (path: string, factory: ExtensionFactory) =>
		loadExtension(host, { path, origin: "sdk" }, agentDir, () => factory);
	return { agentDir, auth, registry, host, errors, load };
}

/** Callbacks of pi's contract that record what the extension's flow did. */
function recordingCallbacks(answers: string[] = []) {
	const seen: unknown[] = [];
	let manualSignal: AbortSignal | undefined;
	const callbacks: OAuthLoginCallbacks = {
		onAuth: (info) => seen.push({ auth: info }),
		onPrompt: async (prompt) => {
			seen.push({ prompt: prompt.message });
			return answers.shift() ?? "";
		},
		onProgress: (message) => seen.push({ progress: message }),
		onManualCodeInput: async (signal) => {
			manualSignal = signal;
			return "pasted-code";
		},
	};
	return { callbacks, seen, manualSignal: () => manualSignal };
}

describe("the oauth adapter", () => {
	it("hands the flow the original's callbacks: onDeviceCode, onSelect as a numbered question, onManualCodeInput", async () => {
		const { callbacks, seen, manualSignal } = recordingCallbacks(["2"]);
		const provider = adaptProviderOAuth("corp", {
			...corpOAuth(),
			usesCallbackServer: true,
			async login(cb) {
				cb.onDeviceCode({ userCode: "ABCD-1234", verificationUri: "https://sso.corp.test/device" });
				const region = await cb.onSelect({
					message: "Region",
					options: [
						{ id: "us", label: "United States" },
						{ id: "eu", label: "Europe" },
					],
				});
				const code = await cb.onManualCodeInput();
				cb.onProgress(`got ${code}`);
				return { access: "a", refresh: "r", expires: 1, region };
			},
		});
		expect(provider).toMatchObject({ id: "corp", name: "Corp SSO", usesCallbackServer: true });
		const credentials = await provider.login(callbacks);
		expect(credentials).toEqual({ access: "a", refresh: "r", expires: 1, region: "eu" });
		expect(seen).toEqual([
			{ auth: { url: "https://sso.corp.test/device", userCode: "ABCD-1234" } },
			{ prompt: `Region\n1. United States\n2. Europe\n${extensionTexts.oauthSelectHint}` },
			{ progress: "got pasted-code" },
		]);
		// The pasted-code question is taken away once the flow is over.
		expect(manualSignal()?.aborted).toBe(true);
	});

	it("onSelect goes to the caller's chooser when it has one", async () => {
		const { callbacks } = recordingCallbacks();
		const asked: unknown[] = [];
		callbacks.onSelect = async (prompt) => {
			asked.push(prompt);
			return prompt.options[1]!.id;
		};
		const options = [
			{ id: "us", label: "United States" },
			{ id: "eu", label: "Europe" },
		];
		const provider = adaptProviderOAuth("corp", {
			...corpOAuth(),
			async login(cb) {
				const region = await cb.onSelect({ message: "Region", options });
				return { access: "a", refresh: "r", expires: 1, region };
			},
		});
		expect(await provider.login(callbacks)).toMatchObject({ region: "eu" });
		expect(asked).toEqual([{ message: "Region", options }]);
	});

	it("without a callback server the pasted code is a plain question; refresh calls refreshToken", async () => {
		const { callbacks, seen, manualSignal } = recordingCallbacks(["typed-code"]);
		let offered: unknown = "unset";
		const calls: string[] = [];
		const provider = adaptProviderOAuth("corp", {
			...corpOAuth(calls),
			async login(cb) {
				offered = await cb.onManualCodeInput();
				return { access: "a", refresh: "r", expires: 1 };
			},
		});
		await provider.login(callbacks);
		expect(offered).toBe("typed-code");
		expect(seen).toEqual([{ prompt: extensionTexts.oauthPasteCode }]);
		expect(manualSignal()).toBeUndefined();
		const next = await provider.refresh({ type: "oauth", access: "a", refresh: "r", expires: 1 } as never);
		expect(calls).toEqual(["refreshToken:r"]);
		expect(next).not.toHaveProperty("type");
		expect(provider.getApiKey(next)).toBe("key-for-access-1");
	});

	it("refuses a flow that resolves without credentials, naming the sign-in", async () => {
		const provider = adaptProviderOAuth("corp", {
			...corpOAuth(),
			login: async () => undefined as unknown as ProviderOAuthCredentials,
		});
		await expect(provider.login(recordingCallbacks().callbacks)).rejects.toThrow(
			extensionTexts.invalidOAuthCredentials("Corp SSO"),
		);
	});
});

describe("registerProvider with oauth", () => {
	it("adds the sign-in after the built-in ones; /login's choices offer it as a subscription, not a key", async () => {
		const { registry, load } = world();
		await load("/ext/corp", (pi) => pi.registerProvider("corp", corpProvider(corpOAuth())));
		const infos = registry.oauthProviders.infos();
		expect(infos.map((info) => info.id)).toEqual(["anthropic", "openai-codex", "github-copilot", "corp"]);
		expect(infos.at(-1)).toMatchObject({ name: "Corp SSO", fromExtension: true, usesCallbackServer: false });
		const choices = loginChoices(registry.getProviders(), registry.oauthProviders);
		expect(choices.filter((choice) => choice.provider === "corp")).toEqual([
			{ provider: "corp", kind: "oauth", label: "Corp SSO" },
		]);
	});

	it("a provider with apiKey and oauth is offered both: the sign-in and an API key", async () => {
		const { registry, load } = world();
		await load("/ext/corp", (pi) =>
			pi.registerProvider("corp", { ...corpProvider(corpOAuth()), apiKey: "CORP_TOKEN" }),
		);
		const choices = loginChoices(registry.getProviders(), registry.oauthProviders);
		expect(choices.filter((choice) => choice.provider === "corp")).toEqual([
			{ provider: "corp", kind: "oauth", label: "Corp SSO" },
			{ provider: "corp", kind: "api_key", label: "corp" },
		]);
		// Registered again without apiKey: only the sign-in again.
		await load("/ext/corp2", (pi) => pi.registerProvider("corp", corpProvider(corpOAuth())));
		const again = loginChoices(registry.getProviders(), registry.oauthProviders);
		expect(again.filter((choice) => choice.provider === "corp").map((choice) => choice.kind)).toEqual(["oauth"]);
	});

	it("a bad oauth config is reported and registers nothing", async () => {
		const { registry, errors, load } = world();
		const { refreshToken: _dropped, ...incomplete } = corpOAuth();
		await load("/ext/bad", (pi) =>
			pi.registerProvider("corp", corpProvider(incomplete as unknown as ProviderOAuthConfig)),
		);
		expect(errors).toEqual([extensionTexts.invalidProviderOAuth("corp", "a refreshToken function")]);
		expect(registry.oauthProviders.has("corp")).toBe(false);
		expect(registry.find("corp", "corp-model")).toBeUndefined();
	});

	it("applies modifyModels while signed in, and the key is the extension's getApiKey", async () => {
		const { auth, registry, load } = world();
		await load("/ext/corp", (pi) => pi.registerProvider("corp", corpProvider(corpOAuth())));
		expect(registry.find("corp", "corp-model")?.baseUrl).toBe("https://corp.test/v1");
		auth.set("corp", {
			type: "oauth",
			access: "access-0",
			refresh: "refresh-0",
			expires: Date.now() + 3_600_000,
			region: "eu",
		});
		registry.refresh();
		expect(registry.find("corp", "corp-model")?.baseUrl).toBe("https://eu.corp.test/v1");
		expect(registry.isAvailable({ provider: "corp" })).toBe(true);
		expect(await registry.getApiKey({ provider: "corp" })).toBe("key-for-access-0");
	});

	it("an expired entry is refreshed once under the auth.json lock, even for concurrent requests", async () => {
		const calls: string[] = [];
		const { agentDir, auth, registry, load } = world();
		await load("/ext/corp", (pi) => pi.registerProvider("corp", corpProvider(corpOAuth(calls))));
		auth.set("corp", { type: "oauth", access: "old", refresh: "refresh-0", expires: Date.now() - 1000 });
		const keys = await Promise.all([
			registry.getApiKey({ provider: "corp" }),
			registry.getApiKey({ provider: "corp" }),
		]);
		expect(keys).toEqual(["key-for-access-1", "key-for-access-1"]);
		expect(calls).toEqual(["refreshToken:refresh-0"]);
		const stored = JSON.parse(readFileSync(join(agentDir, "auth.json"), "utf8")).corp;
		expect(stored).toMatchObject({ type: "oauth", access: "access-1", refresh: "refresh-1" });
		// A 401 to the key handed out refreshes again and answers with the next key.
		expect(registry.apiKeys.isOAuthKey("corp", "key-for-access-1")).toBe(true);
		expect(await registry.apiKeys.refreshRejectedKey("corp", "key-for-access-1")).toBe("key-for-access-2");
	});

	it("naming a built-in provider replaces its sign-in in place; unregistering brings the built-in back", async () => {
		const { registry, load } = world();
		let api: Parameters<ExtensionFactory>[0] | undefined;
		await load("/ext/claude", (pi) => {
			api = pi;
			pi.registerProvider("anthropic", { oauth: { ...corpOAuth(), name: "Claude via Corp SSO" } });
		});
		const infos = registry.oauthProviders.infos();
		expect(infos[0]).toMatchObject({ id: "anthropic", name: "Claude via Corp SSO", fromExtension: true });
		expect(infos.filter((info) => info.id === "anthropic")).toHaveLength(1);
		expect((await registry.oauthProviders.load("anthropic"))?.name).toBe("Claude via Corp SSO");
		api!.unregisterProvider("anthropic");
		expect(registry.oauthProviders.name("anthropic")).toBe("Claude Pro/Max");
		expect(registry.oauthProviders.isFromExtension("anthropic")).toBe(false);
	});

	it("unregisterProvider and a reload remove the sign-in (the reloaded extension registers it again)", async () => {
		const { auth, registry, host, load } = world();
		let api: Parameters<ExtensionFactory>[0] | undefined;
		const factory: ExtensionFactory = (pi) => {
			api = pi;
			pi.registerProvider("corp", corpProvider(corpOAuth()));
		};
		await load("/ext/corp", factory);
		auth.set("corp", { type: "oauth", access: "a", refresh: "r", expires: Date.now() + 3_600_000, region: "eu" });
		api!.unregisterProvider("corp");
		expect(registry.oauthProviders.has("corp")).toBe(false);
		expect(registry.apiKeys.canRefresh("corp")).toBe(false);

		await load("/ext/corp", factory);
		expect(registry.oauthProviders.has("corp")).toBe(true);
		host.reset();
		expect(registry.oauthProviders.has("corp")).toBe(false);
		expect(registry.find("corp", "corp-model")).toBeUndefined();
		await load("/ext/corp", factory);
		expect(registry.oauthProviders.has("corp")).toBe(true);
		expect(registry.find("corp", "corp-model")?.baseUrl).toBe("https://eu.corp.test/v1");
	});
});

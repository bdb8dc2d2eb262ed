/**
 * The model registry builds each built-in provider's models when something asks for them (model-list.ts). These
 * tests pin the whole list's order (what `getAll`, `/model` and `--list-models` show), that every way of asking
 * agrees with it, and which providers a lookup builds, counted through @pi/ai's `getModels`.
 */
import { join } from "node:path";
import * as ai from "@pi/ai";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { ModelRegistry } from "../../../src/core/config/model-registry.js";
import { selectStartupModel } from "../../../src/core/config/model-resolver.js";
import { tempDir, writeFile } from "./helpers.js";

/** Providers whose built-in models were built (getModels(provider) called), in call order. */
const built: string[] = [];
vi.mock("@pi/ai", async (importOriginal) => {
	const original = await importOriginal<typeof import("@pi/ai")>();
	return {
		...original,
		getModels: (provider?: string) => {
			built.push(provider ?? "*");
			return original.getModels(provider);
		},
	};
});
beforeEach(() => {
	built.length = 0;
});

const local = (id: string) => ({ id });
const MODELS_JSON = {
	providers: {
		// A built-in provider with a model replaced and one added, another with adjustments only.
		anthropic: {
			baseUrl: "http://127.0.0.1:1",
			apiKey: "k",
			api: "anthropic-messages",
			models: [local("claude-opus-4-6"), local("my-claude")],
		},
		google: { baseUrl: "http://127.0.0.1:2" },
		local: { baseUrl: "http://127.0.0.1:3/v1", apiKey: "k", api: "openai-completions", models: [local("m")] },
	},
};

function registry(env: NodeJS.ProcessEnv = {}, modelsJson: object | null = MODELS_JSON) {
	const agentDir = tempDir();
	if (modelsJson) writeFile(join(agentDir, "models.json"), modelsJson);
	return new ModelRegistry({ agentDir, auth: AuthStorage.inMemory(), env });
}

const refs = (models: ai.Model[]) => models.map((m) => `${m.provider}/${m.id}`);

describe("the registry's model list", () => {
	it("keeps its order: built-in providers in catalogue order, then models.json models, then run-time providers", () => {
		const models = registry();
		models.registerProvider("ext", {
			baseUrl: "http://127.0.0.1:4",
			apiKey: "k",
			api: "openai-completions",
			models: [local("e")],
		});
		models.registerProvider("openai", {
			baseUrl: "http://127.0.0.1:5",
			apiKey: "k",
			api: "openai-completions",
			models: [local("o")],
		});
		const expected = [
			...ai
				.getProviders()
				.filter((provider) => provider !== "openai")
				.flatMap((provider) => refs(ai.getModels(provider)).filter((ref) => ref !== "anthropic/claude-opus-4-6")),
			"anthropic/claude-opus-4-6",
			"anthropic/my-claude",
			"local/m",
			"ext/e",
			"openai/o",
		];
		expect(refs(models.getAll())).toEqual(expected);
		expect(models.getAll().find((m) => m.provider === "google")?.baseUrl).toBe("http://127.0.0.1:2");
		expect(models.getProviders()).toEqual([...new Set(expected.map((ref) => ref.split("/")[0]))]);
		for (const provider of models.getProviders()) {
			expect(models.getProviderModels(provider)).toEqual(models.getAll().filter((m) => m.provider === provider));
		}
		models.unregisterProvider("openai");
		expect(refs(models.getProviderModels("openai"))).toEqual(refs(ai.getModels("openai")));
	});

	it("getAvailable and the catalog's lookups agree with getAll", () => {
		const models = registry({ OPENAI_API_KEY: "sk", GROQ_API_KEY: "gk" });
		const all = models.getAll();
		expect(models.getAvailable()).toEqual(all.filter((m) => models.isAvailable(m)));
		const catalog = models.getCatalog();
		expect(catalog.models).toEqual(all);
		expect(catalog.providers?.names()).toEqual(models.getProviders());
		expect(catalog.providers?.isAvailable("groq")).toBe(true);
		expect(catalog.providers?.isAvailable("anthropic")).toBe(true);
		expect(catalog.providers?.isAvailable("xai")).toBe(false);
	});

	it("hands out copies: changing one changes nothing in the registry", () => {
		const models = registry();
		const [first] = models.getProviderModels("openai");
		first!.cost.input = 12345;
		first!.input.push("image");
		expect(models.find("openai", first!.id)).toEqual(ai.getModels("openai")[0]);
	});
});

describe("building on demand", () => {
	it("a registry builds only the built-in providers models.json names", () => {
		registry();
		expect(built.sort()).toEqual(["anthropic", "google"]);
	});

	it("picking a models.json model, or the default of the provider with a key, builds no other provider", () => {
		const models = registry({ GROQ_API_KEY: "gk" });
		built.length = 0;
		const custom = selectStartupModel({ catalog: models.getCatalog(), cliModel: "local/m" });
		expect(custom.ok && custom.model?.id).toBe("m");
		expect(built).toEqual([]);
		// models.json gives anthropic a key: the first provider in the preferred order, built already.
		const configured = selectStartupModel({ catalog: models.getCatalog() });
		expect(configured.ok && configured.model?.id).toBe("claude-opus-4-6");
		expect(built).toEqual([]);

		const plain = registry({ GROQ_API_KEY: "gk" }, null);
		const keyed = selectStartupModel({ catalog: plain.getCatalog() });
		expect(keyed.ok && keyed.model?.provider).toBe("groq");
		expect(built).toEqual(["groq"]);
	});

	it("builds a provider once until the list changes", () => {
		const models = registry();
		built.length = 0;
		models.find("openai", "gpt-5.4");
		models.getProviderModels("openai");
		expect(built).toEqual(["openai"]);
		models.refresh();
		built.length = 0;
		models.find("openai", "gpt-5.4");
		expect(built).toEqual(["openai"]);
	});
});

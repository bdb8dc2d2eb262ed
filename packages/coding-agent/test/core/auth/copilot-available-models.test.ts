import { getModels } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { loadOAuthModelAdjusters } from "../../../src/core/auth/oauth-support.js";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { ModelRegistry } from "../../../src/core/config/model-registry.js";
import { tempDir } from "../config/helpers.js";

const catalogue = getModels("github-copilot").map((model) => model.id);

function copilotEntry(extra: Record<string, unknown> = {}) {
	return {
		type: "oauth",
		access: "tid=1;exp=9999999999;proxy-ep=proxy.individual.githubcopilot.com",
		refresh: "gho_github_token",
		expires: Date.now() + 600_000,
		...extra,
	};
}

async function copilotModels(entry: Record<string, unknown>) {
	const auth = AuthStorage.inMemory({ "github-copilot": entry } as never);
	const registry = new ModelRegistry({ agentDir: tempDir(), auth, env: {} });
	await loadOAuthModelAdjusters(auth, registry);
	const ids = (models: { provider: string; id: string }[]) =>
		models.filter((model) => model.provider === "github-copilot").map((model) => model.id);
	return { all: ids(registry.getAll()), available: ids(registry.getAvailable()), registry };
}

describe("GitHub Copilot models follow the account's availableModelIds", () => {
	it("a sign-in with a model list offers only those models, in catalogue order", async () => {
		const [first, second, third] = catalogue;
		const { all, available, registry } = await copilotModels(
			copilotEntry({ availableModelIds: [third, first, "not-in-the-catalogue"] }),
		);
		expect(all).toEqual([first, third]);
		expect(available).toEqual([first, third]);
		expect(registry.find("github-copilot", second!)).toBeUndefined();
		// Other providers are untouched.
		expect(registry.getAll().filter((model) => model.provider === "anthropic").length).toBe(
			getModels("anthropic").length,
		);
	});

	it("an entry stored without the list (older pi, or the list could not be read) keeps every model", async () => {
		expect((await copilotModels(copilotEntry())).all).toEqual(catalogue);
	});
});

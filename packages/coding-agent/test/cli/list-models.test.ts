import { getModels } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { formatTable, LIST_MODELS_TEXTS, modelTableRows } from "../../src/cli/list-models.js";
import { MOCK_PROVIDERS, runPi, useCliWorld } from "./harness.js";

const cli = useCliWorld();

/** No ambient AWS or Google credentials from the machine running the tests. */
const NO_AMBIENT = {
	AWS_PROFILE: "",
	AWS_ACCESS_KEY_ID: "",
	AWS_SECRET_ACCESS_KEY: "",
	AWS_BEARER_TOKEN_BEDROCK: "",
	AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: "",
	AWS_CONTAINER_CREDENTIALS_FULL_URI: "",
	AWS_WEB_IDENTITY_TOKEN_FILE: "",
	AWS_BEDROCK_SKIP_AUTH: "",
	GOOGLE_CLOUD_PROJECT: "",
	GCLOUD_PROJECT: "",
	GOOGLE_CLOUD_LOCATION: "",
};

const BUILT_IN = getModels().length;
const CUSTOM = Object.keys(MOCK_PROVIDERS).length;

describe("model table", () => {
	it("adds the auth column when asked whether each model has credentials", () => {
		const [opus, sonnet] = [getModels("anthropic")[0]!, getModels("anthropic")[1]!];
		const rows = modelTableRows([sonnet, opus], undefined, (model) => model.id === opus.id);
		expect(rows.map((row) => row.at(-1))).toEqual(
			[opus, sonnet].sort((a, b) => (a.id < b.id ? -1 : 1)).map((m) => (m.id === opus.id ? "yes" : "no")),
		);
		const lines = formatTable(rows).split("\n");
		expect(lines[0]).toMatch(/^provider\s+model\s+context\s+maxOut\s+thinking\s+images\s+auth$/);
		expect(formatTable(modelTableRows([opus])).split("\n")[0]).toMatch(/images$/);
	});
});

describe("pi --list-models", () => {
	it("lists only models with credentials and says on stderr how many it left out", async () => {
		const result = await runPi(cli.world, ["--list-models"], { env: NO_AMBIENT });
		expect(result.code).toBe(0);
		const rows = result.stdout.trimEnd().split("\n").slice(1);
		expect(rows.map((row) => row.split(/\s+/)[0]).sort()).toEqual(Object.values(MOCK_PROVIDERS).sort());
		expect(result.stderr).toBe(`${LIST_MODELS_TEXTS.hidden(BUILT_IN, undefined)}\n`);
	});

	it("lists the whole catalogue with --all, marking which models have credentials", async () => {
		const result = await runPi(cli.world, ["--list-models", "--all"], { env: { ...NO_AMBIENT, XAI_API_KEY: "k" } });
		expect(result.code).toBe(0);
		expect(result.stderr).toBe("");
		const [header, ...rows] = result.stdout.trimEnd().split("\n");
		expect(header).toMatch(/^provider\s+model\s+context\s+maxOut\s+thinking\s+images\s+auth$/);
		expect(rows).toHaveLength(BUILT_IN + CUSTOM);
		const authOf = (provider: string) =>
			new Set(rows.filter((r) => r.startsWith(`${provider} `)).map((r) => r.split(/\s+/).at(-1)));
		expect(authOf("xai")).toEqual(new Set(["yes"]));
		expect(authOf(MOCK_PROVIDERS.openai)).toEqual(new Set(["yes"]));
		expect(authOf("amazon-bedrock")).toEqual(new Set(["no"]));
		expect(authOf("openrouter")).toEqual(new Set(["no"]));
		// Sorted by provider, then id.
		const keys = rows.map((row) => row.split(/\s+/).slice(0, 2) as [string, string]);
		const byProviderThenId = (a: [string, string], b: [string, string]) =>
			a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
		expect(keys).toEqual([...keys].sort(byProviderThenId));
	});

	it("counts ambient credentials: an AWS profile makes the Bedrock models available", async () => {
		const bedrock = getModels("amazon-bedrock").length;
		const result = await runPi(cli.world, ["--list-models", "amazon-bedrock"], {
			env: { ...NO_AMBIENT, AWS_PROFILE: "test-profile" },
		});
		expect(result.stdout.trimEnd().split("\n").slice(1)).toHaveLength(bedrock);
		expect(result.stderr).toBe("");
	});

	it("filters --all by the search term and tells when nothing matches", async () => {
		const search = await runPi(cli.world, ["--list-models", "cloudflare-workers", "--all"], { env: NO_AMBIENT });
		expect(search.stdout.trimEnd().split("\n").slice(1)).toHaveLength(getModels("cloudflare-workers-ai").length);
		const hidden = await runPi(cli.world, ["--list-models", "cloudflare-workers"], { env: NO_AMBIENT });
		expect(hidden.stdout).toBe(`${LIST_MODELS_TEXTS.noMatch("cloudflare-workers")}\n`);
		expect(hidden.stderr).toBe(
			`${LIST_MODELS_TEXTS.hidden(getModels("cloudflare-workers-ai").length, "cloudflare-workers")}\n`,
		);
		const none = await runPi(cli.world, ["--list-models", "no-such-model-anywhere", "--all"], { env: NO_AMBIENT });
		expect(none.stdout).toBe(`${LIST_MODELS_TEXTS.noneAtAll("no-such-model-anywhere")}\n`);
		expect(none.stderr).toBe("");
	});
});

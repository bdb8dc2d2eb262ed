import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { type CatalogueInfo, parseModels } from "../../src/models/catalogue-format.js";
import type { Model } from "../../src/types.js";

const run = promisify(execFile);
const script = fileURLToPath(new URL("../../scripts/generate-models.mjs", import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/catalogue/${name}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "pi-catalogue-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Generated {
	info: CatalogueInfo;
	models: Record<string, Model[]>;
	text: string;
}

/** Runs the generator with `args`, then loads what it wrote the way src/models/index.ts does. */
async function generate(name: string, ...args: string[]): Promise<Generated> {
	const out = join(dir, `${name}.ts`);
	await run(process.execPath, [script, ...args, "--out", out]);
	const module = (await import(out)) as { CATALOGUE: Record<string, string>; CATALOGUE_INFO: CatalogueInfo };
	const models: Record<string, Model[]> = {};
	for (const [provider, text] of Object.entries(module.CATALOGUE)) models[provider] = parseModels(text);
	return { info: module.CATALOGUE_INFO, models, text: readFileSync(out, "utf8") };
}

describe("generate-models.mjs", () => {
	it("reads a models.dev api.json: skips unusable and deprecated models, takes api and endpoint from its table", async () => {
		const { info, models, text } = await generate("models-dev", "--input", fixture("models-dev.json"));
		expect(text).toContain("// Facts from: models.dev api.json");
		expect(Object.keys(models)).toEqual(["anthropic", "fireworks", "google"]);
		expect(models.anthropic).toEqual([
			{
				id: "fixture-sonnet",
				name: "Fixture Sonnet",
				api: "anthropic-messages",
				provider: "anthropic",
				baseUrl: "https://api.anthropic.com",
				reasoning: true,
				input: ["text", "image"],
				cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
				contextWindow: 200000,
				maxTokens: 64000,
			},
		]);
		// A name with a backtick and `${` survives the template literal; maxTokens is capped at the window.
		expect(models.fireworks![0]).toMatchObject({
			id: "accounts/fixture/models/coder",
			name: "Fixture `Coder` $" + "{x}", // split: a literal ${ reads like a forgotten template
			contextWindow: 32000,
			maxTokens: 32000,
		});
		// Our thinking-level table wins; the model we dropped stays out and is recorded.
		expect(models.google!.map((m) => m.id)).toEqual(["gemini-3-flash-preview"]);
		expect(models.google![0]!.thinkingLevelMap).toEqual({
			minimal: "minimal",
			low: "low",
			medium: "medium",
			high: "high",
		});
		expect(info.dropped).toEqual(["google/gemini-3-pro-preview"]);
		expect(info.sourceCounts).toEqual({ anthropic: 1, fireworks: 1, google: 2 });
	});

	it("reads a pi-ai catalogue module: per-model api, base URL, headers and compat, provider defaults", async () => {
		const { info, models, text } = await generate("pi-module", "--from-catalogue", fixture("pi-catalogue.mjs"));
		const source = (await import(fixture("pi-catalogue.mjs"))) as { MODELS: Record<string, Record<string, Model>> };
		expect(info.source).toMatch(/^@pi\/ai@[\d.]+ test\/fixtures\/catalogue\/pi-catalogue\.mjs$/);
		expect(text).toContain(`// Facts from: ${info.source}`);
		// Facts come through unchanged, except the noise-rounded price.
		const gateway = source.MODELS["cloudflare-ai-gateway"]!;
		expect(models["cloudflare-ai-gateway"]).toEqual([
			gateway["fixture-claude"],
			{ ...gateway["fixture-gpt"], cost: { input: 1.8, output: 2, cacheRead: 0, cacheWrite: 0 } },
			gateway["fixture-gpt-2"],
		]);
		expect(models["github-copilot"]).toEqual([source.MODELS["github-copilot"]!["fixture-copilot"]]);
		// Corrections: an empty Azure base URL gets the resource placeholder, maxTokens fits the window, a drop.
		expect(models["azure-openai-responses"]).toEqual([
			expect.objectContaining({
				id: "fixture-azure",
				baseUrl: "https://{AZURE_OPENAI_RESOURCE_NAME}.openai.azure.com/openai/v1",
				maxTokens: 100000,
			}),
		]);
		expect(info.dropped).toEqual(["azure-openai-responses/gemini-3-pro-preview"]);
		expect(info.sourceCounts).toEqual({ "cloudflare-ai-gateway": 3, "azure-openai-responses": 2, "github-copilot": 1 });
	});

	it("reads the same catalogue as JSON and keeps only the providers asked for", async () => {
		const json = await generate(
			"pi-json",
			"--from-catalogue",
			fixture("pi-catalogue.json"),
			"--providers",
			"github-copilot",
		);
		const module = await generate("pi-module-2", "--from-catalogue", fixture("pi-catalogue.mjs"));
		expect(json.models).toEqual({ "github-copilot": module.models["github-copilot"] });
		expect(json.info.sourceCounts).toEqual({ "github-copilot": 1 });
	});
});

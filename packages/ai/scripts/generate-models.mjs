#!/usr/bin/env node
// Regenerates packages/ai/src/models/catalogue.generated.ts from a fact source, then applies our corrections
// (scripts/catalogue/corrections.mjs). Nothing at build or test time runs this script; the generated file is committed.
//
//   node packages/ai/scripts/generate-models.mjs                          fetch https://models.dev/api.json
//   node packages/ai/scripts/generate-models.mjs --input api.json         a downloaded models.dev api.json
//   node packages/ai/scripts/generate-models.mjs --from-catalogue <file>  an existing pi-ai catalogue (MODELS[provider][id]
//                                                                         = Model) as a .js module or .json, e.g.
//                                                                         node_modules/@mariozechner/pi-ai/dist/models.generated.js
//   --out <file>             write somewhere else (tests use it)
//   --providers a,b          keep only these providers
//
// models.dev names no wire api or endpoint, so only the providers listed in scripts/catalogue/providers.mjs are taken
// from it; a pi-ai catalogue brings every provider it has, with api/baseUrl/headers/compat per model.
import { spawnSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { BASE_URLS, droppedBy, THINKING_LEVEL_MAPS } from "./catalogue/corrections.mjs";
import { renderCatalogue } from "./catalogue/emit.mjs";
import { PROVIDERS } from "./catalogue/providers.mjs";
import { readModelsDev, readPiCatalogue } from "./catalogue/sources.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
	options: {
		input: { type: "string" },
		"from-catalogue": { type: "string" },
		out: { type: "string", default: join(here, "..", "src", "models", "catalogue.generated.ts") },
		url: { type: "string", default: "https://models.dev/api.json" },
		providers: { type: "string" },
	},
});

async function readSource() {
	if (values["from-catalogue"]) return readPiCatalogue(values["from-catalogue"]);
	if (values.input)
		return readModelsDev(JSON.parse(await readFile(values.input, "utf8")), `models.dev api.json (${values.input})`);
	const response = await fetch(values.url);
	if (!response.ok) throw new Error(`${values.url}: HTTP ${response.status}`);
	return readModelsDev(await response.json(), `${values.url} fetched ${new Date().toISOString().slice(0, 10)}`);
}

/** Applies corrections.mjs to one provider's models; returns the kept models and the dropped `provider/id`s. */
function correct(providerId, models) {
	const kept = [];
	const dropped = [];
	for (const model of models) {
		if (droppedBy(model.id)) {
			dropped.push(`${providerId}/${model.id}`);
			continue;
		}
		if (!model.baseUrl) model.baseUrl = BASE_URLS[providerId] ?? PROVIDERS[providerId]?.baseUrl ?? "";
		if (!model.baseUrl) throw new Error(`${providerId}/${model.id}: no base URL in the source or in providers.mjs`);
		// A model cannot write more than fits its window; some sources list the provider's output cap instead.
		model.maxTokens = Math.min(model.maxTokens, model.contextWindow);
		const map = THINKING_LEVEL_MAPS[`${providerId}/${model.id}`];
		if (map) model.thinkingLevelMap = map;
		kept.push(model);
	}
	return { kept, dropped };
}

const source = await readSource();
const only = values.providers?.split(",").map((name) => name.trim());
const providers = {};
const info = { source: source.label, sourceCounts: {}, dropped: [] };
for (const [providerId, models] of Object.entries(source.providers)) {
	if (only && !only.includes(providerId)) continue;
	info.sourceCounts[providerId] = models.length;
	const { kept, dropped } = correct(providerId, models);
	providers[providerId] = kept;
	info.dropped.push(...dropped);
}
for (const name of only ?? []) if (!providers[name]) console.error(`warning: the source has no provider "${name}"`);

await writeFile(values.out, renderCatalogue({ label: source.label, providers }, info));
// Line breaks in the house style: biome decides where a long string starts; best effort (tests write outside the repo).
const biome = join(here, "..", "..", "..", "node_modules", ".bin", "biome");
spawnSync(biome, ["format", "--write", values.out], { stdio: "ignore" });
const total = Object.values(providers).reduce((sum, models) => sum + models.length, 0);
console.error(
	`wrote ${total} models of ${Object.keys(providers).length} providers to ${values.out} (from ${source.label})`,
);

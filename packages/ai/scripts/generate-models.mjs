#!/usr/bin/env node
// Regenerates packages/ai/src/models/catalogue.generated.ts from a public model catalogue in the models.dev `api.json`
// format ({[provider]: {models: {[id]: {name, reasoning, tool_call, modalities, cost, limit}}}}).
//
//   node packages/ai/scripts/generate-models.mjs                     fetch https://models.dev/api.json
//   node packages/ai/scripts/generate-models.mjs --input api.json    use a downloaded copy
//   node packages/ai/scripts/generate-models.mjs --out other.ts      write somewhere else
//
// Nothing at build or test time runs this script; the generated file is committed.
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
	options: {
		input: { type: "string" },
		out: { type: "string", default: join(here, "..", "src", "models", "catalogue.generated.ts") },
		url: { type: "string", default: "https://models.dev/api.json" },
	},
});

/** Which providers pi ships, the wire API each speaks and its endpoint root. */
const PROVIDERS = {
	anthropic: { api: "anthropic-messages", baseUrl: "https://api.anthropic.com" },
	openai: { api: "openai-responses", baseUrl: "https://api.openai.com/v1" },
	google: { api: "google-generative-ai", baseUrl: "https://generativelanguage.googleapis.com/v1beta" },
	groq: { api: "openai-completions", baseUrl: "https://api.groq.com/openai/v1" },
	xai: { api: "openai-completions", baseUrl: "https://api.x.ai/v1" },
	openrouter: { api: "openai-completions", baseUrl: "https://openrouter.ai/api/v1" },
	cerebras: { api: "openai-completions", baseUrl: "https://api.cerebras.ai/v1" },
	mistral: { api: "openai-completions", baseUrl: "https://api.mistral.ai/v1" },
	deepseek: { api: "openai-completions", baseUrl: "https://api.deepseek.com" },
};

/**
 * Thinking-level maps the public catalogues do not carry (events.md §1.2): provider values for levels, `null`
 * for a level the model lacks, and `xhigh` only where the model has it.
 */
const THINKING_LEVEL_MAPS = {
	"anthropic/claude-opus-4-7": { minimal: "low", low: "low", medium: "medium", high: "high", xhigh: "xhigh" },
	"anthropic/claude-opus-4-6": { minimal: "low", low: "low", medium: "medium", high: "high", xhigh: "max" },
	"openai/gpt-5.4": { minimal: null, xhigh: "xhigh" },
	"openai/gpt-5.4-pro": { minimal: null, low: null, xhigh: "xhigh" },
	"openai/gpt-5.2": { minimal: null, xhigh: "xhigh" },
	"openai/gpt-5.2-codex": { minimal: null, xhigh: "xhigh" },
	"openai/gpt-5.1": { minimal: null },
	"openai/gpt-5.1-codex": { minimal: null },
	"openai/o3": { minimal: null },
	"openai/o4-mini": { minimal: null },
	"google/gemini-3.1-pro-preview": { minimal: null, low: "low", medium: "medium", high: "high" },
	"google/gemini-3-flash-preview": { minimal: "minimal", low: "low", medium: "medium", high: "high" },
};

/**
 * Skips models an agent cannot use: no tool calling, no text output, embeddings, audio/image generators, and those
 * the catalogue marks deprecated (their ids stop working).
 */
function isUsable(model) {
	if (model.tool_call === false || model.status === "deprecated") return false;
	const output = model.modalities?.output ?? ["text"];
	if (!output.includes("text")) return false;
	return !/embed|tts|image-generation|audio|realtime|transcribe/i.test(model.id);
}

function toModel(providerId, provider, raw) {
	const input = (raw.modalities?.input ?? ["text"]).filter((kind) => kind === "text" || kind === "image");
	const model = {
		id: raw.id,
		name: raw.name ?? raw.id,
		api: provider.api,
		provider: providerId,
		baseUrl: provider.baseUrl,
		reasoning: Boolean(raw.reasoning),
		input: input.includes("text") ? input : ["text", ...input],
		cost: {
			input: raw.cost?.input ?? 0,
			output: raw.cost?.output ?? 0,
			cacheRead: raw.cost?.cache_read ?? 0,
			cacheWrite: raw.cost?.cache_write ?? 0,
		},
		contextWindow: raw.limit?.context ?? 128000,
		maxTokens: Math.min(raw.limit?.output ?? 8192, raw.limit?.context ?? Number.POSITIVE_INFINITY),
	};
	const map = THINKING_LEVEL_MAPS[`${providerId}/${raw.id}`];
	if (map) model.thinkingLevelMap = map;
	return model;
}

/** Formats a value as a TypeScript literal in the house style (the file is then formatted by biome). */
function literal(value) {
	if (value === null) return "null";
	if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
	if (typeof value === "object") {
		const entries = Object.entries(value).map(([key, v]) => {
			const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
			return `${name}: ${literal(v)}`;
		});
		return `{ ${entries.join(", ")} }`;
	}
	return JSON.stringify(value);
}

const source = values.input ? JSON.parse(await readFile(values.input, "utf8")) : await (await fetch(values.url)).json();

const models = [];
for (const [providerId, provider] of Object.entries(PROVIDERS)) {
	const entry = source[providerId];
	if (!entry?.models) {
		console.error(`warning: the catalogue has no provider "${providerId}"; it is left out`);
		continue;
	}
	const usable = Object.values(entry.models).filter(isUsable);
	usable.sort(
		(a, b) => String(b.release_date ?? "").localeCompare(String(a.release_date ?? "")) || a.id.localeCompare(b.id),
	);
	for (const raw of usable) models.push(toModel(providerId, provider, raw));
}

const lines = [
	'import type { Model } from "../types.js";',
	"",
	"/**",
	" * The built-in model catalogue. Data only: regenerate with `node packages/ai/scripts/generate-models.mjs` when a",
	" * network exists (see the script for the source format). Prices are USD per million tokens.",
	" */",
	"export const MODEL_CATALOGUE: Model[] = [",
];
for (const model of models) {
	lines.push("\t{");
	for (const [key, value] of Object.entries(model)) lines.push(`\t\t${key}: ${literal(value)},`);
	lines.push("\t},");
}
lines.push("];", "");
await writeFile(values.out, lines.join("\n"));
console.error(`wrote ${models.length} models to ${values.out}; run \`npx biome check --write\` on it`);

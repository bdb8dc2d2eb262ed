// Fact sources for the catalogue generator. Each reader returns `{ label, providers }` where `providers` maps a
// provider id to its models in the pi-ai Model shape (id, name, api, provider, baseUrl, reasoning, input, cost,
// contextWindow, maxTokens, headers?, compat?, thinkingLevelMap?), in the order the catalogue lists them.
import { existsSync, readFileSync } from "node:fs";
import { dirname, extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PROVIDERS } from "./providers.mjs";

/** Price or count from a source: a finite number >= 0, float noise rounded off (1.7999999999999998 → 1.8). */
function number(value, fallback = 0) {
	const n = typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback;
	return Number(n.toPrecision(12));
}

/** Input kinds pi understands; text always. */
function inputKinds(kinds) {
	const known = (Array.isArray(kinds) ? kinds : ["text"]).filter((kind) => kind === "text" || kind === "image");
	return known.includes("image") ? ["text", "image"] : ["text"];
}

/** The package (name@version) a file belongs to, from the nearest package.json above it. */
function packageOf(file) {
	for (let dir = dirname(resolve(file)); ; dir = dirname(dir)) {
		const manifest = join(dir, "package.json");
		if (existsSync(manifest)) {
			const { name, version } = JSON.parse(readFileSync(manifest, "utf8"));
			if (name && version) return { name, version, path: resolve(file).slice(dir.length + 1) };
		}
		if (dirname(dir) === dir) return undefined;
	}
}

// ---------------------------------------------------------------------------------------------------------------
// A catalogue of the pi-ai shape: MODELS[provider][id] = Model, as an ES module exporting MODELS (or default) or
// as JSON (the map itself or { MODELS }).

/** Reads an existing pi-ai catalogue as facts. */
export async function readPiCatalogue(file) {
	const isJson = extname(file) === ".json";
	const loaded = isJson ? JSON.parse(readFileSync(file, "utf8")) : await import(pathToFileURL(resolve(file)).href);
	const models = loaded.MODELS ?? loaded.default?.MODELS ?? loaded.default ?? loaded;
	if (!models || typeof models !== "object") throw new Error(`${file}: no MODELS map found`);
	const providers = {};
	for (const [providerId, entries] of Object.entries(models)) {
		const list = Array.isArray(entries) ? entries : Object.values(entries ?? {});
		providers[providerId] = list.map((raw) => fromPiModel(providerId, raw, file));
	}
	const pkg = packageOf(file);
	const label = pkg ? `${pkg.name}@${pkg.version} ${pkg.path}` : file;
	return { label, providers };
}

function fromPiModel(providerId, raw, file) {
	if (typeof raw?.id !== "string" || typeof raw.api !== "string") {
		throw new Error(`${file}: a model of "${providerId}" has no id or api: ${JSON.stringify(raw).slice(0, 120)}`);
	}
	const model = {
		id: raw.id,
		name: typeof raw.name === "string" && raw.name ? raw.name : raw.id,
		api: raw.api,
		provider: providerId,
		baseUrl: typeof raw.baseUrl === "string" ? raw.baseUrl : "",
		reasoning: Boolean(raw.reasoning),
		input: inputKinds(raw.input),
		cost: {
			input: number(raw.cost?.input),
			output: number(raw.cost?.output),
			cacheRead: number(raw.cost?.cacheRead),
			cacheWrite: number(raw.cost?.cacheWrite),
		},
		contextWindow: number(raw.contextWindow, 128000),
		maxTokens: number(raw.maxTokens, 8192),
	};
	if (raw.headers && Object.keys(raw.headers).length > 0) model.headers = { ...raw.headers };
	if (raw.compat && Object.keys(raw.compat).length > 0) model.compat = structuredClone(raw.compat);
	if (raw.thinkingLevelMap) model.thinkingLevelMap = { ...raw.thinkingLevelMap };
	return model;
}

// ---------------------------------------------------------------------------------------------------------------
// models.dev api.json: { [provider]: { models: { [id]: { name, reasoning, tool_call, modalities, cost, limit } } } }.
// It names no wire api or endpoint: those come from providers.mjs, for the providers listed there.

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

/** Reads a models.dev api.json document (already parsed) as facts; `label` says where it came from. */
export function readModelsDev(document, label) {
	const providers = {};
	for (const [providerId, provider] of Object.entries(PROVIDERS)) {
		const entry = document[provider.modelsDev ?? providerId];
		if (!entry?.models) continue;
		const usable = Object.values(entry.models).filter(isUsable);
		usable.sort(
			(a, b) => String(b.release_date ?? "").localeCompare(String(a.release_date ?? "")) || a.id.localeCompare(b.id),
		);
		providers[providerId] = usable.map((raw) => {
			const model = {
				id: raw.id,
				name: raw.name ?? raw.id,
				api: provider.api,
				provider: providerId,
				baseUrl: provider.baseUrl,
				reasoning: Boolean(raw.reasoning),
				input: inputKinds(raw.modalities?.input),
				cost: {
					input: number(raw.cost?.input),
					output: number(raw.cost?.output),
					cacheRead: number(raw.cost?.cache_read),
					cacheWrite: number(raw.cost?.cache_write),
				},
				contextWindow: number(raw.limit?.context, 128000),
				maxTokens: Math.min(number(raw.limit?.output, 8192), number(raw.limit?.context, Number.MAX_SAFE_INTEGER)),
			};
			if (provider.headers) model.headers = { ...provider.headers };
			if (provider.compat) model.compat = structuredClone(provider.compat);
			return model;
		});
	}
	return { label, providers };
}

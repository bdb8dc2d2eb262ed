/**
 * The compact form of the generated catalogue (catalogue.generated.ts) and its decoding. Each provider keeps the
 * fields its models share once, and its models as JSON rows parsed on first use: start-up pays for a few string
 * literals, not for ~1000 object literals.
 */
import type { Api, Model, ModelCompat } from "../types.js";

/** Provenance of the generated catalogue. */
export interface CatalogueInfo {
	/** The fact source (package@version and file, or a URL). */
	source: string;
	/** How many models the source lists per provider, before corrections. */
	sourceCounts: Record<string, number>;
	/** `provider/id` of the models the generator left out on purpose (scripts/catalogue/corrections.mjs). */
	dropped: string[];
}

/** One built-in provider: defaults shared by its models, and the models as JSON rows. */
export interface CatalogueProvider {
	api: Api;
	baseUrl: string;
	headers?: Record<string, string>;
	compat?: ModelCompat;
	/** Comma-separated JSON {@link ModelRow}s. */
	models: string;
}

/** What a model changes from its provider's defaults; `null` removes the default. */
interface RowExtra {
	api?: Api;
	baseUrl?: string;
	headers?: Record<string, string> | null;
	compat?: ModelCompat | null;
	thinkingLevelMap?: Model["thinkingLevelMap"];
}

/** [id, name, contextWindow, maxTokens, input, output, cacheRead, cacheWrite, flags, extra?]. */
export type ModelRow = [string, string, number, number, number, number, number, number, number, RowExtra?];

const REASONING = 1;
const IMAGE = 2;

/** Parses a provider's rows (JSON.parse is much cheaper than the same data as object literals). */
export function parseRows(entry: CatalogueProvider): ModelRow[] {
	return JSON.parse(`[${entry.models}]`) as ModelRow[];
}

/** A fresh Model for one row: callers may change it without touching the catalogue. */
export function decodeRow(provider: string, entry: CatalogueProvider, row: ModelRow): Model {
	const [id, name, contextWindow, maxTokens, input, output, cacheRead, cacheWrite, flags, extra] = row;
	const model: Model = {
		id,
		name,
		api: extra?.api ?? entry.api,
		provider,
		baseUrl: extra?.baseUrl ?? entry.baseUrl,
		reasoning: (flags & REASONING) !== 0,
		input: flags & IMAGE ? ["text", "image"] : ["text"],
		cost: { input, output, cacheRead, cacheWrite },
		contextWindow,
		maxTokens,
	};
	const headers = extra?.headers === undefined ? entry.headers : extra.headers;
	if (headers) model.headers = { ...headers };
	const compat = extra?.compat === undefined ? entry.compat : extra.compat;
	if (compat) model.compat = copyJson(compat);
	if (extra?.thinkingLevelMap) model.thinkingLevelMap = { ...extra.thinkingLevelMap };
	return model;
}

/**
 * A deep copy of plain JSON data. Several times faster than structuredClone for the small objects of a model, which
 * matters when a thousand models are copied at start-up.
 */
export function copyJson<T>(value: T): T {
	if (Array.isArray(value)) return value.map(copyJson) as T;
	if (value === null || typeof value !== "object") return value;
	const copy: Record<string, unknown> = {};
	for (const key in value) copy[key] = copyJson((value as Record<string, unknown>)[key]);
	return copy as T;
}

/**
 * The form of the generated catalogue (catalogue.generated.ts): per provider a string holding a JSON array of
 * complete Model objects. Parsing it is the cheapest way to get fresh models (cheaper than decoding a compact form
 * and than copying parsed ones), so every request for copies parses again.
 */
import type { Model } from "../types.js";

/** Provenance of the generated catalogue. */
export interface CatalogueInfo {
	/** The fact source (package@version and file, or a URL). */
	source: string;
	/** How many models the source lists per provider, before corrections. */
	sourceCounts: Record<string, number>;
	/** `provider/id` of the models the generator left out on purpose (scripts/catalogue/corrections.mjs). */
	dropped: string[];
}

/** Fresh Model objects from a provider's catalogue text. */
export function parseModels(text: string): Model[] {
	return JSON.parse(text) as Model[];
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

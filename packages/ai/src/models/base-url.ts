/**
 * Base URLs with `{NAME}` placeholders: some endpoints contain an account or resource id (Cloudflare's account and
 * gateway ids, the Azure resource name) that no catalogue can know. The placeholder names an environment variable;
 * it is filled in when a request is made (`stream`), so the catalogue stays static and a missing variable fails
 * only the requests that need it, with a message naming it. Lower-case placeholders (Vertex's `{location}`) belong
 * to their adapter and are left alone.
 */
import type { Model, Provider } from "../types.js";

const PLACEHOLDER = /\{([A-Z][A-Z0-9_]*)\}/g;

/**
 * A variable holding the whole endpoint, used instead of a base URL that still has placeholders (the catalogue's);
 * a base URL set in models.json has none and wins.
 */
const BASE_URL_VARIABLES: Readonly<Record<string, string>> = {
	"azure-openai-responses": "AZURE_OPENAI_BASE_URL",
};

/** Messages of this module. */
export const BASE_URL_TEXTS = {
	missing: (model: Pick<Model, "provider" | "id" | "baseUrl">, names: readonly string[], alternative?: string) =>
		`Model ${model.provider}/${model.id} needs ${names.join(" and ")} in the environment (its base URL is ` +
		`${model.baseUrl})${alternative ? `, or ${alternative} set to the whole endpoint` : ""}; or set the ` +
		`provider's baseUrl in models.json.`,
};

/** The environment variables a base URL's placeholders name, in order of appearance. */
export function baseUrlVariables(baseUrl: string): string[] {
	return [...new Set([...baseUrl.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/** The variable that can hold a provider's whole endpoint, if it has one. */
export function getBaseUrlVariable(provider: Provider): string | undefined {
	return Object.hasOwn(BASE_URL_VARIABLES, provider) ? BASE_URL_VARIABLES[provider] : undefined;
}

/**
 * The model with its base URL's placeholders filled from `env` (the same object when it has none). Throws an
 * Error naming the missing variables.
 */
export function resolveBaseUrl<T extends Pick<Model, "provider" | "id" | "baseUrl">>(
	model: T,
	env: NodeJS.ProcessEnv = process.env,
): T {
	const names = baseUrlVariables(model.baseUrl);
	if (names.length === 0) return model;
	const whole = getBaseUrlVariable(model.provider);
	const override = whole ? env[whole]?.trim() : undefined;
	if (override) return { ...model, baseUrl: override };
	const missing = names.filter((name) => !env[name]?.trim());
	if (missing.length > 0) throw new Error(BASE_URL_TEXTS.missing(model, missing, whole));
	const baseUrl = model.baseUrl.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(env[name]!.trim()));
	return { ...model, baseUrl };
}

/**
 * Where an Azure OpenAI request goes: the endpoint (a model's base URL, or `AZURE_OPENAI_BASE_URL` /
 * `AZURE_OPENAI_RESOURCE_NAME` when the model names none), the `api-version`, and the deployment that serves the
 * model. Options win; the environment variables fill in the rest, read here and nowhere else in the adapter.
 */
import type { Model } from "../../types.js";
import type { OpenAIResponsesOptions } from "../openai-responses/request.js";

/** Raw options of the `azure-openai-responses` adapter: the Responses ones plus Azure's endpoint settings. */
export type AzureOpenAIResponsesOptions = OpenAIResponsesOptions & {
	/** The endpoint; default the model's base URL, then `AZURE_OPENAI_BASE_URL`, then `AZURE_OPENAI_RESOURCE_NAME`. */
	azureBaseUrl?: string;
	/** The resource name, for `https://<name>.openai.azure.com/openai/v1`; default `AZURE_OPENAI_RESOURCE_NAME`. */
	azureResourceName?: string;
	/** `api-version`; default `AZURE_OPENAI_API_VERSION`, then `v1`. A dated version selects the dated route. */
	azureApiVersion?: string;
	/** The deployment sent as `model`; default the entry of `AZURE_OPENAI_DEPLOYMENT_NAME_MAP`, then the model id. */
	azureDeploymentName?: string;
};

/** User-visible texts of the Azure configuration. */
export const AZURE_TEXTS = {
	noEndpoint:
		"Azure OpenAI needs an endpoint: set AZURE_OPENAI_BASE_URL (https://<resource>.openai.azure.com) or " +
		"AZURE_OPENAI_RESOURCE_NAME, or set the provider's baseUrl in models.json.",
	invalidBaseUrl: (baseUrl: string) =>
		`Invalid Azure OpenAI base URL: ${baseUrl}. Use https://<resource>.openai.azure.com (AZURE_OPENAI_BASE_URL).`,
} as const;

/** The GA `/openai/v1` API; the SDK sends it as `api-version=v1`. */
export const DEFAULT_AZURE_API_VERSION = "v1";

/** Hosts of Azure OpenAI resources, whose root URL means the `/openai/v1` API. */
const AZURE_HOSTS = [".openai.azure.com", ".cognitiveservices.azure.com", ".ai.azure.com"];
/** Paths on those hosts that stand for the API root: the resource root, `/openai`, or a copied request URL. */
const ROOT_PATHS = new Set(["", "/openai", "/openai/v1", "/openai/v1/responses"]);
/** Dated api-versions (`2025-04-01-preview`) belong to the dated route; `/openai/v1` refuses them. */
const DATED_VERSION = /^\d{4}-\d{2}-\d{2}/;

type Env = Record<string, string | undefined>;

/** A configuration problem: its message is the user-visible text. */
export class AzureConfigError extends Error {
	override name = "AzureConfigError";
}

const nonEmpty = (value: string | undefined): string | undefined => {
	const trimmed = value?.trim();
	return trimmed ? trimmed : undefined;
};

/** A base URL that names no endpoint yet: empty, or with a `{placeholder}` / `<placeholder>` left in it. */
function isConcrete(baseUrl: string | undefined): baseUrl is string {
	return baseUrl !== undefined && baseUrl.trim() !== "" && !/[{<]/.test(baseUrl);
}

/** The SDK's `baseURL` and `apiVersion` for a request. */
export interface AzureEndpoint {
	baseURL: string;
	apiVersion: string;
}

/**
 * The endpoint of a request. A base URL the model carries (from models.json, or the catalogue's filled in from the
 * environment) wins over the variables, which serve models that name none. An Azure resource root becomes its
 * `/openai/v1` API; a dated `api-version` moves a `/openai/v1` URL to the dated route `/openai`.
 */
export function resolveAzureEndpoint(
	model: Pick<Model, "baseUrl">,
	options: AzureOpenAIResponsesOptions,
	env: Env = process.env,
): AzureEndpoint {
	const apiVersion =
		nonEmpty(options.azureApiVersion) ?? nonEmpty(env.AZURE_OPENAI_API_VERSION) ?? DEFAULT_AZURE_API_VERSION;
	const resourceName = nonEmpty(options.azureResourceName) ?? nonEmpty(env.AZURE_OPENAI_RESOURCE_NAME);
	const baseUrl =
		nonEmpty(options.azureBaseUrl) ??
		(isConcrete(model.baseUrl) ? model.baseUrl.trim() : undefined) ??
		nonEmpty(env.AZURE_OPENAI_BASE_URL) ??
		(resourceName ? `https://${resourceName}.openai.azure.com/openai/v1` : undefined);
	if (!baseUrl) throw new AzureConfigError(AZURE_TEXTS.noEndpoint);
	return { baseURL: normalizeAzureBaseUrl(baseUrl, apiVersion), apiVersion };
}

/** See {@link resolveAzureEndpoint}. */
export function normalizeAzureBaseUrl(baseUrl: string, apiVersion: string): string {
	let url: URL;
	try {
		url = new URL(baseUrl.trim());
	} catch {
		throw new AzureConfigError(AZURE_TEXTS.invalidBaseUrl(baseUrl));
	}
	let path = url.pathname.replace(/\/+$/, "");
	if (AZURE_HOSTS.some((suffix) => url.hostname.endsWith(suffix)) && ROOT_PATHS.has(path)) {
		path = "/openai/v1";
		url.search = "";
	}
	if (DATED_VERSION.test(apiVersion) && path.endsWith("/openai/v1")) path = path.slice(0, -"/v1".length);
	url.pathname = path;
	return url.toString().replace(/\/+$/, "");
}

/**
 * The deployment that serves the model: the option, else the model's entry in `AZURE_OPENAI_DEPLOYMENT_NAME_MAP`
 * (`gpt-4o=my-gpt4o,gpt-5=prod-gpt5`), else the model id (deployments are often named after their model).
 */
export function resolveAzureDeployment(
	model: Pick<Model, "id">,
	options: AzureOpenAIResponsesOptions,
	env: Env = process.env,
): string {
	return (
		nonEmpty(options.azureDeploymentName) ??
		parseDeploymentNameMap(env.AZURE_OPENAI_DEPLOYMENT_NAME_MAP).get(model.id) ??
		model.id
	);
}

/** `model=deployment` pairs separated by commas; malformed entries are skipped. */
export function parseDeploymentNameMap(value: string | undefined): Map<string, string> {
	const map = new Map<string, string>();
	for (const entry of (value ?? "").split(",")) {
		const separator = entry.indexOf("=");
		if (separator < 0) continue;
		const modelId = entry.slice(0, separator).trim();
		const deployment = entry.slice(separator + 1).trim();
		if (modelId && deployment) map.set(modelId, deployment);
	}
	return map;
}

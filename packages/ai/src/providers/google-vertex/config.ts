/**
 * Where a Vertex AI request goes and how it authenticates: an API key (Vertex express mode), or Application Default
 * Credentials with a project and a location. Options win; the environment variables Google's tools use fill in the
 * rest, read here and nowhere else in the adapter.
 */
import type { HttpOptions } from "@google/genai";
import type { Model } from "../../types.js";
import type { GoogleOptions } from "../google-gemini/request.js";
import { mayFindAdc, readAdcFileProject } from "./adc.js";

/** Raw options of the `google-vertex` adapter: the Gemini ones plus the Google Cloud project and location. */
export type GoogleVertexOptions = GoogleOptions & {
	/** Google Cloud project id; default `GOOGLE_CLOUD_PROJECT`, `GCLOUD_PROJECT`, then the ADC file's project. */
	project?: string;
	/** Vertex AI location (`us-central1`, `global`, ...); default `GOOGLE_CLOUD_LOCATION`. */
	location?: string;
};

/** User-visible texts of the Vertex configuration and sign-in failures. */
export const VERTEX_TEXTS = {
	noProject:
		"Google Vertex AI needs a Google Cloud project: set GOOGLE_CLOUD_PROJECT (or GCLOUD_PROJECT), or use an API key " +
		"by setting GOOGLE_CLOUD_API_KEY.",
	noLocation:
		"Google Vertex AI needs a location: set GOOGLE_CLOUD_LOCATION (for example us-central1, or global), or use an " +
		"API key by setting GOOGLE_CLOUD_API_KEY.",
	noCredentials:
		"Google Vertex AI found no Application Default Credentials: run `gcloud auth application-default login`, or set " +
		"GOOGLE_APPLICATION_CREDENTIALS to a service-account key file, or set GOOGLE_CLOUD_API_KEY.",
	signInFailed: (detail: string) =>
		`Google Cloud sign-in failed: ${detail}. Run \`gcloud auth application-default login\` again, or check the ` +
		"key file named by GOOGLE_APPLICATION_CREDENTIALS.",
	invalidBaseUrl: (baseUrl: string) => `Invalid Google Vertex AI base URL: ${baseUrl}`,
} as const;

/**
 * What the model registry passes as the "key" of a provider whose credentials are ambient (the original pi's
 * convention, kept so auth.json and models.json entries carry over): it means "use ADC", not an API key.
 */
export const VERTEX_ADC_MARKER = "gcp-vertex-credentials";

/** The Vertex AI REST version the adapter speaks. */
export const VERTEX_API_VERSION = "v1";

/** How a request authenticates. */
export type VertexAuth = { kind: "apiKey"; apiKey: string } | { kind: "adc"; project: string; location: string };

/** A configuration problem: its message is the user-visible text. */
export class VertexConfigError extends Error {
	override name = "VertexConfigError";
}

/** The variables this module reads (process.env by default; tests pass their own). */
export type Env = Record<string, string | undefined>;

const nonEmpty = (value: string | undefined): string | undefined => {
	const trimmed = value?.trim();
	return trimmed ? trimmed : undefined;
};

/** A key that stands for "no key": the ADC marker or a `<placeholder>` left in a config file. */
function isRealApiKey(key: string | undefined): key is string {
	return key !== undefined && key !== VERTEX_ADC_MARKER && !/^<[^>]*>$/.test(key);
}

/**
 * The request's authentication: an API key (the caller's, which stream.ts already looked up in
 * `GOOGLE_CLOUD_API_KEY`) selects express mode; otherwise ADC with a project and a location, or a
 * {@link VertexConfigError} naming what to set (also when no ADC source can exist here, see {@link mayFindAdc}).
 */
export async function resolveVertexAuth(options: GoogleVertexOptions, env: Env = process.env): Promise<VertexAuth> {
	const apiKey = nonEmpty(options.apiKey);
	if (isRealApiKey(apiKey)) return { kind: "apiKey", apiKey };
	const project =
		nonEmpty(options.project) ??
		nonEmpty(env.GOOGLE_CLOUD_PROJECT) ??
		nonEmpty(env.GCLOUD_PROJECT) ??
		(await readAdcFileProject(env));
	if (!project) throw new VertexConfigError(VERTEX_TEXTS.noProject);
	const location = nonEmpty(options.location) ?? nonEmpty(env.GOOGLE_CLOUD_LOCATION);
	if (!location) throw new VertexConfigError(VERTEX_TEXTS.noLocation);
	if (!mayFindAdc(env)) throw new VertexConfigError(VERTEX_TEXTS.noCredentials);
	return { kind: "adc", project, location };
}

/**
 * The SDK's endpoint options for the model's base URL. The catalogue's `https://{location}-aiplatform.googleapis.com`
 * (or an empty URL) leaves the SDK's own regional endpoint. A bare origin replaces only the host: the SDK still adds
 * `/v1/projects/{project}/locations/{location}`, which Vertex needs. A URL with a path (a gateway, a proxy) is the
 * collection root as is: the SDK appends `publishers/google/models/...` to it, and the API version only when the
 * path names none.
 */
export function vertexEndpoint(
	model: Pick<Model, "baseUrl">,
): Pick<HttpOptions, "baseUrl" | "apiVersion" | "baseUrlResourceScope"> {
	const trimmed = model.baseUrl.trim().replace(/\/+$/, "");
	if (trimmed === "" || trimmed.includes("{")) return {};
	let url: URL;
	try {
		url = new URL(trimmed);
	} catch {
		throw new VertexConfigError(VERTEX_TEXTS.invalidBaseUrl(model.baseUrl));
	}
	if (url.pathname === "/" || url.pathname === "") return { baseUrl: url.origin };
	const namesVersion = url.pathname.split("/").some((segment) => /^v\d+(?:(?:alpha|beta)\d*)?$/.test(segment));
	return {
		baseUrl: trimmed,
		baseUrlResourceScope: "COLLECTION" as HttpOptions["baseUrlResourceScope"],
		...(namesVersion ? { apiVersion: "" } : {}),
	};
}

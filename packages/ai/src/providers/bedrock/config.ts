/**
 * Where a Bedrock request goes and how it authenticates, from the options and, for what they leave open, the AWS
 * environment variables (the one place this adapter reads them; the SDK reads its own standard ones too). Pure: loads
 * no SDK, so tests can check every rule without a request.
 */
import type { Model } from "../../types.js";
import { regionOfArn } from "./claude.js";
import type { BedrockOptions } from "./request.js";

/** The region when nothing names one. */
export const DEFAULT_BEDROCK_REGION = "us-east-1";
/** What the environment-key lookup returns for providers authenticated by an ambient chain; never a real token. */
const AMBIENT_AUTH_MARKER = "<authenticated>";
/** A default regional endpoint (`https://bedrock-runtime.<region>.amazonaws.com`), which the SDK resolves itself. */
const DEFAULT_ENDPOINT = /^https:\/\/bedrock-runtime\.([a-z0-9-]+)\.amazonaws\.com(?:\.cn)?\/?$/;

/** How the request is authenticated. */
export type BedrockAuth =
	| { kind: "bearer"; token: string }
	| { kind: "sigv4"; credentials?: NonNullable<BedrockOptions["credentials"]> }
	/** Signed with dummy keys: for proxies that check nothing (AWS_BEDROCK_SKIP_AUTH=1). */
	| { kind: "none" };

/** The resolved connection settings of one request. */
export interface BedrockConnection {
	/** The region when decided here; undefined when a named profile's region is to be read, falling back to `fallbackRegion`. */
	region: string | undefined;
	fallbackRegion: string;
	profile: string | undefined;
	/** An explicit endpoint (custom base URL or AWS_ENDPOINT_URL_BEDROCK_RUNTIME); undefined = the region's default. */
	endpoint: string | undefined;
	auth: BedrockAuth;
	/** HTTP/1.1 instead of the SDK's HTTP/2 (forced, or a plain-HTTP endpoint: proxies and mocks do not speak h2c). */
	http1: boolean;
	/** Cache points for models not recognised as caching-capable. */
	forceCache: boolean;
}

const isOn = (value: string | undefined) => value === "1" || value?.toLowerCase() === "true";

/**
 * Resolves the connection. Region: the one an inference-profile ARN names, `region`, AWS_REGION, AWS_DEFAULT_REGION,
 * a named profile's, the default endpoint's in `model.baseUrl`, us-east-1. Endpoint: a `model.baseUrl` that is not a
 * default regional endpoint, else AWS_ENDPOINT_URL_BEDROCK_RUNTIME. Auth, first found: skip-auth,
 * `bearerToken`, static `credentials` (SigV4), a bearer token in `apiKey` or AWS_BEARER_TOKEN_BEDROCK, else SigV4
 * with the SDK's credential chain.
 */
export function resolveBedrockConnection(model: Model, options: BedrockOptions): BedrockConnection {
	const env = options.env ?? process.env;
	const baseUrl = model.baseUrl?.trim() ?? "";
	const defaultEndpoint = DEFAULT_ENDPOINT.exec(baseUrl);
	const profile = options.profile || env.AWS_PROFILE || undefined;
	const region =
		regionOfArn(model.id) || options.region || env.AWS_REGION || env.AWS_DEFAULT_REGION || (profile ? undefined : "");
	const fallbackRegion = defaultEndpoint?.[1] ?? DEFAULT_BEDROCK_REGION;
	const endpoint = (baseUrl && !defaultEndpoint ? baseUrl : env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME) || undefined;
	return {
		region: region === "" ? fallbackRegion : region,
		fallbackRegion,
		profile,
		endpoint,
		auth: resolveAuth(options, env),
		http1: (options.forceHttp1 ?? isOn(env.AWS_BEDROCK_FORCE_HTTP1)) || Boolean(endpoint?.startsWith("http:")),
		forceCache: options.forceCache ?? isOn(env.AWS_BEDROCK_FORCE_CACHE),
	};
}

function resolveAuth(options: BedrockOptions, env: Record<string, string | undefined>): BedrockAuth {
	if (options.skipAuth ?? isOn(env.AWS_BEDROCK_SKIP_AUTH)) return { kind: "none" };
	if (options.bearerToken) return { kind: "bearer", token: options.bearerToken };
	// Explicit keys beat a key found in the environment or auth.json.
	if (options.credentials) return { kind: "sigv4", credentials: options.credentials };
	const apiKey = options.apiKey && options.apiKey !== AMBIENT_AUTH_MARKER ? options.apiKey : undefined;
	const token = apiKey || env.AWS_BEARER_TOKEN_BEDROCK;
	return token ? { kind: "bearer", token } : { kind: "sigv4" };
}

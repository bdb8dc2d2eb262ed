/**
 * The Bedrock runtime client of one request, from its resolved connection. Loads the AWS SDK (this module is only
 * reached through the lazily imported adapter). Packages of the SDK's own (HTTP handlers, config loaders, the
 * credential chain) are required from the SDK's location, so they are the very instances the SDK uses.
 */
import { createRequire } from "node:module";
import type {
	BedrockRuntimeClient as BedrockClient,
	BedrockRuntimeClientConfig,
} from "@aws-sdk/client-bedrock-runtime";
import type { Model, ProviderResponse } from "../../types.js";
import { getHttpIdleTimeout } from "../shared/http-fetch.js";
import { requireSdk } from "../shared/require-sdk.js";
import type { BedrockConnection } from "./config.js";
import type { BedrockOptions } from "./request.js";

const BEDROCK_SDK = "@aws-sdk/client-bedrock-runtime";
const sdk = requireSdk(BEDROCK_SDK) as typeof import("@aws-sdk/client-bedrock-runtime");
const requireFromSdk = createRequire(requireSdk.resolve(BEDROCK_SDK));

/** The SDK's own modules this file needs, typed by what is used. */
interface SdkInternals {
	NodeHttpHandler: new (options: Record<string, unknown>) => NonNullable<BedrockRuntimeClientConfig["requestHandler"]>;
	loadConfig: (options: unknown, configuration: Record<string, unknown>) => () => Promise<string>;
	NODE_REGION_CONFIG_OPTIONS: unknown;
	NODE_REGION_CONFIG_FILE_OPTIONS: Record<string, unknown>;
	defaultProvider: (init: { profile?: string }) => NonNullable<BedrockRuntimeClientConfig["credentials"]>;
}
let internals: SdkInternals | undefined;
function sdkInternals(): SdkInternals {
	internals ??= Object.assign(
		{},
		requireFromSdk("@smithy/node-http-handler"),
		requireFromSdk("@smithy/core/config"),
		requireFromSdk("@aws-sdk/credential-provider-node"),
	) as SdkInternals;
	return internals;
}

export const { BedrockRuntimeClient, ConverseStreamCommand } = sdk;

/** The SDK's HTTP handlers may log through this; a library must not write to the terminal. */
const SILENT_LOGGER = { trace() {}, debug() {}, info() {}, warn() {}, error() {} };
/** Static keys for proxies that check none: SigV4 still needs some. */
const DUMMY_CREDENTIALS = { accessKeyId: "pi-skip-auth", secretAccessKey: "pi-skip-auth" };
/** The SDK's switch for its Node-version notice, which `process.emitWarning` would print over the terminal UI. */
const NODE_VERSION_WARNING_SWITCH = "AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED";
/** Header names SigV4 signs or owns, which caller headers must not replace. */
const RESERVED_HEADER = /^(?:authorization|host|x-amz-.*)$/i;

/** The credential chain per profile, kept across requests: resolving it (files, SSO, IMDS) costs time. */
const chains = new Map<string, NonNullable<BedrockRuntimeClientConfig["credentials"]>>();

function credentialChain(profile: string | undefined): NonNullable<BedrockRuntimeClientConfig["credentials"]> {
	const key = profile ?? "";
	let chain = chains.get(key);
	if (!chain) {
		chain = sdkInternals().defaultProvider(profile ? { profile } : {});
		chains.set(key, chain);
	}
	return chain;
}

/** A named profile's region (AWS_REGION first, as the SDK reads it), else the fallback instead of the SDK's error. */
function profileRegion(profile: string, fallback: string): () => Promise<string> {
	const { loadConfig, NODE_REGION_CONFIG_OPTIONS, NODE_REGION_CONFIG_FILE_OPTIONS } = sdkInternals();
	const load = loadConfig(NODE_REGION_CONFIG_OPTIONS, { ...NODE_REGION_CONFIG_FILE_OPTIONS, profile });
	return async () => {
		try {
			return (await load()) || fallback;
		} catch {
			return fallback;
		}
	};
}

/** The client config: region, endpoint, auth, retries, HTTP handler with pi's idle timeout. */
function clientConfig(connection: BedrockConnection, options: BedrockOptions): BedrockRuntimeClientConfig {
	const idle = getHttpIdleTimeout() || undefined;
	const config: BedrockRuntimeClientConfig = {
		region: connection.region ?? profileRegion(connection.profile!, connection.fallbackRegion),
		maxAttempts: (options.maxRetries ?? 0) + 1,
		requestHandler: connection.http1
			? new (sdkInternals().NodeHttpHandler)({
					socketTimeout: idle,
					throwOnRequestTimeout: true,
					logger: SILENT_LOGGER,
				})
			: // Options for the SDK's HTTP/2 handler; an isolated session per request, as the SDK's default does.
				({ requestTimeout: idle, disableConcurrentStreams: true } as BedrockRuntimeClientConfig["requestHandler"]),
	};
	if (connection.profile) config.profile = connection.profile;
	if (connection.endpoint) config.endpoint = connection.endpoint;
	const auth = connection.auth;
	if (auth.kind === "bearer") {
		config.token = { token: auth.token };
		config.authSchemePreference = ["httpBearerAuth"];
	} else {
		// Named, because the SDK prefers a bearer token whenever AWS_BEARER_TOKEN_BEDROCK is set.
		config.authSchemePreference = ["sigv4"];
		config.credentials =
			auth.kind === "none" ? DUMMY_CREDENTIALS : (auth.credentials ?? credentialChain(connection.profile));
	}
	return config;
}

/**
 * A client for one request: caller headers (`model.headers`, `headers`) are added before signing, and `onResponse`
 * hears the raw HTTP response, error responses included, before the SDK parses it.
 */
export function createBedrockClient(
	model: Model,
	connection: BedrockConnection,
	options: BedrockOptions,
): BedrockClient {
	const previous = process.env[NODE_VERSION_WARNING_SWITCH];
	process.env[NODE_VERSION_WARNING_SWITCH] = "true";
	let client: BedrockClient;
	try {
		client = new BedrockRuntimeClient(clientConfig(connection, options));
	} finally {
		if (previous === undefined) delete process.env[NODE_VERSION_WARNING_SWITCH];
		else process.env[NODE_VERSION_WARNING_SWITCH] = previous;
	}
	const headers = { ...model.headers, ...options.headers };
	if (Object.keys(headers).length > 0) {
		client.middlewareStack.add(
			(next) => async (args) => {
				const request = args.request as { headers?: Record<string, string> };
				if (request.headers) {
					for (const [name, value] of Object.entries(headers))
						if (!RESERVED_HEADER.test(name)) request.headers[name] = value;
				}
				return next(args);
			},
			{ step: "build", name: "piHeaders" },
		);
	}
	const onResponse = options.onResponse;
	if (onResponse) {
		client.middlewareStack.add(
			(next) => async (args) => {
				const result = await next(args);
				await report(result.response, onResponse);
				return result;
			},
			// Low priority in the last step: inside the deserializer, so error responses are heard before it throws.
			{ step: "deserialize", name: "piOnResponse", priority: "low" },
		);
	}
	return client;
}

async function report(response: unknown, onResponse: NonNullable<BedrockOptions["onResponse"]>): Promise<void> {
	const raw = response as { statusCode?: unknown; headers?: Record<string, string> } | undefined;
	if (typeof raw?.statusCode !== "number") return;
	const headers: ProviderResponse["headers"] = {};
	for (const [name, value] of Object.entries(raw.headers ?? {})) headers[name.toLowerCase()] = String(value);
	try {
		await onResponse({ status: raw.statusCode, headers });
	} catch {
		// An observer must not break the request.
	}
}

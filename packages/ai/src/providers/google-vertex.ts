import type { GoogleGenAI as GoogleGenAIClient, GoogleGenAIOptions } from "@google/genai";
import type { ApiAdapter } from "../registry.js";
import type { Context, Model } from "../types.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import { mapGoogleSimpleOptions } from "./google-gemini/request.js";
import { type GeminiBackend, streamGeminiBackend } from "./google-gemini/stream.js";
import { adcSources } from "./google-vertex/adc.js";
import {
	type GoogleVertexOptions,
	resolveVertexAuth,
	VERTEX_API_VERSION,
	type VertexAuth,
	vertexEndpoint,
} from "./google-vertex/config.js";
import { classifyVertexError } from "./google-vertex/errors.js";
import { sdkFetch } from "./shared/http-fetch.js";
import { requireSdk } from "./shared/require-sdk.js";

const { GoogleGenAI } = requireSdk("@google/genai") as typeof import("@google/genai");

export { type GoogleVertexOptions, VERTEX_ADC_MARKER, VERTEX_TEXTS } from "./google-vertex/config.js";

/**
 * A `@google/genai` client in Vertex mode. With ADC the SDK asks google-auth-library for a token (key file, gcloud's
 * file or the metadata server), whose own HTTP requests go through our transport too.
 */
function createVertexClient(model: Model, auth: VertexAuth): GoogleGenAIClient {
	const common: GoogleGenAIOptions = {
		vertexai: true,
		apiVersion: VERTEX_API_VERSION,
		httpOptions: vertexEndpoint(model),
	};
	const options: GoogleGenAIOptions =
		auth.kind === "apiKey"
			? { ...common, apiKey: auth.apiKey }
			: {
					...common,
					project: auth.project,
					location: auth.location,
					googleAuthOptions: {
						// Named here, google-auth-library skips its own project search (`gcloud config`, then the metadata
						// server), which costs a fresh process most of a second.
						projectId: auth.project,
						clientOptions: { transporterOptions: { fetchImplementation: sdkFetch } },
					},
				};
	return quietly(() => new GoogleGenAI(options));
}

/**
 * The SDK's constructor tells the console which of explicit options and environment variables (`GOOGLE_API_KEY`,
 * `GOOGLE_CLOUD_PROJECT`) it chose; our options always win, and console output would land in the middle of the
 * terminal UI. The constructor is synchronous, so nothing else runs while the console is muted.
 */
function quietly<T>(construct: () => T): T {
	const { debug, warn } = console;
	console.debug = () => {};
	console.warn = () => {};
	try {
		return construct();
	} finally {
		console.debug = debug;
		console.warn = warn;
	}
}

/**
 * ADC clients kept across requests: google-auth-library caches its access token (valid for an hour) in the client,
 * so a session's requests share one token instead of fetching one each (a token request and, for a service account,
 * an RSA signature). Keyed by everything that decides the credentials; a failed request drops its client, so a
 * fresh `gcloud auth application-default login` or a replaced key file is picked up by the next one.
 */
const adcClients = new Map<string, GoogleGenAIClient>();
/** Configurations are few (one per project/location/endpoint in use); the bound only guards against misuse. */
const MAX_ADC_CLIENTS = 16;

function adcClientKey(model: Model, auth: VertexAuth): string {
	return JSON.stringify([auth, vertexEndpoint(model), adcSources()]);
}

/** Streams one assistant message over Vertex AI (`generateContentStream`, the Gemini wire format). */
function streamVertex(
	model: Model,
	context: Context,
	options: GoogleVertexOptions,
	stream: AssistantMessageEventStream,
): Promise<void> {
	let key: string | undefined;
	const backend: GeminiBackend = {
		createClient: async () => {
			const auth = await resolveVertexAuth(options);
			// An API key needs no token: a client per request, as for the Gemini API.
			if (auth.kind === "apiKey") return createVertexClient(model, auth);
			key = adcClientKey(model, auth);
			let client = adcClients.get(key);
			if (!client) {
				if (adcClients.size >= MAX_ADC_CLIENTS) adcClients.clear();
				client = createVertexClient(model, auth);
				adcClients.set(key, client);
			}
			return client;
		},
		classifyError: (error) => {
			if (key !== undefined) adcClients.delete(key);
			return classifyVertexError(error);
		},
	};
	return streamGeminiBackend(backend, model, context, options, stream);
}

/** The `google-vertex` adapter: Gemini on Vertex AI, with Application Default Credentials or an API key. */
export const googleVertexAdapter: ApiAdapter = {
	api: "google-vertex",
	// Credentials usually come from ADC (gcloud, a key file, the metadata server), not from a key.
	needsApiKey: false,
	stream: (model, context, options, output) => streamVertex(model, context, options as GoogleVertexOptions, output),
	mapSimpleOptions: mapGoogleSimpleOptions,
};

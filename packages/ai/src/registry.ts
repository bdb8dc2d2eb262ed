import type { Api, Context, Model, ProviderStreamOptions, SimpleStreamOptions } from "./types.js";
import type { AssistantMessageEventStream } from "./utils/event-stream.js";

/**
 * An adapter speaks one wire API. It writes events into `output` (usually through `AssistantOutput`) and the
 * promise it returns settles when it has nothing more to write. The entry points in stream.ts enforce the
 * protocol guarantees around it: a throw or a missing terminal event becomes an `error` event.
 */
export interface ApiAdapter {
	api: Api;
	/** False for adapters that never need a key (local servers, test doubles). Default true. */
	needsApiKey?: boolean;
	/** Streams one assistant message with raw, adapter-specific options. */
	stream(
		model: Model,
		context: Context,
		options: ProviderStreamOptions,
		output: AssistantMessageEventStream,
	): Promise<void> | void;
	/** Maps provider-neutral options (`reasoning`, `thinkingBudgets`) to this adapter's raw options. */
	mapSimpleOptions(model: Model, options: SimpleStreamOptions): ProviderStreamOptions;
}

type AdapterLoader = () => Promise<ApiAdapter>;

/** A built-in adapter not imported yet: how to import it, and what callers may ask before that. */
interface LazyAdapter {
	load: AdapterLoader;
	needsApiKey: boolean;
}

const loaders = new Map<string, LazyAdapter>();
const loaded = new Map<string, ApiAdapter>();

/**
 * Built-in adapters are registered as loaders so that importing @pi/ai loads no provider SDK: the adapter
 * module (and its SDK) is imported on the first request for its api.
 */
loaders.set("anthropic-messages", {
	load: async () => (await import("./providers/anthropic.js")).anthropicAdapter,
	needsApiKey: true,
});
loaders.set("openai-completions", {
	load: async () => (await import("./providers/openai-completions.js")).openaiCompletionsAdapter,
	needsApiKey: true,
});
loaders.set("openai-responses", {
	load: async () => (await import("./providers/openai-responses.js")).openaiResponsesAdapter,
	needsApiKey: true,
});
loaders.set("openai-codex-responses", {
	load: async () => (await import("./providers/openai-codex-responses.js")).openaiCodexResponsesAdapter,
	needsApiKey: true,
});
loaders.set("azure-openai-responses", {
	load: async () => (await import("./providers/azure-openai-responses.js")).azureOpenAIResponsesAdapter,
	needsApiKey: true,
});
loaders.set("google-generative-ai", {
	load: async () => (await import("./providers/google.js")).googleAdapter,
	needsApiKey: true,
});
loaders.set("google-vertex", {
	load: async () => (await import("./providers/google-vertex.js")).googleVertexAdapter,
	// Application Default Credentials (gcloud, a key file, the metadata server) need no key.
	needsApiKey: false,
});
loaders.set("bedrock-converse-stream", {
	load: async () => (await import("./providers/bedrock.js")).bedrockAdapter,
	// The AWS credential chain (profile, keys, SSO, ECS, IRSA) or a bearer token from the environment.
	needsApiKey: false,
});
loaders.set("mistral-conversations", {
	load: async () => (await import("./providers/mistral.js")).mistralAdapter,
	needsApiKey: true,
});

/** Registers (or replaces) the adapter for `adapter.api`. */
export function registerApiAdapter(adapter: ApiAdapter): void {
	loaded.set(adapter.api, adapter);
	loaders.delete(adapter.api);
}

/** Removes a registered adapter; built-in apis fall back to nothing until re-registered. */
export function unregisterApiAdapter(api: Api): void {
	loaded.delete(api);
	loaders.delete(api);
}

/** The apis that have an adapter (loaded or loadable). */
export function getRegisteredApis(): Api[] {
	return [...new Set([...loaded.keys(), ...loaders.keys()])];
}

/** Resolves the adapter for an api, importing a built-in one on first use. Undefined when none exists. */
export async function resolveApiAdapter(api: Api): Promise<ApiAdapter | undefined> {
	const ready = loaded.get(api);
	if (ready) return ready;
	const loader = loaders.get(api);
	if (!loader) return undefined;
	const adapter = await loader.load();
	loaded.set(api, adapter);
	return adapter;
}

/**
 * Whether requests for `api` need an API key (`ApiAdapter.needsApiKey`), answered without importing a built-in
 * adapter, so a start-up key check loads no provider SDK. True for an api without an adapter.
 */
export function apiNeedsApiKey(api: Api): boolean {
	const adapter = loaded.get(api) ?? loaders.get(api);
	return adapter?.needsApiKey !== false;
}

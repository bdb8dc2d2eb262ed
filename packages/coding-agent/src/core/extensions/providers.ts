/**
 * `pi.registerProvider` / `pi.unregisterProvider`: an extension's provider becomes a run-time provider of the
 * model registry (shaped like a models.json provider), and a custom `streamSimple` becomes the @pi/ai adapter of
 * its api, so requests to those models go through the extension's stream function.
 */
import {
	type KnownApi,
	type ProviderStreamOptions,
	registerApiAdapter,
	type SimpleStreamOptions,
	unregisterApiAdapter,
} from "@pi/ai";
import type { ModelRegistry } from "../config/model-registry.js";
import type { ProviderConfig as ModelsJsonProvider } from "../config/models-json.js";
import type { ProviderConfig } from "./api-types.js";

/** Apis registered from an extension's `streamSimple`, by provider name (removed with the provider). */
const streamApis = new Map<string, string>();

/** Applies `pi.registerProvider(name, config)` to `registry`. */
export function registerExtensionProvider(registry: ModelRegistry, name: string, config: ProviderConfig): void {
	const stream = config.streamSimple;
	if (stream) {
		// Models without an api of their own speak the custom api; its name defaults to the provider's.
		const api = config.api ?? name;
		registerApiAdapter({
			api,
			needsApiKey: config.apiKey !== undefined,
			mapSimpleOptions: (_model, options) => options as ProviderStreamOptions,
			async stream(model, context, options, output) {
				for await (const event of stream(model, context, options as SimpleStreamOptions)) output.push(event);
			},
		});
		streamApis.set(name, api);
	}
	const api = (config.api ?? (stream ? name : undefined)) as KnownApi | undefined;
	const shaped: ModelsJsonProvider = {
		...(config.baseUrl !== undefined ? { baseUrl: config.baseUrl } : {}),
		...(config.apiKey !== undefined ? { apiKey: config.apiKey } : {}),
		...(api !== undefined ? { api } : {}),
		...(config.headers ? { headers: config.headers } : {}),
		...(config.authHeader !== undefined ? { authHeader: config.authHeader } : {}),
		...(config.models
			? {
					models: config.models.map((model) => ({
						...model,
						api: model.api as KnownApi | undefined,
						// A model needs an endpoint field even when its custom stream ignores it.
						baseUrl: model.baseUrl ?? config.baseUrl ?? "",
					})),
				}
			: {}),
	};
	registry.registerProvider(name, shaped);
}

/** Applies `pi.unregisterProvider(name)`: its models go (replaced built-ins come back) and so does its stream api. */
export function unregisterExtensionProvider(registry: ModelRegistry, name: string): void {
	registry.unregisterProvider(name);
	const api = streamApis.get(name);
	if (api !== undefined) {
		unregisterApiAdapter(api);
		streamApis.delete(name);
	}
}

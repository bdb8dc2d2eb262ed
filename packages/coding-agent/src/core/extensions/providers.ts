/**
 * `pi.registerProvider` / `pi.unregisterProvider`: an extension's provider becomes a run-time provider of the
 * model registry (shaped like a models.json provider), and a custom `streamSimple` becomes the @pi/ai adapter of
 * its api, so requests to those models go through the extension's stream function. An `oauth` config becomes a
 * sign-in of the model registry (provider-oauth.ts adapts it), replacing a built-in one of the same name.
 */
import {
	isOAuthProviderId,
	type KnownApi,
	type ProviderStreamOptions,
	registerApiAdapter,
	type SimpleStreamOptions,
	unregisterApiAdapter,
} from "@pi/ai";
import { loadOAuthModelAdjusters, OAUTH_PROVIDERS_WITH_MODEL_CHANGES } from "../auth/oauth-support.js";
import type { ModelRegistry } from "../config/model-registry.js";
import type { ProviderConfig as ModelsJsonProvider } from "../config/models-json.js";
import type { ProviderConfig } from "./api-types.js";
import { adaptProviderOAuth } from "./provider-oauth.js";

/** Apis registered from an extension's `streamSimple`, by provider name (removed with the provider). */
const streamApis = new Map<string, string>();

/** Applies `pi.registerProvider(name, config)` to `registry`. */
export function registerExtensionProvider(registry: ModelRegistry, name: string, config: ProviderConfig): void {
	// Checked first: a bad `oauth` leaves everything as it was.
	const oauth = config.oauth ? adaptProviderOAuth(name, config.oauth) : undefined;
	const stream = config.streamSimple;
	if (stream) {
		// Models without an api of their own speak the custom api; its name defaults to the provider's.
		const api = config.api ?? name;
		registerApiAdapter({
			api,
			// A sign-in supplies the key as an API key would: without one the request fails early, naming the fix.
			needsApiKey: config.apiKey !== undefined || oauth !== undefined,
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
	// Without `oauth` a sign-in registered earlier for this name stays (a later call only changes some fields).
	if (oauth) {
		registry.oauthProviders.register(oauth, { apiKey: config.apiKey !== undefined });
		const modify = oauth.modifyModels?.bind(oauth);
		registry.setOAuthModelAdjuster(name, modify ? (models, credential) => modify(models, credential) : undefined);
	}
}

/** Applies `pi.unregisterProvider(name)`: its models go (replaced built-ins come back) and so does its stream api. */
export function unregisterExtensionProvider(registry: ModelRegistry, name: string): void {
	registry.unregisterProvider(name);
	if (registry.oauthProviders.isFromExtension(name)) {
		registry.oauthProviders.unregister(name);
		registry.setOAuthModelAdjuster(name, undefined);
		// A built-in sign-in is back (the extension had replaced it): its model changes come back with it.
		void loadOAuthModelAdjusters(registry.authStorage, registry, {
			supports: (id) => id === name && isOAuthProviderId(id) && OAUTH_PROVIDERS_WITH_MODEL_CHANGES.has(id),
		});
	}
	const api = streamApis.get(name);
	if (api !== undefined) {
		unregisterApiAdapter(api);
		streamApis.delete(name);
	}
}

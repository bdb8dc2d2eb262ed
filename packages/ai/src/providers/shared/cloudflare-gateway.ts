/**
 * Cloudflare AI Gateway authentication, shared by the three APIs its catalogue models speak (Anthropic Messages,
 * OpenAI Responses, Chat Completions on its unified endpoint). The gateway key travels in `cf-aig-authorization`;
 * the upstream provider's key is the gateway's business (stored keys / unified billing), so the SDK's own auth
 * header (`Authorization` or `x-api-key`) is removed rather than filled with the gateway key.
 */
import type { Model } from "../../types.js";

/** The header the gateway reads its key from. */
export const GATEWAY_AUTH_HEADER = "cf-aig-authorization";

/** Whether requests to `model` go through Cloudflare AI Gateway with its own key. */
export function usesCloudflareGatewayAuth(model: Pick<Model, "provider">): boolean {
	return model.provider === "cloudflare-ai-gateway";
}

/**
 * The auth headers of a gateway request, to merge before the model's and the caller's headers: the key as a bearer
 * token in `cf-aig-authorization`, and `null` (= "do not send", for both SDKs) for the SDK's auth headers. A caller
 * who sets `Authorization` itself (an upstream key sent through the gateway) keeps it, as it is merged later.
 */
export function cloudflareGatewayHeaders(apiKey: string | undefined): Record<string, string | null> {
	return {
		...(apiKey ? { [GATEWAY_AUTH_HEADER]: `Bearer ${apiKey}` } : {}),
		Authorization: null,
		"x-api-key": null,
	};
}

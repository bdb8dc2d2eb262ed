/**
 * Loading `@mistralai/mistralai` and making a client of it. The SDK ships only ES modules, so it cannot go through
 * `requireSdk`; it is imported here on the first Mistral request (this module itself loads only with the adapter).
 * Its standalone-function entry points (the core client and `chatStream`) load a fraction of what the `Mistral` class
 * loads (every API's schemas): about 550 ms instead of 800 ms unbundled, 50 ms instead of 370 ms in pi's bundle,
 * where esbuild leaves the rest out.
 */
import type { MistralCore } from "@mistralai/mistralai/core.js";
import type { Model } from "../../types.js";
import { createMistralFetch, type StreamErrorWatch } from "./transport.js";

async function importSdk() {
	const [core, chat, http, hooks, userAgent, errors] = await Promise.all([
		import("@mistralai/mistralai/core.js"),
		import("@mistralai/mistralai/funcs/chatStream.js"),
		import("@mistralai/mistralai/lib/http.js"),
		import("@mistralai/mistralai/hooks/hooks.js"),
		import("@mistralai/mistralai/hooks/custom_user_agent.js"),
		import("@mistralai/mistralai/models/errors"),
	]);
	return {
		MistralCore: core.MistralCore,
		chatStream: chat.chatStream,
		HTTPClient: http.HTTPClient,
		SDKHooks: hooks.SDKHooks,
		CustomUserAgentHook: userAgent.CustomUserAgentHook,
		errors,
	};
}

/** The parts of the SDK the adapter uses. */
export type MistralSdk = Awaited<ReturnType<typeof importSdk>>;
let sdkPromise: Promise<MistralSdk> | undefined;

/** The SDK, imported once; a failed import is tried again on the next request. */
export function loadMistralSdk(): Promise<MistralSdk> {
	sdkPromise ??= importSdk().catch((error: unknown) => {
		sdkPromise = undefined;
		throw error;
	});
	return sdkPromise;
}

/** The SDK's `MISTRAL_DEBUG` logger would print requests, key included, over the terminal UI. */
const SILENT_LOGGER = { group() {}, groupEnd() {}, log() {} };

/**
 * The SDK's request hooks minus two: tracing, which imports OpenTelemetry on each client's first request (about half
 * of the first-request load time) for telemetry pi does not switch on, and the deprecation warning, which writes to
 * the console over the terminal UI and reads a clone of the streamed body. The user-agent hook stays.
 */
function quietHooks(sdk: MistralSdk): InstanceType<MistralSdk["SDKHooks"]> {
	const hooks = new sdk.SDKHooks();
	hooks.sdkInitHooks.length = 0;
	hooks.beforeCreateRequestHooks.length = 0;
	hooks.beforeRequestHooks.length = 0;
	hooks.afterSuccessHooks.length = 0;
	hooks.afterErrorHooks.length = 0;
	hooks.registerBeforeRequestHook(new sdk.CustomUserAgentHook());
	return hooks;
}

/**
 * The SDK adds `/v1/chat/completions` to the server URL and keeps its path, so a base URL may carry a prefix (a
 * proxy's, the mock server's). A trailing `/v1`, the Chat Completions convention Mistral models had in pi before, is
 * dropped so the version does not appear twice.
 */
export function mistralServerUrl(baseUrl: string): string {
	return baseUrl.replace(/\/+$/, "").replace(/\/v1$/, "");
}

/** One client per request, on pi's transport, with the SDK's own retries off (the adapter retries). */
export function createMistralClient(
	sdk: MistralSdk,
	model: Model,
	options: Parameters<typeof createMistralFetch>[0] & { apiKey?: string },
	watch: StreamErrorWatch,
): MistralCore {
	return new sdk.MistralCore({
		apiKey: options.apiKey ?? "",
		serverURL: mistralServerUrl(model.baseUrl),
		retryConfig: { strategy: "none" },
		httpClient: new sdk.HTTPClient({ fetcher: createMistralFetch(options, watch) }),
		debugLogger: SILENT_LOGGER,
		// Not in the SDK's option type, but its constructor takes an `SDKHooks` instance here.
		...({ hooks: quietHooks(sdk) } as object),
	});
}

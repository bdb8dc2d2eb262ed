import { resolveBaseUrl } from "./models/base-url.js";
import { FAILURE_TEXTS } from "./providers/shared/failure.js";
import { createEmptyAssistantMessage } from "./providers/shared/output.js";
import { resolveApiAdapter } from "./registry.js";
import type {
	AssistantMessage,
	Context,
	Model,
	ProviderStreamOptions,
	SimpleStreamOptions,
	ThinkingBudgets,
} from "./types.js";
import { getEnvApiKey } from "./utils/env-keys.js";
import type { AssistantMessageEventStream } from "./utils/event-stream.js";
import { KeyRedactingEventStream } from "./utils/redacting-stream.js";
import { createRequestSignal } from "./utils/request-signal.js";

/** Default thinking budgets (tokens) for providers that take a budget. */
export const DEFAULT_THINKING_BUDGETS: Required<ThinkingBudgets> = {
	minimal: 1024,
	low: 2048,
	medium: 8192,
	high: 16384,
};

/**
 * Streams one assistant message with raw adapter options. Returns immediately and never throws: every failure
 * (unknown api, missing key, pre-aborted signal, adapter crash) is an `error` event.
 */
export function stream(
	model: Model,
	context: Context,
	options: ProviderStreamOptions = {},
): AssistantMessageEventStream {
	return run(model, context, options, undefined);
}

/** Streams with provider-neutral options (`reasoning`, `thinkingBudgets`). */
export function streamSimple(
	model: Model,
	context: Context,
	options: SimpleStreamOptions = {},
): AssistantMessageEventStream {
	return run(model, context, undefined, options);
}

/** `stream(...).result()`: resolves with the final message; never rejects. */
export function complete(model: Model, context: Context, options?: ProviderStreamOptions): Promise<AssistantMessage> {
	return stream(model, context, options).result();
}

/** `streamSimple(...).result()`: resolves with the final message; never rejects. */
export function completeSimple(
	model: Model,
	context: Context,
	options?: SimpleStreamOptions,
): Promise<AssistantMessage> {
	return streamSimple(model, context, options).result();
}

/** A final message for failures that happen before an adapter produced anything. */
export function createErrorMessage(model: Model, reason: "error" | "aborted", errorMessage: string): AssistantMessage {
	return { ...createEmptyAssistantMessage(model), stopReason: reason, errorMessage };
}

function run(
	model: Model,
	context: Context,
	rawOptions: ProviderStreamOptions | undefined,
	simpleOptions: SimpleStreamOptions | undefined,
): AssistantMessageEventStream {
	const output = new KeyRedactingEventStream();
	const signal = (rawOptions ?? simpleOptions)?.signal;
	const failEarly = (reason: "error" | "aborted", message: string) => {
		const error = createErrorMessage(model, reason, message);
		output.push({ type: "error", reason, error });
	};
	if (signal?.aborted) {
		failEarly("aborted", FAILURE_TEXTS.aborted);
		return output;
	}
	// The adapter (and the SDK under it) sees a signal of this request only: SDKs never remove the listeners they
	// add, and the caller's signal may serve a whole agent run of requests.
	const requestSignal = createRequestSignal(signal);
	// Let go at the terminal event already (registered first, so before any caller's `await result()` resumes):
	// an abort after it changes nothing (events.md §1.8), and the SDK may take a moment longer to close the request.
	if (requestSignal) void output.result().then(requestSignal.release);
	void (async () => {
		try {
			const adapter = await resolveApiAdapter(model.api);
			if (!adapter) return failEarly("error", `No adapter registered for api: ${model.api}`);
			const options = rawOptions ?? adapter.mapSimpleOptions(model, simpleOptions ?? {});
			const apiKey = options.apiKey ?? getEnvApiKey(model.provider);
			output.redactKey(apiKey);
			if (!apiKey && adapter.needsApiKey !== false)
				return failEarly("error", `No API key for provider: ${model.provider}`);
			if (signal?.aborted) return failEarly("aborted", FAILURE_TEXTS.aborted);
			const requestOptions = requestSignal ? { ...options, signal: requestSignal.signal } : options;
			// `{NAME}` placeholders in the base URL (account ids) come from the environment; a missing one throws.
			const target = resolveBaseUrl(model);
			await adapter.stream(target, context, apiKey ? { ...requestOptions, apiKey } : requestOptions, output);
			if (!output.isDone) failEarly("error", FAILURE_TEXTS.streamEnded);
		} catch (error) {
			if (output.isDone) return;
			if (signal?.aborted) return failEarly("aborted", FAILURE_TEXTS.aborted);
			failEarly("error", error instanceof Error ? error.message : String(error));
		} finally {
			requestSignal?.release();
		}
	})();
	return output;
}

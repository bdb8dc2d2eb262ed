/**
 * One retry after a 401 to an OAuth token. A subscription token can stop working before its `expires` (revoked
 * server-side, or refreshed by another client whose refresh rotated it); the provider then answers 401. For a
 * request made with an OAuth token pi refreshes once (under the auth.json lock, like an expiry refresh) and sends
 * the same request again with the new token. A second 401 is reported as it came. The first attempt's events are
 * held back until the stream shows it is not a 401, so the caller sees only the attempt that counts.
 */
import {
	type AssistantMessage,
	type AssistantMessageEvent,
	type AssistantMessageEventStream,
	type Context,
	createAssistantMessageEventStream,
	type Model,
	type SimpleStreamOptions,
} from "@pi/ai";

/** A stream function (same shape as the agent's `StreamFn`). */
export type StreamRequest = (
	model: Model,
	context: Context,
	options: SimpleStreamOptions,
) => AssistantMessageEventStream | Promise<AssistantMessageEventStream>;

/** What the retry needs from key resolution (`ApiKeyResolver`). */
export interface UnauthorizedRefresher {
	isOAuthKey(provider: string, key: string): boolean;
	refreshRejectedKey(provider: string, rejectedKey: string, signal?: AbortSignal): Promise<string>;
}

function isUnauthorized(event: AssistantMessageEvent): event is Extract<AssistantMessageEvent, { type: "error" }> {
	return event.type === "error" && event.reason === "error" && event.error.errorInfo?.status === 401;
}

/** The 401 reply with the refresh's failure as its message (the user learns what to do: sign in again). */
function refreshFailure(reply: AssistantMessage, error: unknown): AssistantMessage {
	const message = error instanceof Error ? error.message : String(error);
	return { ...reply, errorMessage: message };
}

/** Wraps `stream` so a 401 to an OAuth token is answered by one refresh and one retry. */
export function retryUnauthorizedOnce(stream: StreamRequest, keys: UnauthorizedRefresher): StreamRequest {
	return async (model, context, options) => {
		const first = await stream(model, context, options);
		const key = options.apiKey;
		if (!key || !keys.isOAuthKey(model.provider, key)) return first;
		const output = createAssistantMessageEventStream();
		void relay(
			first,
			output,
			async (rejected) => {
				try {
					const newKey = await keys.refreshRejectedKey(model.provider, key, options.signal);
					const second = await stream(model, context, { ...options, apiKey: newKey });
					for await (const event of second) output.push(event);
					if (!output.isDone) output.end(await second.result());
				} catch (error) {
					output.push({ ...rejected, error: refreshFailure(rejected.error, error) });
				}
			},
			options.signal,
		).catch(async () => {
			// Event streams do not throw; should one ever, the caller still gets the first attempt's outcome.
			if (!output.isDone) output.end(await first.result());
		});
		return output;
	};
}

/**
 * Copies `first` to `output`, holding back its `start` event until an event shows whether the request was
 * refused with 401; then `onUnauthorized` takes over instead (the held `start` is dropped: the retry sends its own).
 */
async function relay(
	first: AssistantMessageEventStream,
	output: AssistantMessageEventStream,
	onUnauthorized: (event: Extract<AssistantMessageEvent, { type: "error" }>) => Promise<void>,
	signal?: AbortSignal,
): Promise<void> {
	const held: AssistantMessageEvent[] = [];
	let decided = false;
	for await (const event of first) {
		if (decided) {
			output.push(event);
			continue;
		}
		if (event.type === "start") {
			held.push(event);
			continue;
		}
		if (isUnauthorized(event) && !signal?.aborted) return onUnauthorized(event);
		decided = true;
		for (const early of held.splice(0)) output.push(early);
		output.push(event);
	}
	for (const early of held) output.push(early);
	if (!output.isDone) output.end(await first.result());
}

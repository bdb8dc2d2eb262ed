/**
 * One abort signal per provider request. The provider SDKs (OpenAI's and Anthropic's `fetchWithTimeout`, and
 * others) add an `abort` listener to the signal they are given and never remove it. A caller that passes one
 * long-lived signal to many requests — an agent run with a model call per tool call — would collect one listener
 * per request (Node warns at 11: `MaxListenersExceededWarning`) and keep every request's controller alive until
 * the run ends. The SDK gets a signal of its own instead, which follows the caller's until the request is over.
 */

/** A request's own signal and the release of its link to the caller's. */
export interface RequestSignal {
	/** Aborted (with the caller's reason) when the caller's signal aborts while the request runs. */
	signal: AbortSignal;
	/** Stops following the caller's signal; call it once the request is over. Idempotent. */
	release(): void;
}

/** Links a per-request signal to `callerSignal` (undefined when there is none). */
export function createRequestSignal(callerSignal: AbortSignal | undefined): RequestSignal | undefined {
	if (!callerSignal) return undefined;
	const controller = new AbortController();
	if (callerSignal.aborted) {
		controller.abort(callerSignal.reason);
		return { signal: controller.signal, release: () => {} };
	}
	const follow = () => controller.abort(callerSignal.reason);
	callerSignal.addEventListener("abort", follow, { once: true });
	return { signal: controller.signal, release: () => callerSignal.removeEventListener("abort", follow) };
}

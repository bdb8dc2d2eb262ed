/**
 * Polling a device authorization (RFC 8628): wait `interval`, ask, and go on while the answer is
 * `authorization_pending`; `slow_down` lengthens the interval; `expired_token` and `access_denied` end the flow.
 */
import { sleepUnlessAborted } from "./http.js";
import { OAUTH_TEXTS } from "./texts.js";
import { OAuthError } from "./types.js";

/** RFC 8628 §3.2: the interval to use when the server names none. */
const DEFAULT_INTERVAL_MS = 5000;
/** RFC 8628 §3.5: `slow_down` adds 5 seconds to the interval. */
const SLOW_DOWN_STEP_MS = 5000;
/** A server naming a shorter interval (or 0) is still not polled in a tight loop. */
const MIN_INTERVAL_MS = 1000;

/** One poll's outcome, as the provider reads its answer. */
export type DevicePollResult<T> =
	| { status: "complete"; value: T }
	| { status: "pending" }
	| { status: "slow_down"; intervalSeconds?: number }
	| { status: "denied"; detail: string }
	| { status: "expired" };

export interface DevicePolling<T> {
	providerName: string;
	/** The server's `interval`, seconds. */
	intervalSeconds?: number;
	/** The server's `expires_in`, seconds. */
	expiresInSeconds: number;
	/** Test override: poll every this many ms and step up by as much on `slow_down`. */
	pollIntervalMs?: number;
	poll(): Promise<DevicePollResult<T>>;
	onProgress?(message: string): void;
	signal?: AbortSignal;
}

/** Polls until the user approved (the value), refused (`denied`), or the code ran out (`expired`). */
export async function pollDeviceAuthorization<T>(options: DevicePolling<T>): Promise<T> {
	const deadline = Date.now() + options.expiresInSeconds * 1000;
	const step = options.pollIntervalMs ?? SLOW_DOWN_STEP_MS;
	const serverInterval = (ms: number) => Math.max(MIN_INTERVAL_MS, ms);
	let interval =
		options.pollIntervalMs ??
		serverInterval(typeof options.intervalSeconds === "number" ? options.intervalSeconds * 1000 : DEFAULT_INTERVAL_MS);
	while (Date.now() < deadline) {
		// The server counts polls faster than the interval against us, the first one included.
		await sleepUnlessAborted(Math.min(interval, Math.max(0, deadline - Date.now())), options.signal);
		const result = await options.poll();
		if (result.status === "complete") return result.value;
		if (result.status === "denied") {
			throw new OAuthError(OAUTH_TEXTS.denied(options.providerName, result.detail), "denied");
		}
		if (result.status === "expired") throw new OAuthError(OAUTH_TEXTS.deviceExpired(options.providerName), "expired");
		if (result.status === "slow_down") {
			// GitHub names the new interval itself; trust it over our own arithmetic (clock drift in VMs).
			interval =
				options.pollIntervalMs === undefined && typeof result.intervalSeconds === "number" && result.intervalSeconds > 0
					? serverInterval(result.intervalSeconds * 1000)
					: interval + step;
			options.onProgress?.(OAUTH_TEXTS.slowDown(formatInterval(interval)));
		}
	}
	throw new OAuthError(OAUTH_TEXTS.deviceExpired(options.providerName), "expired");
}

function formatInterval(ms: number): string {
	return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

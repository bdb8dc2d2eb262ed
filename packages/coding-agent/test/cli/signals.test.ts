import { afterEach, describe, expect, it } from "vitest";
import { onTerminationSignals, SIGNAL_SETTLE_MS } from "../../src/cli/signals.js";
import type { ShutdownOptions } from "../../src/core/agent-session.js";

/** A session whose shutdown stays pending until the test settles it. */
function pendingSession() {
	const calls: ShutdownOptions[] = [];
	let settle: () => void = () => {};
	const session = {
		shutdown(options: ShutdownOptions) {
			calls.push(options);
			return new Promise<void>((resolve) => {
				settle = resolve;
			});
		},
	};
	return { session, calls, settle: () => settle() };
}

let remove: (() => void) | undefined;
afterEach(() => remove?.());

describe("onTerminationSignals", () => {
	it("aborts and shuts down (bounded) on the first signal, exits with its code once settled", async () => {
		const { session, calls, settle } = pendingSession();
		const exits: number[] = [];
		const order: string[] = [];
		const beforeFlush = () => {};
		remove = onTerminationSignals(session, {
			onSignal: () => order.push("onSignal"),
			beforeFlush,
			exit: ((code: number) => exits.push(code)) as (code: number) => never,
		});
		process.emit("SIGHUP");
		expect(order).toEqual(["onSignal"]);
		expect(calls).toEqual([{ abort: true, timeoutMs: SIGNAL_SETTLE_MS, beforeFlush }]);
		expect(exits).toEqual([]);
		settle();
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(exits).toEqual([129]);
	});

	it("exits at once on a second signal while the first is still shutting down", async () => {
		const { session, calls } = pendingSession();
		const exits: number[] = [];
		remove = onTerminationSignals(session, {
			exit: ((code: number) => exits.push(code)) as (code: number) => never,
		});
		process.emit("SIGTERM");
		process.emit("SIGINT");
		expect(exits).toEqual([130]);
		expect(calls).toHaveLength(1);
	});

	it("removes its handlers", () => {
		const before = process.listenerCount("SIGTERM");
		const off = onTerminationSignals(pendingSession().session, { exit: (() => {}) as () => never });
		expect(process.listenerCount("SIGTERM")).toBe(before + 1);
		off();
		expect(process.listenerCount("SIGTERM")).toBe(before);
	});
});

/**
 * Signal handling shared by the non-interactive modes (json-mode.md §6, rpc.md §8): SIGTERM, SIGHUP and SIGINT
 * shut the session down with `abort` (run, retry wait, compaction and user command), waiting for the work to settle
 * at most {@link SIGNAL_SETTLE_MS}, then fsync, then exit with 128 + the signal number.
 */
import type { ShutdownOptions } from "../core/agent-session.js";
import { EXIT } from "./errors.js";

/** How long a signal waits for the aborted work to settle before exiting anyway. */
export const SIGNAL_SETTLE_MS = 3000;

const SIGNAL_EXIT: Record<"SIGTERM" | "SIGHUP" | "SIGINT", number> = {
	SIGTERM: EXIT.sigterm,
	SIGHUP: EXIT.sighup,
	SIGINT: EXIT.sigint,
};

/** What signal handling needs of the session (an AgentSession). */
export interface ShutdownTarget {
	shutdown(options: ShutdownOptions): Promise<void>;
}

/** Hooks of {@link onTerminationSignals}. */
export interface SignalHooks {
	/** Runs first, at once (e.g. RPC cancels its pending dialogs). */
	onSignal?: () => void;
	/** Runs once the work settled, before the fsync (extensions' `session_shutdown`). */
	beforeFlush?: () => void | Promise<void>;
	/** Ends the process; default `process.exit`. */
	exit?: (code: number) => never;
}

/**
 * Installs the handlers: a signal calls `session.shutdown({abort: true, timeoutMs: SIGNAL_SETTLE_MS})`, then
 * exits. A second signal while shutting down exits at once. Returns the removal.
 */
export function onTerminationSignals(session: ShutdownTarget, hooks: SignalHooks = {}): () => void {
	const exit = hooks.exit ?? ((code: number) => process.exit(code));
	let stopping = false;
	const handlers = Object.entries(SIGNAL_EXIT).map(([signal, code]) => {
		const handler = () => {
			if (stopping) return exit(code);
			stopping = true;
			try {
				hooks.onSignal?.();
			} catch {
				// A failing hook must not keep the session from being flushed.
			}
			void session
				.shutdown({ abort: true, timeoutMs: SIGNAL_SETTLE_MS, beforeFlush: hooks.beforeFlush })
				.catch(() => {})
				.finally(() => exit(code));
		};
		process.on(signal, handler);
		return [signal, handler] as const;
	});
	return () => {
		for (const [signal, handler] of handlers) process.off(signal, handler);
	};
}

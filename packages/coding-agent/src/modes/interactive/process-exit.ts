/**
 * Every way out of the interactive process restores the terminal and leaves the session file complete:
 * - SIGTERM, SIGHUP, SIGINT: the terminal is restored at once, then the session shuts down with `abort` (the run,
 *   a retry wait, compaction, a user command), extensions hear `session_shutdown`, the file is fsynced, and pi
 *   exits with 128 + the signal number (the non-interactive modes' handling, cli/signals.ts);
 * - a crash (uncaught exception or unhandled rejection) and any other `process.exit`: the terminal is restored and
 *   the session file flushed synchronously, since nothing asynchronous runs any more.
 * The ProcessTerminal is created with `restoreOnExit: false` so these handlers own the order.
 */
import { onTerminationSignals } from "../../cli/signals.js";
import type { AgentSession } from "../../core/agent-session.js";

/** The parts of the mode the handlers use (InteractiveMode). */
export interface ExitTarget {
	/** The session once attached. */
	readonly readySession: AgentSession | undefined;
	/** Stops drawing and restores the terminal; safe to call repeatedly. */
	stopTerminal(): void;
}

/** Installs the handlers; returns their removal (after a normal quit). */
export function installExitHandlers(target: ExitTarget, exit?: (code: number) => never): () => void {
	const restoreAndFlush = () => {
		target.stopTerminal();
		try {
			target.readySession?.flush();
		} catch {
			// The process is ending; there is nowhere left to report a failed fsync.
		}
	};
	process.on("exit", restoreAndFlush);
	process.on("uncaughtExceptionMonitor", restoreAndFlush);
	const removeSignals = onTerminationSignals(
		// Before the session exists a signal only restores the terminal and exits.
		{ shutdown: (options) => target.readySession?.shutdown(options) ?? Promise.resolve() },
		{ onSignal: () => target.stopTerminal(), exit },
	);
	return () => {
		process.off("exit", restoreAndFlush);
		process.off("uncaughtExceptionMonitor", restoreAndFlush);
		removeSignals();
	};
}

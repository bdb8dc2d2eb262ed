/**
 * Signal handling shared by the non-interactive modes (json-mode.md §6, rpc.md §8): SIGTERM, SIGHUP and SIGINT
 * abort the work, wait for it to settle (bounded), flush the session and exit with 128 + the signal number.
 */
import { EXIT } from "./errors.js";

/** How long a signal waits for the aborted work to settle before exiting anyway. */
export const SIGNAL_SETTLE_MS = 3000;

const SIGNAL_EXIT: Record<"SIGTERM" | "SIGHUP" | "SIGINT", number> = {
	SIGTERM: EXIT.sigterm,
	SIGHUP: EXIT.sighup,
	SIGINT: EXIT.sigint,
};

/**
 * Installs the handlers. `stop` aborts and waits; `finish` flushes; then the process exits. A second signal while
 * stopping exits at once. Returns the removal.
 */
export function onTerminationSignals(
	stop: () => Promise<void>,
	finish: () => void | Promise<void>,
	exit: (code: number) => never = (code) => process.exit(code),
): () => void {
	let stopping = false;
	const handlers = Object.entries(SIGNAL_EXIT).map(([signal, code]) => {
		const handler = () => {
			if (stopping) exit(code);
			stopping = true;
			const settle = new Promise<void>((resolve) => setTimeout(resolve, SIGNAL_SETTLE_MS).unref());
			void Promise.race([stop().catch(() => {}), settle])
				.then(() => finish())
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

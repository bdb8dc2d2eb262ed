/**
 * How a quit ends the session once the terminal is restored: aborted work settles and extensions hear
 * `session_shutdown`, but never for longer than {@link QUIT_LIMIT_MS}; then the session file is flushed.
 */
import { SIGNAL_SETTLE_MS } from "../../cli/signals.js";
import type { AgentSession } from "../../core/agent-session.js";

/**
 * The longest a quit waits for the session's shutdown (aborted work settling, extensions' `session_shutdown`)
 * before the session file is flushed and pi ends anyway: a hanging extension must not keep pi from exiting.
 */
export const QUIT_LIMIT_MS = SIGNAL_SETTLE_MS + 2000;

/** Shuts `session` down within {@link QUIT_LIMIT_MS} and flushes its file; never rejects. */
export async function endSession(session: AgentSession): Promise<void> {
	let timer: NodeJS.Timeout | undefined;
	const limit = new Promise<void>((resolve) => {
		timer = setTimeout(resolve, QUIT_LIMIT_MS);
	});
	// The terminal is restored already: a failure has nowhere to be shown, and the file is flushed below anyway.
	const ended = session.shutdown({ abort: true, timeoutMs: SIGNAL_SETTLE_MS }).catch(() => {});
	await Promise.race([ended, limit]);
	clearTimeout(timer);
	try {
		session.flush();
	} catch {
		// Nothing left to report to: the terminal belongs to the shell again.
	}
}

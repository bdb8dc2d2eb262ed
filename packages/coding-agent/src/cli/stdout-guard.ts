/**
 * Keeps stdout for a mode's own output (rpc.md §1, json-mode.md §3 and §5). While claimed, every other write to
 * the stream (console.log/info/dir, a library's `process.stdout.write`) goes to stderr instead; Node's console
 * writes through the stream's `write`, so replacing that one method covers it. The mode writes its lines through
 * the returned writer.
 */

/** A claimed stdout. */
export interface StdoutClaim {
	/** Writes to the real stdout. */
	write(text: string): void;
	/** Gives stdout back to everyone. */
	release(): void;
	/**
	 * Calls `listener` once when stdout fails (EPIPE: its reader went away); from then on this writer drops its
	 * text. Until someone listens, a write error stays unhandled as before (print and JSON mode).
	 */
	onClosed?(listener: () => void): void;
}

/** Redirects writes to `stdout` onto `stderr` until released; returns the writer that still reaches stdout. */
export function claimStdout(
	stdout: NodeJS.WriteStream = process.stdout,
	stderr: NodeJS.WriteStream = process.stderr,
): StdoutClaim {
	const ownWrite = Object.hasOwn(stdout, "write");
	const original = stdout.write;
	stdout.write = stderr.write.bind(stderr) as NodeJS.WriteStream["write"];
	let closed = false;
	const closedListeners: (() => void)[] = [];
	// Stays installed after release: the process ends soon, and a late EPIPE must not turn into a crash then.
	const onError = () => {
		if (closed) return;
		closed = true;
		for (const listener of closedListeners.splice(0)) listener();
	};
	return {
		write: (text) => {
			if (!closed) original.call(stdout, text);
		},
		release: () => {
			if (ownWrite) stdout.write = original;
			else delete (stdout as { write?: unknown }).write;
		},
		onClosed: (listener) => {
			if (closed) return listener();
			if (closedListeners.length === 0) stdout.on("error", onError);
			closedListeners.push(listener);
		},
	};
}

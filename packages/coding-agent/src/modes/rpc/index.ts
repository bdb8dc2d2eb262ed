/**
 * RPC mode (`pi --mode rpc`): wires stdin lines to the dispatcher, session events and UI requests to stdout, and
 * runs the lifecycle of rpc.md §8. stdout carries protocol lines only: while this mode runs, anything else that
 * writes to stdout (console.log of an extension, a stray library) is redirected to stderr.
 *
 * stdin EOF (or stdout's reader going away) means the client is gone: nobody reads what a run would still
 * produce, and a tool's process (a dev server, a `sleep`) must not keep pi alive. So EOF aborts the work under way
 * and pi exits within {@link EOF_SETTLE_MS} plus the fsync. (This departs on purpose from the shared spec's
 * rpc.md §8, which waits at EOF for the session to be idle: issue 21, documented in docs/rpc.md "Lifecycle".) An
 * extension's `shutdown()` is a request from inside and stays graceful: it waits for the session to be idle.
 */
import { onTerminationSignals } from "../../cli/signals.js";
import { claimStdout, type StdoutClaim } from "../../cli/stdout-guard.js";
import type { AgentSession } from "../../core/agent-session.js";
import { LineSplitter, serializeLine } from "./framing.js";
import { createRpcHandlers } from "./handlers.js";
import { RpcDispatcher } from "./server.js";
import { RpcUiBridge } from "./ui.js";

export interface RpcModeOptions {
	input?: NodeJS.ReadableStream;
	/** Protocol output; default: claims process.stdout (the CLI claims it before session start-up). */
	stdout?: StdoutClaim;
	/** Called once before exit (extension `session_shutdown`), after the work settled (or the EOF wait ran out). */
	onShutdown?: () => void | Promise<void>;
}

/**
 * After stdin EOF, the longest wait for the aborted work (run, retry wait, compaction, bash) to settle and for the
 * received commands to answer; then pi flushes and exits 0 anyway. A killed command's process group gets SIGKILL
 * after its 1 s grace period, well inside this bound.
 */
export const EOF_SETTLE_MS = 2000;

/** Resolves once `work` settled or `ms` passed, whichever comes first. */
function settleWithin(work: Promise<unknown>, ms: number): Promise<void> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<void>((resolve) => {
		timer = setTimeout(resolve, ms);
	});
	const settled = work.then(
		() => {},
		() => {},
	);
	return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}

/** Runs RPC mode until stdin ends or a signal arrives; resolves with the exit code. */
export async function runRpcMode(session: AgentSession, options: RpcModeOptions = {}): Promise<number> {
	const stdout = options.stdout ?? claimStdout();
	const send = (value: unknown) => stdout.write(serializeLine(value));
	const ui = new RpcUiBridge(send);
	session.subscribe((event) => send(event));
	session.extensions.setUi(ui, true, "rpc");
	const dispatcher = new RpcDispatcher({
		handlers: createRpcHandlers(session),
		respond: send,
		onUiResponse: (reply) => ui.handleResponse(reply),
	});

	// Signals abort the run, retry wait, compaction and bash, wait (bounded), then session_shutdown and fsync.
	const removeSignals = onTerminationSignals(session, {
		onSignal: () => ui.cancelAll(),
		beforeFlush: options.onShutdown,
	});

	const input = options.input ?? process.stdin;
	const splitter = new LineSplitter();
	let inputEnded = false;
	const ending = await new Promise<"eof" | "extension">((resolve) => {
		input.on("data", (chunk: Buffer | string) => {
			if (inputEnded) return;
			for (const line of splitter.push(chunk)) dispatcher.accept(line);
		});
		input.on("end", () => {
			if (!inputEnded) for (const line of splitter.end()) dispatcher.accept(line);
			resolve("eof");
		});
		// A broken stdin pipe, or a reader of stdout that went away (EPIPE), is a client that went away.
		input.on("error", () => resolve("eof"));
		stdout.onClosed?.(() => {
			inputEnded = true;
			input.pause();
			resolve("eof");
		});
		// An extension's shutdown() stops reading (later lines are not handled) and ends the session once idle.
		session.extensions.setShutdownHandler(() => {
			inputEnded = true;
			input.pause();
			resolve("extension");
		});
		// session_start once the UI is set and input flows (a handler may open a dialog and wait for its reply).
		void session.extensions.start();
	});

	ui.close();
	if (ending === "eof") {
		// The client is gone: abort the run, retry wait, compaction and bash (killing the command's process group),
		// let the received lines answer meanwhile (work they would start is refused: the session is shutting down),
		// then session_shutdown, fsync and exit 0, all bounded.
		const shutdown = session.shutdown({ abort: true, timeoutMs: EOF_SETTLE_MS, beforeFlush: options.onShutdown });
		await settleWithin(dispatcher.drain(), EOF_SETTLE_MS);
		await shutdown;
	} else {
		// shutdown() from an extension: finish the received lines and the session's work, then end.
		await dispatcher.drain();
		await session.waitForIdle({ includeBash: true });
		await dispatcher.drain();
		await session.shutdown({ beforeFlush: options.onShutdown });
	}
	removeSignals();
	return 0;
}

export { RpcUiBridge, type UiContext } from "./ui.js";

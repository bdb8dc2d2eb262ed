/**
 * RPC mode (`pi --mode rpc`): wires stdin lines to the dispatcher, session events and UI requests to stdout, and
 * runs the lifecycle of rpc.md §8. stdout carries protocol lines only: while this mode runs, anything else that
 * writes to stdout (console.log of an extension, a stray library) is redirected to stderr.
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
	/** Called once before exit (extension `session_shutdown`), after the session is idle. */
	onShutdown?: () => void | Promise<void>;
}

/** Runs RPC mode until stdin ends or a signal arrives; resolves with the exit code. */
export async function runRpcMode(session: AgentSession, options: RpcModeOptions = {}): Promise<number> {
	const stdout = options.stdout ?? claimStdout();
	const send = (value: unknown) => stdout.write(serializeLine(value));
	const ui = new RpcUiBridge(send);
	session.subscribe((event) => send(event));
	session.extensions.setUi(ui);
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
	await new Promise<void>((resolve) => {
		input.on("data", (chunk: Buffer | string) => {
			if (inputEnded) return;
			for (const line of splitter.push(chunk)) dispatcher.accept(line);
		});
		input.on("end", () => {
			if (!inputEnded) for (const line of splitter.end()) dispatcher.accept(line);
			resolve();
		});
		input.on("error", () => resolve());
		// An extension's shutdown() ends the session as stdin EOF does (rpc.md §8): later lines are not read.
		session.extensions.setShutdownHandler(() => {
			inputEnded = true;
			input.pause();
			resolve();
		});
		// session_start once the UI is set and input flows (a handler may open a dialog and wait for its reply).
		void session.extensions.start();
	});

	// stdin EOF: finish the received lines, cancel dialogs, wait for the session's work (a running bash included),
	// then session_shutdown, fsync and exit 0.
	ui.close();
	await dispatcher.drain();
	await session.waitForIdle({ includeBash: true });
	await dispatcher.drain();
	await session.shutdown({ beforeFlush: options.onShutdown });
	removeSignals();
	return 0;
}

export { RpcUiBridge, type UiContext } from "./ui.js";

/**
 * RPC mode (`pi --mode rpc`): wires stdin lines to the dispatcher, session events and UI requests to stdout, and
 * runs the lifecycle of rpc.md §8. stdout carries protocol lines only: while this mode runs, anything else that
 * writes to stdout (console.log of an extension, a stray library) is redirected to stderr.
 */
import { onTerminationSignals } from "../../cli/signals.js";
import type { AgentSession } from "../../core/agent-session.js";
import { LineSplitter, serializeLine } from "./framing.js";
import { createRpcHandlers } from "./handlers.js";
import { RpcDispatcher } from "./server.js";
import { RpcUiBridge } from "./ui.js";

export interface RpcModeOptions {
	input?: NodeJS.ReadableStream;
	/** Called once before exit (extension `session_shutdown`), after the session is idle. */
	onShutdown?: () => void | Promise<void>;
}

/** Points console output and `process.stdout.write` at stderr; returns the raw stdout writer for protocol lines. */
function claimStdout(): (text: string) => void {
	const stdout = process.stdout;
	const raw = stdout.write.bind(stdout) as (text: string) => boolean;
	const toStderr = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;
	stdout.write = toStderr;
	const log = (...args: unknown[]) => {
		process.stderr.write(`${args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ")}\n`);
	};
	console.log = log;
	console.info = log;
	console.warn = log;
	console.debug = log;
	return (text) => {
		raw(text);
	};
}

/** Runs RPC mode until stdin ends or a signal arrives; resolves with the exit code. */
export async function runRpcMode(session: AgentSession, options: RpcModeOptions = {}): Promise<number> {
	const writeRaw = claimStdout();
	const send = (value: unknown) => writeRaw(serializeLine(value));
	const ui = new RpcUiBridge(send);
	session.subscribe((event) => send(event));
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
	await new Promise<void>((resolve) => {
		input.on("data", (chunk: Buffer | string) => {
			for (const line of splitter.push(chunk)) dispatcher.accept(line);
		});
		input.on("end", () => {
			for (const line of splitter.end()) dispatcher.accept(line);
			resolve();
		});
		input.on("error", () => resolve());
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

/**
 * The RPC command dispatcher (rpc.md §2, §3): lines are handled one at a time in arrival order, each command line
 * gets exactly one response with its `id` echoed verbatim, and long commands release the line queue while they
 * wait so that `abort` and friends are handled meanwhile. Knows nothing about sessions: command behaviour comes in
 * as a handler table.
 */
import {
	type ExtensionUiResponse,
	type RpcCommand,
	type RpcCommandData,
	type RpcCommandType,
	type RpcId,
	type RpcResponse,
	rpcMessages,
} from "./protocol.js";
import { isCommandType, validateCommandFields } from "./validate.js";

/** Passed to each handler. */
export interface HandlerControl {
	/**
	 * Lets the next line be handled while this command keeps waiting. Call it once the command's own validation
	 * and state change are done (a prompt once accepted, a compaction once started).
	 */
	release(): void;
	/**
	 * Writes this command's success response now and releases the queue (a prompt once accepted, so its response
	 * precedes the run's events). Whatever the handler does afterwards produces no second response.
	 */
	respond(data: unknown): void;
}

/** One handler per command; the resolved value becomes the response's `data` (undefined = no `data`). */
export type RpcHandlers = {
	[T in RpcCommandType]: (
		command: RpcCommand<T>,
		control: HandlerControl,
	) => RpcCommandData[T] extends undefined ? Promise<void> | void : RpcCommandData[T] | Promise<RpcCommandData[T]>;
};

export interface RpcDispatcherOptions {
	handlers: RpcHandlers;
	/** Writes one response line. */
	respond: (response: RpcResponse) => void;
	/** Receives dialog replies; they are applied on arrival, ahead of queued lines, so a dialog asked by a command
	 * that holds the queue can still be answered. */
	onUiResponse?: (reply: ExtensionUiResponse) => void;
}

type Parsed =
	| { kind: "command"; id?: RpcId; type: RpcCommandType; command: Record<string, unknown> }
	| { kind: "ui"; reply: ExtensionUiResponse }
	| { kind: "failure"; response: RpcResponse };

function failure(command: string, error: string, id?: RpcId): RpcResponse {
	return { ...(id === undefined ? {} : { id }), type: "response", command, success: false, error };
}

function success(command: string, data: unknown, id?: RpcId): RpcResponse {
	return {
		...(id === undefined ? {} : { id }),
		type: "response",
		command,
		success: true,
		...(data === undefined ? {} : { data }),
	};
}

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** Classifies one non-blank input line. */
export function parseLine(line: string): Parsed {
	let value: unknown;
	try {
		value = JSON.parse(line);
	} catch (error) {
		return { kind: "failure", response: failure("parse", rpcMessages.parseFailed((error as Error).message)) };
	}
	if (typeof value !== "object" || value === null || Array.isArray(value)) {
		return { kind: "failure", response: failure("parse", rpcMessages.notAnObject) };
	}
	const command = value as Record<string, unknown>;
	const id = command.id as RpcId | undefined;
	const type = command.type;
	if (typeof type !== "string") return { kind: "failure", response: failure("parse", rpcMessages.missingType, id) };
	if (type === "extension_ui_response") {
		return typeof command.id === "string"
			? { kind: "ui", reply: command as unknown as ExtensionUiResponse }
			: { kind: "ui", reply: { type: "extension_ui_response", id: "", cancelled: true } };
	}
	if (!isCommandType(type)) return { kind: "failure", response: failure(type, rpcMessages.unknownCommand(type), id) };
	const invalid = validateCommandFields(type, command);
	if (invalid) return { kind: "failure", response: failure(type, invalid, id) };
	return { kind: "command", id, type, command };
}

/** Feeds lines to handlers in order and writes their responses. */
export class RpcDispatcher {
	private queue: Promise<void> = Promise.resolve();
	private readonly running = new Set<Promise<void>>();

	constructor(private readonly options: RpcDispatcherOptions) {}

	/** Accepts one input line (blank lines are ignored). */
	accept(line: string): void {
		if (line.trim() === "") return;
		const parsed = parseLine(line);
		if (parsed.kind === "ui") {
			this.options.onUiResponse?.(parsed.reply);
			return;
		}
		this.queue = this.queue.then(() => this.handle(parsed));
	}

	/** Resolves once every accepted line was handled and every command has responded. */
	async drain(): Promise<void> {
		await this.queue;
		while (this.running.size > 0) await Promise.allSettled([...this.running]);
	}

	private handle(parsed: Exclude<Parsed, { kind: "ui" }>): Promise<void> {
		if (parsed.kind === "failure") {
			this.options.respond(parsed.response);
			return Promise.resolve();
		}
		const { id, type, command } = parsed;
		let release: () => void = () => {};
		const released = new Promise<void>((resolve) => {
			release = resolve;
		});
		const handler = this.options.handlers[type] as (
			command: unknown,
			control: HandlerControl,
		) => unknown | Promise<unknown>;
		let responded = false;
		const respondOnce = (response: RpcResponse) => {
			if (responded) return;
			responded = true;
			try {
				this.options.respond(response);
			} catch (error) {
				// Data that cannot be serialised (a throwing toJSON in an extension's value): the command still gets
				// its one response.
				if (!response.success) throw error;
				this.options.respond(failure(type, rpcMessages.unwritable(errorText(error)), id));
			}
		};
		const control: HandlerControl = {
			release,
			respond: (data) => {
				respondOnce(success(type, data, id));
				release();
			},
		};
		const done = (async () => {
			try {
				const data = await handler(command, control);
				respondOnce(success(type, data, id));
			} catch (error) {
				respondOnce(failure(type, errorText(error), id));
			}
		})();
		this.running.add(done);
		void done.finally(() => this.running.delete(done));
		return Promise.race([done, released]);
	}
}

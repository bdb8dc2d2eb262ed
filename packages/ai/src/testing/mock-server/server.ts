import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_PROTOCOLS } from "./protocols.js";
import type { MockTurn, RecordedRequest, WireProtocol } from "./types.js";

export interface MockServerOptions {
	/** Port to listen on; default 0 (any free port). */
	port?: number;
	/** Interface to bind; default 127.0.0.1. */
	host?: string;
	/** Wire protocols tried in order for each request; default `DEFAULT_PROTOCOLS`. */
	protocols?: WireProtocol[];
	/** Called with each request after it was recorded (the CLI logs them). */
	onRequest?: (request: RecordedRequest) => void;
}

/** A running loopback server that answers model requests with scripted turns in each API's wire format. */
export interface MockServer {
	/** `http://127.0.0.1:PORT`, without a trailing slash. */
	url: string;
	/** Queues turns; each model request consumes the next one. */
	enqueue(...turns: MockTurn[]): void;
	/** Every request received, in order, with its JSON body parsed. */
	requests: RecordedRequest[];
	/** Turns still queued. */
	readonly pending: number;
	/** Forgets queued turns and recorded requests. */
	reset(): void;
	/** Stops listening and cuts open connections. */
	close(): Promise<void>;
}

/** Texts the server answers with when a test forgot something; kept here so tests can assert them. */
export const MOCK_SERVER_MESSAGES = {
	emptyQueue: (method: string, path: string) =>
		`Mock server: no scripted turn is queued for ${method} ${path}. Call enqueue() before sending a request.`,
	noProtocol: (method: string, path: string) => `Mock server: no wire protocol serves ${method} ${path}.`,
	noStreamError: (protocol: string) => `Mock server: the ${protocol} protocol cannot send an in-stream error.`,
};

/** Frames are batched into writes of about this many characters when no per-event delay is asked for. */
const WRITE_BATCH_CHARS = 64 * 1024;

/**
 * Starts the loopback mock server. Plain node:http; each request is matched to a wire protocol by method and
 * path, recorded, and answered from the next queued turn: optional delay, then either an HTTP error or an SSE
 * stream, optionally cut after a number of events.
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
	const protocols = options.protocols ?? DEFAULT_PROTOCOLS;
	const queue: MockTurn[] = [];
	const requests: RecordedRequest[] = [];

	const server = createServer((req, res) => {
		handle(req, res).catch((error) => {
			if (!res.headersSent) {
				res.writeHead(500, { "content-type": "application/json" });
				res.end(JSON.stringify({ error: { message: `Mock server failure: ${String(error)}` } }));
			} else {
				res.destroy();
			}
		});
	});

	async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const method = req.method ?? "GET";
		const path = req.url ?? "/";
		const raw = await readBody(req);
		const protocol = protocols.find((candidate) => candidate.matches(method, path));
		if (!protocol) {
			res.writeHead(404, { "content-type": "application/json" });
			res.end(JSON.stringify({ error: { type: "not_found", message: MOCK_SERVER_MESSAGES.noProtocol(method, path) } }));
			return;
		}
		const recorded: RecordedRequest = {
			method,
			path,
			headers: { ...req.headers },
			body: parseBody(raw),
			protocol: protocol.name,
		};
		requests.push(recorded);
		options.onRequest?.(recorded);

		const turn = queue.shift();
		if (!turn) {
			writeError(res, protocol, { status: 500, message: MOCK_SERVER_MESSAGES.emptyQueue(method, path) });
			return;
		}
		if (turn.delayMs) await sleep(turn.delayMs);
		if (res.destroyed) return;
		if (turn.httpError) {
			writeError(res, protocol, turn.httpError);
			return;
		}
		const frames = protocol.encode(turn, recorded);
		const limit = turn.streamError?.afterEvents ?? turn.cutAfterEvents ?? turn.closeAfterEvents ?? frames.length;
		const sent = frames.slice(0, Math.min(limit, frames.length));
		if (turn.streamError) {
			// Checked before the headers go out, so the test gets this text as a 500 rather than a cut stream.
			if (!protocol.encodeStreamError) throw new Error(MOCK_SERVER_MESSAGES.noStreamError(protocol.name));
			sent.push(protocol.encodeStreamError(turn.streamError));
		}
		res.writeHead(200, {
			"content-type": protocol.contentType ?? "text/event-stream",
			"cache-control": "no-cache",
			connection: "keep-alive",
		});
		if (turn.eventDelayMs) {
			for (const frame of sent) {
				if (res.destroyed) return;
				await write(res, frame);
				await sleep(turn.eventDelayMs);
			}
		} else {
			await writeBatched(res, sent);
		}
		if (res.destroyed) return;
		if (!turn.streamError && turn.cutAfterEvents !== undefined && turn.cutAfterEvents < frames.length) {
			// Cut without the terminating chunk: the client sees the connection die mid-stream.
			res.socket?.destroy();
			return;
		}
		res.end();
	}

	await new Promise<void>((resolve, reject) => {
		server.once("error", reject);
		server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
	});
	const address = server.address() as AddressInfo;
	const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

	return {
		url: `http://${host}:${address.port}`,
		enqueue: (...turns) => {
			queue.push(...turns);
		},
		requests,
		get pending() {
			return queue.length;
		},
		reset: () => {
			queue.length = 0;
			requests.length = 0;
		},
		close: () =>
			new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

function writeError(res: ServerResponse, protocol: WireProtocol, error: NonNullable<MockTurn["httpError"]>): void {
	const response = protocol.encodeError(error);
	res.writeHead(response.status, response.headers);
	res.end(response.body);
}

async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString("utf8");
}

function parseBody(raw: string): unknown {
	if (raw === "") return undefined;
	try {
		return JSON.parse(raw);
	} catch {
		return raw;
	}
}

/** Writes and waits for the data to be handed to the socket, honouring backpressure. */
function write(res: ServerResponse, data: string | Uint8Array): Promise<void> {
	return new Promise((resolve) => {
		if (res.destroyed) return resolve();
		const flushed = res.write(data, () => resolve());
		if (!flushed) res.once("drain", () => resolve());
	});
}

async function writeBatched(res: ServerResponse, frames: (string | Uint8Array)[]): Promise<void> {
	let batch: (string | Uint8Array)[] = [];
	let size = 0;
	for (const frame of frames) {
		batch.push(frame);
		size += frame.length;
		if (size >= WRITE_BATCH_CHARS) {
			if (res.destroyed) return;
			await write(res, joinFrames(batch));
			batch = [];
			size = 0;
		}
	}
	if (batch.length > 0 && !res.destroyed) await write(res, joinFrames(batch));
}

/** SSE frames join as text; a batch with binary frames (event-stream messages) joins as bytes. */
function joinFrames(frames: (string | Uint8Array)[]): string | Uint8Array {
	if (frames.every((frame) => typeof frame === "string")) return frames.join("");
	return Buffer.concat(frames.map((frame) => (typeof frame === "string" ? Buffer.from(frame) : frame)));
}

function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

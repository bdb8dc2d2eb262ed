/**
 * The `fetch` the provider SDKs are given: plain HTTP requests go through `node:http`/`node:https`, everything
 * else through the platform's `fetch`.
 *
 * Why not always the platform's: Node's `fetch` (undici) compiles its WebAssembly HTTP parser on first use, and a
 * process that exits afterwards waits for the optimising compile of that module to finish. Together that costs a
 * fresh process 100–150 ms for its first request, which is most of a one-shot `pi -p`; `node:http` answers the same
 * request in a few milliseconds. The SDKs only see a standard `Response`, so their retry, timeout, SSE and error
 * handling is unchanged.
 *
 * The platform's `fetch` is used instead whenever the process has customised it: `globalThis.fetch` replaced (mocks,
 * instrumentation, preloads), an undici global dispatcher installed (proxies), or Node told to honour proxy
 * variables. Bodies other than text and bytes (streams, forms, blobs) and `Request` objects go there too.
 *
 * Like Node's fetch (undici's `headersTimeout` / `bodyTimeout`), a request over `node:http` fails when the server
 * sends nothing for {@link getHttpIdleTimeout} ms (default 300 s), while waiting for the response head or between
 * body chunks: a server that never answers must not keep a caller waiting for ever. The error is a network error
 * (`TypeError` with a cause coded `UND_ERR_HEADERS_TIMEOUT` / `UND_ERR_BODY_TIMEOUT`), so it is retryable.
 */
import type { IncomingMessage, RequestOptions } from "node:http";
import { STATUS_CODES } from "node:http";
import { createRequire } from "node:module";
import type { Readable } from "node:stream";

type FetchInput = Parameters<typeof fetch>[0];
type FetchInit = NonNullable<Parameters<typeof fetch>[1]>;

/** Where undici keeps the dispatcher `setGlobalDispatcher` installed (a registered symbol, stable across versions). */
const UNDICI_DISPATCHER = Symbol.for("undici.globalDispatcher.1");
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Statuses whose response has no body (a `Response` refuses one). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const MAX_REDIRECTS = 20;
/** Node's fetch waits this long for a response head and between body chunks (undici's defaults); so do we. */
const DEFAULT_IDLE_TIMEOUT_MS = 300_000;
let idleTimeoutMs = DEFAULT_IDLE_TIMEOUT_MS;

/**
 * Sets how long a request over `node:http` may go without receiving anything (response head, body data) before it
 * fails; `0` waits for ever. Process-wide, as undici's timeouts are; the platform's fetch keeps its own.
 */
export function setHttpIdleTimeout(ms: number): void {
	idleTimeoutMs = Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/** The current idle timeout in ms (0 = none). */
export function getHttpIdleTimeout(): number {
	return idleTimeoutMs;
}

/** Texts of the idle-timeout errors (the cause of the network error the caller sees). */
export const HTTP_IDLE_TEXTS = {
	noResponse: (host: string, ms: number) => `no response from ${host} within ${ms / 1000} s (HTTP idle timeout)`,
	noData: (host: string, ms: number) => `no data from ${host} for ${ms / 1000} s (HTTP idle timeout)`,
} as const;

/** The system-style error of an idle timeout, coded as undici codes its own. */
function idleTimeoutError(head: boolean, url: URL, ms: number): NodeJS.ErrnoException {
	const error: NodeJS.ErrnoException = new Error(
		head ? HTTP_IDLE_TEXTS.noResponse(url.host, ms) : HTTP_IDLE_TEXTS.noData(url.host, ms),
	);
	error.code = head ? "UND_ERR_HEADERS_TIMEOUT" : "UND_ERR_BODY_TIMEOUT";
	return error;
}
const requireBuiltin = createRequire(import.meta.url);

/** A request `node:http` can send as is. */
interface PlainRequest {
	url: URL;
	method: string;
	headers: Record<string, string>;
	body: Uint8Array | string | undefined;
	signal: AbortSignal | undefined;
	redirect: FetchInit["redirect"];
}

/** Node's own fetch: a lazy loader of its bundled undici (so since Node 18); anything else was put there on purpose. */
const NODE_FETCH_SOURCE = /require\(['"]internal\/deps\/undici\/undici['"]\)/;
let lastFetchChecked: unknown;
let lastFetchIsNodes = false;

/**
 * Whether the platform's fetch must serve requests because the process customised it. Only a fetch recognised as
 * Node's own counts as uncustomised, so an unrecognised runtime or Node version falls back to the platform's fetch:
 * slower to start, never wrong.
 */
function platformFetchCustomised(): boolean {
	const current = globalThis.fetch;
	if (current !== lastFetchChecked) {
		lastFetchChecked = current;
		lastFetchIsNodes =
			typeof current === "function" && NODE_FETCH_SOURCE.test(Function.prototype.toString.call(current));
	}
	if (!lastFetchIsNodes) return true;
	// undici installs a plain `Agent` as it loads (Node loads it for `Headers`, `Response` or `fetch`); anything else
	// there was installed on purpose: a proxy, a mock agent, interceptors.
	const dispatcher = (globalThis as Record<symbol, { constructor?: { name?: string } } | undefined>)[UNDICI_DISPATCHER];
	if (dispatcher !== undefined && dispatcher.constructor?.name !== "Agent") return true;
	return process.env.NODE_USE_ENV_PROXY === "1" || process.execArgv.includes("--use-env-proxy");
}

/** Headers in any form `fetch` accepts, as a plain record with lower-case names. */
function headerRecord(headers: FetchInit["headers"]): Record<string, string> {
	const record: Record<string, string> = {};
	if (!headers) return record;
	const entries: Iterable<readonly [string, string]> =
		Symbol.iterator in headers
			? (headers as Iterable<readonly [string, string]>)
			: Object.entries(headers as Record<string, string>);
	for (const [name, value] of entries) {
		const key = name.toLowerCase();
		record[key] = key in record ? `${record[key]}, ${value}` : String(value);
	}
	return record;
}

/** The request as `node:http` can send it, or undefined when only the platform's fetch can. */
function toPlainRequest(input: FetchInput, init: FetchInit | undefined): PlainRequest | undefined {
	if (typeof input !== "string" && !(input instanceof URL)) return undefined;
	const url = new URL(input);
	if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
	const raw = init?.body ?? undefined;
	let body: PlainRequest["body"];
	if (raw === undefined || raw === null || typeof raw === "string" || raw instanceof Uint8Array)
		body = raw ?? undefined;
	else if (raw instanceof ArrayBuffer) body = new Uint8Array(raw);
	else if (ArrayBuffer.isView(raw)) body = new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
	else return undefined;
	return {
		url,
		method: (init?.method ?? "GET").toUpperCase(),
		headers: headerRecord(init?.headers),
		body,
		signal: init?.signal ?? undefined,
		redirect: init?.redirect ?? "follow",
	};
}

/** What fetch rejects with for an aborted request. */
function abortReason(signal: AbortSignal): unknown {
	return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

/** Network failures look like fetch's own: a `TypeError` whose `cause` carries the system error and its code. */
function networkError(message: string, cause: unknown): TypeError {
	return new TypeError(message, { cause });
}

/** Sends one request and resolves with the response head; the body is still to be read from the message. */
async function send(request: PlainRequest): Promise<IncomingMessage> {
	const http = request.url.protocol === "https:" ? await import("node:https") : await import("node:http");
	const headers: Record<string, string> = { accept: "*/*", "accept-encoding": "gzip, deflate, br", ...request.headers };
	if (request.body !== undefined) headers["content-length"] = String(Buffer.byteLength(request.body));
	const options: RequestOptions = { method: request.method, headers };
	return new Promise((resolve, reject) => {
		let head: IncomingMessage | undefined;
		const outgoing = http.request(request.url, options, (response) => {
			head = response;
			// The socket goes back to the pool with the end of the body: the timeout must not outlive this request.
			response.once("close", () => outgoing.setTimeout(0));
			resolve(response);
		});
		outgoing.on("error", (error) => reject(networkError("fetch failed", error)));
		const idle = idleTimeoutMs;
		if (idle > 0) {
			// Socket inactivity: no response head yet, or no body data since the last chunk.
			outgoing.setTimeout(idle, () => {
				const error = idleTimeoutError(head === undefined, request.url, idle);
				if (head) head.destroy(error);
				else outgoing.destroy(error);
			});
		}
		const signal = request.signal;
		if (signal) {
			const onAbort = () => {
				reject(abortReason(signal));
				outgoing.destroy();
			};
			signal.addEventListener("abort", onAbort, { once: true });
			outgoing.on("close", () => signal.removeEventListener("abort", onAbort));
		}
		outgoing.end(request.body);
	});
}

/** The request to send after a redirect response, or undefined when the response is final. */
function redirectTarget(request: PlainRequest, response: IncomingMessage): PlainRequest | undefined {
	const location = response.headers.location;
	if (request.redirect === "manual" || !REDIRECT_STATUSES.has(response.statusCode ?? 0) || !location) return undefined;
	if (request.redirect === "error") throw networkError("fetch failed", new Error("unexpected redirect"));
	const url = new URL(location, request.url);
	const status = response.statusCode;
	const becomesGet =
		status === 303 ? request.method !== "HEAD" : (status === 301 || status === 302) && request.method === "POST";
	const headers = { ...request.headers };
	if (becomesGet) {
		for (const name of ["content-type", "content-length", "content-encoding", "content-language"]) delete headers[name];
	}
	// Credentials stay with the origin they were meant for, as fetch does.
	if (url.origin !== request.url.origin) delete headers.authorization;
	return {
		...request,
		url,
		headers,
		method: becomesGet ? "GET" : request.method,
		body: becomesGet ? undefined : request.body,
	};
}

/** The decoded body as a readable: the content codings fetch undoes are undone here too. */
function decodedBody(response: IncomingMessage): Readable {
	const coding = response.headers["content-encoding"]?.trim().toLowerCase();
	if (coding !== "gzip" && coding !== "x-gzip" && coding !== "deflate" && coding !== "br") return response;
	// Loaded only for an encoded body (the APIs' streamed answers usually are not), and synchronously: between the
	// response head and the body's listeners nothing may wait, or an early socket error would go unheard.
	const zlib = requireBuiltin("node:zlib") as typeof import("node:zlib");
	// Lenient flushing, as browsers do: a body cut short still yields what arrived.
	const lenient = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
	const decoder =
		coding === "br"
			? zlib.createBrotliDecompress()
			: coding === "deflate"
				? zlib.createInflate(lenient)
				: zlib.createGunzip(lenient);
	response.on("error", (error) => decoder.destroy(error));
	return response.pipe(decoder);
}

/** A web stream over the body; errors reach the reader shaped like fetch's (a `TypeError` with the cause). */
function bodyStream(source: Readable, response: IncomingMessage, signal: AbortSignal | undefined): ReadableStream {
	// Once the stream is closed, errored or cancelled, whatever the socket still delivers is dropped.
	let finished = false;
	const onAbort = () => source.destroy(signal ? (abortReason(signal) as Error) : undefined);
	const finish = () => {
		finished = true;
		signal?.removeEventListener("abort", onAbort);
	};
	return new ReadableStream<Uint8Array>({
		start(controller) {
			signal?.addEventListener("abort", onAbort, { once: true });
			source.on("data", (chunk: Buffer) => {
				if (finished) return;
				controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
				if ((controller.desiredSize ?? 1) <= 0) source.pause();
			});
			source.on("end", () => {
				if (finished) return;
				finish();
				controller.close();
			});
			source.on("error", (error) => {
				if (finished) return;
				finish();
				controller.error(signal?.aborted ? abortReason(signal) : networkError("terminated", error));
			});
		},
		pull() {
			source.resume();
		},
		cancel() {
			finish();
			source.destroy();
			response.destroy();
		},
	});
}

/** A `Response` for the message: status, headers (repeated ones kept), decoded streaming body, final URL. */
function toResponse(response: IncomingMessage, request: PlainRequest, redirected: boolean): Response {
	const status = response.statusCode ?? 0;
	const headers = new Headers();
	const raw = response.rawHeaders;
	for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
	const hasBody = request.method !== "HEAD" && !NULL_BODY_STATUSES.has(status);
	if (!hasBody) response.resume();
	const body = hasBody ? bodyStream(decodedBody(response), response, request.signal) : null;
	const result = new Response(body, {
		status,
		statusText: response.statusMessage ?? STATUS_CODES[status] ?? "",
		headers,
	});
	Object.defineProperties(result, { url: { value: request.url.href }, redirected: { value: redirected } });
	return result;
}

/** Fetch over `node:http` for a plain request: follows redirects, decodes the body, honours the abort signal. */
async function fetchOverNodeHttp(first: PlainRequest): Promise<Response> {
	let request = first;
	for (let hops = 0; ; hops++) {
		if (request.signal?.aborted) throw abortReason(request.signal);
		const response = await send(request);
		const next = redirectTarget(request, response);
		if (!next) return toResponse(response, request, hops > 0);
		response.resume();
		if (hops >= MAX_REDIRECTS) throw networkError("fetch failed", new Error("redirect count exceeded"));
		request = next;
	}
}

/**
 * The fetch given to every provider SDK: `node:http` for plain requests in a process that has not customised its
 * fetch, the platform's fetch (looked up at call time) otherwise.
 */
export const sdkFetch: typeof fetch = async (input, init) => {
	const plain = platformFetchCustomised() ? undefined : toPlainRequest(input, init);
	return plain ? fetchOverNodeHttp(plain) : globalThis.fetch(input, init);
};

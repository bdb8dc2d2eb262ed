/**
 * A reference relay for `createProxyStreamFn`: a node:http request handler that authenticates the caller,
 * resolves the model on the server side, adds the server's API key and streams compact SSE events back.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { getModel, type Model, streamSimple } from "@pi/ai";
import { type ProxyRequestBody, toProxyEvent } from "./proxy-wire.js";
import type { StreamFn } from "./types.js";

/** The relay's error texts, sent as `{error}` JSON bodies (the client shows them as `Proxy error: <status> <text>`). */
export const RELAY_ERROR_TEXTS = {
	notPost: "Use POST.",
	unauthorized: "Invalid or missing token.",
	badBody: "Expected a JSON body {model, context, options}.",
	unknownModel: (provider: string | undefined, id: string | undefined) => `Unknown model: ${provider}/${id}`,
} as const;

export interface ProxyHandlerOptions {
	/** The provider key for a request; the client never sends one. */
	getApiKey?: (provider: string) => string | undefined | Promise<string | undefined>;
	/** Upstream stream function; default `streamSimple`. */
	streamFn?: StreamFn;
	/** Accepts or rejects the caller's bearer token (401 when false). Default: accept every caller. */
	authenticate?: (token: string | undefined, request: IncomingMessage) => boolean | Promise<boolean>;
	/**
	 * Maps the requested model to the model actually called. The default looks it up in the built-in catalogue
	 * by provider and id, so a client cannot point the server's key at its own `baseUrl` (400 when unknown).
	 */
	resolveModel?: (requested: Model) => Model | undefined | Promise<Model | undefined>;
	/** Largest accepted request body in bytes; default 32 MiB (contexts may carry images). */
	maxBodyBytes?: number;
}

/** Creates the relay handler. Mount it on a POST route. */
export function createProxyHandler(
	options: ProxyHandlerOptions = {},
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
	const resolveModel = options.resolveModel ?? ((requested: Model) => getModel(requested.provider, requested.id));
	const maxBodyBytes = options.maxBodyBytes ?? 32 * 1024 * 1024;

	return async (request, response) => {
		const reply = (status: number, error: string) => {
			response.writeHead(status, { "content-type": "application/json" });
			response.end(JSON.stringify({ error }));
		};
		try {
			if (request.method !== "POST") return reply(405, RELAY_ERROR_TEXTS.notPost);
			const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1];
			if (options.authenticate && !(await options.authenticate(token, request))) {
				return reply(401, RELAY_ERROR_TEXTS.unauthorized);
			}
			const body = await readJsonBody(request, maxBodyBytes);
			if (!body) return reply(400, RELAY_ERROR_TEXTS.badBody);
			const model = await resolveModel(body.model);
			if (!model) return reply(400, RELAY_ERROR_TEXTS.unknownModel(body.model?.provider, body.model?.id));

			// The client going away (abort, closed tab) cancels the upstream call.
			const upstream = new AbortController();
			response.on("close", () => {
				if (!response.writableFinished) upstream.abort();
			});
			const apiKey = await options.getApiKey?.(model.provider);
			const stream = await (options.streamFn ?? streamSimple)(model, body.context, {
				...body.options,
				...(apiKey ? { apiKey } : {}),
				signal: upstream.signal,
			});
			response.writeHead(200, {
				"content-type": "text/event-stream",
				"cache-control": "no-cache",
				connection: "keep-alive",
			});
			for await (const event of stream) {
				if (response.destroyed) break;
				response.write(`data: ${JSON.stringify(toProxyEvent(event))}\n\n`);
			}
			response.end();
		} catch (error) {
			if (!response.headersSent) reply(500, error instanceof Error ? error.message : String(error));
			else response.end();
		}
	};
}

async function readJsonBody(request: IncomingMessage, limit: number): Promise<ProxyRequestBody | undefined> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request as AsyncIterable<Buffer>) {
		size += chunk.length;
		if (size > limit) return undefined;
		chunks.push(chunk);
	}
	try {
		const parsed = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ProxyRequestBody;
		if (!parsed || typeof parsed !== "object" || !parsed.model || !parsed.context) return undefined;
		parsed.options ??= {};
		return parsed;
	} catch {
		return undefined;
	}
}

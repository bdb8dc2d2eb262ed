import type { IncomingHttpHeaders } from "node:http";

/** A request as the handlers see it: the body parsed from JSON or form encoding. */
export interface MockOAuthRequest {
	method: string;
	/** Path and query, as received. */
	path: string;
	headers: IncomingHttpHeaders;
	/** JSON or form fields; undefined for an empty body; the raw text when it was neither. */
	body: Record<string, unknown> | string | undefined;
}

/** A handler's answer. Object bodies are sent as JSON. */
export interface MockReply {
	status: number;
	headers?: Record<string, string>;
	body?: Record<string, unknown> | string;
}

export function json(status: number, body: Record<string, unknown>): MockReply {
	return { status, body };
}

/** The body's fields as strings (form bodies are strings already; JSON ones are stringified where scalar). */
export function fields(request: MockOAuthRequest): Record<string, string> {
	if (!request.body || typeof request.body === "string") return {};
	const out: Record<string, string> = {};
	for (const [key, value] of Object.entries(request.body)) {
		if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") out[key] = String(value);
	}
	return out;
}

import { openaiResponsesProtocol } from "./openai-responses.js";
import { namedEvent } from "./sse.js";
import type { MockTurn, RecordedRequest, WireErrorResponse, WireProtocol } from "./types.js";

/** Headers every Codex request must carry; a request without one gets an in-stream error naming it. */
const REQUIRED_HEADERS: Record<string, (value: string) => boolean> = {
	authorization: (value) => /^Bearer \S+/.test(value),
	"chatgpt-account-id": (value) => value !== "",
	"openai-beta": (value) => value.includes("responses=experimental"),
	originator: (value) => value !== "",
};

/** Body fields the Codex backend refuses (it answers 400 "Unsupported parameter"). */
const REJECTED_FIELDS = ["max_output_tokens", "temperature"];

/** What the mock answers a request that the real backend would refuse; kept here so tests can assert it. */
export const CODEX_MOCK_MESSAGES = {
	missingHeader: (name: string) => `Mock Codex backend: missing or invalid ${name} header.`,
	unsupported: (field: string) => `Unsupported parameter: ${field}`,
	notStored: "Store must be set to false",
} as const;

/** Error types of the subscription's limits, whose bodies carry the reset time. */
const LIMIT_TYPES = new Set(["usage_limit_reached", "usage_not_included"]);

/**
 * The OpenAI error body, and for a usage limit (`type: "usage_limit_reached"`) the backend's extra field: the
 * seconds until the limit resets (`resets_in_seconds`), taken from the turn's `retryAfter`.
 */
function encodeCodexError(error: NonNullable<MockTurn["httpError"]>): WireErrorResponse {
	const response = openaiResponsesProtocol.encodeError(error);
	const seconds = Number(error.retryAfter);
	if (!error.type || !LIMIT_TYPES.has(error.type) || error.retryAfter === undefined || !Number.isFinite(seconds)) {
		return response;
	}
	const body = JSON.parse(response.body) as { error: Record<string, unknown> };
	body.error.resets_in_seconds = seconds;
	return { ...response, body: JSON.stringify(body) };
}

/** The first reason the real backend would refuse this request, if any. */
function refusal(request: RecordedRequest): string | undefined {
	for (const [name, valid] of Object.entries(REQUIRED_HEADERS)) {
		const value = request.headers[name];
		if (typeof value !== "string" || !valid(value)) return CODEX_MOCK_MESSAGES.missingHeader(name);
	}
	const body = request.body ?? {};
	for (const field of REJECTED_FIELDS) if (field in body) return CODEX_MOCK_MESSAGES.unsupported(field);
	if (body.store !== false) return CODEX_MOCK_MESSAGES.notStored;
	return undefined;
}

/**
 * The ChatGPT Codex backend: `POST …/codex/responses`, answered with the Responses event stream (the encoder of
 * the openai-responses protocol). It checks what the real backend insists on (the account, beta and originator
 * headers, `store: false`, no `max_output_tokens` or `temperature`) and answers a request that breaks a rule with
 * an `error` event naming it, so a test sees the reason instead of a plausible answer. An HTTP error of type
 * `usage_limit_reached` carries the reset time the way the backend writes it. Listed before the
 * openai-responses protocol, whose `/responses` suffix would match this path too.
 */
export const openaiCodexResponsesProtocol: WireProtocol = {
	name: "openai-codex-responses",

	matches: (method, path) => method === "POST" && path.split("?")[0]!.endsWith("/codex/responses"),

	encode(turn: MockTurn, request: RecordedRequest) {
		const reason = refusal(request);
		if (reason)
			return [namedEvent("error", { type: "error", code: "invalid_request_error", message: reason, param: null })];
		return openaiResponsesProtocol.encode(turn, request);
	},

	encodeError: encodeCodexError,

	encodeStreamError: openaiResponsesProtocol.encodeStreamError,
};

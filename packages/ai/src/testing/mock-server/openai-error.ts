import type { MockTurn, WireErrorResponse } from "./types.js";

/** OpenAI's error `type` and `code` for each HTTP status the mock can be asked to return. */
const ERRORS: Record<number, { type: string; code: string | null }> = {
	400: { type: "invalid_request_error", code: null },
	401: { type: "invalid_request_error", code: "invalid_api_key" },
	403: { type: "invalid_request_error", code: "unsupported_country_region_territory" },
	404: { type: "invalid_request_error", code: "model_not_found" },
	429: { type: "requests", code: "rate_limit_exceeded" },
	500: { type: "server_error", code: null },
	503: { type: "server_error", code: "service_unavailable" },
};

/** The JSON error response both OpenAI APIs (Chat Completions and Responses) send for a failed request. */
export function encodeOpenAIError(error: NonNullable<MockTurn["httpError"]>): WireErrorResponse {
	const headers: Record<string, string> = { "content-type": "application/json", "x-request-id": "req_mock" };
	if (error.retryAfter !== undefined) headers["retry-after"] = error.retryAfter;
	const known = ERRORS[error.status] ?? { type: "server_error", code: null };
	return {
		status: error.status,
		headers,
		body: JSON.stringify({
			error: { message: error.message, type: error.type ?? known.type, param: null, code: error.type ?? known.code },
		}),
	};
}

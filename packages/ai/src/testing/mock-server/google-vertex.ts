import { googleProtocol } from "./google.js";
import { dataEvent } from "./sse.js";
import type { MockTurn, RecordedRequest, WireProtocol } from "./types.js";

/** What the mock answers a request that Vertex AI would refuse; kept here so tests can assert it. */
export const VERTEX_MOCK_MESSAGES = {
	noCredentials:
		"Mock Vertex AI: the request carries neither an Authorization bearer token nor an x-goog-api-key header.",
} as const;

/** A Vertex model path: `[/{version}][/projects/{p}/locations/{l}]/publishers/google/models/{m}:streamGenerateContent`. */
const VERTEX_PATH = /\/publishers\/google\/models\/[^/]+:streamGenerateContent$/;

function refusal(request: RecordedRequest): string | undefined {
	const authorization = request.headers.authorization;
	const hasBearer = typeof authorization === "string" && /^Bearer \S+/.test(authorization);
	const apiKey = request.headers["x-goog-api-key"];
	if (!hasBearer && !(typeof apiKey === "string" && apiKey !== "")) return VERTEX_MOCK_MESSAGES.noCredentials;
	return undefined;
}

/**
 * Vertex AI's Gemini endpoint: `POST /v1/projects/{project}/locations/{location}/publishers/google/models/{model}
 * :streamGenerateContent?alt=sse` (ADC), or the same without the project part (express mode with an API key),
 * answered with the Gemini encoder. A request without credentials gets an UNAUTHENTICATED error chunk naming the
 * problem. Listed before the Gemini protocol, whose `/models/…:streamGenerateContent` would match these paths too.
 */
export const googleVertexProtocol: WireProtocol = {
	name: "google-vertex",

	matches: (method, path) => method === "POST" && VERTEX_PATH.test(path.split("?")[0]!),

	encode(turn: MockTurn, request: RecordedRequest) {
		const reason = refusal(request);
		if (reason) return [dataEvent({ error: { code: 401, message: reason, status: "UNAUTHENTICATED" } })];
		return googleProtocol.encode(turn, request);
	},

	encodeError: googleProtocol.encodeError,

	encodeStreamError: googleProtocol.encodeStreamError,
};

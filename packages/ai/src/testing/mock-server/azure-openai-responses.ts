import { openaiResponsesProtocol } from "./openai-responses.js";
import { namedEvent } from "./sse.js";
import type { MockTurn, RecordedRequest, WireProtocol } from "./types.js";

/** What the mock answers a request that Azure would refuse; kept here so tests can assert it. */
export const AZURE_MOCK_MESSAGES = {
	missingKey: "Mock Azure OpenAI: missing api-key header.",
	missingVersion: "Mock Azure OpenAI: the dated route needs an api-version query parameter.",
	datedVersionOnV1: (version: string) =>
		`Mock Azure OpenAI: api-version ${version} is not allowed on the /openai/v1 path (use v1, preview or latest).`,
} as const;

/** `/openai/v1/responses` (the GA v1 API) or `/openai/responses` (the dated route), under any prefix. */
const AZURE_PATH = /\/openai(\/v1)?\/responses$/;

/** The first reason Azure would refuse this request, if any. */
function refusal(request: RecordedRequest): string | undefined {
	const key = request.headers["api-key"];
	if (typeof key !== "string" || key === "") return AZURE_MOCK_MESSAGES.missingKey;
	const [path, query = ""] = request.path.split("?");
	const version = new URLSearchParams(query).get("api-version");
	const v1 = AZURE_PATH.exec(path!)?.[1] !== undefined;
	if (v1 && version !== null && !["v1", "preview", "latest"].includes(version)) {
		return AZURE_MOCK_MESSAGES.datedVersionOnV1(version);
	}
	if (!v1 && !version) return AZURE_MOCK_MESSAGES.missingVersion;
	return undefined;
}

/**
 * Azure OpenAI's Responses API: `POST …/openai/v1/responses?api-version=v1` or the dated route
 * `POST …/openai/responses?api-version=2025-04-01-preview`, answered with the Responses event stream (the encoder
 * of the openai-responses protocol). It checks the `api-key` header and the `api-version` rules of each route and
 * answers a request that breaks one with an `error` event naming it. Listed before the openai-responses protocol,
 * whose `/responses` suffix would match these paths too.
 */
export const azureOpenAIResponsesProtocol: WireProtocol = {
	name: "azure-openai-responses",

	matches: (method, path) => method === "POST" && AZURE_PATH.test(path.split("?")[0]!),

	encode(turn: MockTurn, request: RecordedRequest) {
		const reason = refusal(request);
		if (reason) return [namedEvent("error", { type: "error", code: "invalid_request", message: reason, param: null })];
		return openaiResponsesProtocol.encode(turn, request);
	},

	encodeError: openaiResponsesProtocol.encodeError,

	encodeStreamError: openaiResponsesProtocol.encodeStreamError,
};

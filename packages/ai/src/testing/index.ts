/**
 * @pi/ai/testing: the test kit every package's tests use. A faux provider for agent logic and a loopback
 * mock server that speaks the real wire protocols to the official SDKs.
 */
export { assertEventProtocol, type CollectedStream, collectEvents } from "./conformance.js";
export {
	createFauxProvider,
	estimateTokens,
	type FauxProvider,
	type FauxProviderOptions,
	type FauxReply,
	type FauxRequest,
	type FauxResponse,
} from "./faux.js";
export { CODEX_AUTH_CLAIM, MOCK_CLIENT_IDS } from "./mock-oauth/authorization.js";
export type { MockOAuthRequest } from "./mock-oauth/reply.js";
export {
	type MockOAuthServer,
	type MockOAuthServerOptions,
	startMockOAuthServer,
} from "./mock-oauth/server.js";
export type {
	MockAuthorizeOutcome,
	MockCopilotModel,
	MockDeviceOutcome,
	MockIssuedTokens,
	MockOAuthCounts,
	MockOAuthProvider,
} from "./mock-oauth/state.js";
export { anthropicProtocol } from "./mock-server/anthropic.js";
export { AZURE_MOCK_MESSAGES, azureOpenAIResponsesProtocol } from "./mock-server/azure-openai-responses.js";
export { bedrockProtocol } from "./mock-server/bedrock.js";
export { crc32, encodeEventStreamMessage } from "./mock-server/event-stream.js";
export { googleProtocol } from "./mock-server/google.js";
export { googleVertexProtocol, VERTEX_MOCK_MESSAGES } from "./mock-server/google-vertex.js";
export { mistralProtocol } from "./mock-server/mistral.js";
export { CODEX_MOCK_MESSAGES, openaiCodexResponsesProtocol } from "./mock-server/openai-codex-responses.js";
export { openaiCompletionsProtocol } from "./mock-server/openai-completions.js";
export { openaiResponsesProtocol } from "./mock-server/openai-responses.js";
export { DEFAULT_PROTOCOLS } from "./mock-server/protocols.js";
export {
	MOCK_SERVER_MESSAGES,
	type MockServer,
	type MockServerOptions,
	startMockServer,
} from "./mock-server/server.js";
export { chunkText, dataEvent, namedEvent } from "./mock-server/sse.js";
export type {
	MockStreamError,
	MockTurn,
	RecordedRequest,
	WireErrorResponse,
	WireProtocol,
} from "./mock-server/types.js";

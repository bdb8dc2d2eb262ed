/**
 * @pi/ai/testing: the test kit every package's tests use. A faux provider for agent logic and a loopback
 * mock server that speaks the real wire protocols to the official SDKs.
 */
export {
	createFauxProvider,
	estimateTokens,
	type FauxProvider,
	type FauxProviderOptions,
	type FauxReply,
	type FauxRequest,
	type FauxResponse,
} from "./faux.js";
export type { MockTurn, RecordedRequest, WireErrorResponse, WireProtocol } from "./mock-server/types.js";

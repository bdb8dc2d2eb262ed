// The loopback mock server of @pi/ai/testing (built dist), with two extra turn fields the fault cases need:
// `rawFrames` (strings written as the SSE body instead of the protocol's encoding: malformed SSE) and `hang: true`
// (the request is received and never answered). Close the server with `close()`; a hanging request is cut then.
import { importDist } from "../../lib/mock-server.mjs";

/** Longest delay a Node timer accepts: "never" for a bounded case. */
const FOREVER_MS = 2 ** 31 - 1;

/** Starts the server; returns @pi/ai's MockServer. */
export async function startFaultServer() {
	const testing = await importDist("ai", "testing/index.js");
	const protocols = testing.DEFAULT_PROTOCOLS.map((protocol) => ({
		...protocol,
		matches: protocol.matches.bind(protocol),
		encodeError: protocol.encodeError.bind(protocol),
		encodeStreamError: protocol.encodeStreamError?.bind(protocol),
		encode: (turn, request) => turn.rawFrames ?? protocol.encode(turn, request),
	}));
	const server = await testing.startMockServer({ protocols });
	const enqueue = server.enqueue;
	server.enqueue = (...turns) => enqueue(...turns.map((turn) => (turn.hang ? { ...turn, delayMs: FOREVER_MS } : turn)));
	return server;
}

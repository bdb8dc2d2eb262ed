/**
 * A stream whose data is not JSON: every adapter reports it as the provider's malformed data (not a bare
 * JSON.parse message that does not say where the bad JSON came from), does not retry it on its own, and writes
 * nothing to the console.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { stream } from "../../src/index.js";
import { DEFAULT_PROTOCOLS, type MockServer, startMockServer } from "../../src/testing/index.js";
import { mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

const BROKEN_FRAMES = ['data: {"choices": [{"delta": {"content": "x"\n\n', "data: }\n\n"];

let server: MockServer;
beforeAll(async () => {
	// Every protocol answers with the same broken frames (the status and headers stay the protocol's).
	server = await startMockServer({
		protocols: DEFAULT_PROTOCOLS.map((protocol) => ({
			name: protocol.name,
			matches: (method, path) => protocol.matches(method, path),
			encodeError: (error) => protocol.encodeError(error),
			encode: () => BROKEN_FRAMES,
		})),
	});
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

describe("malformed stream data", () => {
	for (const api of [
		"openai-completions",
		"openai-responses",
		"google-generative-ai",
		"google-vertex",
		"azure-openai-responses",
		"mistral-conversations",
	] as const) {
		it(`${api}: is reported as the provider's malformed data`, async () => {
			server.reset();
			server.enqueue({ text: "unused" });
			// Nothing on the console: in the terminal UI it would be written over the screen.
			const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
			const result = await stream(mockModel(api, server), USER_CONTEXT, { apiKey: "test-key" }).result();
			expect(result.stopReason).toBe("error");
			expect(result.errorMessage).toMatch(/^The provider sent malformed stream data: /);
			expect(result.errorInfo).toEqual({ retryable: false });
			expect(consoleError).not.toHaveBeenCalled();
		});
	}
});

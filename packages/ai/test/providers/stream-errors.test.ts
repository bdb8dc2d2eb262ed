/**
 * Errors that arrive inside a started stream (after the HTTP 200), through each official SDK against the loopback
 * mock server: `errorInfo` says retryable only when the provider marks the error transient (its type, code or
 * Gemini's numeric code); an error of no known type is final and keeps the provider's text (events.md §1.4).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complete } from "../../src/index.js";
import {
	anthropicProtocol,
	MOCK_SERVER_MESSAGES,
	type MockServer,
	type MockStreamError,
	openaiCompletionsProtocol,
	openaiResponsesProtocol,
	startMockServer,
	type WireProtocol,
} from "../../src/testing/index.js";
import type { KnownApi } from "../../src/types.js";
import { ALL_APIS, mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

const PARTIAL = "Partial answer, cut by an error event";

/** Each API's transient in-stream error as its provider sends it. */
/** Every api in ALL_APIS needs an entry. */
const TRANSIENT: Partial<Record<KnownApi, Omit<MockStreamError, "afterEvents" | "message">>> = {
	"anthropic-messages": { type: "overloaded_error" },
	"openai-completions": { type: "server_error" },
	"openai-responses": { type: "server_error" },
	"google-generative-ai": { type: "UNAVAILABLE", status: 503 },
	"google-vertex": { type: "UNAVAILABLE", status: 503 },
	"azure-openai-responses": { type: "server_error" },
	"openai-codex-responses": { type: "server_error" },
	"mistral-conversations": { type: "service_unavailable" },
	"bedrock-converse-stream": { type: "ServiceUnavailableException" },
};

async function failWith(api: KnownApi, error: Omit<MockStreamError, "afterEvents">) {
	server.reset();
	server.enqueue({ text: PARTIAL, chunkSize: 6, streamError: { afterEvents: 5, ...error } });
	return complete(mockModel(api, server), USER_CONTEXT, { apiKey: "test-key" });
}

for (const api of ALL_APIS) {
	describe(`${api}: an in-stream error event`, () => {
		it("of a transient kind is retryable, keeps the partial text and the provider's message", async () => {
			const transient = TRANSIENT[api];
			if (!transient) throw new Error(`stream-errors.test.ts: add ${api}'s transient in-stream error to TRANSIENT`);
			const message = await failWith(api, { message: "Overloaded", ...transient });
			expect(message.stopReason).toBe("error");
			expect(message.errorMessage).toMatch(/Overloaded$/);
			expect(message.errorInfo).toMatchObject({ retryable: true, code: transient.type });
			expect(message.errorInfo).not.toHaveProperty("retryAfterMs");
			const text = message.content.find((block) => block.type === "text");
			expect(text && PARTIAL.startsWith(text.text) && text.text.length > 0).toBe(true);
		});
	});
}

// Gemini's in-stream errors always carry a numeric code (the SDK throws only then), which decides like a status.
for (const api of ["anthropic-messages", "openai-completions", "openai-responses", "openai-codex-responses"] as const) {
	describe(`${api}: an in-stream error event`, () => {
		it("of no type is final, with the provider's text (not a retryable cut stream)", async () => {
			const message = await failWith(api, { message: "boom upstream" });
			expect(message.stopReason).toBe("error");
			expect(message.errorMessage).toBe("boom upstream");
			expect(message.errorInfo).toEqual({ retryable: false });
		});

		it("of a type pi does not know is final and names the type", async () => {
			const message = await failWith(api, { message: "boom upstream", type: "upstream_error" });
			expect(message.errorMessage).toBe("boom upstream");
			expect(message.errorInfo).toEqual({ retryable: false, code: "upstream_error" });
		});
	});
}

/** A protocol that answers like `base` but writes `frame` as its in-stream error. */
function rawErrorProtocol(base: WireProtocol, frame: string): WireProtocol {
	return { ...base, name: `${base.name}-raw-error`, encodeStreamError: () => frame };
}

describe("in-stream error bodies off the usual shape", () => {
	const cases = [
		["anthropic-messages", anthropicProtocol, "event: error\ndata: boom upstream\n\n"],
		["openai-completions", openaiCompletionsProtocol, 'data: {"error":"boom upstream"}\n\n'],
	] as const;
	for (const [api, base, frame] of cases) {
		it(`${api}: a bare-string error is final and its text is not JSON-quoted`, async () => {
			const raw = await startMockServer({ protocols: [rawErrorProtocol(base, frame)] });
			try {
				raw.enqueue({ text: PARTIAL, streamError: { afterEvents: 3, message: "unused" } });
				const message = await complete(mockModel(api, raw), USER_CONTEXT, { apiKey: "test-key" });
				expect(message.errorMessage).toBe("boom upstream");
				expect(message.errorInfo).toEqual({ retryable: false });
			} finally {
				await raw.close();
			}
		});
	}

	it("openai-responses: response.failed with `code: null` is final and writes no null code", async () => {
		const failed = {
			type: "response.failed",
			sequence_number: 9,
			response: {
				id: "resp_1",
				object: "response",
				status: "failed",
				output: [],
				error: { code: null, message: "boom upstream" },
			},
		};
		const frame = `event: response.failed\ndata: ${JSON.stringify(failed)}\n\n`;
		const raw = await startMockServer({ protocols: [rawErrorProtocol(openaiResponsesProtocol, frame)] });
		try {
			raw.enqueue({ text: PARTIAL, streamError: { afterEvents: 1, message: "unused" } });
			const message = await complete(mockModel("openai-responses", raw), USER_CONTEXT, { apiKey: "test-key" });
			expect(message.errorMessage).toBe("boom upstream");
			expect(message.errorInfo).toEqual({ retryable: false });
		} finally {
			await raw.close();
		}
	});

	it("a protocol that cannot send one makes the mock answer a clear 500", async () => {
		const { encodeStreamError: _omitted, ...withoutStreamErrors } = anthropicProtocol;
		const plain = await startMockServer({ protocols: [withoutStreamErrors] });
		try {
			plain.enqueue({ text: PARTIAL, streamError: { afterEvents: 3, message: "unused" } });
			const message = await complete(mockModel("anthropic-messages", plain), USER_CONTEXT, { apiKey: "test-key" });
			expect(message.errorMessage).toContain(MOCK_SERVER_MESSAGES.noStreamError("anthropic-messages"));
		} finally {
			await plain.close();
		}
	});
});

/**
 * A provider error that echoes the request's API key (OpenAI's 401 does: "Incorrect API key provided: sk-…") reaches
 * the caller with the key replaced, so it cannot end up in a terminal, a log or a session file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stream } from "../../src/index.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import { REDACTED_KEY } from "../../src/utils/redacting-stream.js";
import { ALL_APIS, mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

const KEY = "sk-echoed-0123456789abcdef";

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

describe("API key in a provider's error message", () => {
	for (const api of ALL_APIS) {
		it(`${api}: is replaced by ${REDACTED_KEY}`, async () => {
			server.reset();
			server.enqueue({ httpError: { status: 401, message: `Incorrect API key provided: ${KEY}.` } });
			const result = await stream(mockModel(api, server), USER_CONTEXT, { apiKey: KEY }).result();
			expect(result.stopReason).toBe("error");
			expect(result.errorMessage).toContain(`Incorrect API key provided: ${REDACTED_KEY}.`);
			expect(result.errorMessage).not.toContain(KEY);
		});
	}

	it("leaves a placeholder key shorter than 8 characters alone", async () => {
		server.reset();
		server.enqueue({ httpError: { status: 400, message: "model none of them" } });
		const result = await stream(mockModel("openai-completions", server), USER_CONTEXT, { apiKey: "none" }).result();
		expect(result.errorMessage).toContain("model none of them");
	});
});

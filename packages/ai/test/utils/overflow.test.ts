import { describe, expect, it } from "vitest";
import { isContextOverflow } from "../../src/utils/overflow.js";

describe("isContextOverflow", () => {
	it("recognises each provider's prompt-too-long error", () => {
		expect(isContextOverflow(400, "invalid_request_error", "prompt is too long: 210000 tokens > 200000 maximum")).toBe(
			true,
		);
		expect(
			isContextOverflow(
				400,
				undefined,
				"This model's maximum context length is 128000 tokens. However, you requested 130000",
			),
		).toBe(true);
		expect(
			isContextOverflow(400, "context_length_exceeded", "Your input exceeds the context window of this model."),
		).toBe(true);
		expect(
			isContextOverflow(
				400,
				"INVALID_ARGUMENT",
				"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",
			),
		).toBe(true);
		expect(isContextOverflow(413, undefined, "Request too large for model")).toBe(true);
		expect(isContextOverflow(undefined, "context_length_exceeded", "")).toBe(true);
	});

	it("does not mistake other errors for an overflow", () => {
		expect(isContextOverflow(400, "invalid_request_error", "messages: text content blocks must be non-empty")).toBe(
			false,
		);
		expect(isContextOverflow(429, "rate_limit_error", "Too many tokens per minute, please slow down")).toBe(false);
		expect(isContextOverflow(500, "api_error", "Internal server error")).toBe(false);
		expect(isContextOverflow(401, "authentication_error", "invalid x-api-key")).toBe(false);
	});
});

import { afterEach, describe, expect, it } from "vitest";
import { type ApiAdapter, apiNeedsApiKey, registerApiAdapter, unregisterApiAdapter } from "../src/registry.js";

const keyless: ApiAdapter = {
	api: "test-keyless",
	needsApiKey: false,
	stream: () => {},
	mapSimpleOptions: () => ({}),
};

afterEach(() => unregisterApiAdapter("test-keyless"));

describe("apiNeedsApiKey", () => {
	it("is true for every built-in api (answered without importing the adapter)", () => {
		for (const api of ["anthropic-messages", "openai-completions", "openai-responses", "google-generative-ai"]) {
			expect(apiNeedsApiKey(api)).toBe(true);
		}
	});

	it("follows a registered adapter's needsApiKey, defaulting to true", () => {
		registerApiAdapter(keyless);
		expect(apiNeedsApiKey("test-keyless")).toBe(false);
		registerApiAdapter({ ...keyless, needsApiKey: undefined });
		expect(apiNeedsApiKey("test-keyless")).toBe(true);
	});

	it("is true for an api without an adapter", () => {
		expect(apiNeedsApiKey("no-such-api")).toBe(true);
	});
});

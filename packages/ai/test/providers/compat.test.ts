import { describe, expect, it } from "vitest";
import { detectCompletionsCompat, resolveCompletionsCompat } from "../../src/providers/openai-completions.js";
import type { Model } from "../../src/types.js";

const model = (provider: string, baseUrl: string, extra: Partial<Model> = {}): Model => ({
	id: "m",
	name: "m",
	api: "openai-completions",
	provider,
	baseUrl,
	reasoning: true,
	input: ["text"],
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
	contextWindow: 128000,
	maxTokens: 16384,
	...extra,
});

describe("Chat Completions compat detection", () => {
	it("treats OpenAI (by provider or host) as the full-featured API", () => {
		for (const m of [model("openai", "https://api.openai.com/v1"), model("custom", "https://api.openai.com/v1")]) {
			expect(detectCompletionsCompat(m)).toMatchObject({
				supportsStore: true,
				supportsDeveloperRole: true,
				supportsReasoningEffort: true,
				maxTokensField: "max_completion_tokens",
				thinkingFormat: "openai",
				supportsStrictMode: true,
				supportsUsageInStreaming: true,
			});
		}
	});

	it("is conservative for unknown servers (Ollama, vLLM, proxies)", () => {
		expect(detectCompletionsCompat(model("local", "http://127.0.0.1:11434/v1"))).toMatchObject({
			supportsStore: false,
			supportsDeveloperRole: false,
			maxTokensField: "max_tokens",
			thinkingFormat: "openai",
			requiresToolResultName: false,
		});
	});

	it.each([
		["zai", "https://example.com/v1", "zai"],
		["custom", "https://api.z.ai/api/paas/v4", "zai"],
		["custom", "https://open.bigmodel.cn/api/paas/v4", "zai"],
		["openrouter", "https://example.com/v1", "openrouter"],
		["custom", "https://openrouter.ai/api/v1", "openrouter"],
		["custom", "https://api.deepseek.com/v1", "deepseek"],
		["custom", "https://dashscope-intl.aliyuncs.com/compatible-mode/v1", "qwen"],
		["groq", "https://api.groq.com/openai/v1", "openai"],
	])("provider %s at %s switches thinking the %s way", (provider, baseUrl, format) => {
		expect(detectCompletionsCompat(model(provider, baseUrl)).thinkingFormat).toBe(format);
	});

	it("marks vendors that take thinking through their own fields as not supporting reasoning_effort", () => {
		expect(detectCompletionsCompat(model("zai", "https://api.z.ai/v4")).supportsReasoningEffort).toBe(false);
		expect(detectCompletionsCompat(model("custom", "https://api.deepseek.com")).supportsReasoningEffort).toBe(false);
		expect(detectCompletionsCompat(model("groq", "https://api.groq.com/openai/v1")).supportsReasoningEffort).toBe(true);
	});

	it("applies Mistral's message-shape requirements", () => {
		expect(detectCompletionsCompat(model("custom", "https://api.mistral.ai/v1"))).toMatchObject({
			requiresToolResultName: true,
			requiresAssistantAfterToolResult: true,
			requiresThinkingAsText: true,
		});
	});

	it("lets an explicit model.compat flag win over detection, flag by flag", () => {
		const resolved = resolveCompletionsCompat(
			model("openai", "https://api.openai.com/v1", {
				compat: { supportsDeveloperRole: false, maxTokensField: "max_tokens", thinkingFormat: "qwen" },
			}),
		);
		expect(resolved).toMatchObject({
			supportsDeveloperRole: false,
			maxTokensField: "max_tokens",
			thinkingFormat: "qwen",
			// untouched flags keep their detected values
			supportsStore: true,
			supportsReasoningEffort: true,
		});
	});

	it("survives a base URL that is not a URL", () => {
		expect(detectCompletionsCompat(model("local", "not a url")).thinkingFormat).toBe("openai");
	});
});

import type { Model, OpenAICompletionsCompat } from "../../types.js";

/** Every Chat Completions compat flag resolved to a value (config.md §3.2). */
export type ResolvedCompletionsCompat = Required<
	Omit<OpenAICompletionsCompat, "openRouterRouting" | "vercelGatewayRouting">
> &
	Pick<OpenAICompletionsCompat, "openRouterRouting" | "vercelGatewayRouting">;

/** Which vendor a model is served by, judged from its provider name first and its base URL second. */
type Vendor =
	| "openai"
	| "azure"
	| "openrouter"
	| "zai"
	| "deepseek"
	| "qwen"
	| "mistral"
	| "groq"
	| "xai"
	| "cerebras"
	| "vercel"
	| "cloudflare-gateway"
	| "other";

const PROVIDER_VENDORS: Record<string, Vendor> = {
	openai: "openai",
	"azure-openai-responses": "azure",
	openrouter: "openrouter",
	zai: "zai",
	deepseek: "deepseek",
	mistral: "mistral",
	groq: "groq",
	xai: "xai",
	cerebras: "cerebras",
	"vercel-ai-gateway": "vercel",
	"cloudflare-ai-gateway": "cloudflare-gateway",
};

const HOST_VENDORS: [RegExp, Vendor][] = [
	[/(^|\.)api\.openai\.com$/, "openai"],
	[/\.openai\.azure\.com$/, "azure"],
	[/(^|\.)openrouter\.ai$/, "openrouter"],
	[/(^|\.)(z\.ai|bigmodel\.cn)$/, "zai"],
	[/(^|\.)deepseek\.com$/, "deepseek"],
	[/(^|\.)(dashscope(-intl)?\.aliyuncs\.com)$/, "qwen"],
	[/(^|\.)mistral\.ai$/, "mistral"],
	[/(^|\.)groq\.com$/, "groq"],
	[/(^|\.)x\.ai$/, "xai"],
	[/(^|\.)cerebras\.ai$/, "cerebras"],
	[/(^|\.)ai-gateway\.vercel\.sh$/, "vercel"],
	[/(^|\.)gateway\.ai\.cloudflare\.com$/, "cloudflare-gateway"],
];

function detectVendor(model: Pick<Model, "provider" | "baseUrl">): Vendor {
	const byProvider = PROVIDER_VENDORS[model.provider];
	if (byProvider) return byProvider;
	let host = "";
	try {
		host = new URL(model.baseUrl).hostname;
	} catch {
		return "other";
	}
	for (const [pattern, vendor] of HOST_VENDORS) if (pattern.test(host)) return vendor;
	return "other";
}

/**
 * The flags detected from provider and base URL. Unknown servers (Ollama, vLLM, llama.cpp, proxies) get the
 * conservative choice: `system` role, `max_tokens`, no `store`, `reasoning_effort` only for reasoning models.
 */
export function detectCompletionsCompat(
	model: Pick<Model, "id" | "provider" | "baseUrl" | "reasoning">,
): ResolvedCompletionsCompat {
	const vendor = detectVendor(model);
	const openaiLike = vendor === "openai" || vendor === "azure";
	const thinkingFormat: ResolvedCompletionsCompat["thinkingFormat"] =
		vendor === "zai"
			? "zai"
			: vendor === "openrouter"
				? "openrouter"
				: vendor === "deepseek"
					? "deepseek"
					: vendor === "qwen"
						? "qwen"
						: "openai";
	return {
		supportsStore: openaiLike,
		supportsDeveloperRole: openaiLike,
		// Z.ai, DeepSeek and Qwen switch thinking with their own fields; Mistral and Cerebras reject the field, and
		// Cloudflare's unified gateway endpoint does not take it either.
		supportsReasoningEffort: !["zai", "deepseek", "qwen", "mistral", "cerebras", "cloudflare-gateway"].includes(vendor),
		supportsUsageInStreaming: true,
		maxTokensField: openaiLike ? "max_completion_tokens" : "max_tokens",
		// Mistral wants the tool name on tool messages and no user message right after a tool result.
		requiresToolResultName: vendor === "mistral",
		requiresAssistantAfterToolResult: vendor === "mistral",
		// Mistral has no field for replayed reasoning.
		requiresThinkingAsText: vendor === "mistral",
		thinkingFormat,
		// Cloudflare's unified gateway endpoint does not take `strict` on tool definitions.
		supportsStrictMode: vendor !== "cloudflare-gateway",
		zaiToolStream: false,
		// DeepSeek's thinking mode rejects a history whose assistant turns lack `reasoning_content`.
		requiresReasoningContentOnAssistantMessages: vendor === "deepseek",
		// OpenRouter keeps a session on one upstream provider (and its prompt cache) when told the session id.
		sendSessionAffinityHeaders: vendor === "openrouter",
		sessionAffinityFormat: vendor === "openrouter" ? "openrouter" : "openai",
		// OpenRouter passes Anthropic's cache markers through to Claude, which caches nothing without them.
		cacheControlFormat: vendor === "openrouter" && model.id.startsWith("anthropic/") ? "anthropic" : "none",
	};
}

/** Detected flags with the model's explicit `compat` on top: an explicit flag always wins. */
export function resolveCompletionsCompat(model: Model): ResolvedCompletionsCompat {
	const detected = detectCompletionsCompat(model);
	const explicit = model.compat ?? {};
	const resolved: Record<string, unknown> = { ...detected };
	for (const key of Object.keys(explicit)) {
		const value = (explicit as Record<string, unknown>)[key];
		if (value !== undefined) resolved[key] = value;
	}
	return resolved as ResolvedCompletionsCompat;
}

import type { Provider } from "../types.js";

/**
 * Environment variables that hold each provider's API key, in lookup order (config.md §5.2). The coding agent
 * also uses this table to strip these variables from the environment of shell commands, so it names secrets only:
 * ambient credential chains (AWS, Google ADC) are in ambient-credentials.ts and stay visible to commands.
 */
export const PROVIDER_ENV_KEYS: Readonly<Record<string, readonly string[]>> = {
	anthropic: ["ANTHROPIC_OAUTH_TOKEN", "ANTHROPIC_API_KEY"],
	openai: ["OPENAI_API_KEY"],
	"azure-openai-responses": ["AZURE_OPENAI_API_KEY"],
	google: ["GEMINI_API_KEY"],
	"google-vertex": ["GOOGLE_CLOUD_API_KEY"],
	groq: ["GROQ_API_KEY"],
	cerebras: ["CEREBRAS_API_KEY"],
	xai: ["XAI_API_KEY"],
	openrouter: ["OPENROUTER_API_KEY"],
	"vercel-ai-gateway": ["AI_GATEWAY_API_KEY"],
	zai: ["ZAI_API_KEY"],
	mistral: ["MISTRAL_API_KEY"],
	minimax: ["MINIMAX_API_KEY"],
	"minimax-cn": ["MINIMAX_CN_API_KEY"],
	huggingface: ["HF_TOKEN"],
	opencode: ["OPENCODE_API_KEY"],
	"opencode-go": ["OPENCODE_API_KEY"],
	"kimi-coding": ["KIMI_API_KEY"],
	deepseek: ["DEEPSEEK_API_KEY"],
	moonshotai: ["MOONSHOT_API_KEY"],
	"moonshotai-cn": ["MOONSHOT_API_KEY"],
	fireworks: ["FIREWORKS_API_KEY"],
	"cloudflare-workers-ai": ["CLOUDFLARE_API_KEY"],
	"cloudflare-ai-gateway": ["CLOUDFLARE_API_KEY"],
	"github-copilot": ["COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN"],
	xiaomi: ["XIAOMI_API_KEY"],
	"xiaomi-token-plan-cn": ["XIAOMI_TOKEN_PLAN_CN_API_KEY"],
	"xiaomi-token-plan-ams": ["XIAOMI_TOKEN_PLAN_AMS_API_KEY"],
	"xiaomi-token-plan-sgp": ["XIAOMI_TOKEN_PLAN_SGP_API_KEY"],
};

/** The environment variable names for a provider (empty for unknown providers). */
export function getEnvKeyNames(provider: Provider): readonly string[] {
	return PROVIDER_ENV_KEYS[provider] ?? [];
}

/** The first non-empty environment variable holding the provider's key. */
export function getEnvApiKey(provider: Provider, env: NodeJS.ProcessEnv = process.env): string | undefined {
	for (const name of getEnvKeyNames(provider)) {
		const value = env[name];
		if (value) return value;
	}
	return undefined;
}

/** Every variable name in the key table (deduplicated). */
export function getAllEnvKeyNames(): string[] {
	return [...new Set(Object.values(PROVIDER_ENV_KEYS).flat())];
}

/**
 * What a person needs to know about each built-in provider: its display name and how it gets credentials (API key
 * variables, an ambient chain like AWS or Google ADC, or subscription sign-in), plus the non-secret variables its
 * endpoint needs. Docs, `pi --list-models` and the catalogue tests read it.
 */
import type { Provider } from "../types.js";
import { AMBIENT_CREDENTIALS, hasAmbientCredentials } from "./ambient-credentials.js";
import { getEnvKeyNames } from "./env-keys.js";

export interface ProviderInfo {
	/** Display name. */
	name: string;
	/** Variables holding an API key, in lookup order (empty when the provider takes none). */
	envKeys: readonly string[];
	/** How the SDK finds credentials on its own (AWS chain, Google ADC), if it can. */
	ambient?: string;
	/** Subscription sign-in (`pi auth login <provider>`, `/login`) exists for it. */
	oauth?: boolean;
	/** Non-secret variables the endpoint needs (`{NAME}` placeholders in its base URL, or alternatives). */
	setupEnv?: readonly string[];
}

type StaticInfo = Omit<ProviderInfo, "envKeys" | "ambient">;

const INFO: Readonly<Record<string, StaticInfo>> = {
	"amazon-bedrock": { name: "Amazon Bedrock" },
	anthropic: { name: "Anthropic", oauth: true },
	"azure-openai-responses": {
		name: "Azure OpenAI",
		setupEnv: ["AZURE_OPENAI_RESOURCE_NAME or AZURE_OPENAI_BASE_URL"],
	},
	cerebras: { name: "Cerebras" },
	"cloudflare-ai-gateway": {
		name: "Cloudflare AI Gateway",
		setupEnv: ["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_GATEWAY_ID"],
	},
	"cloudflare-workers-ai": { name: "Cloudflare Workers AI", setupEnv: ["CLOUDFLARE_ACCOUNT_ID"] },
	deepseek: { name: "DeepSeek" },
	fireworks: { name: "Fireworks" },
	"github-copilot": { name: "GitHub Copilot", oauth: true },
	google: { name: "Google Gemini" },
	"google-vertex": { name: "Google Vertex AI", setupEnv: ["GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_LOCATION"] },
	groq: { name: "Groq" },
	huggingface: { name: "Hugging Face" },
	"kimi-coding": { name: "Kimi For Coding" },
	minimax: { name: "MiniMax" },
	"minimax-cn": { name: "MiniMax (China)" },
	mistral: { name: "Mistral" },
	moonshotai: { name: "Moonshot AI" },
	"moonshotai-cn": { name: "Moonshot AI (China)" },
	openai: { name: "OpenAI" },
	"openai-codex": { name: "OpenAI Codex (ChatGPT)", oauth: true },
	opencode: { name: "OpenCode Zen" },
	"opencode-go": { name: "OpenCode Go" },
	openrouter: { name: "OpenRouter" },
	"vercel-ai-gateway": { name: "Vercel AI Gateway" },
	xai: { name: "xAI" },
	xiaomi: { name: "Xiaomi MiMo" },
	"xiaomi-token-plan-ams": { name: "Xiaomi MiMo Token Plan (Amsterdam)" },
	"xiaomi-token-plan-cn": { name: "Xiaomi MiMo Token Plan (China)" },
	"xiaomi-token-plan-sgp": { name: "Xiaomi MiMo Token Plan (Singapore)" },
	zai: { name: "Z.ai" },
};

/** What is known about a provider; an unknown one (models.json, extensions) gets its id as name. */
export function getProviderInfo(provider: Provider): ProviderInfo {
	const known = Object.hasOwn(INFO, provider) ? INFO[provider] : undefined;
	const ambient = Object.hasOwn(AMBIENT_CREDENTIALS, provider) ? AMBIENT_CREDENTIALS[provider] : undefined;
	return {
		...(known ?? { name: provider }),
		envKeys: getEnvKeyNames(provider),
		...(ambient ? { ambient } : {}),
	};
}

/** Providers described here (the built-in ones). */
export function getKnownProviders(): Provider[] {
	return Object.keys(INFO);
}

/**
 * Whether the provider can authenticate without a stored or configured key: an API key variable is set or its
 * ambient chain is present. Subscription sign-in is not looked at (auth.json belongs to the coding agent).
 */
export function hasEnvironmentCredentials(provider: Provider, env: NodeJS.ProcessEnv = process.env): boolean {
	return getEnvKeyNames(provider).some((name) => Boolean(env[name])) || hasAmbientCredentials(provider, { env });
}

// Where each built-in provider is served and how, for sources that do not say it per model (the models.dev format
// names models only). A catalogue of the pi-ai shape carries api/baseUrl/headers/compat per model and needs none of
// this. `modelsDev` is the provider's key in models.dev's api.json when it differs from ours.

const COPILOT_HEADERS = {
	"User-Agent": "GitHubCopilotChat/0.35.0",
	"Editor-Version": "vscode/1.107.0",
	"Editor-Plugin-Version": "copilot-chat/0.35.0",
	"Copilot-Integration-Id": "vscode-chat",
};

const MOONSHOT_COMPAT = {
	supportsStore: false,
	supportsDeveloperRole: false,
	supportsReasoningEffort: false,
	maxTokensField: "max_tokens",
	supportsStrictMode: false,
};

/** Provider id → wire api, endpoint root, and optional headers / compat shared by all its models. */
export const PROVIDERS = {
	"amazon-bedrock": { api: "bedrock-converse-stream", baseUrl: "https://bedrock-runtime.us-east-1.amazonaws.com" },
	anthropic: { api: "anthropic-messages", baseUrl: "https://api.anthropic.com" },
	"azure-openai-responses": {
		modelsDev: "azure",
		api: "azure-openai-responses",
		baseUrl: "https://{AZURE_OPENAI_RESOURCE_NAME}.openai.azure.com/openai/v1",
	},
	cerebras: { api: "openai-completions", baseUrl: "https://api.cerebras.ai/v1" },
	"cloudflare-workers-ai": {
		api: "openai-completions",
		baseUrl: "https://api.cloudflare.com/client/v4/accounts/{CLOUDFLARE_ACCOUNT_ID}/ai/v1",
		compat: { sendSessionAffinityHeaders: true },
	},
	deepseek: {
		api: "openai-completions",
		baseUrl: "https://api.deepseek.com",
		compat: { requiresReasoningContentOnAssistantMessages: true, thinkingFormat: "deepseek" },
	},
	fireworks: { modelsDev: "fireworks-ai", api: "anthropic-messages", baseUrl: "https://api.fireworks.ai/inference" },
	"github-copilot": {
		api: "openai-completions",
		baseUrl: "https://api.individual.githubcopilot.com",
		headers: COPILOT_HEADERS,
	},
	google: { api: "google-generative-ai", baseUrl: "https://generativelanguage.googleapis.com/v1beta" },
	"google-vertex": { api: "google-vertex", baseUrl: "https://{location}-aiplatform.googleapis.com" },
	groq: { api: "openai-completions", baseUrl: "https://api.groq.com/openai/v1" },
	huggingface: {
		api: "openai-completions",
		baseUrl: "https://router.huggingface.co/v1",
		compat: { supportsDeveloperRole: false },
	},
	"kimi-coding": {
		modelsDev: "kimi-for-coding",
		api: "anthropic-messages",
		baseUrl: "https://api.kimi.com/coding",
		headers: { "User-Agent": "KimiCLI/1.5" },
	},
	minimax: { api: "anthropic-messages", baseUrl: "https://api.minimax.io/anthropic" },
	"minimax-cn": { api: "anthropic-messages", baseUrl: "https://api.minimaxi.com/anthropic" },
	mistral: { api: "mistral-conversations", baseUrl: "https://api.mistral.ai" },
	moonshotai: { api: "openai-completions", baseUrl: "https://api.moonshot.ai/v1", compat: MOONSHOT_COMPAT },
	"moonshotai-cn": { api: "openai-completions", baseUrl: "https://api.moonshot.cn/v1", compat: MOONSHOT_COMPAT },
	openai: { api: "openai-responses", baseUrl: "https://api.openai.com/v1" },
	opencode: { api: "openai-completions", baseUrl: "https://opencode.ai/zen/v1" },
	openrouter: { api: "openai-completions", baseUrl: "https://openrouter.ai/api/v1" },
	"vercel-ai-gateway": { modelsDev: "vercel", api: "anthropic-messages", baseUrl: "https://ai-gateway.vercel.sh" },
	xai: { api: "openai-completions", baseUrl: "https://api.x.ai/v1" },
	xiaomi: { api: "anthropic-messages", baseUrl: "https://api.xiaomimimo.com/anthropic" },
	zai: {
		modelsDev: "zai-coding-plan",
		api: "openai-completions",
		baseUrl: "https://api.z.ai/api/coding/paas/v4",
		compat: { supportsDeveloperRole: false, thinkingFormat: "zai" },
	},
};

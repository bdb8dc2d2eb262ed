/**
 * @pi/ai: one streaming API over Anthropic, OpenAI and Google. Importing this module loads no provider SDK;
 * an adapter and its SDK are imported on the first request for their api.
 */

export { BASE_URL_TEXTS, baseUrlVariables, getBaseUrlVariable, resolveBaseUrl } from "./models/base-url.js";
export type { CatalogueInfo } from "./models/catalogue-format.js";
export {
	type AgentLevel,
	clampThinkingLevel,
	cloneModel,
	getCatalogueInfo,
	getModel,
	getModels,
	getProviders,
	getSupportedThinkingLevels,
	isSameModel,
} from "./models/index.js";
export { OAUTH_ENV } from "./oauth/config.js";
export { GITHUB_COPILOT_HEADERS, getGitHubCopilotBaseUrl } from "./oauth/github-copilot-headers.js";
export {
	getOAuthProvider,
	getOAuthProviderInfos,
	isOAuthProviderId,
	type OAuthProviderId,
	type OAuthProviderInfo,
} from "./oauth/index.js";
export { OAUTH_TEXTS } from "./oauth/texts.js";
export {
	type OAuthAuthInfo,
	type OAuthCredentials,
	type OAuthEndpointOverrides,
	OAuthError,
	type OAuthErrorCode,
	type OAuthLoginCallbacks,
	type OAuthPrompt,
	type OAuthProvider,
	type OAuthSelectPrompt,
} from "./oauth/types.js";
export type { AnthropicEffort, AnthropicStreamOptions } from "./providers/anthropic-request.js";
export type { AzureOpenAIResponsesOptions } from "./providers/azure/config.js";
export type { BedrockOptions } from "./providers/bedrock/request.js";
export type { GeminiThinkingLevel, GoogleOptions } from "./providers/google-gemini/request.js";
export type { GoogleVertexOptions } from "./providers/google-vertex/config.js";
export type { MistralOptions } from "./providers/mistral/request.js";
export type { OpenAICodexResponsesOptions } from "./providers/openai-codex/request.js";
export { CODEX_TEXTS } from "./providers/openai-codex/texts.js";
export {
	detectCompletionsCompat,
	type ResolvedCompletionsCompat,
	resolveCompletionsCompat,
} from "./providers/openai-completions/compat.js";
export type { OpenAICompletionsOptions } from "./providers/openai-completions/request.js";
export type { OpenAIResponsesOptions } from "./providers/openai-responses/request.js";
export { FAILURE_TEXTS } from "./providers/shared/failure.js";
export { getHttpIdleTimeout, HTTP_IDLE_TEXTS, setHttpIdleTimeout } from "./providers/shared/http-fetch.js";
export { AssistantOutput, createEmptyAssistantMessage } from "./providers/shared/output.js";
export {
	type ApiAdapter,
	apiNeedsApiKey,
	getRegisteredApis,
	registerApiAdapter,
	resolveApiAdapter,
	unregisterApiAdapter,
} from "./registry.js";
export {
	complete,
	completeSimple,
	createErrorMessage,
	DEFAULT_THINKING_BUDGETS,
	stream,
	streamSimple,
} from "./stream.js";
export * from "./types.js";
export {
	AMBIENT_CREDENTIALS,
	type AmbientProbe,
	getAmbientProviders,
	hasAmbientCredentials,
} from "./utils/ambient-credentials.js";
export { getAllEnvKeyNames, getEnvApiKey, getEnvKeyNames, PROVIDER_ENV_KEYS } from "./utils/env-keys.js";
export {
	type ClassifiedError,
	findNetworkCode,
	formatHttpError,
	isRetryable,
	makeErrorInfo,
	parseRetryAfter,
} from "./utils/errors.js";
export {
	AssistantMessageEventStream,
	createAssistantMessageEventStream,
	EventStream,
} from "./utils/event-stream.js";
export { isContextOverflow } from "./utils/overflow.js";
export { parsePartialJson, parseToolArguments, StreamingToolArguments } from "./utils/partial-json.js";
export {
	getKnownProviders,
	getProviderInfo,
	hasEnvironmentCredentials,
	type ProviderInfo,
} from "./utils/provider-info.js";
export { createRequestSignal, type RequestSignal } from "./utils/request-signal.js";
export { sanitizeSurrogates } from "./utils/sanitize.js";
export {
	IMAGE_OMITTED_TEXT,
	ORPHAN_TOOL_RESULT_TEXT,
	replaceImageBlocks,
	restrictToolCallId,
	transformMessages,
} from "./utils/transform-messages.js";
export { calculateCost, emptyUsage, type TokenCounts, updateUsage } from "./utils/usage.js";
export { type ValidationResult, validateToolArguments } from "./utils/validate.js";

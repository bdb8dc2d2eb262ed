/**
 * The provider-neutral data model of @pi/ai. Everything here is plain JSON so a context can be stored,
 * sent over a wire and replayed to any model. The contract is `shared/spec/events.md` (Part 1).
 */
import type { TSchema } from "@sinclair/typebox";

/** Wire protocol an adapter speaks. Any other string names a custom adapter registered at runtime. */
export type KnownApi =
	| "anthropic-messages"
	| "openai-completions"
	| "openai-responses"
	| "google-generative-ai"
	| "google-vertex"
	| "azure-openai-responses"
	| "openai-codex-responses"
	| "bedrock-converse-stream"
	| "mistral-conversations";
export type Api = KnownApi | (string & {});

/** Who serves a model and where its key comes from (`anthropic`, `openai`, a custom name from models.json, ...). */
export type Provider = string;

/** Reasoning effort. "off" is not a level at this layer: it means no `reasoning` option at all. */
export type ThinkingLevel = "minimal" | "low" | "medium" | "high" | "xhigh";
export const THINKING_LEVELS: readonly ThinkingLevel[] = ["minimal", "low", "medium", "high", "xhigh"];

export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted";

export interface ModelCost {
	/** USD per million uncached input tokens. */
	input: number;
	/** USD per million output tokens. */
	output: number;
	/** USD per million tokens read from the prompt cache. */
	cacheRead: number;
	/** USD per million tokens written to the prompt cache. */
	cacheWrite: number;
}

/**
 * Compatibility flags for the OpenAI Chat Completions API (config.md §3.2). Unset flags are detected from
 * the provider and base URL.
 */
export interface OpenAICompletionsCompat {
	supportsStore?: boolean;
	supportsDeveloperRole?: boolean;
	supportsReasoningEffort?: boolean;
	supportsUsageInStreaming?: boolean;
	maxTokensField?: "max_completion_tokens" | "max_tokens";
	requiresToolResultName?: boolean;
	requiresAssistantAfterToolResult?: boolean;
	requiresThinkingAsText?: boolean;
	thinkingFormat?: "openai" | "zai" | "qwen" | "qwen-chat-template" | "openrouter" | "deepseek";
	supportsStrictMode?: boolean;
	openRouterRouting?: Record<string, unknown>;
	vercelGatewayRouting?: { only?: string[]; order?: string[] };
	/** Send `tool_stream: true` with tools, so Z.ai streams tool-call arguments instead of sending them at the end. */
	zaiToolStream?: boolean;
	/**
	 * Every assistant message of a reasoning model carries `reasoning_content` (empty when there is nothing to
	 * replay): DeepSeek's thinking mode rejects a history whose tool-calling turns lack it. Detected for DeepSeek.
	 */
	requiresReasoningContentOnAssistantMessages?: boolean;
	/**
	 * Send the session id in session-affinity headers (see `sessionAffinityFormat`), so a server with many
	 * replicas (Cloudflare Workers AI) or a router (OpenRouter) keeps a session where its prompt cache is.
	 * Detected for OpenRouter.
	 */
	sendSessionAffinityHeaders?: boolean;
	/**
	 * Which affinity headers: `"openai"` (default) sends `session_id`, `x-client-request-id` and
	 * `x-session-affinity`; `"openai-nosession"` the last two; `"openrouter"` (detected for OpenRouter) `x-session-id`.
	 */
	sessionAffinityFormat?: "openai" | "openai-nosession" | "openrouter";
	/**
	 * Mark prompt-cache breakpoints in this format: `"anthropic"` puts `cache_control: { type: "ephemeral" }` on
	 * the system prompt, the last tool and the last message's text (Anthropic models behind OpenRouter). Detected
	 * for OpenRouter `anthropic/` models, `"none"` (no markers) for everything else.
	 */
	cacheControlFormat?: "anthropic" | "none";
}

/** Flags every API accepts. */
export interface CommonCompat {
	/**
	 * `cacheRetention: "long"` may ask for the long cache: Anthropic's 1h TTL (default true), OpenAI's 24h retention
	 * (only when set, on the Responses and Chat Completions APIs).
	 */
	supportsLongCacheRetention?: boolean;
	/**
	 * Anthropic Messages: the server takes `eager_input_streaming` on tool definitions (tool-call arguments streamed
	 * as they are generated). Default true; false sends the fine-grained tool streaming beta header instead.
	 */
	supportsEagerToolInputStreaming?: boolean;
}

export type ModelCompat = OpenAICompletionsCompat & CommonCompat & Record<string, unknown>;

export interface Model<TApi extends Api = Api> {
	/** Model id sent on the wire. */
	id: string;
	/** Display name. */
	name: string;
	api: TApi;
	provider: Provider;
	/** Endpoint root as the official SDK of `api` takes it. */
	baseUrl: string;
	/** The model supports thinking / reasoning. */
	reasoning: boolean;
	input: ("text" | "image")[];
	cost: ModelCost;
	/** Max prompt + output tokens. */
	contextWindow: number;
	/** Max output tokens. */
	maxTokens: number;
	headers?: Record<string, string>;
	compat?: ModelCompat;
	/** Provider value per thinking level; `null` marks a level the model does not support. */
	thinkingLevelMap?: Partial<Record<"off" | ThinkingLevel, string | null>>;
}

// ---------------------------------------------------------------------------------------------------------------
// Content blocks

export interface TextContent {
	type: "text";
	text: string;
	/** Opaque replay data, only sent back to the model that produced it. */
	textSignature?: string;
}

export interface ThinkingContent {
	type: "thinking";
	thinking: string;
	/** Opaque replay data (Anthropic signature, OpenAI encrypted reasoning item, ...). */
	thinkingSignature?: string;
	/** The text is a placeholder; the encrypted payload is in the signature. */
	redacted?: boolean;
}

export interface ImageContent {
	type: "image";
	/** Base64 without a `data:` prefix. */
	data: string;
	mimeType: string;
}

export interface ToolCall {
	type: "toolCall";
	id: string;
	name: string;
	arguments: Record<string, any>;
	/** Opaque replay data (Gemini thought signature). */
	thoughtSignature?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Messages

export interface UserMessage {
	role: "user";
	content: string | (TextContent | ImageContent)[];
	timestamp: number;
}

export interface ErrorInfo {
	/** HTTP status when the failure was an HTTP response. */
	status?: number;
	/** Provider error type or network error code (`overloaded_error`, `ECONNRESET`, `context_overflow`, ...). */
	code?: string;
	/** Whether the same request may succeed if sent again. Retry decisions use only this field. */
	retryable: boolean;
	/** The server's requested wait before retrying. */
	retryAfterMs?: number;
}

export interface Usage {
	/** Prompt tokens neither read from nor written to the cache. */
	input: number;
	/** Generated tokens, reasoning included. */
	output: number;
	cacheRead: number;
	cacheWrite: number;
	/** Always input + output + cacheRead + cacheWrite. */
	totalTokens: number;
	cost: {
		input: number;
		output: number;
		cacheRead: number;
		cacheWrite: number;
		total: number;
	};
}

export interface AssistantMessage {
	role: "assistant";
	content: (TextContent | ThinkingContent | ToolCall)[];
	api: Api;
	provider: Provider;
	/** The model id. */
	model: string;
	responseId?: string;
	usage: Usage;
	stopReason: StopReason;
	/** Present if and only if stopReason is "error" or "aborted". */
	errorMessage?: string;
	errorInfo?: ErrorInfo;
	timestamp: number;
}

export interface ToolResultMessage<TDetails = unknown> {
	role: "toolResult";
	toolCallId: string;
	toolName: string;
	content: (TextContent | ImageContent)[];
	/** Application data for UIs and logs; never sent to a model. */
	details?: TDetails;
	isError: boolean;
	timestamp: number;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage;

// ---------------------------------------------------------------------------------------------------------------
// Context and tools

export interface Tool<TParameters extends TSchema = TSchema> {
	name: string;
	description: string;
	/** JSON schema of the arguments object, built with typebox. */
	parameters: TParameters;
}

export interface Context {
	systemPrompt?: string;
	messages: Message[];
	tools?: Tool[];
}

// ---------------------------------------------------------------------------------------------------------------
// Stream options

export type CacheRetention = "none" | "short" | "long";

export interface StreamOptions {
	signal?: AbortSignal;
	apiKey?: string;
	/** Default: min(model.maxTokens, 32000). */
	maxTokens?: number;
	temperature?: number;
	/** Prompt-cache key. */
	sessionId?: string;
	/** Default "short". */
	cacheRetention?: CacheRetention;
	/** Extra request headers, merged last. */
	headers?: Record<string, string>;
	/** Per-request timeout handed to the SDK. */
	timeoutMs?: number;
	/** Retries the provider SDK may make on its own. Default 0: retries belong to the session. */
	maxRetries?: number;
	/** Longest server-requested retry wait the SDK may honour (0 = no cap). Default 60000. */
	maxRetryDelayMs?: number;
	/** Inspect or replace the request body just before it is sent. */
	onPayload?: (payload: unknown, model: Model) => unknown | undefined | Promise<unknown | undefined>;
	/**
	 * Told each HTTP response's status and headers (lower-case names) as it arrives, before its body is read (one call
	 * per attempt when the SDK retries). Its failure is ignored.
	 */
	onResponse?: (response: ProviderResponse) => void | Promise<void>;
}

/** What {@link StreamOptions.onResponse} is told about an HTTP response. */
export interface ProviderResponse {
	status: number;
	headers: Record<string, string>;
}

/** Token budgets for providers that take a budget rather than an effort level. */
export interface ThinkingBudgets {
	minimal?: number;
	low?: number;
	medium?: number;
	high?: number;
}

export interface SimpleStreamOptions extends StreamOptions {
	/** Reasoning effort; absent = thinking off. */
	reasoning?: ThinkingLevel;
	thinkingBudgets?: ThinkingBudgets;
}

/** Raw options: the common ones plus whatever a particular adapter understands. */
export type ProviderStreamOptions = StreamOptions & Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------------
// Streaming protocol

export type AssistantMessageEvent =
	| { type: "start"; partial: AssistantMessage }
	| { type: "text_start"; contentIndex: number; partial: AssistantMessage }
	| { type: "text_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
	| { type: "text_end"; contentIndex: number; content: string; partial: AssistantMessage }
	| { type: "thinking_start"; contentIndex: number; partial: AssistantMessage }
	| { type: "thinking_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
	| { type: "thinking_end"; contentIndex: number; content: string; partial: AssistantMessage }
	| { type: "toolcall_start"; contentIndex: number; partial: AssistantMessage }
	| { type: "toolcall_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
	| { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall; partial: AssistantMessage }
	| { type: "done"; reason: Extract<StopReason, "stop" | "length" | "toolUse">; message: AssistantMessage }
	| { type: "error"; reason: Extract<StopReason, "error" | "aborted">; error: AssistantMessage };

export type AssistantMessageEventType = AssistantMessageEvent["type"];

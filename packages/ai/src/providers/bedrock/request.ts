/**
 * The ConverseStream request: system prompt, messages, tools, inference settings, Claude's thinking and cache
 * points. Types only from the SDK, so this module loads nothing.
 */
import type {
	Tool as BedrockTool,
	CachePointBlock,
	ConverseStreamCommandInput,
	SystemContentBlock,
	ToolChoice,
} from "@aws-sdk/client-bedrock-runtime";
import type { Context, Model, StreamOptions, Tool } from "../../types.js";
import { sanitizeSurrogates } from "../../utils/sanitize.js";
import type { AnthropicEffort } from "../anthropic-request.js";
import { resolveMaxTokens } from "../shared/request.js";
import { claudeUsesAdaptiveThinking, isClaudeModel } from "./claude.js";
import { convertBedrockMessages } from "./messages.js";

/** Raw options of the `bedrock-converse-stream` adapter. */
export interface BedrockOptions extends StreamOptions, Record<string, unknown> {
	/** AWS region; default AWS_REGION / AWS_DEFAULT_REGION, the profile's region, the base URL's, then us-east-1. */
	region?: string;
	/** Named profile of ~/.aws/config and ~/.aws/credentials; default AWS_PROFILE. */
	profile?: string;
	/** Static credentials for SigV4; default the SDK's credential chain (env keys, profile, SSO, ECS, IRSA, ...). */
	credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
	/** Bedrock API key, sent as a bearer token instead of SigV4; default `apiKey`, then AWS_BEARER_TOKEN_BEDROCK. */
	bearerToken?: string;
	/** Sign with dummy credentials, for proxies that need none (AWS_BEDROCK_SKIP_AUTH=1). */
	skipAuth?: boolean;
	/** HTTP/1.1 instead of the SDK's HTTP/2, for endpoints that speak only 1.1 (AWS_BEDROCK_FORCE_HTTP1=1). */
	forceHttp1?: boolean;
	/** Cache points for a model not recognised as caching-capable, e.g. an application inference profile (AWS_BEDROCK_FORCE_CACHE=1). */
	forceCache?: boolean;
	/** Where the AWS_* switches above are read when not given; default `process.env`. */
	env?: Record<string, string | undefined>;
	/** Claude: turn extended thinking on. */
	thinkingEnabled?: boolean;
	/** Claude before 4.6: the thinking budget in tokens (default 8192 when enabled). */
	thinkingBudgetTokens?: number;
	/** Claude 4.6 and later: the adaptive-thinking effort. */
	effort?: AnthropicEffort;
	/** Claude before 4.6: think between tool calls (the interleaved-thinking beta); default true. */
	interleavedThinking?: boolean;
	toolChoice?: "auto" | "any" | "none" | { type: "tool"; name: string };
}

/** What the request needs to know beyond the options: settings resolved from options and environment. */
export interface RequestSettings {
	/** Whether cache points are sent. */
	caching: boolean;
	/** GovCloud rejects `thinking.display`. */
	govCloud: boolean;
}

/** Budget used when thinking is enabled without one, and the smallest the API accepts. */
const DEFAULT_BUDGET = 8192;
const MIN_BUDGET = 1024;
const INTERLEAVED_THINKING_BETA = "interleaved-thinking-2025-05-14";

/** The command input (before `onPayload`). */
export function buildConverseInput(
	model: Model,
	context: Context,
	options: BedrockOptions,
	settings: RequestSettings,
): ConverseStreamCommandInput {
	const cachePoint = settings.caching ? cachePointFor(options) : undefined;
	const maxTokens = resolveMaxTokens(model, options);
	const toolsDeclared = Boolean(context.tools?.length) && options.toolChoice !== "none";
	const input: ConverseStreamCommandInput = {
		modelId: model.id,
		messages: convertBedrockMessages(context.messages, model, { cachePoint, toolsDeclared }),
		inferenceConfig: { maxTokens },
	};
	if (context.systemPrompt) {
		const system: SystemContentBlock[] = [{ text: sanitizeSurrogates(context.systemPrompt) }];
		if (cachePoint) system.push({ cachePoint });
		input.system = system;
	}
	if (toolsDeclared) {
		input.toolConfig = { tools: convertTools(context.tools!) };
		const choice = convertToolChoice(options.toolChoice);
		if (choice) input.toolConfig.toolChoice = choice;
	}
	const thinking = options.thinkingEnabled && model.reasoning && isClaudeModel(model);
	if (thinking) {
		const fields = claudeThinkingFields(model, options, maxTokens, settings.govCloud);
		input.additionalModelRequestFields = fields as NonNullable<
			ConverseStreamCommandInput["additionalModelRequestFields"]
		>;
		// The budget must stay below maxTokens.
		const budget = (fields.thinking as { budget_tokens?: number }).budget_tokens;
		if (budget !== undefined && maxTokens <= budget) input.inferenceConfig!.maxTokens = budget + 1;
	} else if (options.temperature !== undefined) {
		// Claude rejects a temperature together with thinking.
		input.inferenceConfig!.temperature = options.temperature;
	}
	return input;
}

/** `cacheRetention` as a cache point: "short" is Bedrock's default five minutes, "long" one hour. */
function cachePointFor(options: BedrockOptions): CachePointBlock | undefined {
	const retention = options.cacheRetention ?? "short";
	if (retention === "none") return undefined;
	return retention === "long" ? { type: "default", ttl: "1h" } : { type: "default" };
}

function convertTools(tools: Tool[]): BedrockTool[] {
	return tools.map((tool) => ({
		toolSpec: {
			name: tool.name,
			description: sanitizeSurrogates(tool.description),
			inputSchema: { json: tool.parameters as never },
		},
	}));
}

function convertToolChoice(choice: BedrockOptions["toolChoice"]): ToolChoice | undefined {
	if (choice === "auto") return { auto: {} };
	if (choice === "any") return { any: {} };
	if (typeof choice === "object") return { tool: { name: choice.name } };
	return undefined;
}

/**
 * Claude's thinking settings, which Bedrock passes through to the model as `additionalModelRequestFields`: adaptive
 * thinking with an effort from 4.6 on, a token budget (below `maxTokens`) and the interleaved-thinking beta before.
 * Summarised thinking is asked for explicitly, as newer models otherwise return none.
 */
function claudeThinkingFields(
	model: Model,
	options: BedrockOptions,
	maxTokens: number,
	govCloud: boolean,
): Record<string, unknown> {
	const display = govCloud ? {} : { display: "summarized" };
	if (claudeUsesAdaptiveThinking(model)) {
		const fields: Record<string, unknown> = { thinking: { type: "adaptive", ...display } };
		if (options.effort) fields.output_config = { effort: options.effort };
		return fields;
	}
	const budget = Math.max(MIN_BUDGET, Math.min(options.thinkingBudgetTokens ?? DEFAULT_BUDGET, maxTokens - 1));
	const fields: Record<string, unknown> = { thinking: { type: "enabled", budget_tokens: budget, ...display } };
	if (options.interleavedThinking ?? true) fields.anthropic_beta = [INTERLEAVED_THINKING_BETA];
	return fields;
}

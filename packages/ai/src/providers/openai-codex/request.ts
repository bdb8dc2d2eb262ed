import { arch, platform, release } from "node:os";
import type { ResponseCreateParamsStreaming } from "openai/resources/responses/responses";
import type { Context, Model, StreamOptions } from "../../types.js";
import { sanitizeSurrogates } from "../../utils/sanitize.js";
import { convertResponsesInput, convertResponsesTools } from "../openai-responses/messages.js";
import { ACCOUNT_ID_HEADER } from "./auth.js";

/** Raw options of the `openai-codex-responses` adapter. */
export type OpenAICodexResponsesOptions = StreamOptions & {
	/** `reasoning.effort` (after `thinkingLevelMap`). Absent = `thinkingLevelMap.off` if the model names one. */
	reasoningEffort?: string;
	/** `reasoning.summary`; default `"auto"` whenever an effort is sent. */
	reasoningSummary?: "auto" | "concise" | "detailed";
	/** `text.verbosity`; default `"low"`, as the Codex CLI asks. */
	textVerbosity?: "low" | "medium" | "high";
	/** `service_tier`, for subscriptions that offer a faster tier. */
	serviceTier?: "auto" | "default" | "flex" | "priority";
	/** `tool_choice`; default `"auto"`. */
	toolChoice?: "auto" | "none" | "required" | { type: "function"; name: string };
};

/** The Codex backend of ChatGPT, used when a model names no base URL. */
export const DEFAULT_CODEX_BASE_URL = "https://chatgpt.com/backend-api";

/** Sent when the context has no system prompt: the backend rejects a request without `instructions`. */
const DEFAULT_INSTRUCTIONS = "You are a helpful assistant.";

/**
 * The SDK's base URL: the Codex routes live under `<backend>/codex`, and the SDK appends `/responses`. A base URL
 * that already ends in `/codex` or `/codex/responses` is taken as it is.
 */
export function resolveCodexBaseUrl(baseUrl: string | undefined): string {
	const trimmed = (baseUrl?.trim() || DEFAULT_CODEX_BASE_URL).replace(/\/+$/, "");
	if (trimmed.endsWith("/codex/responses")) return trimmed.slice(0, -"/responses".length);
	if (trimmed.endsWith("/codex")) return trimmed;
	return `${trimmed}/codex`;
}

/**
 * The headers that make a request a Codex CLI-style request: the account, the client's name (`originator`) and
 * user agent, the Responses beta, and the session id (which the backend uses for routing and prompt caching).
 */
export function codexHeaders(accountId: string, sessionId: string | undefined): Record<string, string> {
	const headers: Record<string, string> = {
		[ACCOUNT_ID_HEADER]: accountId,
		originator: "pi",
		"User-Agent": `pi (${platform()} ${release()}; ${arch()})`,
		"OpenAI-Beta": "responses=experimental",
		accept: "text/event-stream",
	};
	if (sessionId) {
		headers["session-id"] = sessionId;
		headers["x-client-request-id"] = sessionId;
	}
	return headers;
}

/**
 * The request body. The Codex backend is not the public Responses API: it requires `store: false` and
 * `instructions`, and rejects `max_output_tokens` and `temperature` (400 "Unsupported parameter"), so neither is
 * sent. Reasoning comes back encrypted and is replayed by us like on the public API.
 */
export function buildCodexParams(
	model: Model,
	context: Context,
	options: OpenAICodexResponsesOptions,
): ResponseCreateParamsStreaming {
	const params: ResponseCreateParamsStreaming = {
		model: model.id,
		instructions: context.systemPrompt ? sanitizeSurrogates(context.systemPrompt) : DEFAULT_INSTRUCTIONS,
		input: convertResponsesInput(model, context),
		stream: true,
		store: false,
		include: ["reasoning.encrypted_content"],
		text: { verbosity: options.textVerbosity ?? "low" },
		tool_choice: options.toolChoice ?? "auto",
		parallel_tool_calls: true,
	};
	if (context.tools && context.tools.length > 0) params.tools = convertResponsesTools(context.tools);
	if (options.sessionId && options.cacheRetention !== "none") params.prompt_cache_key = options.sessionId;
	if (options.serviceTier) params.service_tier = options.serviceTier;
	const effort = options.reasoningEffort ?? offEffort(model);
	if (effort !== undefined) {
		type Effort = NonNullable<ResponseCreateParamsStreaming["reasoning"]>["effort"];
		params.reasoning = options.reasoningEffort
			? { effort: effort as Effort, summary: options.reasoningSummary ?? "auto" }
			: { effort: effort as Effort };
	}
	return params;
}

/**
 * With thinking off, a reasoning model whose `thinkingLevelMap` names an "off" effort (e.g. `none` for the
 * GPT-5.1+ family) is asked for it; otherwise no effort is sent and the backend uses its default, since older
 * Codex models reject `none`.
 */
function offEffort(model: Model): string | undefined {
	const off = model.thinkingLevelMap?.off;
	return model.reasoning && typeof off === "string" ? off : undefined;
}

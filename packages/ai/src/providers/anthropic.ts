/**
 * The Anthropic Messages adapter over `@anthropic-ai/sdk`. The registry imports this module lazily, so the SDK
 * is loaded on the first Anthropic request only.
 */
import type { Anthropic as AnthropicClient } from "@anthropic-ai/sdk";
import type { RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages/messages";
import { clampThinkingLevel } from "../models/index.js";
import type { ApiAdapter } from "../registry.js";
import { DEFAULT_THINKING_BUDGETS } from "../stream.js";
import type { Context, ErrorInfo, Model, SimpleStreamOptions, StopReason } from "../types.js";
import { findNetworkCode, formatHttpError, makeErrorInfo, parseRetryAfter } from "../utils/errors.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import { isContextOverflow } from "../utils/overflow.js";
import {
	type AnthropicStreamOptions,
	buildAnthropicRequest,
	effortForLevel,
	needsFineGrainedToolStreamingBeta,
	needsInterleavedThinkingBeta,
	REDACTED_THINKING_TEXT,
	usesAdaptiveThinking,
} from "./anthropic-request.js";
import { cloudflareGatewayHeaders, usesCloudflareGatewayAuth } from "./shared/cloudflare-gateway.js";
import { FAILURE_TEXTS, failFinishReason, failStreamCut, withRootCause } from "./shared/failure.js";
import { copilotRequestHeaders } from "./shared/github-copilot.js";
import { AssistantOutput } from "./shared/output.js";
import { applyOnPayload, resolveMaxTokens } from "./shared/request.js";
import { requireSdk } from "./shared/require-sdk.js";
import { sdkRetryOptions } from "./shared/retry-cap-fetch.js";

const { Anthropic } = requireSdk("@anthropic-ai/sdk") as typeof import("@anthropic-ai/sdk");

export type { AnthropicEffort, AnthropicStreamOptions } from "./anthropic-request.js";

const INTERLEAVED_THINKING_BETA = "interleaved-thinking-2025-05-14";
/** Streams tool-call arguments as generated, for servers that do not take `eager_input_streaming` on tools. */
const FINE_GRAINED_TOOL_STREAMING_BETA = "fine-grained-tool-streaming-2025-05-14";
const OAUTH_BETA = "oauth-2025-04-20";

type DoneReason = Extract<StopReason, "stop" | "length" | "toolUse">;

/** Anthropic stop reasons that end a turn normally; anything else (refusal, unknown) is an error. */
const STOP_REASONS: Record<string, DoneReason> = {
	end_turn: "stop",
	stop_sequence: "stop",
	pause_turn: "stop",
	max_tokens: "length",
	model_context_window_exceeded: "length",
	tool_use: "toolUse",
};

function createClient(model: Model, context: Context, options: AnthropicStreamOptions): AnthropicClient {
	const apiKey = options.apiKey ?? "";
	const gateway = usesCloudflareGatewayAuth(model);
	// Claude subscription tokens authenticate as bearer tokens and need the OAuth beta.
	const isOAuth = !gateway && apiKey.startsWith("sk-ant-oat");
	// The Copilot API takes its token as a bearer token too (no x-api-key), without the OAuth beta.
	const copilotHeaders = copilotRequestHeaders(model, context);
	const bearer = isOAuth || copilotHeaders !== undefined;
	const betas: string[] = [];
	if (isOAuth) betas.push(OAUTH_BETA);
	if (needsInterleavedThinkingBeta(model, options)) betas.push(INTERLEAVED_THINKING_BETA);
	if (needsFineGrainedToolStreamingBeta(model, context)) betas.push(FINE_GRAINED_TOOL_STREAMING_BETA);
	// Cloudflare AI Gateway: its key in its own header, no SDK auth header (the gateway holds the Anthropic key).
	const headers: Record<string, string | null> = {
		...(gateway ? cloudflareGatewayHeaders(apiKey) : {}),
		...model.headers,
		...copilotHeaders,
	};
	if (betas.length > 0) headers["anthropic-beta"] = betas.join(",");
	Object.assign(headers, options.headers);
	const auth = gateway ? { apiKey: null, authToken: null } : bearer ? { apiKey: null, authToken: apiKey } : { apiKey };
	return new Anthropic({
		...auth,
		baseURL: model.baseUrl,
		...sdkRetryOptions(options),
		...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
		defaultHeaders: headers,
		dangerouslyAllowBrowser: true,
		// A library must not write to stderr (the SDK warns about deprecated models there).
		logLevel: "off",
	});
}

/** Maps an SDK or network failure to an error message and `ErrorInfo`. */
function classifyError(error: unknown, started: boolean): { message: string; info: ErrorInfo } {
	if (error instanceof Anthropic.APIConnectionTimeoutError) {
		return { message: error.message, info: makeErrorInfo(undefined, "request_timeout") };
	}
	if (error instanceof Anthropic.APIError && !(error instanceof Anthropic.APIConnectionError)) {
		const body = (error.error ?? {}) as {
			error?: { type?: string; message?: string };
			type?: string;
			message?: string;
		};
		const detail = body.error ?? body;
		const type = typeof detail.type === "string" && detail.type !== "error" ? detail.type : undefined;
		// An in-stream `event: error` whose data is not JSON arrives as the bare string.
		const raw = typeof error.error === "string" && error.error !== "" ? error.error : error.message;
		const text = typeof detail.message === "string" ? detail.message : raw;
		const status = error.status;
		const overflow = isContextOverflow(status, type, text);
		const info = makeErrorInfo(status, overflow ? "context_overflow" : type, parseRetryAfter(error.headers));
		return { message: formatHttpError(status, text), info };
	}
	const code = findNetworkCode(error) ?? (started ? "stream_cut" : "connection_error");
	// A started stream that dies says so plainly; the network detail ("terminated") is in the code.
	const message = started
		? FAILURE_TEXTS.streamEnded
		: withRootCause(error instanceof Error ? error.message : String(error), error);
	return { message: message || FAILURE_TEXTS.streamEnded, info: makeErrorInfo(undefined, code) };
}

async function streamAnthropic(
	model: Model,
	context: Context,
	options: AnthropicStreamOptions,
	stream: AssistantMessageEventStream,
): Promise<void> {
	const output = new AssistantOutput(model, stream);
	const signal = options.signal;
	try {
		const params = await applyOnPayload(buildAnthropicRequest(model, context, options), model, options);
		const client = createClient(model, context, options);
		// `client.post` rather than `messages.create`: the latter writes deprecation warnings to stderr with
		// console.warn, which would corrupt a terminal UI. The request is the same.
		const events = await client.post<AsyncIterable<RawMessageStreamEvent>>("/v1/messages", {
			body: params,
			stream: true,
			...(signal ? { signal } : {}),
		});
		const result = await consumeEvents(events, output);
		if (result === undefined) {
			if (signal?.aborted) output.fail("aborted", FAILURE_TEXTS.aborted);
			else failStreamCut(output);
		}
	} catch (error) {
		if (signal?.aborted) {
			output.fail("aborted", FAILURE_TEXTS.aborted);
			return;
		}
		const { message, info } = classifyError(error, output.isStarted);
		output.fail("error", message, info);
	}
}

/**
 * Maps the SSE events onto the output. Resolves with the stop reason when `message_stop` arrived (the output
 * is then finalised), or undefined when the stream ended without it.
 */
async function consumeEvents(events: AsyncIterable<RawMessageStreamEvent>, output: AssistantOutput) {
	// Anthropic block index -> whether we opened a block for it (server tool blocks are skipped).
	const mapped = new Set<number>();
	let stopReason: string | null | undefined;
	for await (const event of events) {
		switch (event.type) {
			case "message_start": {
				const usage = event.message.usage;
				output.setResponseId(event.message.id);
				output.setUsage({
					input: usage.input_tokens,
					output: usage.output_tokens,
					cacheRead: usage.cache_read_input_tokens ?? 0,
					cacheWrite: usage.cache_creation_input_tokens ?? 0,
				});
				output.start();
				break;
			}
			case "content_block_start": {
				const block = event.content_block;
				if (block.type === "text") {
					output.startText();
					output.appendText(block.text);
				} else if (block.type === "thinking") {
					output.startThinking();
					output.appendThinking(block.thinking);
					if (block.signature) output.setThinkingSignature(block.signature);
				} else if (block.type === "redacted_thinking") {
					output.startThinking({ redacted: true, signature: block.data });
					output.appendThinking(REDACTED_THINKING_TEXT);
				} else if (block.type === "tool_use") {
					output.startToolCall(block.id, block.name);
				} else {
					break;
				}
				mapped.add(event.index);
				break;
			}
			case "content_block_delta": {
				if (!mapped.has(event.index)) break;
				const delta = event.delta;
				if (delta.type === "text_delta") output.appendText(delta.text);
				else if (delta.type === "thinking_delta") output.appendThinking(delta.thinking);
				else if (delta.type === "signature_delta") output.setThinkingSignature(delta.signature, true);
				else if (delta.type === "input_json_delta") output.appendToolCallArguments(delta.partial_json);
				break;
			}
			case "content_block_stop":
				if (mapped.has(event.index)) output.closeBlock();
				break;
			case "message_delta": {
				if (event.delta.stop_reason) stopReason = event.delta.stop_reason;
				// Each non-null counter overwrites the one from message_start (events.md §1.6).
				const usage = event.usage;
				output.setUsage({
					input: usage.input_tokens ?? undefined,
					output: usage.output_tokens ?? undefined,
					cacheRead: usage.cache_read_input_tokens ?? undefined,
					cacheWrite: usage.cache_creation_input_tokens ?? undefined,
				});
				break;
			}
			case "message_stop": {
				const raw = stopReason ?? "end_turn";
				const reason = STOP_REASONS[raw];
				if (reason) output.finish(reason);
				else failFinishReason(output, raw);
				return raw;
			}
		}
	}
	return undefined;
}

/** Maps `reasoning` + `thinkingBudgets` to thinking budget or adaptive effort (events.md §1.8). */
function mapSimpleOptions(model: Model, options: SimpleStreamOptions): AnthropicStreamOptions {
	const { reasoning, thinkingBudgets, ...rest } = options;
	const base: AnthropicStreamOptions = { ...rest };
	if (!reasoning || !model.reasoning) return { ...base, thinkingEnabled: false };
	const clamped = clampThinkingLevel(model, reasoning);
	if (clamped === "off") return { ...base, thinkingEnabled: false };
	if (usesAdaptiveThinking(model)) return { ...base, thinkingEnabled: true, effort: effortForLevel(model, clamped) };
	const budgetLevel = clamped === "xhigh" ? "high" : clamped;
	let budget = thinkingBudgets?.[budgetLevel] ?? DEFAULT_THINKING_BUDGETS[budgetLevel];
	if (clamped === "xhigh") budget *= 2;
	// Thinking counts against max_tokens: raise the limit by the budget, within the model's maximum.
	const answerTokens = resolveMaxTokens(model, options);
	const maxTokens = Math.min(model.maxTokens, answerTokens + budget);
	if (maxTokens <= budget) budget = Math.max(1024, maxTokens - 1024);
	return { ...base, thinkingEnabled: true, thinkingBudgetTokens: budget, maxTokens };
}

/** The adapter registered for `anthropic-messages`. */
export const anthropicAdapter: ApiAdapter = {
	api: "anthropic-messages",
	stream: (model, context, options, output) => streamAnthropic(model, context, options, output),
	mapSimpleOptions,
};

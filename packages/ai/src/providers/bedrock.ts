/**
 * The Amazon Bedrock adapter (`bedrock-converse-stream`) over `@aws-sdk/client-bedrock-runtime`: the ConverseStream
 * API, its binary event stream decoded by the SDK. Credentials come from the AWS chain or a bearer token, so no API
 * key is needed. The registry imports this module lazily, so the SDK loads on the first Bedrock request only.
 */
import { clampThinkingLevel } from "../models/index.js";
import type { ApiAdapter } from "../registry.js";
import { DEFAULT_THINKING_BUDGETS } from "../stream.js";
import type { Context, Model, SimpleStreamOptions } from "../types.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import { effortForLevel } from "./anthropic-request.js";
import { claudeUsesAdaptiveThinking, isClaudeModel, isGovCloud, supportsCachePoints } from "./bedrock/claude.js";
import { ConverseStreamCommand, createBedrockClient } from "./bedrock/client.js";
import { resolveBedrockConnection } from "./bedrock/config.js";
import { classifyBedrockError } from "./bedrock/errors.js";
import { type BedrockOptions, buildConverseInput } from "./bedrock/request.js";
import { BedrockStreamReader } from "./bedrock/stream-reader.js";
import { FAILURE_TEXTS, failOutput } from "./shared/failure.js";
import { AssistantOutput } from "./shared/output.js";
import { applyOnPayload, resolveMaxTokens } from "./shared/request.js";

export type { BedrockOptions } from "./bedrock/request.js";

/** Streams one assistant message over Bedrock ConverseStream. */
async function streamBedrock(
	model: Model,
	context: Context,
	options: BedrockOptions,
	stream: AssistantMessageEventStream,
): Promise<void> {
	const out = new AssistantOutput(model, stream);
	const reader = new BedrockStreamReader(out);
	const signal = options.signal;
	try {
		const connection = resolveBedrockConnection(model, options);
		const settings = {
			caching: supportsCachePoints(model, connection.forceCache),
			govCloud: isGovCloud(model, connection.region),
		};
		const input = await applyOnPayload(buildConverseInput(model, context, options, settings), model, options);
		const client = createBedrockClient(model, connection, options);
		try {
			const response = await client.send(new ConverseStreamCommand(input), {
				abortSignal: signal,
				...(options.timeoutMs !== undefined ? { requestTimeout: options.timeoutMs } : {}),
			});
			out.setResponseId(response.$metadata.requestId);
			for await (const event of response.stream ?? []) {
				reader.push(event);
				if (signal?.aborted) break;
			}
		} finally {
			client.destroy();
		}
		if (signal?.aborted) out.fail("aborted", FAILURE_TEXTS.aborted);
		else reader.end();
	} catch (error) {
		failOutput(out, classifyBedrockError(error, signal, out.isStarted));
	}
}

/**
 * Maps `reasoning` to Claude's thinking: an effort for adaptive models (4.6 on), else a token budget added to the
 * output limit (thinking counts against it). Other vendors' models get no thinking settings.
 */
function mapSimpleOptions(model: Model, options: SimpleStreamOptions): BedrockOptions {
	const { reasoning, thinkingBudgets, ...rest } = options;
	const base: BedrockOptions = { ...rest };
	if (!reasoning || !model.reasoning || !isClaudeModel(model)) return base;
	const level = clampThinkingLevel(model, reasoning);
	if (level === "off") return base;
	if (claudeUsesAdaptiveThinking(model))
		return { ...base, thinkingEnabled: true, effort: effortForLevel(model, level) };
	const budgetLevel = level === "xhigh" ? "high" : level;
	let budget = thinkingBudgets?.[budgetLevel] ?? DEFAULT_THINKING_BUDGETS[budgetLevel];
	if (level === "xhigh") budget *= 2;
	const maxTokens = Math.min(model.maxTokens, resolveMaxTokens(model, options) + budget);
	if (maxTokens <= budget) budget = Math.max(1024, maxTokens - 1024);
	return { ...base, thinkingEnabled: true, thinkingBudgetTokens: budget, maxTokens };
}

/** The adapter registered for `bedrock-converse-stream`. */
export const bedrockAdapter: ApiAdapter = {
	api: "bedrock-converse-stream",
	needsApiKey: false,
	stream: (model, context, options, output) => streamBedrock(model, context, options as BedrockOptions, output),
	mapSimpleOptions,
};

/**
 * The `openai-codex-responses` adapter: OpenAI models through a ChatGPT Plus/Pro subscription. The wire is the
 * Responses API served by the ChatGPT Codex backend (`<baseUrl>/codex/responses`), so the request is built and the
 * stream read by the openai-responses modules; this adapter adds what the backend differs in: the account header
 * from the OAuth token, the Codex client headers, the body fields it accepts, and its usage-limit errors.
 */
import type { OpenAI as OpenAIClient } from "openai";
import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import type { ApiAdapter } from "../registry.js";
import type { Context, Model } from "../types.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import { explicitAccountId, readCodexAccountId } from "./openai-codex/auth.js";
import { classifyCodexError, withDetailErrors } from "./openai-codex/errors.js";
import {
	buildCodexParams,
	codexHeaders,
	type OpenAICodexResponsesOptions,
	resolveCodexBaseUrl,
} from "./openai-codex/request.js";
import { CODEX_TEXTS } from "./openai-codex/texts.js";
import { ResponsesStreamReader } from "./openai-responses/stream-reader.js";
import { mapOpenAISimpleOptions } from "./openai-shared/effort.js";
import { FAILURE_TEXTS, failOutput } from "./shared/failure.js";
import { AssistantOutput } from "./shared/output.js";
import { applyOnPayload } from "./shared/request.js";
import { requireSdk } from "./shared/require-sdk.js";
import { sdkRetryOptions } from "./shared/retry-cap-fetch.js";

export type { OpenAICodexResponsesOptions } from "./openai-codex/request.js";

const { OpenAI } = requireSdk("openai") as typeof import("openai");

/**
 * The client for one request: the token as bearer key, the Codex headers between the model's static headers and
 * the caller's (the caller's win, as everywhere), SDK retries as the caller asks.
 */
function createCodexClient(model: Model, token: string, accountId: string, options: OpenAICodexResponsesOptions) {
	const transport = sdkRetryOptions(options);
	return new OpenAI({
		apiKey: token,
		baseURL: resolveCodexBaseUrl(model.baseUrl),
		maxRetries: transport.maxRetries,
		fetch: withDetailErrors(transport.fetch),
		...(options.timeoutMs !== undefined ? { timeout: options.timeoutMs } : {}),
		defaultHeaders: { ...model.headers, ...codexHeaders(accountId, options.sessionId), ...options.headers },
		dangerouslyAllowBrowser: true,
		// Unparsable stream data becomes the request's error; console output would land in the terminal UI.
		logLevel: "off",
	}) as OpenAIClient;
}

/**
 * The backend has ended responses with `response.done` rather than `response.completed`; the reader knows the
 * public API's terminal events, so such an event is renamed after its status.
 */
function normalizeEvent(event: ResponseStreamEvent): ResponseStreamEvent {
	if ((event.type as string) !== "response.done") return event;
	const response = (event as unknown as Extract<ResponseStreamEvent, { type: "response.completed" }>).response;
	const type =
		response?.status === "incomplete"
			? "response.incomplete"
			: response?.status === "failed" || response?.status === "cancelled"
				? "response.failed"
				: "response.completed";
	return { ...event, type } as ResponseStreamEvent;
}

/** Streams one assistant message from the ChatGPT Codex backend. */
async function streamCodex(
	model: Model,
	context: Context,
	options: OpenAICodexResponsesOptions,
	stream: AssistantMessageEventStream,
): Promise<void> {
	const out = new AssistantOutput(model, stream);
	const reader = new ResponsesStreamReader(out);
	try {
		const token = options.apiKey ?? "";
		// An explicit account header (a proxy, or a chosen workspace) wins; otherwise the token must name one.
		const accountId = explicitAccountId(model.headers, options.headers) ?? readCodexAccountId(token);
		if (!accountId) {
			out.fail("error", CODEX_TEXTS.notSignedIn, { code: "missing_account_id", retryable: false });
			return;
		}
		const client = createCodexClient(model, token, accountId, options);
		const params = await applyOnPayload(buildCodexParams(model, context, options), model, options);
		const events = await client.responses.create(params, { signal: options.signal });
		for await (const event of events) {
			reader.push(normalizeEvent(event));
			if (out.isFinished) break;
		}
		if (options.signal?.aborted) out.fail("aborted", FAILURE_TEXTS.aborted);
		else reader.end();
	} catch (error) {
		failOutput(out, classifyCodexError(error, options.signal, out.isStarted));
	}
}

/** The `openai-codex-responses` adapter. */
export const openaiCodexResponsesAdapter: ApiAdapter = {
	api: "openai-codex-responses",
	stream: (model, context, options, output) =>
		streamCodex(model, context, options as OpenAICodexResponsesOptions, output),
	mapSimpleOptions: mapOpenAISimpleOptions,
};

import { FAILURE_TEXTS } from "../providers/shared/failure.js";
import { AssistantOutput } from "../providers/shared/output.js";
import { registerApiAdapter, unregisterApiAdapter } from "../registry.js";
import type { Context, ErrorInfo, Model, ProviderStreamOptions, SimpleStreamOptions } from "../types.js";
import type { AssistantMessageEventStream } from "../utils/event-stream.js";
import type { TokenCounts } from "../utils/usage.js";

/** One scripted assistant reply. Blocks are streamed in the order thinking, text, tool calls. */
export interface FauxReply {
	thinking?: string;
	thinkingSignature?: string;
	text?: string;
	toolCalls?: { name: string; arguments: Record<string, unknown>; id?: string }[];
	/** "stop" by default; "toolUse" is derived when tool calls are present. */
	stopReason?: "stop" | "length";
	/** Overrides the estimated usage. */
	usage?: TokenCounts;
	/** Ends the reply with an error after streaming the blocks above. */
	error?: string;
	errorInfo?: ErrorInfo;
	/** Milliseconds to wait between chunks (overrides the provider default). */
	delayMs?: number;
}

/** A reply, or a function computing one from the request. */
export type FauxResponse =
	| FauxReply
	| ((context: Context, options: ProviderStreamOptions) => FauxReply | Promise<FauxReply>);

export interface FauxRequest {
	context: Context;
	options: ProviderStreamOptions;
}

export interface FauxProviderOptions {
	/** Api string to register under; default a unique `faux-<n>`. */
	api?: string;
	provider?: string;
	modelId?: string;
	reasoning?: boolean;
	input?: ("text" | "image")[];
	contextWindow?: number;
	maxTokens?: number;
	/** Characters per streamed delta. Default 8. */
	chunkSize?: number;
	/** Milliseconds between chunks. Default 0 (a macrotask yield only). */
	delayMs?: number;
	/** Reply used when the queue is empty. Default: an error naming the empty queue. */
	fallback?: FauxResponse;
}

export interface FauxProvider {
	model: Model;
	/** Queues replies, consumed one per request. */
	enqueue(...responses: FauxResponse[]): void;
	/** Every request received, in order. */
	readonly requests: FauxRequest[];
	/** Replies still queued. */
	readonly pending: number;
	/** Removes the adapter from the registry. */
	dispose(): void;
}

let counter = 0;

/** Rough token estimate used for faux usage: four characters per token. */
export function estimateTokens(text: string): number {
	return Math.ceil(text.length / 4);
}

/**
 * An in-process provider for agent logic tests: scripted replies streamed in realistic chunks through the same
 * adapter skeleton as the real providers, abort-aware, with estimated usage. Registered in the adapter
 * registry, so the ordinary `stream` / `streamSimple` entry points reach it.
 */
export function createFauxProvider(options: FauxProviderOptions = {}): FauxProvider {
	const api = options.api ?? `faux-${++counter}`;
	const chunkSize = Math.max(1, options.chunkSize ?? 8);
	const queue: FauxResponse[] = [];
	const requests: FauxRequest[] = [];
	const model: Model = {
		id: options.modelId ?? "faux-model",
		name: "Faux Model",
		api,
		provider: options.provider ?? "faux",
		baseUrl: "faux://local",
		reasoning: options.reasoning ?? false,
		input: options.input ?? ["text", "image"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: options.contextWindow ?? 200_000,
		maxTokens: options.maxTokens ?? 32_000,
	};

	registerApiAdapter({
		api,
		needsApiKey: false,
		mapSimpleOptions: (_model: Model, simple: SimpleStreamOptions) => ({ ...simple }) as ProviderStreamOptions,
		async stream(
			target: Model,
			context: Context,
			streamOptions: ProviderStreamOptions,
			stream: AssistantMessageEventStream,
		) {
			requests.push({ context: structuredClone(context), options: streamOptions });
			const next = queue.shift() ?? options.fallback;
			const output = new AssistantOutput(target, stream);
			const signal = streamOptions.signal;
			if (!next) {
				output.fail("error", "Faux provider has no queued response");
				return;
			}
			const reply = typeof next === "function" ? await next(context, streamOptions) : next;
			const delay = reply.delayMs ?? options.delayMs ?? 0;
			const aborted = () => {
				if (!signal?.aborted) return false;
				output.fail("aborted", FAILURE_TEXTS.aborted);
				return true;
			};
			const pause = () =>
				new Promise<void>((resolve) => {
					if (delay > 0) setTimeout(resolve, delay);
					else setImmediate(resolve);
				});

			const inputTokens = estimateTokens(JSON.stringify(context));
			let outputChars = 0;
			output.setUsage({ input: inputTokens, output: 0 });
			output.start();
			const chunks = (text: string) => {
				const parts: string[] = [];
				for (let i = 0; i < text.length; i += chunkSize) parts.push(text.slice(i, i + chunkSize));
				return parts;
			};

			if (reply.thinking !== undefined) {
				output.startThinking();
				for (const part of chunks(reply.thinking)) {
					await pause();
					if (aborted()) return;
					output.appendThinking(part);
					outputChars += part.length;
				}
				if (reply.thinkingSignature) output.setThinkingSignature(reply.thinkingSignature);
				output.closeBlock();
			}
			if (reply.text !== undefined) {
				output.startText();
				for (const part of chunks(reply.text)) {
					await pause();
					if (aborted()) return;
					output.appendText(part);
					outputChars += part.length;
				}
				output.closeBlock();
			}
			for (const [i, call] of (reply.toolCalls ?? []).entries()) {
				await pause();
				if (aborted()) return;
				output.startToolCall(call.id ?? `faux_call_${requests.length}_${i}`, call.name);
				const json = JSON.stringify(call.arguments);
				for (const part of chunks(json)) {
					await pause();
					if (aborted()) return;
					output.appendToolCallArguments(part);
					outputChars += part.length;
				}
				output.closeBlock();
			}
			await pause();
			if (aborted()) return;
			output.setUsage(reply.usage ?? { input: inputTokens, output: Math.ceil(outputChars / 4) });
			if (reply.error !== undefined) {
				output.fail("error", reply.error, reply.errorInfo);
				return;
			}
			output.finish(reply.stopReason ?? "stop");
		},
	});

	return {
		model,
		enqueue: (...responses) => queue.push(...responses),
		requests,
		get pending() {
			return queue.length;
		},
		dispose: () => unregisterApiAdapter(api),
	};
}

/**
 * One scenario table for every wire API: each adapter is driven through the official SDK against the loopback
 * mock server with the same scripted turns, and every run must pass the event-protocol conformance check.
 */
import { expect } from "vitest";
import { stream } from "../../src/index.js";
import { assertEventProtocol, type CollectedStream } from "../../src/testing/conformance.js";
import type { MockServer, MockTurn } from "../../src/testing/index.js";
import type { Api, AssistantMessage, Context, KnownApi, Model, ProviderStreamOptions } from "../../src/types.js";

/** A realistic model per API, pointed at the mock server with the base URL convention of config.md §3. */
export function mockModel(api: KnownApi, server: MockServer, overrides: Partial<Model> = {}): Model {
	const common = {
		reasoning: true,
		input: ["text", "image"] as ("text" | "image")[],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: 200000,
		maxTokens: 64000,
	};
	// One entry per adapter; ALL_APIS below lists those the shared scenarios run against.
	const byApi: Partial<Record<KnownApi, Omit<Model, keyof typeof common>>> = {
		"anthropic-messages": {
			id: "claude-sonnet-4-5",
			name: "Claude Sonnet 4.5",
			api: "anthropic-messages",
			provider: "anthropic",
			baseUrl: server.url,
		},
		"openai-completions": {
			id: "gpt-4.1",
			name: "GPT-4.1 (Chat)",
			api: "openai-completions",
			provider: "openai",
			baseUrl: `${server.url}/v1`,
		},
		"openai-responses": {
			id: "gpt-5",
			name: "GPT-5",
			api: "openai-responses",
			provider: "openai",
			baseUrl: `${server.url}/v1`,
		},
		// The shared suites send "test-key", not a ChatGPT token, so the account comes as an explicit header.
		"openai-codex-responses": {
			id: "gpt-5.1-codex",
			name: "GPT-5.1 Codex",
			api: "openai-codex-responses",
			provider: "openai-codex",
			baseUrl: `${server.url}/backend-api`,
			headers: { "chatgpt-account-id": "acct-mock" },
		},
		"google-generative-ai": {
			id: "gemini-2.5-pro",
			name: "Gemini 2.5 Pro",
			api: "google-generative-ai",
			provider: "google",
			baseUrl: `${server.url}/v1beta`,
		},
		"azure-openai-responses": {
			id: "gpt-5",
			name: "GPT-5 (Azure)",
			api: "azure-openai-responses",
			provider: "azure-openai-responses",
			baseUrl: `${server.url}/openai/v1`,
		},
		// A bare origin: the SDK adds `/v1[/projects/{p}/locations/{l}]/publishers/google/models/…` itself.
		"google-vertex": {
			id: "gemini-2.5-pro",
			name: "Gemini 2.5 Pro (Vertex)",
			api: "google-vertex",
			provider: "google-vertex",
			baseUrl: server.url,
		},
		// The SDK adds `/v1/chat/completions`; the `/mistral` prefix keeps the path apart from Chat Completions'.
		"mistral-conversations": {
			id: "magistral-medium-latest",
			name: "Magistral Medium",
			api: "mistral-conversations",
			provider: "mistral",
			baseUrl: `${server.url}/mistral`,
		},
		// The bare origin as a custom endpoint: the SDK posts to `/model/{id}/converse-stream` under it.
		"bedrock-converse-stream": {
			id: "anthropic.claude-sonnet-4-5-20250929-v1:0",
			name: "Claude Sonnet 4.5 (Bedrock)",
			api: "bedrock-converse-stream",
			provider: "amazon-bedrock",
			baseUrl: server.url,
		},
	};
	const model = byApi[api];
	if (!model) throw new Error(`mockModel: no mock model for api ${api}; add one to test/helpers/scenarios.ts`);
	return { ...common, ...model, ...overrides };
}

export const ALL_APIS: KnownApi[] = [
	"anthropic-messages",
	"openai-completions",
	"openai-responses",
	"google-generative-ai",
	"google-vertex",
	"azure-openai-responses",
	"openai-codex-responses",
	"mistral-conversations",
	"bedrock-converse-stream",
];

export const USER_CONTEXT: Context = {
	systemPrompt: "You are terse.",
	messages: [{ role: "user", content: "What is in this folder?", timestamp: 1 }],
	tools: [
		{
			name: "bash",
			description: "Run a shell command",
			parameters: {
				type: "object",
				properties: { command: { type: "string" } },
				required: ["command"],
			} as never,
		},
	],
};

const LONG_TEXT = "The quick brown fox jumps over the lazy dog, again and again, until the end of the stream.";

/** One scripted turn and what every adapter must make of it. */
export interface Scenario {
	name: string;
	turn: MockTurn;
	/** Abort once the first text delta has been seen (mid-stream abort). */
	abortOnFirstText?: boolean;
	/** Abort before calling `stream()`: no request may be sent. */
	preAborted?: boolean;
	/** Raw options added to the request. */
	options?: ProviderStreamOptions;
	check(message: AssistantMessage, run: CollectedStream): void;
}

const textOf = (message: AssistantMessage) =>
	message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");

export const SCENARIOS: Scenario[] = [
	{
		name: "text",
		turn: { text: "Hello there, world.", chunkSize: 5, usage: { input: 12, output: 7 } },
		check(message) {
			expect(message.stopReason).toBe("stop");
			expect(message.content).toEqual([expect.objectContaining({ type: "text", text: "Hello there, world." })]);
		},
	},
	{
		name: "thinking then text",
		turn: { thinking: "The user wants a listing.", thinkingSignature: "sig-abc", text: "Sure.", chunkSize: 6 },
		check(message) {
			expect(message.stopReason).toBe("stop");
			expect(message.content.map((block) => block.type)).toEqual(["thinking", "text"]);
			expect(message.content[0]).toMatchObject({ type: "thinking", thinking: "The user wants a listing." });
			expect(textOf(message)).toBe("Sure.");
		},
	},
	{
		name: "several tool calls",
		turn: {
			text: "Let me look.",
			toolCalls: [
				{ name: "bash", arguments: { command: "ls -la" } },
				{ name: "bash", arguments: { command: "cat README.md", timeout: 30 } },
			],
			chunkSize: 4,
		},
		check(message) {
			expect(message.stopReason).toBe("toolUse");
			const calls = message.content.filter((block) => block.type === "toolCall");
			expect(calls.map((call) => call.arguments)).toEqual([
				{ command: "ls -la" },
				{ command: "cat README.md", timeout: 30 },
			]);
			expect(calls.every((call) => call.name === "bash" && call.id.length > 0)).toBe(true);
			expect(new Set(calls.map((call) => call.id)).size).toBe(2);
		},
	},
	{
		name: "output limit",
		turn: { text: "Truncat", stopReason: "length" },
		check(message) {
			expect(message.stopReason).toBe("length");
			expect(textOf(message)).toBe("Truncat");
		},
	},
	{
		name: "content filter",
		turn: { text: "", stopReason: "filter" },
		check(message) {
			expect(message.stopReason).toBe("error");
			expect(message.errorInfo?.retryable).toBe(false);
		},
	},
	{
		name: "401",
		turn: { httpError: { status: 401, message: "Invalid API key provided." } },
		check(message, run) {
			expect(message.stopReason).toBe("error");
			expect(message.errorMessage).toBe("401 Invalid API key provided.");
			expect(message.errorInfo).toMatchObject({ status: 401, retryable: false });
			expect(run.events.map((event) => event.type)).toEqual(["error"]);
		},
	},
	{
		name: "429 with retry-after",
		turn: { httpError: { status: 429, message: "Rate limit reached.", retryAfter: "7" } },
		check(message) {
			expect(message.errorMessage).toBe("429 Rate limit reached.");
			expect(message.errorInfo).toMatchObject({ status: 429, retryable: true, retryAfterMs: 7000 });
			expect(typeof message.errorInfo?.code).toBe("string");
		},
	},
	{
		name: "500",
		turn: { httpError: { status: 500, message: "Internal failure." } },
		check(message) {
			expect(message.errorMessage).toBe("500 Internal failure.");
			expect(message.errorInfo).toMatchObject({ status: 500, retryable: true });
		},
	},
	{
		name: "503",
		turn: { httpError: { status: 503, message: "Overloaded, try later." } },
		check(message) {
			expect(message.errorInfo).toMatchObject({ status: 503, retryable: true });
		},
	},
	...[408, 502, 504].map(
		(status): Scenario => ({
			name: `${status} is retryable`,
			turn: { httpError: { status, message: `Status ${status}.` } },
			check(message) {
				expect(message.stopReason).toBe("error");
				expect(message.errorMessage).toBe(`${status} Status ${status}.`);
				expect(message.errorInfo).toMatchObject({ status, retryable: true });
			},
		}),
	),
	...[400, 403, 404].map(
		(status): Scenario => ({
			name: `${status} is not retryable`,
			turn: { httpError: { status, message: `Status ${status}.` } },
			check(message) {
				expect(message.stopReason).toBe("error");
				expect(message.errorMessage).toBe(`${status} Status ${status}.`);
				expect(message.errorInfo).toMatchObject({ status, retryable: false });
				expect(message.errorInfo?.code).not.toBe("context_overflow");
			},
		}),
	),
	{
		name: "context overflow",
		turn: {
			httpError: {
				status: 400,
				message: "This model's maximum context length is 128000 tokens. Please reduce the length of the messages.",
			},
		},
		check(message) {
			expect(message.errorInfo).toEqual({ status: 400, code: "context_overflow", retryable: false });
		},
	},
	{
		name: "cut connection",
		turn: { text: LONG_TEXT, chunkSize: 4, cutAfterEvents: 5 },
		check(message) {
			expect(message.stopReason).toBe("error");
			expect(message.errorInfo?.retryable).toBe(true);
			const text = textOf(message);
			expect(text.length).toBeGreaterThan(0);
			expect(LONG_TEXT.startsWith(text)).toBe(true);
		},
	},
	{
		name: "request timeout",
		turn: { text: "too late", delayMs: 400 },
		options: { timeoutMs: 50 },
		check(message) {
			expect(message.stopReason).toBe("error");
			expect(message.errorInfo?.retryable).toBe(true);
		},
	},
	{
		name: "abort mid-stream",
		turn: { text: LONG_TEXT, chunkSize: 2, eventDelayMs: 15 },
		abortOnFirstText: true,
		check(message) {
			expect(message.stopReason).toBe("aborted");
			expect(message.errorMessage).toBe("Request was aborted");
			expect(textOf(message).length).toBeGreaterThan(0);
			expect(message.errorInfo).toBeUndefined();
		},
	},
	{
		name: "abort before the request",
		turn: { text: "never sent" },
		preAborted: true,
		check(message, run) {
			expect(message.stopReason).toBe("aborted");
			expect(run.events.map((event) => event.type)).toEqual(["error"]);
		},
	},
];

/**
 * Runs one scenario: enqueues its turn, streams through the registry with raw options, checks the event
 * protocol and the scenario's expectations. Returns what was collected for further assertions.
 */
export async function runScenario(
	model: Model,
	server: MockServer,
	scenario: Scenario,
	options: ProviderStreamOptions = {},
): Promise<CollectedStream> {
	server.reset();
	server.enqueue(scenario.turn);
	const controller = new AbortController();
	if (scenario.preAborted) controller.abort();
	const s = stream(model, USER_CONTEXT, {
		apiKey: "test-key",
		...scenario.options,
		...options,
		signal: controller.signal,
	});
	const events: CollectedStream["events"] = [];
	for await (const event of s) {
		events.push(event);
		if (scenario.abortOnFirstText && event.type === "text_delta") controller.abort();
	}
	const message = await s.result();
	assertEventProtocol(events, message);
	scenario.check(message, { events, message });
	if (scenario.preAborted) expect(server.requests).toHaveLength(0);
	return { events, message };
}

/** The api of a recorded assistant message, for messages built by hand in tests. */
export function assistantFrom(model: Model): Pick<AssistantMessage, "api" | "provider" | "model"> {
	return { api: model.api as Api, provider: model.provider, model: model.id };
}

/**
 * The follow-up context after a tool-calling turn: the user's question, the recorded assistant message replayed
 * as history, then a successful `bash` result for `toolCallId`. Adapters must turn this into their wire history.
 */
export function replayWithToolResult(first: AssistantMessage, toolCallId: string, text = "a.txt"): Context {
	return {
		messages: [
			...USER_CONTEXT.messages,
			first,
			{
				role: "toolResult",
				toolCallId,
				toolName: "bash",
				content: [{ type: "text", text }],
				isError: false,
				timestamp: 2,
			},
		],
	};
}

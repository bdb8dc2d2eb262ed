/**
 * The openai-codex-responses adapter against the loopback Codex backend: what a ChatGPT subscription request
 * carries (account id from the token, Codex headers, the body fields the backend accepts), and how its
 * failures read (usage limit, `{detail}` bodies, a token that is no ChatGPT token).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODEX_TEXTS, complete, completeSimple } from "../../src/index.js";
import { resolveCodexBaseUrl } from "../../src/providers/openai-codex/request.js";
import {
	CODEX_MOCK_MESSAGES,
	type MockServer,
	openaiCodexResponsesProtocol,
	startMockServer,
	type WireProtocol,
} from "../../src/testing/index.js";
import type { Model, ToolCall } from "../../src/types.js";
import { mockModel, replayWithToolResult, USER_CONTEXT } from "../helpers/scenarios.js";

/** A ChatGPT-style access token: a JWT whose OpenAI auth claim names the account (unsigned; only decoded). */
function chatgptToken(accountId: string): string {
	const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
	const payload = { sub: "user-1", "https://api.openai.com/auth": { chatgpt_account_id: accountId } };
	return `${encode({ alg: "RS256", typ: "JWT" })}.${encode(payload)}.c2lnbmF0dXJl`;
}

const TOKEN = chatgptToken("acct-from-token");

let server: MockServer;
let model: Model;

beforeAll(async () => {
	server = await startMockServer();
	// The real shape: no explicit account header, the token must name it.
	model = { ...mockModel("openai-codex-responses", server), headers: { "X-Static": "from-catalogue" } };
});
afterAll(() => server.close());

const lastRequest = () => server.requests.at(-1)!;

/** A server whose Codex protocol answers failures with `body` as the real backend writes it. */
async function withErrorBody<T>(status: number, body: unknown, run: (model: Model) => Promise<T>): Promise<T> {
	const protocol: WireProtocol = {
		...openaiCodexResponsesProtocol,
		encodeError: () => ({ status, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
	};
	const custom = await startMockServer({ protocols: [protocol] });
	try {
		custom.enqueue({ httpError: { status, message: "unused" } });
		return await run({ ...model, baseUrl: `${custom.url}/backend-api` });
	} finally {
		await custom.close();
	}
}

describe("openai-codex-responses: the request", () => {
	it("goes to <baseUrl>/codex/responses with the token, its account id and the Codex client headers", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		const message = await complete(model, USER_CONTEXT, { apiKey: TOKEN, sessionId: "session-7" });
		expect(message.errorMessage).toBeUndefined();
		const request = lastRequest();
		expect(request.path).toBe("/backend-api/codex/responses");
		expect(request.protocol).toBe("openai-codex-responses");
		expect(request.headers).toMatchObject({
			authorization: `Bearer ${TOKEN}`,
			"chatgpt-account-id": "acct-from-token",
			originator: "pi",
			"openai-beta": "responses=experimental",
			accept: "text/event-stream",
			"session-id": "session-7",
			"x-client-request-id": "session-7",
			"x-static": "from-catalogue",
		});
		expect(request.headers["user-agent"]).toMatch(/^pi \(\S+ \S+; \S+\)$/);
	});

	it("sends store: false, instructions, encrypted reasoning, low verbosity, and no max_output_tokens or temperature", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		await completeSimple(model, USER_CONTEXT, {
			apiKey: TOKEN,
			reasoning: "high",
			sessionId: "session-8",
			maxTokens: 999,
			temperature: 0.3,
		});
		const body = lastRequest().body;
		expect(body).toMatchObject({
			model: "gpt-5.1-codex",
			stream: true,
			store: false,
			instructions: "You are terse.",
			include: ["reasoning.encrypted_content"],
			text: { verbosity: "low" },
			tool_choice: "auto",
			parallel_tool_calls: true,
			prompt_cache_key: "session-8",
			reasoning: { effort: "high", summary: "auto" },
		});
		expect(body).not.toHaveProperty("max_output_tokens");
		expect(body).not.toHaveProperty("temperature");
		expect(body.input).toEqual([{ role: "user", content: [{ type: "input_text", text: "What is in this folder?" }] }]);
		expect(body.tools[0]).toMatchObject({ type: "function", name: "bash" });
	});

	it("takes verbosity, summary and tool choice from the raw options", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		await complete(model, USER_CONTEXT, {
			apiKey: TOKEN,
			reasoningEffort: "low",
			reasoningSummary: "detailed",
			textVerbosity: "high",
			toolChoice: "required",
		} as never);
		expect(lastRequest().body).toMatchObject({
			reasoning: { effort: "low", summary: "detailed" },
			text: { verbosity: "high" },
			tool_choice: "required",
		});
	});

	it("with thinking off, sends the model's off effort if it names one, and a default instruction", async () => {
		server.reset();
		server.enqueue({ text: "ok" }, { text: "ok" }, { text: "ok" });
		const noPrompt = { ...USER_CONTEXT, systemPrompt: undefined };
		await completeSimple({ ...model, thinkingLevelMap: { off: "none" } }, noPrompt, { apiKey: TOKEN });
		expect(lastRequest().body.reasoning).toEqual({ effort: "none" });
		expect(lastRequest().body.instructions).toBe("You are a helpful assistant.");
		await completeSimple(model, USER_CONTEXT, { apiKey: TOKEN });
		expect(lastRequest().body).not.toHaveProperty("reasoning");
		await completeSimple({ ...model, thinkingLevelMap: { off: null } }, USER_CONTEXT, { apiKey: TOKEN });
		expect(lastRequest().body).not.toHaveProperty("reasoning");
	});

	it("replays the model's own reasoning item with its encrypted content (nothing is stored server-side)", async () => {
		server.reset();
		server.enqueue({
			thinking: "List the files.",
			thinkingSignature: "ENCRYPTED-CODEX",
			toolCalls: [{ id: "call_1", name: "bash", arguments: { command: "ls" } }],
		});
		const first = await completeSimple(model, USER_CONTEXT, { apiKey: TOKEN, reasoning: "medium" });
		expect(first.stopReason).toBe("toolUse");
		const call = first.content.find((block): block is ToolCall => block.type === "toolCall")!;
		server.enqueue({ text: "Two files." });
		const second = await complete(model, replayWithToolResult(first, call.id), { apiKey: TOKEN });
		expect(second.errorMessage).toBeUndefined();
		const input = lastRequest().body.input as any[];
		expect(input.find((item) => item.type === "reasoning")).toMatchObject({ encrypted_content: "ENCRYPTED-CODEX" });
		expect(input.find((item) => item.type === "function_call_output")).toMatchObject({ call_id: "call_1" });
	});

	it("lets an explicit account header win over the token's", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		await complete(model, USER_CONTEXT, { apiKey: TOKEN, headers: { "ChatGPT-Account-Id": "acct-chosen" } });
		expect(lastRequest().headers["chatgpt-account-id"]).toBe("acct-chosen");
	});

	it("accepts a base URL that already ends in /codex or /codex/responses", () => {
		expect(resolveCodexBaseUrl("https://chatgpt.com/backend-api/")).toBe("https://chatgpt.com/backend-api/codex");
		expect(resolveCodexBaseUrl("http://proxy/codex")).toBe("http://proxy/codex");
		expect(resolveCodexBaseUrl("http://proxy/codex/responses")).toBe("http://proxy/codex");
		expect(resolveCodexBaseUrl(undefined)).toBe("https://chatgpt.com/backend-api/codex");
	});
});

describe("openai-codex-responses: failures", () => {
	it("refuses a token that is not a ChatGPT sign-in token before sending anything", async () => {
		server.reset();
		server.enqueue({ text: "never sent" });
		for (const apiKey of ["sk-proj-an-api-key", "a.b.c", chatgptToken("").replace(/\..*\./, ".e30.")]) {
			const message = await complete(model, USER_CONTEXT, { apiKey });
			expect(message.stopReason).toBe("error");
			expect(message.errorMessage).toBe(CODEX_TEXTS.notSignedIn);
			expect(message.errorMessage).toContain("/login");
			expect(message.errorInfo).toEqual({ code: "missing_account_id", retryable: false });
		}
		expect(server.requests).toHaveLength(0);
	});

	it("turns the usage limit into a message with the reset time, retryAfterMs, and no automatic retry", async () => {
		const body = {
			error: {
				type: "usage_limit_reached",
				message: "The usage limit has been reached",
				plan_type: "PLUS",
				resets_in_seconds: 42 * 60,
			},
		};
		const message = await withErrorBody(429, body, (target) => complete(target, USER_CONTEXT, { apiKey: TOKEN }));
		expect(message.errorMessage).toBe(
			"429 You have reached your ChatGPT usage limit (plus plan). It resets in about 42 minutes.",
		);
		expect(message.errorInfo).toEqual({
			status: 429,
			code: "usage_limit_reached",
			retryable: false,
			retryAfterMs: 42 * 60 * 1000,
		});
	});

	it("a scripted usage limit of the mock backend carries its reset time", async () => {
		server.reset();
		server.enqueue({
			httpError: {
				status: 429,
				type: "usage_limit_reached",
				message: "The usage limit has been reached",
				retryAfter: "600",
			},
		});
		const message = await complete(model, USER_CONTEXT, { apiKey: TOKEN });
		expect(message.errorMessage).toBe("429 You have reached your ChatGPT usage limit. It resets in about 10 minutes.");
		expect(message.errorInfo).toEqual({
			status: 429,
			code: "usage_limit_reached",
			retryable: false,
			retryAfterMs: 600_000,
		});
	});

	it("reads the reset time from resets_at too", async () => {
		const resetsAt = Math.floor(Date.now() / 1000) + 3 * 3600 + 5 * 60 + 20;
		const body = { error: { code: "usage_limit_reached", message: "limit", resets_at: resetsAt } };
		const message = await withErrorBody(429, body, (target) => complete(target, USER_CONTEXT, { apiKey: TOKEN }));
		expect(message.errorMessage).toMatch(/usage limit\. It resets in about 3 hours 5 minutes\.$/);
		expect(message.errorInfo?.retryAfterMs).toBeGreaterThan((3 * 3600 + 5 * 60) * 1000);
		expect(message.errorInfo?.retryAfterMs).toBeLessThanOrEqual((3 * 3600 + 5 * 60 + 20) * 1000);
	});

	it("says when the plan does not include Codex", async () => {
		const body = { error: { type: "usage_not_included", message: "not included", plan_type: "free" } };
		const message = await withErrorBody(403, body, (target) => complete(target, USER_CONTEXT, { apiKey: TOKEN }));
		expect(message.errorMessage).toBe(`403 ${CODEX_TEXTS.usageNotIncluded}`);
		expect(message.errorInfo).toMatchObject({ status: 403, code: "usage_not_included", retryable: false });
	});

	it("keeps the backend's text from a {detail} body", async () => {
		const body = { detail: "Unsupported parameter: top_p" };
		const message = await withErrorBody(400, body, (target) => complete(target, USER_CONTEXT, { apiKey: TOKEN }));
		expect(message.errorMessage).toBe("400 Unsupported parameter: top_p");
		expect(message.errorInfo).toMatchObject({ status: 400, retryable: false });
	});

	it("reports 401 with its status, so a caller can refresh the token and retry", async () => {
		server.reset();
		server.enqueue({ httpError: { status: 401, message: "Your authentication token has expired." } });
		const message = await complete(model, USER_CONTEXT, { apiKey: TOKEN });
		expect(message.errorMessage).toBe("401 Your authentication token has expired.");
		expect(message.errorInfo).toMatchObject({ status: 401, retryable: false });
	});
});

describe("openai-codex-responses: the stream", () => {
	it("ends normally on the backend's response.done event", async () => {
		const renamed: WireProtocol = {
			...openaiCodexResponsesProtocol,
			encode: (turn, request) =>
				openaiCodexResponsesProtocol
					.encode(turn, request)
					.map((frame) =>
						typeof frame === "string" ? frame.replaceAll("response.completed", "response.done") : frame,
					),
		};
		const custom = await startMockServer({ protocols: [renamed] });
		try {
			custom.enqueue({ text: "Done here.", usage: { input: 10, output: 3 } });
			const message = await complete({ ...model, baseUrl: `${custom.url}/backend-api` }, USER_CONTEXT, {
				apiKey: TOKEN,
			});
			expect(message.stopReason).toBe("stop");
			expect(message.content).toEqual([expect.objectContaining({ type: "text", text: "Done here." })]);
			expect(message.usage).toMatchObject({ input: 10, output: 3 });
		} finally {
			await custom.close();
		}
	});
});

describe("the Codex mock backend", () => {
	it("refuses a plain Responses request sent to the Codex path, naming the missing header", async () => {
		server.reset();
		server.enqueue({ text: "ok" });
		const plain = mockModel("openai-responses", server, { baseUrl: `${server.url}/backend-api/codex` });
		const message = await complete(plain, USER_CONTEXT, { apiKey: "k" });
		expect(lastRequest().protocol).toBe("openai-codex-responses");
		expect(message.stopReason).toBe("error");
		expect(message.errorMessage).toBe(CODEX_MOCK_MESSAGES.missingHeader("chatgpt-account-id"));
	});
});

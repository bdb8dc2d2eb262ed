/**
 * The prompt-cache routing of Chat Completions requests: `prompt_cache_key` / `prompt_cache_retention` in the body
 * and the session-affinity headers, checked on what the loopback mock server receives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Context, complete } from "../../src/index.js";
import { buildCompletionsParams } from "../../src/providers/openai-completions/request.js";
import { detectCompletionsCompat, resolveCompletionsCompat } from "../../src/providers/openai-completions.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import type { CacheRetention, Model } from "../../src/types.js";
import { mockModel } from "../helpers/scenarios.js";

let server: MockServer;

beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

const CONTEXT: Context = { messages: [{ role: "user", content: "Say hi.", timestamp: 1 }] };
const SESSION = "sess-7f3a";

/** A Chat Completions model served by the mock server, as an unknown OpenAI-compatible server (vLLM, a proxy). */
function localModel(overrides: Partial<Model> = {}): Model {
	return mockModel("openai-completions", server, { id: "local-coder", provider: "my-vllm", ...overrides });
}

/** Sends one request and returns what the server received. */
async function sent(model: Model, options: { sessionId?: string; cacheRetention?: CacheRetention } = {}) {
	server.reset();
	server.enqueue({ text: "hi" });
	const message = await complete(model, CONTEXT, { apiKey: "k", ...options });
	expect(message.stopReason).toBe("stop");
	const request = server.requests.at(-1)!;
	return { body: request.body as Record<string, unknown>, headers: request.headers };
}

describe("Chat Completions prompt_cache_key", () => {
	it("sends no cache fields to an unknown server, whatever the retention", async () => {
		for (const cacheRetention of ["short", "long", "none"] as const) {
			const { body } = await sent(localModel(), { sessionId: SESSION, cacheRetention });
			expect(body.prompt_cache_key).toBeUndefined();
			expect(body.prompt_cache_retention).toBeUndefined();
		}
	});

	it("sends the key and the 24h retention under long retention where supportsLongCacheRetention is set", async () => {
		const model = localModel({ compat: { supportsLongCacheRetention: true } });
		const long = await sent(model, { sessionId: SESSION, cacheRetention: "long" });
		expect(long.body.prompt_cache_key).toBe(SESSION);
		expect(long.body.prompt_cache_retention).toBe("24h");
		// The default (short) retention and "none" leave such a server alone.
		const short = await sent(model, { sessionId: SESSION });
		expect(short.body).not.toHaveProperty("prompt_cache_key");
		expect(short.body).not.toHaveProperty("prompt_cache_retention");
		const none = await sent(model, { sessionId: SESSION, cacheRetention: "none" });
		expect(none.body).not.toHaveProperty("prompt_cache_key");
		expect(none.body).not.toHaveProperty("prompt_cache_retention");
	});

	it("asks for the 24h retention even without a session id, and no key then", async () => {
		const { body } = await sent(localModel({ compat: { supportsLongCacheRetention: true } }), {
			cacheRetention: "long",
		});
		expect(body).not.toHaveProperty("prompt_cache_key");
		expect(body.prompt_cache_retention).toBe("24h");
	});

	it("sends the key to OpenAI's own API unless the retention is none", () => {
		// The base URL decides, so this builds the body without sending it (tests never reach the internet).
		const openai = localModel({ provider: "openai", baseUrl: "https://api.openai.com/v1" });
		const body = (cacheRetention?: CacheRetention, sessionId: string | undefined = SESSION) =>
			buildCompletionsParams(
				openai,
				CONTEXT,
				{ sessionId, cacheRetention },
				resolveCompletionsCompat(openai),
			) as unknown as Record<string, unknown>;
		expect(body().prompt_cache_key).toBe(SESSION);
		expect(body("short").prompt_cache_key).toBe(SESSION);
		// 24h stays opt-in, as on the Responses API.
		expect(body("long")).toMatchObject({ prompt_cache_key: SESSION });
		expect(body("long")).not.toHaveProperty("prompt_cache_retention");
		expect(body("none")).not.toHaveProperty("prompt_cache_key");
		expect(body(undefined, "")).not.toHaveProperty("prompt_cache_key");
		// A proxy in front of OpenAI under another host is an unknown server.
		const proxy = localModel({ provider: "openai", baseUrl: "https://llm.example.com/api.openai.com/v1" });
		const proxied = buildCompletionsParams(proxy, CONTEXT, { sessionId: SESSION }, resolveCompletionsCompat(proxy));
		expect(proxied).not.toHaveProperty("prompt_cache_key");
	});

	it("cuts a key longer than OpenAI's 64 characters", async () => {
		const longId = `${"s".repeat(63)}😀tail`;
		const { body } = await sent(localModel({ compat: { supportsLongCacheRetention: true } }), {
			sessionId: longId,
			cacheRetention: "long",
		});
		expect(body.prompt_cache_key).toBe(`${"s".repeat(63)}😀`);
	});
});

describe("Chat Completions session-affinity headers", () => {
	it("sends session_id, x-client-request-id and x-session-affinity with the flag (default format)", async () => {
		const { headers } = await sent(localModel({ compat: { sendSessionAffinityHeaders: true } }), {
			sessionId: SESSION,
		});
		expect(headers.session_id).toBe(SESSION);
		expect(headers["x-client-request-id"]).toBe(SESSION);
		expect(headers["x-session-affinity"]).toBe(SESSION);
		expect(headers["x-session-id"]).toBeUndefined();
	});

	it("leaves session_id out with the openai-nosession format", async () => {
		const model = localModel({
			compat: { sendSessionAffinityHeaders: true, sessionAffinityFormat: "openai-nosession" },
		});
		const { headers } = await sent(model, { sessionId: SESSION });
		expect(headers.session_id).toBeUndefined();
		expect(headers["x-client-request-id"]).toBe(SESSION);
		expect(headers["x-session-affinity"]).toBe(SESSION);
	});

	it("sends x-session-id alone to OpenRouter, by default", async () => {
		const openrouter = localModel({ id: "moonshotai/kimi-k2", provider: "openrouter" });
		expect(detectCompletionsCompat(openrouter)).toMatchObject({
			sendSessionAffinityHeaders: true,
			sessionAffinityFormat: "openrouter",
		});
		const { headers, body } = await sent(openrouter, { sessionId: SESSION });
		expect(headers["x-session-id"]).toBe(SESSION);
		expect(headers.session_id).toBeUndefined();
		expect(headers["x-session-affinity"]).toBeUndefined();
		expect(headers["x-client-request-id"]).toBeUndefined();
		expect(body).not.toHaveProperty("prompt_cache_key");
		// An explicit false turns it off.
		const off = await sent(localModel({ provider: "openrouter", compat: { sendSessionAffinityHeaders: false } }), {
			sessionId: SESSION,
		});
		expect(off.headers["x-session-id"]).toBeUndefined();
	});

	it("sends no affinity headers without the flag or without a session id", async () => {
		const plain = await sent(localModel(), { sessionId: SESSION });
		const noSession = await sent(localModel({ compat: { sendSessionAffinityHeaders: true } }));
		for (const { headers } of [plain, noSession]) {
			expect(headers.session_id).toBeUndefined();
			expect(headers["x-session-affinity"]).toBeUndefined();
			expect(headers["x-client-request-id"]).toBeUndefined();
			expect(headers["x-session-id"]).toBeUndefined();
		}
	});
});

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AuthStorage } from "../../../src/core/config/auth-storage.js";
import { createTestSession, useMockServer } from "./helpers.js";

const fx = useMockServer();

const ALPHA_KEY = "alpha-key-0123456789";
const BETA_KEY = "beta-key-0123456789";

/**
 * Two providers on the mock server: a Gemini-style reasoning model whose key also goes out as a bearer header (the
 * Gemini SDK itself sends only `x-goog-api-key`), and a plain OpenAI-style one.
 */
function modelsJson() {
	return {
		providers: {
			alpha: {
				baseUrl: `${fx.server.url}/v1beta`,
				api: "google-generative-ai",
				apiKey: ALPHA_KEY,
				authHeader: true,
				models: [{ id: "thinker", reasoning: true }],
			},
			beta: {
				baseUrl: `${fx.server.url}/v1`,
				api: "openai-completions",
				apiKey: BETA_KEY,
				models: [{ id: "plain" }],
			},
		},
	};
}

describe("AgentSession switchSession restores model and thinking level", () => {
	it("each session comes back with its own model and level", async () => {
		fx.t = await createTestSession({ modelsJson: modelsJson(), model: "alpha/thinker", thinkingLevel: "high" });
		const { session, registry } = fx.t;
		fx.server.enqueue({ text: "from alpha" });
		await session.prompt("in A");
		const fileA = session.sessionFile!;

		await session.newSession();
		await session.setModel(registry.find("beta", "plain")!);
		expect(session.thinkingLevel).toBe("off");
		fx.server.enqueue({ text: "from beta" });
		await session.prompt("in B");
		const fileB = session.sessionFile!;

		await session.switchSession(fileA);
		expect(session.model).toMatchObject({ provider: "alpha", id: "thinker" });
		expect(session.thinkingLevel).toBe("high");
		expect(session.getState()).toMatchObject({ model: { provider: "alpha" }, thinkingLevel: "high" });
		// The next request goes to the restored model with the restored level.
		fx.server.enqueue({ text: "alpha again" });
		await session.prompt("back in A");
		expect(fx.server.requests.at(-1)!.protocol).toBe(fx.server.requests[0]!.protocol);

		await session.switchSession(fileB);
		expect(session.model).toMatchObject({ provider: "beta", id: "plain" });
		expect(session.thinkingLevel).toBe("off");
	});

	it("a session without a thinking-level entry keeps the level, clamped to its restored model", async () => {
		fx.t = await createTestSession({ modelsJson: modelsJson(), model: "alpha/thinker", thinkingLevel: "high" });
		const { session } = fx.t;
		const file = join(fx.t.cwd, "no-level.jsonl");
		const lines = [
			{
				type: "session",
				version: 3,
				id: "0194317e-8a1b-7c3d-9e5f-1a2b3c4d5e6f",
				timestamp: new Date().toISOString(),
				cwd: fx.t.cwd,
			},
			{
				type: "model_change",
				id: "a1b2c3d4",
				parentId: null,
				timestamp: new Date().toISOString(),
				provider: "beta",
				modelId: "plain",
			},
			{
				type: "message",
				id: "b1b2c3d4",
				parentId: "a1b2c3d4",
				timestamp: new Date().toISOString(),
				message: { role: "user", content: [{ type: "text", text: "hi" }], timestamp: Date.now() },
			},
		];
		writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
		await session.switchSession(file);
		expect(session.model).toMatchObject({ provider: "beta", id: "plain" });
		// "high" does not exist on a model without reasoning.
		expect(session.thinkingLevel).toBe("off");
	});
});

describe("AgentSession request auth", () => {
	it("adds Authorization: Bearer <key> to every request of a provider with authHeader, resolved per request", async () => {
		const auth = AuthStorage.inMemory();
		fx.t = await createTestSession({ modelsJson: modelsJson(), model: "alpha/thinker", authStorage: auth });
		const { session } = fx.t;
		fx.server.enqueue({ text: "one" });
		await session.prompt("hello");
		expect(fx.server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${ALPHA_KEY}`);
		expect(fx.server.requests.at(-1)!.headers["x-goog-api-key"]).toBe(ALPHA_KEY);

		// A key stored later (auth.json wins over models.json) is what the next request carries, header included.
		const stored = "alpha-stored-key-9876543210";
		auth.setApiKey("alpha", stored);
		fx.server.enqueue({ text: "two" });
		await session.prompt("again");
		expect(fx.server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${stored}`);
		expect(fx.server.requests.at(-1)!.headers["x-goog-api-key"]).toBe(stored);
	});

	it("sends no Authorization header for a Gemini-style provider without authHeader", async () => {
		const json = modelsJson();
		json.providers.alpha.authHeader = false;
		fx.t = await createTestSession({ modelsJson: json, model: "alpha/thinker" });
		fx.server.enqueue({ text: "one" });
		await fx.t.session.prompt("hello");
		expect(fx.server.requests.at(-1)!.headers.authorization).toBeUndefined();
		expect(fx.server.requests.at(-1)!.headers["x-goog-api-key"]).toBe(ALPHA_KEY);
	});
});

/**
 * GitHub Copilot models speak anthropic-messages, openai-completions or openai-responses against the Copilot API.
 * Each request carries the model's static headers from the catalogue plus per-request ones: who initiated it
 * (`X-Initiator`), the intent, and the vision flag when images are sent. Asserted on every one of the three
 * adapters, through the official SDKs against the loopback mock server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complete } from "../../src/index.js";
import { type MockServer, startMockServer } from "../../src/testing/index.js";
import type { Context, KnownApi, Model } from "../../src/types.js";
import { mockModel, USER_CONTEXT } from "../helpers/scenarios.js";

const COPILOT_APIS: KnownApi[] = ["anthropic-messages", "openai-completions", "openai-responses"];

/** Static headers of the kind the catalogue gives every Copilot model. */
const STATIC_HEADERS = {
	"User-Agent": "GitHubCopilotChat/0.35.0",
	"Editor-Version": "vscode/1.107.0",
	"Editor-Plugin-Version": "copilot-chat/0.35.0",
	"Copilot-Integration-Id": "vscode-chat",
};

const TOKEN = "tid=copilot-session-token;exp=1999999999";
const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

function copilotModel(api: KnownApi): Model {
	return mockModel(api, server, { provider: "github-copilot", headers: STATIC_HEADERS });
}

/** The headers of the request that `context` produced on `model`. */
async function sentHeaders(model: Model, context: Context, headers?: Record<string, string>) {
	server.reset();
	server.enqueue({ text: "ok" });
	const message = await complete(model, context, { apiKey: TOKEN, ...(headers ? { headers } : {}) });
	expect(message.errorMessage).toBeUndefined();
	expect(server.requests).toHaveLength(1);
	return server.requests[0]!.headers;
}

/** The user asked, the agent ran a tool, and now sends the result back on its own. */
const AFTER_TOOL_RESULT: Context = {
	...USER_CONTEXT,
	messages: [
		...USER_CONTEXT.messages,
		{
			role: "assistant",
			content: [{ type: "toolCall", id: "call_1", name: "bash", arguments: { command: "ls" } }],
			api: "openai-completions",
			provider: "github-copilot",
			model: "gpt-4.1",
			usage: {
				input: 0,
				output: 0,
				cacheRead: 0,
				cacheWrite: 0,
				totalTokens: 0,
				cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
			},
			stopReason: "toolUse",
			timestamp: 2,
		},
		{
			role: "toolResult",
			toolCallId: "call_1",
			toolName: "bash",
			content: [{ type: "text", text: "a.txt" }],
			isError: false,
			timestamp: 3,
		},
	],
};

const WITH_IMAGE: Context = {
	...USER_CONTEXT,
	messages: [
		{
			role: "user",
			content: [
				{ type: "text", text: "What is this?" },
				{ type: "image", data: PIXEL, mimeType: "image/png" },
			],
			timestamp: 1,
		},
	],
};

for (const api of COPILOT_APIS) {
	describe(`github-copilot over ${api}`, () => {
		it("sends the static headers, the token as bearer, X-Initiator user and the intent for a user's prompt", async () => {
			const headers = await sentHeaders(copilotModel(api), USER_CONTEXT);
			expect(headers).toMatchObject({
				"user-agent": STATIC_HEADERS["User-Agent"],
				"editor-version": STATIC_HEADERS["Editor-Version"],
				"editor-plugin-version": STATIC_HEADERS["Editor-Plugin-Version"],
				"copilot-integration-id": STATIC_HEADERS["Copilot-Integration-Id"],
				authorization: `Bearer ${TOKEN}`,
				"x-initiator": "user",
				"openai-intent": "conversation-edits",
			});
			expect(headers).not.toHaveProperty("copilot-vision-request");
			expect(headers).not.toHaveProperty("x-api-key");
		});

		it("marks the follow-up after a tool result as agent-initiated", async () => {
			const headers = await sentHeaders(copilotModel(api), AFTER_TOOL_RESULT);
			expect(headers["x-initiator"]).toBe("agent");
		});

		it("asks for vision when an image is sent", async () => {
			const headers = await sentHeaders(copilotModel(api), WITH_IMAGE);
			expect(headers["copilot-vision-request"]).toBe("true");
			expect(headers["x-initiator"]).toBe("user");
		});

		it("lets the caller's headers win", async () => {
			const headers = await sentHeaders(copilotModel(api), AFTER_TOOL_RESULT, { "X-Initiator": "user" });
			expect(headers["x-initiator"]).toBe("user");
		});

		it("sends none of them for a model of another provider", async () => {
			const headers = await sentHeaders(mockModel(api, server), WITH_IMAGE);
			expect(headers).not.toHaveProperty("x-initiator");
			expect(headers).not.toHaveProperty("openai-intent");
			expect(headers).not.toHaveProperty("copilot-vision-request");
		});
	});
}

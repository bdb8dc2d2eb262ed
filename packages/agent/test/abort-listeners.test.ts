/**
 * A long run must not pile up `abort` listeners on its signal (issue 21 point 2): every model call and every tool
 * call of a run sees the same signal, and Node warns (`MaxListenersExceededWarning`) once 11 listeners sit on it.
 * Real parts: the OpenAI SDK (whose request path adds a listener and never removes it) against the loopback mock
 * server, 200 tool calls in one prompt.
 */
import { getEventListeners } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Model } from "@pi/ai";
import { type MockServer, startMockServer } from "@pi/ai/testing";
import { Type } from "@sinclair/typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, type AgentTool, createProxyHandler, streamProxy } from "../src/index.js";

const TOOL_CALLS = 200;

let server: MockServer;
beforeAll(async () => {
	server = await startMockServer();
});
afterAll(() => server.close());

function mockChatModel(): Model {
	return {
		id: "mock-model",
		name: "Mock",
		api: "openai-completions",
		provider: "mock",
		baseUrl: `${server.url}/v1`,
		reasoning: false,
		input: ["text"],
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 100_000,
		maxTokens: 1000,
	};
}

describe("abort listeners over a run", () => {
	it(`stay flat on the run's signal across ${TOOL_CALLS} tool calls in one prompt`, async () => {
		for (let i = 0; i < TOOL_CALLS; i++) {
			server.enqueue({ toolCalls: [{ id: `call-${i}`, name: "count", arguments: {} }] });
		}
		server.enqueue({ text: "all counted" });
		const counts: number[] = [];
		const countTool: AgentTool = {
			name: "count",
			label: "count",
			description: "Reports how many abort listeners its signal has",
			parameters: Type.Object({}),
			async execute(_id, _params, signal) {
				counts.push(signal ? getEventListeners(signal, "abort").length : -1);
				return { content: [{ type: "text", text: "counted" }], details: undefined };
			},
		};
		const warnings: string[] = [];
		const onWarning = (warning: Error) => warnings.push(warning.name);
		process.on("warning", onWarning);
		try {
			const agent = new Agent({ initialState: { model: mockChatModel(), tools: [countTool] }, apiKey: "test-key" });
			await agent.prompt("count the listeners");
			expect(agent.state.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "stop" });
		} finally {
			process.off("warning", onWarning);
		}
		expect(server.requests).toHaveLength(TOOL_CALLS + 1);
		expect(counts).toHaveLength(TOOL_CALLS);
		expect(counts[0]).toBeGreaterThanOrEqual(0);
		expect(counts).toEqual(Array(TOOL_CALLS).fill(counts[0]));
		expect(warnings).not.toContain("MaxListenersExceededWarning");
	});
});

describe("abort listeners through the proxy stream", () => {
	it("are removed after each relayed request that shares the caller's signal", async () => {
		const relay = createProxyHandler({ getApiKey: () => "test-key", resolveModel: () => mockChatModel() });
		const relayServer = createServer((request, response) => void relay(request, response));
		await new Promise<void>((resolve) => relayServer.listen(0, "127.0.0.1", resolve));
		try {
			const url = `http://127.0.0.1:${(relayServer.address() as AddressInfo).port}/llm`;
			const controller = new AbortController();
			const counts: number[] = [];
			for (let i = 0; i < 15; i++) {
				server.enqueue({ text: `relayed ${i}` });
				const message = await streamProxy(
					mockChatModel(),
					{ messages: [{ role: "user", content: "hi", timestamp: 0 }] },
					{ signal: controller.signal },
					{ url },
				).result();
				expect(message.stopReason).toBe("stop");
				counts.push(getEventListeners(controller.signal, "abort").length);
			}
			expect(counts).toEqual(Array(15).fill(0));
		} finally {
			relayServer.closeAllConnections();
			await new Promise((resolve) => relayServer.close(resolve));
		}
	});
});

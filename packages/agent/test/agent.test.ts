import type { AssistantMessage, Message } from "@pi/ai";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { AGENT_ERROR_TEXTS, Agent, type AgentMessage, type AgentTool, defaultConvertToLlm } from "../src/index.js";
import { deferred, echoTool, eventLog, textOf, useFaux } from "./helpers.js";

declare module "../src/types.js" {
	interface CustomAgentMessages {
		note: { role: "note"; text: string; timestamp: number };
	}
}

describe("Agent state", () => {
	it("tracks streaming, pending tool calls, the transcript and isStreaming", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "Checking.", toolCalls: [{ id: "A", name: "echo", arguments: { text: "x" } }] });
		faux.enqueue({ text: "Done." });
		const agent = new Agent({ initialState: { model: faux.model, tools: [echoTool()], systemPrompt: "Be terse." } });
		const seen: string[] = [];
		agent.subscribe((event) => {
			if (event.type === "message_update") {
				expect(agent.state.streamingMessage).toBe(event.message);
				expect(agent.state.isStreaming).toBe(true);
			}
			if (event.type === "message_end") {
				// The message is already in the transcript when listeners run (the persistence barrier).
				expect(agent.state.messages.at(-1)).toBe(event.message);
				if (event.message.role === "assistant") expect(agent.state.streamingMessage).toBeUndefined();
			}
			if (event.type === "tool_execution_start") seen.push(`pending ${[...agent.state.pendingToolCalls]}`);
			if (event.type === "tool_execution_end") seen.push(`pending ${[...agent.state.pendingToolCalls]}`);
		});
		const running = agent.prompt("hi");
		expect(agent.state.isStreaming).toBe(true);
		await running;
		expect(seen).toEqual(["pending A", "pending "]);
		expect(agent.state.isStreaming).toBe(false);
		expect(agent.state.messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		expect(faux.requests[0]!.context.systemPrompt).toBe("Be terse.");
		expect(faux.requests[0]!.context.tools?.map((t) => t.name)).toEqual(["echo"]);
	});

	it("prompt() while running is rejected with the exact text; waitForIdle resolves after the run", async () => {
		const faux = useFaux({ delayMs: 1 });
		faux.enqueue({ text: "a reply" });
		const agent = new Agent({ initialState: { model: faux.model } });
		const running = agent.prompt("one");
		await expect(agent.prompt("two")).rejects.toThrow(
			"Agent is already running; use steer() or followUp() to queue a message.",
		);
		await agent.waitForIdle();
		await running;
		expect(agent.state.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
	});

	it("prompt with images and with ready-made messages", async () => {
		const faux = useFaux({ fallback: { text: "ok" } });
		const agent = new Agent({ initialState: { model: faux.model } });
		const image = { type: "image" as const, data: "aGVsbG8=", mimeType: "image/png" };
		await agent.prompt("what is this?", [image]);
		expect(faux.requests[0]!.context.messages[0]).toMatchObject({
			role: "user",
			content: [{ type: "text", text: "what is this?" }, image],
		});
		await agent.prompt([
			{ role: "user", content: "first", timestamp: 1 },
			{ role: "user", content: "second", timestamp: 2 },
		]);
		expect(faux.requests[1]!.context.messages.slice(-2).map((m) => textOf(m))).toEqual(["first", "second"]);
	});

	it("a failed final message sets errorMessage; continue() retries after dropping it", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "Part", error: "503 overloaded", errorInfo: { status: 503, retryable: true } });
		faux.enqueue({ text: "Full answer." });
		const agent = new Agent({ initialState: { model: faux.model } });
		await agent.prompt("question");
		expect(agent.state.errorMessage).toBe("503 overloaded");
		const failed = agent.state.messages.at(-1) as AssistantMessage;
		expect(failed).toMatchObject({ stopReason: "error", content: [{ type: "text", text: "Part" }] });

		await expect(agent.continue()).rejects.toThrow(AGENT_ERROR_TEXTS.continueAfterAssistant);
		agent.replaceMessages(agent.state.messages.slice(0, -1));
		await agent.continue();
		expect(agent.state.errorMessage).toBeUndefined();
		expect(agent.state.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
		expect(textOf(agent.state.messages[1]!)).toBe("Full answer.");
	});

	it("continue() is rejected on an empty transcript, and uses a queued message after an assistant message", async () => {
		const faux = useFaux({ fallback: { text: "ok" } });
		const agent = new Agent({ initialState: { model: faux.model } });
		await expect(agent.continue()).rejects.toThrow("Cannot continue: the transcript is empty. Send a prompt first.");
		await agent.prompt("hi");
		agent.followUp("one more thing");
		const log = eventLog();
		agent.subscribe(log.sink);
		await agent.continue();
		expect(log.labels().slice(0, 5)).toEqual([
			"agent_start",
			"turn_start",
			"message_start user one more thing",
			"message_end user one more thing",
			"message_start assistant",
		]);
	});

	it("a run without a model is rejected with a clear message", async () => {
		await expect(new Agent().prompt("hi")).rejects.toThrow(AGENT_ERROR_TEXTS.noModel);
	});

	it("getApiKey is resolved per LLM call; thinking level maps to reasoning (off sends none); stream options pass through", async () => {
		const faux = useFaux();
		faux.enqueue({ toolCalls: [{ id: "A", name: "echo", arguments: { text: "x" } }] }, { text: "ok" }, { text: "ok" });
		let calls = 0;
		const agent = new Agent({
			initialState: { model: faux.model, tools: [echoTool()], thinkingLevel: "high" },
			getApiKey: async (provider) => `${provider}-key-${++calls}`,
			sessionId: "session-1",
			thinkingBudgets: { high: 4096 },
		});
		await agent.prompt("go");
		expect(faux.requests.map((r) => r.options.apiKey)).toEqual(["faux-key-1", "faux-key-2"]);
		expect(faux.requests[0]!.options).toMatchObject({
			reasoning: "high",
			sessionId: "session-1",
			thinkingBudgets: { high: 4096 },
		});
		expect(faux.requests[0]!.options.signal).toBeInstanceOf(AbortSignal);
		agent.setThinkingLevel("off");
		agent.sessionId = "session-2";
		await agent.prompt("again");
		expect("reasoning" in faux.requests[2]!.options).toBe(false);
		expect(faux.requests[2]!.options.sessionId).toBe("session-2");
	});

	it("a custom streamFn replaces streamSimple", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "via custom" });
		const { streamSimple } = await import("@pi/ai");
		const seen: string[] = [];
		const agent = new Agent({
			initialState: { model: faux.model },
			streamFn: (model, context, options) => {
				seen.push(model.id);
				return streamSimple(model, context, options);
			},
		});
		await agent.prompt("hi");
		expect(seen).toEqual(["faux-model"]);
		expect(textOf(agent.state.messages[1]!)).toBe("via custom");
	});

	it("reset() clears transcript, queues and error", async () => {
		const faux = useFaux();
		faux.enqueue({ error: "nope" });
		const agent = new Agent({ initialState: { model: faux.model } });
		await agent.prompt("hi");
		agent.steer("queued");
		agent.reset();
		expect(agent.state.messages).toEqual([]);
		expect(agent.state.errorMessage).toBeUndefined();
		expect(agent.hasQueuedMessages()).toBe(false);
	});
});

it("reset() during a run aborts it and keeps the aborted message out of the cleared transcript", async () => {
	const faux = useFaux({ delayMs: 1 });
	faux.enqueue({ text: "a reply that is long enough to be interrupted" });
	const agent = new Agent({ initialState: { model: faux.model } });
	let updates = 0;
	agent.subscribe((event) => {
		if (event.type === "message_update" && ++updates === 2) agent.reset();
	});
	await agent.prompt("hi");
	expect(agent.state.messages).toEqual([]);
	expect(agent.state.isStreaming).toBe(false);
});

describe("abort (events.md §2.6)", () => {
	it("while streaming: the partial message is kept with stopReason aborted and the run ends", async () => {
		const faux = useFaux({ chunkSize: 2, delayMs: 2 });
		faux.enqueue({ text: "This is a long answer that will be cut short by the user pressing escape." });
		const agent = new Agent({ initialState: { model: faux.model } });
		const log = eventLog();
		agent.subscribe(log.sink);
		let updates = 0;
		agent.subscribe((event) => {
			if (event.type === "message_update" && ++updates === 3) agent.abort();
		});
		await agent.prompt("talk");
		const final = agent.state.messages.at(-1) as AssistantMessage;
		expect(final.stopReason).toBe("aborted");
		expect(final.errorMessage).toBe("Request was aborted");
		expect(textOf(final).length).toBeGreaterThan(0);
		expect(textOf(final).length).toBeLessThan(20);
		expect(agent.state.errorMessage).toBe("Request was aborted");
		expect(log.labels().slice(-3)).toEqual(["message_end assistant(aborted)", "turn_end aborted []", "agent_end"]);
	});

	it("while a tool runs: the tool sees the signal, the batch finalises, no further LLM request", async () => {
		const faux = useFaux();
		faux.enqueue({ toolCalls: [{ id: "A", name: "wait", arguments: {} }] });
		faux.enqueue({ text: "must not be requested" });
		const started = deferred();
		const waitTool: AgentTool<any> = {
			...echoTool("wait"),
			parameters: Type.Object({}),
			execute: (_id, _params, signal) =>
				new Promise((_resolve, reject) => {
					started.resolve();
					signal?.addEventListener("abort", () => reject(new Error("Command aborted")), { once: true });
				}),
		};
		const agent = new Agent({ initialState: { model: faux.model, tools: [waitTool] } });
		const log = eventLog();
		agent.subscribe(log.sink);
		const running = agent.prompt("wait forever");
		await started.promise;
		agent.steer("queued meanwhile");
		agent.abort();
		await running;
		expect(faux.requests).toHaveLength(1);
		expect(log.labels().slice(-6)).toEqual([
			"tool_execution_start A",
			"tool_execution_end A",
			"message_start toolResult A error",
			"message_end toolResult A error",
			"turn_end toolUse [A]",
			"agent_end",
		]);
		expect(textOf(agent.state.messages.at(-1)!)).toBe("Command aborted");
		// Queues are not polled after an abort: the steering message waits for the next run.
		expect(agent.getQueuedMessages().steering.map((m) => textOf(m))).toEqual(["queued meanwhile"]);
	});

	it("before the LLM call: the stream sees the fired signal and the run ends with an aborted message", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "unused" });
		let agent!: Agent;
		agent = new Agent({
			initialState: { model: faux.model },
			transformContext: async (messages) => {
				agent.abort();
				return messages;
			},
		});
		const log = eventLog();
		agent.subscribe(log.sink);
		await agent.prompt("hi");
		expect(faux.requests).toHaveLength(0);
		expect(agent.state.messages.at(-1)).toMatchObject({ stopReason: "aborted", content: [] });
		expect(log.labels().slice(-4)).toEqual([
			"message_start assistant",
			"message_end assistant(aborted)",
			"turn_end aborted []",
			"agent_end",
		]);
	});
});

describe("custom messages", () => {
	const note: AgentMessage = { role: "note", text: "The user prefers tabs.", timestamp: 1 };

	it("the default convertToLlm leaves them out of the LLM context but keeps them in the transcript", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "ok" });
		const agent = new Agent({ initialState: { model: faux.model, messages: [note] } });
		await agent.prompt("format this");
		expect(faux.requests[0]!.context.messages.map((m) => m.role)).toEqual(["user"]);
		expect(agent.state.messages.map((m) => m.role)).toEqual(["note", "user", "assistant"]);
		expect(defaultConvertToLlm([note])).toEqual([]);
	});

	it("a custom convertToLlm turns them into user messages; transformContext runs before it", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "ok" });
		const agent = new Agent({
			initialState: { model: faux.model, messages: [note, note] },
			transformContext: async (messages) => messages.slice(1),
			convertToLlm: (messages): Message[] =>
				messages.map((m) =>
					m.role === "note" ? { role: "user", content: `[note] ${m.text}`, timestamp: m.timestamp } : m,
				),
		});
		await agent.prompt({ role: "note", text: "Also: no semicolons.", timestamp: 2 });
		expect(faux.requests[0]!.context.messages.map((m) => textOf(m))).toEqual([
			"[note] The user prefers tabs.",
			"[note] Also: no semicolons.",
		]);
	});
});

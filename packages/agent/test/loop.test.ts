import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import {
	Agent,
	type AgentEvent,
	type AgentTool,
	agentLoop,
	defaultConvertToLlm,
	runAgentLoop,
	runAgentLoopContinue,
} from "../src/index.js";
import { deferred, echoTool, eventLog, labelEvents, useFaux } from "./helpers.js";

function agentWith(faux: ReturnType<typeof useFaux>, tools: AgentTool<any, any>[] = []) {
	const agent = new Agent({ initialState: { model: faux.model, tools } });
	const log = eventLog();
	agent.subscribe(log.sink);
	return { agent, log };
}

describe("event order (events.md §2.7, §2.8)", () => {
	it("a prompt without tool calls", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "Hello there, how can I help?" });
		const { agent, log } = agentWith(faux);
		await agent.prompt("hi");
		expect(log.labels()).toEqual([
			"agent_start",
			"turn_start",
			"message_start user hi",
			"message_end user hi",
			"message_start assistant",
			"message_update…",
			"message_end assistant(stop)",
			"turn_end stop []",
			"agent_end",
		]);
		const end = log.events.at(-1) as Extract<AgentEvent, { type: "agent_end" }>;
		expect(end.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
	});

	it("one message_update per stream event other than start/done/error, with a stable snapshot", async () => {
		const faux = useFaux({ chunkSize: 4 });
		faux.enqueue({
			thinking: "think hard",
			text: "abcdefghij",
			toolCalls: [{ id: "A", name: "echo", arguments: { text: "x" } }],
		});
		faux.enqueue({ text: "ok" });
		const { agent, log } = agentWith(faux, [echoTool()]);
		const streamed: string[] = [];
		agent.subscribe(async (event) => {
			if (event.type === "message_update" && streamed.length < 100) {
				const before = JSON.stringify(event.message);
				await new Promise((resolve) => setTimeout(resolve, 1));
				// The provider keeps streaming meanwhile; the event's message must not change under the listener.
				expect(JSON.stringify(event.message)).toBe(before);
				streamed.push(event.assistantMessageEvent.type);
			}
		});
		await agent.prompt("go");
		const firstTurn = log.events.slice(
			0,
			log.events.findIndex((e) => e.type === "message_end" && e.message.role === "assistant"),
		);
		const updates = firstTurn.filter((e) => e.type === "message_update").map((e) => e.assistantMessageEvent.type);
		// thinking: start, 3 deltas (4+4+2), end; text: start, 3 deltas, end; tool call: start, deltas, end
		expect(updates.slice(0, 10)).toEqual([
			"thinking_start",
			"thinking_delta",
			"thinking_delta",
			"thinking_delta",
			"thinking_end",
			"text_start",
			"text_delta",
			"text_delta",
			"text_delta",
			"text_end",
		]);
		expect(updates.at(-1)).toBe("toolcall_end");
		expect(updates).not.toContain("start");
		const start = firstTurn.find((e) => e.type === "message_start" && e.message.role === "assistant");
		expect(start?.type === "message_start" && "content" in start.message && start.message.content).toEqual([]);
	});

	it("one tool call, parallel mode (§2.7)", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "Let me echo.", toolCalls: [{ id: "A", name: "echo", arguments: { text: "one" } }] });
		faux.enqueue({ text: "Done." });
		const { agent, log } = agentWith(faux, [echoTool()]);
		await agent.prompt("echo one");
		expect(log.labels()).toEqual([
			"agent_start",
			"turn_start",
			"message_start user echo one",
			"message_end user echo one",
			"message_start assistant",
			"message_update…",
			"message_end assistant(toolUse)",
			"tool_execution_start A",
			"tool_execution_end A",
			"message_start toolResult A",
			"message_end toolResult A",
			"turn_end toolUse [A]",
			"turn_start",
			"message_start assistant",
			"message_update…",
			"message_end assistant(stop)",
			"turn_end stop []",
			"agent_end",
		]);
		const end = log.events.at(-1) as Extract<AgentEvent, { type: "agent_end" }>;
		expect(end.messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		expect(agent.state.messages).toEqual(end.messages);
	});

	it("two tool calls, parallel, B finishes first: ends in completion order, results in source order (§2.8)", async () => {
		const faux = useFaux();
		const bDone = deferred();
		faux.enqueue({
			toolCalls: [
				{ id: "A", name: "slow", arguments: { text: "a" } },
				{ id: "B", name: "fast", arguments: { text: "b" } },
			],
		});
		faux.enqueue({ text: "Both done." });
		const fast = echoTool("fast");
		const original = fast.execute;
		fast.execute = async (...args) => {
			const result = await original(...args);
			bDone.resolve();
			return result;
		};
		const { agent, log } = agentWith(faux, [echoTool("slow", { gate: bDone.promise }), fast]);
		await agent.prompt("both");
		expect(log.labels().slice(6, 15)).toEqual([
			"message_end assistant(toolUse)",
			"tool_execution_start A",
			"tool_execution_start B",
			"tool_execution_end B",
			"tool_execution_end A",
			"message_start toolResult A",
			"message_end toolResult A",
			"message_start toolResult B",
			"message_end toolResult B",
		]);
		expect(log.labels()[15]).toBe("turn_end toolUse [A,B]");
		expect(log.labels().slice(16)).toEqual([
			"turn_start",
			"message_start assistant",
			"message_update…",
			"message_end assistant(stop)",
			"turn_end stop []",
			"agent_end",
		]);
	});

	it("two tool calls, parallel, B fails preparation: its end comes before A executes", async () => {
		const faux = useFaux();
		const order: string[] = [];
		faux.enqueue({
			toolCalls: [
				{ id: "A", name: "echo", arguments: { text: "a" } },
				{ id: "B", name: "missing", arguments: {} },
			],
		});
		faux.enqueue({ text: "ok" });
		const { agent, log } = agentWith(faux, [echoTool("echo", { onRun: () => order.push("A runs") })]);
		agent.subscribe((event) => {
			if (event.type.startsWith("tool_execution")) order.push(labelEvents([event])[0]!);
		});
		await agent.prompt("go");
		expect(order).toEqual([
			"tool_execution_start A",
			"tool_execution_start B",
			"tool_execution_end B",
			"A runs",
			"tool_execution_end A",
		]);
		expect(log.labels()).toEqual([
			"agent_start",
			"turn_start",
			"message_start user go",
			"message_end user go",
			"message_start assistant",
			"message_update…",
			"message_end assistant(toolUse)",
			"tool_execution_start A",
			"tool_execution_start B",
			"tool_execution_end B",
			"tool_execution_end A",
			"message_start toolResult A",
			"message_end toolResult A",
			"message_start toolResult B error",
			"message_end toolResult B error",
			"turn_end toolUse [A,B]",
			"turn_start",
			"message_start assistant",
			"message_update…",
			"message_end assistant(stop)",
			"turn_end stop []",
			"agent_end",
		]);
	});

	it("two tool calls, sequential mode: prepare, execute, end, result message, then the next call", async () => {
		const faux = useFaux();
		faux.enqueue({
			toolCalls: [
				{ id: "A", name: "echo", arguments: { text: "a" } },
				{ id: "B", name: "echo", arguments: { text: "b" } },
			],
		});
		faux.enqueue({ text: "ok" });
		const { agent, log } = agentWith(faux, [echoTool()]);
		agent.toolExecution = "sequential";
		await agent.prompt("go");
		expect(log.labels()).toEqual([
			"agent_start",
			"turn_start",
			"message_start user go",
			"message_end user go",
			"message_start assistant",
			"message_update…",
			"message_end assistant(toolUse)",
			"tool_execution_start A",
			"tool_execution_end A",
			"message_start toolResult A",
			"message_end toolResult A",
			"tool_execution_start B",
			"tool_execution_end B",
			"message_start toolResult B",
			"message_end toolResult B",
			"turn_end toolUse [A,B]",
			"turn_start",
			"message_start assistant",
			"message_update…",
			"message_end assistant(stop)",
			"turn_end stop []",
			"agent_end",
		]);
	});

	it("a tool marked sequential makes its whole batch sequential", async () => {
		const faux = useFaux();
		let running = 0;
		let maxRunning = 0;
		const tracked = (name: string, executionMode?: "sequential"): AgentTool<any> => ({
			...echoTool(name, { executionMode }),
			async execute() {
				running++;
				maxRunning = Math.max(maxRunning, running);
				await new Promise((resolve) => setTimeout(resolve, 2));
				running--;
				return { content: [{ type: "text", text: name }] };
			},
		});
		faux.enqueue({
			toolCalls: [
				{ id: "A", name: "a", arguments: { text: "a" } },
				{ id: "B", name: "b", arguments: { text: "b" } },
			],
		});
		faux.enqueue({ text: "ok" });
		const { agent, log } = agentWith(faux, [tracked("a"), tracked("b", "sequential")]);
		await agent.prompt("go");
		expect(maxRunning).toBe(1);
		expect(log.labels()).toContain("message_end toolResult A");
		expect(log.labels().indexOf("tool_execution_start B")).toBeGreaterThan(
			log.labels().indexOf("message_end toolResult A"),
		);
	});

	it("tool_execution_update carries accumulated partial results", async () => {
		const faux = useFaux();
		const progress: AgentTool<any> = {
			name: "progress",
			label: "Progress",
			description: "Reports progress",
			parameters: Type.Object({}),
			async execute(_id, _params, _signal, onUpdate) {
				onUpdate?.({ content: [{ type: "text", text: "1" }] });
				onUpdate?.({ content: [{ type: "text", text: "12" }] });
				return { content: [{ type: "text", text: "123" }] };
			},
		};
		faux.enqueue({ toolCalls: [{ id: "P", name: "progress", arguments: {} }] });
		faux.enqueue({ text: "ok" });
		const { agent, log } = agentWith(faux, [progress]);
		await agent.prompt("go");
		const toolEvents = log.events.filter((e) => e.type.startsWith("tool_execution"));
		expect(
			toolEvents.map((e) =>
				e.type === "tool_execution_update" ? `update ${(e.partialResult.content[0] as { text: string }).text}` : e.type,
			),
		).toEqual(["tool_execution_start", "update 1", "update 12", "tool_execution_end"]);
	});
});

describe("low-level loop", () => {
	it("agentLoop streams the same events and resolves with the new messages; the context is untouched", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "hi" });
		const context = { systemPrompt: "Be brief.", messages: [] };
		const stream = agentLoop([{ role: "user", content: "hello", timestamp: 1 }], context, {
			model: faux.model,
			convertToLlm: defaultConvertToLlm,
		});
		const types: string[] = [];
		for await (const event of stream) types.push(event.type);
		expect(types[0]).toBe("agent_start");
		expect(types.at(-1)).toBe("agent_end");
		const messages = await stream.result();
		expect(messages.map((m) => m.role)).toEqual(["user", "assistant"]);
		expect(context.messages).toEqual([]);
		expect(faux.requests[0]!.context.systemPrompt).toBe("Be brief.");
	});

	it("runAgentLoop awaits the sink: no event is produced while a listener is pending", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "a fairly long reply streamed in many chunks" });
		let pending = false;
		let overlapped = false;
		await runAgentLoop(
			[{ role: "user", content: "x", timestamp: 1 }],
			{ systemPrompt: "", messages: [] },
			{ model: faux.model, convertToLlm: defaultConvertToLlm },
			async () => {
				if (pending) overlapped = true;
				pending = true;
				await new Promise((resolve) => setTimeout(resolve, 1));
				pending = false;
			},
		);
		expect(overlapped).toBe(false);
	});

	it("runAgentLoopContinue answers the last user message without emitting a prompt", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "answer" });
		const log = eventLog();
		const added = await runAgentLoopContinue(
			{ systemPrompt: "", messages: [{ role: "user", content: "question", timestamp: 1 }] },
			{ model: faux.model, convertToLlm: defaultConvertToLlm },
			log.sink,
		);
		expect(log.labels()).toEqual([
			"agent_start",
			"turn_start",
			"message_start assistant",
			"message_update…",
			"message_end assistant(stop)",
			"turn_end stop []",
			"agent_end",
		]);
		expect(added.map((m) => m.role)).toEqual(["assistant"]);
	});

	it("a stream that errors without start gets message_start and message_end back to back", async () => {
		const faux = useFaux();
		const log = eventLog();
		// No queued reply: the faux provider fails before starting.
		await runAgentLoop(
			[{ role: "user", content: "x", timestamp: 1 }],
			{ systemPrompt: "", messages: [] },
			{ model: faux.model, convertToLlm: defaultConvertToLlm },
			log.sink,
		);
		expect(log.labels().slice(4)).toEqual([
			"message_start assistant",
			"message_end assistant(error)",
			"turn_end error []",
			"agent_end",
		]);
		const start = log.events[4] as Extract<AgentEvent, { type: "message_start" }>;
		expect(start.message).toMatchObject({ stopReason: "error", errorMessage: "Faux provider has no queued response" });
	});
});

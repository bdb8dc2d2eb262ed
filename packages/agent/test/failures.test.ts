import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { Agent, type AgentOptions, type AgentTool } from "../src/index.js";
import { echoTool, eventLog, useFaux } from "./helpers.js";

/** The synthetic ending of a run that hit a contract violation (events.md §2.2). */
const SYNTHETIC_END = ["message_start assistant", "message_end assistant(error)", "turn_end error []", "agent_end"];

async function runWith(options: Partial<AgentOptions>, setup?: (agent: Agent) => void) {
	const faux = useFaux({ fallback: { text: "fine" } });
	faux.enqueue({ toolCalls: [{ id: "A", name: "echo", arguments: { text: "x" } }] });
	const agent = new Agent({ initialState: { model: faux.model, tools: [echoTool()] }, ...options });
	const log = eventLog();
	agent.subscribe(log.sink);
	setup?.(agent);
	await agent.prompt("go");
	return { agent, log, faux };
}

function boom(message: string): never {
	throw new Error(message);
}

describe("contract violations end the run with exactly one agent_end", () => {
	const cases: [string, Partial<AgentOptions>][] = [
		["convertToLlm", { convertToLlm: () => boom("convert failed") }],
		["transformContext", { transformContext: async () => boom("transform failed") }],
		["getApiKey", { getApiKey: () => boom("keychain locked") }],
		["streamFn throwing", { streamFn: () => boom("stream failed") }],
		["streamFn rejecting", { streamFn: async () => boom("stream rejected") }],
		["shouldStopAfterTurn", { shouldStopAfterTurn: async () => boom("stop check failed") }],
	];
	for (const [name, options] of cases) {
		it(name, async () => {
			const { agent, log } = await runWith(options);
			expect(log.labels().slice(-4)).toEqual(SYNTHETIC_END);
			expect(log.events.filter((e) => e.type === "agent_end")).toHaveLength(1);
			const last = agent.state.messages.at(-1)!;
			expect(last).toMatchObject({
				role: "assistant",
				content: [{ type: "text", text: "" }],
				stopReason: "error",
				usage: { totalTokens: 0 },
			});
			expect(agent.state.errorMessage).toMatch(/failed|rejected|locked/);
			expect(agent.state.isStreaming).toBe(false);
		});
	}

	it("shouldStopAfterTurn: the synthetic message follows the completed turn", async () => {
		const { log } = await runWith({ shouldStopAfterTurn: () => boom("stop check failed") });
		expect(log.labels().slice(-5)).toEqual(["turn_end toolUse [A]", ...SYNTHETIC_END]);
	});

	it("a throwing listener", async () => {
		const { agent, log } = await runWith({}, (agent) => {
			agent.subscribe((event) => {
				if (event.type === "tool_execution_start") throw new Error("listener crashed");
			});
		});
		expect(log.labels().slice(-4)).toEqual(SYNTHETIC_END);
		expect(agent.state.errorMessage).toBe("listener crashed");
		// Every listener still saw the event that failed.
		expect(log.labels()).toContain("tool_execution_start A");
	});

	it("a listener throwing on every event, including agent_end", async () => {
		const { agent, log } = await runWith({}, (agent) => {
			agent.subscribe(() => {
				throw new Error("always");
			});
		});
		expect(log.labels()).toEqual([
			"agent_start",
			"message_start assistant",
			"message_end assistant(error)",
			"turn_end error []",
			"agent_end",
		]);
		expect(agent.state.isStreaming).toBe(false);
	});

	it("a listener throwing on tool_execution_update in a parallel batch", async () => {
		const progress: AgentTool<any> = {
			...echoTool("progress"),
			parameters: Type.Object({}),
			async execute(_id, _params, _signal, onUpdate) {
				onUpdate?.({ content: [{ type: "text", text: "50%" }] });
				return { content: [{ type: "text", text: "done" }] };
			},
		};
		const faux = useFaux();
		faux.enqueue({
			toolCalls: [
				{ id: "A", name: "progress", arguments: {} },
				{ id: "B", name: "progress", arguments: {} },
			],
		});
		const agent = new Agent({ initialState: { model: faux.model, tools: [progress] } });
		const log = eventLog();
		agent.subscribe(log.sink);
		agent.subscribe((event) => {
			if (event.type === "tool_execution_update") throw new Error("render failed");
		});
		await agent.prompt("go");
		expect(log.labels().slice(-4)).toEqual(SYNTHETIC_END);
		expect(log.events.filter((e) => e.type === "agent_end")).toHaveLength(1);
		expect(faux.requests).toHaveLength(1);
	});

	it("aborted before the failure: the synthetic message says aborted", async () => {
		let agent!: Agent;
		const result = await runWith(
			{
				transformContext: async () => {
					agent.abort();
					throw new Error("transform interrupted");
				},
			},
			(created) => {
				agent = created;
			},
		);
		expect(result.agent.state.messages.at(-1)).toMatchObject({
			stopReason: "aborted",
			errorMessage: "transform interrupted",
		});
		expect(result.log.labels().slice(-3)).toEqual([
			"message_end assistant(aborted)",
			"turn_end aborted []",
			"agent_end",
		]);
	});

	it("the agent is usable again after a failed run", async () => {
		const { agent, faux } = await runWith({ getApiKey: () => boom("keychain locked") });
		agent.getApiKey = () => "ok";
		await agent.prompt("again");
		expect(faux.requests.at(-1)!.options.apiKey).toBe("ok");
		expect(agent.state.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "stop" });
	});
});

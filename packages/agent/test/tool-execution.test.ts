import type { Context, ToolResultMessage } from "@pi/ai";
import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { Agent, type AgentEvent, type AgentTool, type AgentToolResult } from "../src/index.js";
import { echoTool, eventLog, useFaux } from "./helpers.js";

const countParameters = Type.Object({ text: Type.String(), count: Type.Optional(Type.Number()) });

function countTool(overrides: Partial<AgentTool<typeof countParameters>> = {}): AgentTool<typeof countParameters> {
	return {
		name: "count",
		label: "Count",
		description: "Repeats text",
		parameters: countParameters,
		async execute(_id, params) {
			return { content: [{ type: "text", text: params.text.repeat(params.count ?? 1) }] };
		},
		...overrides,
	};
}

/** The toolResult messages the model received in request `index`. */
function toolResultsSent(context: Context): ToolResultMessage[] {
	return context.messages.filter((m): m is ToolResultMessage => m.role === "toolResult");
}

function resultText(message: { content: ToolResultMessage["content"] }): string {
	return message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

async function runOneCall(
	tools: AgentTool<any, any>[],
	call: { name: string; arguments: Record<string, unknown> },
	configure?: (agent: Agent) => void,
) {
	const faux = useFaux();
	faux.enqueue({ toolCalls: [{ id: "call_1", ...call }] });
	faux.enqueue({ text: "Noted." });
	const agent = new Agent({ initialState: { model: faux.model, tools } });
	configure?.(agent);
	const log = eventLog();
	agent.subscribe(log.sink);
	await agent.prompt("go");
	const end = log.events.find((e) => e.type === "tool_execution_end") as Extract<
		AgentEvent,
		{ type: "tool_execution_end" }
	>;
	const sent = toolResultsSent(faux.requests[1]!.context)[0]!;
	return { faux, agent, log, end, sent };
}

describe("tool failures become error results the model sees (events.md §2.4)", () => {
	it("unknown tool", async () => {
		const { end, sent } = await runOneCall([echoTool(), countTool()], { name: "nope", arguments: {} });
		expect(end.isError).toBe(true);
		expect(resultText(sent)).toBe('Tool "nope" is not available. Available tools: echo, count.');
		expect(sent.isError).toBe(true);
	});

	it("invalid arguments: exact message in the next request, and the model recovers on the next turn", async () => {
		const faux = useFaux();
		faux.enqueue({ toolCalls: [{ id: "bad", name: "count", arguments: { text: "a", count: "many" } }] });
		faux.enqueue({ toolCalls: [{ id: "good", name: "count", arguments: { text: "ab", count: "2" } }] });
		faux.enqueue({ text: "abab it is." });
		const agent = new Agent({ initialState: { model: faux.model, tools: [countTool()] } });
		await agent.prompt("repeat");
		const [first] = toolResultsSent(faux.requests[1]!.context);
		expect(first!.isError).toBe(true);
		expect(resultText(first!)).toBe(
			[
				'Invalid arguments for tool "count":',
				"  - count: Expected number",
				"Received arguments:",
				"{",
				'  "text": "a",',
				'  "count": "many"',
				"}",
			].join("\n"),
		);
		// "2" is coerced to 2: the corrected call succeeds.
		const second = toolResultsSent(faux.requests[2]!.context)[1]!;
		expect(second).toMatchObject({ toolCallId: "good", isError: false });
		expect(resultText(second)).toBe("abab");
		expect(agent.state.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "stop" });
	});

	it("a thrown Error: its message is the text, an own details property the details", async () => {
		class ToolFailure extends Error {
			constructor(
				message: string,
				readonly details: unknown,
			) {
				super(message);
			}
		}
		const withDetails = await runOneCall(
			[
				countTool({
					execute: async () => {
						throw new ToolFailure("File not found: a.txt", { path: "a.txt" });
					},
				}),
			],
			{ name: "count", arguments: { text: "x" } },
		);
		expect(withDetails.end.result).toEqual({
			content: [{ type: "text", text: "File not found: a.txt" }],
			details: { path: "a.txt" },
		});
		expect(resultText(withDetails.sent)).toBe("File not found: a.txt");
		expect(withDetails.agent.state.messages[2]).toMatchObject({ details: { path: "a.txt" }, isError: true });

		const plain = await runOneCall(
			[
				countTool({
					execute: async () => {
						throw new Error("boom");
					},
				}),
			],
			{ name: "count", arguments: { text: "x" } },
		);
		expect(plain.end.result).toEqual({ content: [{ type: "text", text: "boom" }], details: {} });
	});

	it("prepareArguments maps legacy argument names before validation", async () => {
		const { sent } = await runOneCall(
			[
				countTool({
					prepareArguments: (raw) => ("value" in raw ? { text: raw.value, count: raw.count } : raw),
				}),
			],
			{ name: "count", arguments: { value: "hi", count: 3 } },
		);
		expect(sent.isError).toBe(false);
		expect(resultText(sent)).toBe("hihihi");
	});

	it("beforeToolCall blocks with and without a reason, and a throwing hook", async () => {
		let executed = 0;
		const tool = countTool({
			execute: async () => {
				executed++;
				return { content: [] };
			},
		});
		const call = { name: "count", arguments: { text: "x", count: "2" } };
		let seenArgs: unknown;
		const reason = await runOneCall([tool], call, (agent) => {
			agent.beforeToolCall = ({ args }) => {
				seenArgs = args;
				return { block: true, reason: "writes are disabled in plan mode" };
			};
		});
		expect(seenArgs).toEqual({ text: "x", count: 2 });
		expect(resultText(reason.sent)).toBe("Tool call blocked: writes are disabled in plan mode");
		const bare = await runOneCall([tool], call, (agent) => {
			agent.beforeToolCall = () => ({ block: true });
		});
		expect(resultText(bare.sent)).toBe("Tool call blocked.");
		const thrown = await runOneCall([tool], call, (agent) => {
			agent.beforeToolCall = () => {
				throw new Error("policy service unavailable");
			};
		});
		expect(resultText(thrown.sent)).toBe("policy service unavailable");
		expect(thrown.sent.isError).toBe(true);
		expect(thrown.log.events.filter((e) => e.type === "agent_end")).toHaveLength(1);
		expect(executed).toBe(0);
	});

	it("afterToolCall overrides field by field; a throwing hook turns the result into an error", async () => {
		const tool = countTool({
			execute: async () => ({ content: [{ type: "text", text: "original" }], details: { kept: true } }),
		});
		const call = { name: "count", arguments: { text: "x" } };
		const overridden = await runOneCall([tool], call, (agent) => {
			agent.afterToolCall = ({ result, isError }) => {
				expect(isError).toBe(false);
				expect(result.details).toEqual({ kept: true });
				return { content: [{ type: "text", text: "redacted" }], isError: true };
			};
		});
		expect(overridden.end).toMatchObject({
			isError: true,
			result: { content: [{ type: "text", text: "redacted" }], details: { kept: true } },
		});
		expect(overridden.sent).toMatchObject({ isError: true, details: { kept: true } });

		const thrown = await runOneCall([tool], call, (agent) => {
			agent.afterToolCall = () => {
				throw new Error("audit log full");
			};
		});
		expect(thrown.end.isError).toBe(true);
		expect(resultText(thrown.sent)).toBe("audit log full");
	});

	it("terminate: the run ends after the turn when every result asks for it", async () => {
		const faux = useFaux();
		const finish: AgentTool<any> = {
			...echoTool("finish"),
			execute: async (): Promise<AgentToolResult> => ({ content: [{ type: "text", text: "bye" }], terminate: true }),
		};
		faux.enqueue({ toolCalls: [{ id: "T", name: "finish", arguments: { text: "x" } }] });
		const agent = new Agent({ initialState: { model: faux.model, tools: [finish, echoTool()] } });
		const log = eventLog();
		agent.subscribe(log.sink);
		await agent.prompt("go");
		expect(faux.requests).toHaveLength(1);
		expect(log.labels().slice(-2)).toEqual(["turn_end toolUse [T]", "agent_end"]);

		// A mixed batch (one result without terminate) keeps going.
		faux.enqueue({
			toolCalls: [
				{ id: "T2", name: "finish", arguments: { text: "x" } },
				{ id: "E", name: "echo", arguments: { text: "y" } },
			],
		});
		faux.enqueue({ text: "continued" });
		await agent.prompt("again");
		expect(faux.requests).toHaveLength(3);
		expect(agent.state.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "stop" });
	});
});

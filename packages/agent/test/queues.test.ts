import { describe, expect, it } from "vitest";
import { Agent, type AgentEvent, type AgentTool } from "../src/index.js";
import { echoTool, eventLog, textOf, useFaux } from "./helpers.js";

/** A tool that runs `during` while it executes (e.g. queueing a message). */
function toolDuring(name: string, during: () => void): AgentTool<any> {
	const base = echoTool(name);
	return {
		...base,
		async execute(id, params, signal, onUpdate) {
			during();
			return base.execute(id, params, signal, onUpdate);
		},
	};
}

function agentEnd(events: AgentEvent[]) {
	return events.find((e) => e.type === "agent_end") as Extract<AgentEvent, { type: "agent_end" }>;
}

describe("steering (events.md §2.5)", () => {
	it("a message steered during a tool run is injected after that turn; no tool call is skipped", async () => {
		const faux = useFaux();
		faux.enqueue({
			toolCalls: [
				{ id: "A", name: "a", arguments: { text: "1" } },
				{ id: "B", name: "b", arguments: { text: "2" } },
			],
		});
		faux.enqueue({ text: "Switching to tabs." });
		let agent!: Agent;
		const ran: string[] = [];
		const tools = [
			toolDuring("a", () => {
				ran.push("a");
				agent.steer("use tabs");
			}),
			toolDuring("b", () => ran.push("b")),
		];
		agent = new Agent({ initialState: { model: faux.model, tools } });
		const log = eventLog();
		agent.subscribe(log.sink);
		await agent.prompt("format the files");
		expect(ran).toEqual(["a", "b"]);
		const labels = log.labels();
		const turnEnd = labels.indexOf("turn_end toolUse [A,B]");
		expect(labels.slice(turnEnd, turnEnd + 5)).toEqual([
			"turn_end toolUse [A,B]",
			"turn_start",
			"message_start user use tabs",
			"message_end user use tabs",
			"message_start assistant",
		]);
		expect(agentEnd(log.events).messages.map((m) => (m.role === "user" ? `user ${textOf(m)}` : m.role))).toEqual([
			"user format the files",
			"assistant",
			"toolResult",
			"toolResult",
			"user use tabs",
			"assistant",
		]);
		// The steered message reached the model in the second request.
		expect(faux.requests[1]!.context.messages.at(-1)).toMatchObject({ role: "user" });
		expect(textOf(faux.requests[1]!.context.messages.at(-1)!)).toBe("use tabs");
	});

	it("a message queued before the run is delivered right after the prompt, in the first turn", async () => {
		const faux = useFaux();
		faux.enqueue({ text: "ok" });
		const agent = new Agent({ initialState: { model: faux.model } });
		const log = eventLog();
		agent.subscribe(log.sink);
		agent.steer("and be brief");
		await agent.prompt("explain monads");
		expect(log.labels().slice(0, 7)).toEqual([
			"agent_start",
			"turn_start",
			"message_start user explain monads",
			"message_end user explain monads",
			"message_start user and be brief",
			"message_end user and be brief",
			"message_start assistant",
		]);
		expect(faux.requests).toHaveLength(1);
	});

	it("one-at-a-time delivers one steering message per turn; all delivers the whole queue", async () => {
		for (const mode of ["one-at-a-time", "all"] as const) {
			const faux = useFaux();
			faux.enqueue({ text: "first" }, { text: "second" }, { text: "third" });
			const agent = new Agent({ initialState: { model: faux.model }, steeringMode: mode });
			const unsubscribe = agent.subscribe((event) => {
				if (event.type === "message_start" && event.message.role === "assistant") {
					unsubscribe();
					agent.steer("s1");
					agent.steer("s2");
				}
			});
			await agent.prompt("go");
			const userTexts = faux.requests.map((r) =>
				r.context.messages.filter((m) => m.role === "user").map((m) => textOf(m)),
			);
			if (mode === "one-at-a-time") {
				expect(userTexts).toEqual([["go"], ["go", "s1"], ["go", "s1", "s2"]]);
			} else {
				expect(userTexts).toEqual([["go"], ["go", "s1", "s2"]]);
			}
		}
	});
});

describe("follow-up (events.md §2.5)", () => {
	it("runs only when the agent would otherwise stop", async () => {
		const faux = useFaux();
		faux.enqueue({ toolCalls: [{ id: "A", name: "a", arguments: { text: "1" } }] });
		faux.enqueue({ text: "Tests pass." });
		faux.enqueue({ text: "Committed." });
		let agent!: Agent;
		agent = new Agent({
			initialState: { model: faux.model, tools: [toolDuring("a", () => agent.followUp("now commit"))] },
		});
		const log = eventLog();
		agent.subscribe(log.sink);
		await agent.prompt("run the tests");
		// Not after the tool turn (the agent was going on anyway) but after the text-only turn.
		expect(faux.requests.map((r) => r.context.messages.length)).toEqual([1, 3, 5]);
		expect(textOf(faux.requests[2]!.context.messages[4]!)).toBe("now commit");
		const labels = log.labels();
		expect(labels.slice(labels.indexOf("turn_end stop []"), labels.indexOf("turn_end stop []") + 4)).toEqual([
			"turn_end stop []",
			"turn_start",
			"message_start user now commit",
			"message_end user now commit",
		]);
	});

	it("steering wins over follow-up, and follow-up modes take one or all", async () => {
		for (const mode of ["one-at-a-time", "all"] as const) {
			const faux = useFaux({ fallback: { text: "ok" } });
			const agent = new Agent({ initialState: { model: faux.model }, followUpMode: mode });
			const unsubscribe = agent.subscribe((event) => {
				if (event.type === "turn_start") {
					unsubscribe();
					agent.followUp("f1");
					agent.followUp("f2");
					agent.steer("s1");
				}
			});
			await agent.prompt("go");
			const lastUsers = faux.requests.map((r) => textOf(r.context.messages.at(-1)!));
			// First turn: prompt + s1 (steering polled at run start). Then follow-ups.
			expect(lastUsers[0]).toBe("s1");
			if (mode === "one-at-a-time") expect(lastUsers.slice(1)).toEqual(["f1", "f2"]);
			else expect(faux.requests[1]!.context.messages.slice(-2).map((m) => textOf(m))).toEqual(["f1", "f2"]);
			expect(agent.hasQueuedMessages()).toBe(false);
		}
	});

	it("queue helpers: clear returns the removed messages; undelivered messages stay for the next run", async () => {
		const faux = useFaux();
		faux.enqueue({ toolCalls: [{ id: "A", name: "a", arguments: { text: "1" } }] }, { text: "done" });
		let agent!: Agent;
		agent = new Agent({
			initialState: { model: faux.model, tools: [toolDuring("a", () => agent.followUp("later"))] },
			shouldStopAfterTurn: () => true,
		});
		await agent.prompt("go");
		// The run stopped after the first turn: the follow-up was not delivered and is still queued.
		expect(faux.requests).toHaveLength(1);
		expect(agent.hasQueuedMessages()).toBe(true);
		expect(agent.getQueuedMessages().followUp.map((m) => textOf(m))).toEqual(["later"]);
		agent.steer("x");
		const removed = agent.clearAllQueues();
		expect(removed.steering.map((m) => textOf(m))).toEqual(["x"]);
		expect(removed.followUp.map((m) => textOf(m))).toEqual(["later"]);
		expect(agent.hasQueuedMessages()).toBe(false);
		agent.steer("y");
		expect(agent.clearSteeringQueue().map((m) => textOf(m))).toEqual(["y"]);
		expect(agent.clearFollowUpQueue()).toEqual([]);
	});
});

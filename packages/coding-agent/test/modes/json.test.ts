import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorld, MOCK_MODEL, type MockServer, runPi, startServer, type TestWorld } from "../cli/harness.js";

let server: MockServer;
let world: TestWorld;

beforeAll(async () => {
	server = await startServer();
	world = createWorld(server);
});
afterAll(async () => {
	world.cleanup();
	await server.close();
});

describe("pi --mode json", () => {
	it("writes the header, then every event of a two-tool-call run in the order of events.md §2.8", async () => {
		server.enqueue(
			{
				toolCalls: [
					{ id: "call_A", name: "bash", arguments: { command: "sleep 0.3; echo A" } },
					{ id: "call_B", name: "bash", arguments: { command: "echo B" } },
				],
			},
			{ text: "Both ran." },
		);
		const result = await runPi(world, ["--mode", "json", "--model", MOCK_MODEL, "run both"]);
		expect(result.code).toBe(0);
		expect(result.stdout.endsWith("\n")).toBe(true);
		const lines = result.stdout.trimEnd().split("\n");
		const events = lines.map((line) => JSON.parse(line));
		for (const line of lines) expect(line).toBe(JSON.stringify(JSON.parse(line)));

		const header = events[0];
		expect(header).toMatchObject({ type: "session", version: 3, cwd: world.cwd });
		expect(typeof header.id).toBe("string");

		// Live-display events vary in number; everything else is exact.
		const significant = events
			.slice(1)
			.filter((e) => e.type !== "message_update" && e.type !== "tool_execution_update");
		const describeEvent = (e: Record<string, any>) => {
			if (e.type.startsWith("message_")) return `${e.type}:${e.message.role}`;
			if (e.type.startsWith("tool_execution_")) return `${e.type}:${e.toolCallId}`;
			return e.type;
		};
		expect(significant.map(describeEvent)).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_end:assistant",
			"tool_execution_start:call_A",
			"tool_execution_start:call_B",
			"tool_execution_end:call_B",
			"tool_execution_end:call_A",
			"message_start:toolResult",
			"message_end:toolResult",
			"message_start:toolResult",
			"message_end:toolResult",
			"turn_end",
			"turn_start",
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		const byType = (type: string) => significant.filter((e) => e.type === type);
		const [firstAssistant, secondAssistant] = byType("message_end").filter((e) => e.message.role === "assistant");
		expect(firstAssistant.message).toMatchObject({
			stopReason: "toolUse",
			provider: "mock-openai",
			model: "mock-model",
			content: [
				{ type: "toolCall", id: "call_A", name: "bash", arguments: { command: "sleep 0.3; echo A" } },
				{ type: "toolCall", id: "call_B", name: "bash", arguments: { command: "echo B" } },
			],
		});
		expect(secondAssistant.message).toMatchObject({
			stopReason: "stop",
			content: [{ type: "text", text: "Both ran." }],
		});
		const toolResults = byType("message_end").filter((e) => e.message.role === "toolResult");
		expect(toolResults.map((e) => [e.message.toolCallId, e.message.content[0].text])).toEqual([
			["call_A", "A"],
			["call_B", "B"],
		]);
		expect(byType("turn_end")[0].toolResults.map((r: { toolCallId: string }) => r.toolCallId)).toEqual([
			"call_A",
			"call_B",
		]);
		expect(byType("agent_end")[0].messages.map((m: { role: string }) => m.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
			"toolResult",
			"assistant",
		]);
		// No event carries an id.
		for (const event of events.slice(1)) expect(event).not.toHaveProperty("id");
	});

	it("reports a failed run in the stream and with exit code 1", async () => {
		server.enqueue({ httpError: { status: 400, message: "invalid request" } });
		const result = await runPi(world, ["--mode", "json", "--model", MOCK_MODEL, "hi"]);
		expect(result.code).toBe(1);
		const events = result.stdout
			.trimEnd()
			.split("\n")
			.map((line) => JSON.parse(line));
		const failed = events.find((e) => e.type === "message_end" && e.message.role === "assistant");
		expect(failed.message.stopReason).toBe("error");
		expect(failed.message.errorMessage).toContain("invalid request");
		expect(result.stderr).toContain("Error: ");
	});
});

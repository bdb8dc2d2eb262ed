import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcClient, RpcCommandError } from "../../../src/modes/rpc/client.js";
import type { RpcEvent } from "../../../src/modes/rpc/protocol.js";
import { childEnv, createWorld, MOCK_MODEL, PI_BIN, useCliWorld } from "../../cli/harness.js";

const cli = useCliWorld({ settings: { compaction: { keepRecentTokens: 1 } } });
let client: RpcClient;

beforeAll(async () => {
	client = new RpcClient({ args: [PI_BIN, "--model", MOCK_MODEL], cwd: cli.world.cwd, env: childEnv(cli.world) });
	await client.start();
});
afterAll(() => {
	client.dispose();
});

function nextEvent(type: string): Promise<RpcEvent> {
	return new Promise((resolve) => {
		const off = client.onEvent((event) => {
			if (event.type === type) {
				off();
				resolve(event);
			}
		});
	});
}

const roles = (messages: { role: string }[]) => messages.map((m) => m.role);

describe("RpcClient driving a full session", () => {
	it("prompts, steers during a tool run, queues a follow-up, and aborts", async () => {
		const state = await client.getState();
		expect(state).toMatchObject({ isStreaming: false, thinkingLevel: "off", messageCount: 0 });
		expect(state.model).toMatchObject({ provider: "mock-openai", id: "mock-model" });

		cli.server.enqueue(
			{ toolCalls: [{ id: "call_1", name: "bash", arguments: { command: "sleep 0.5; echo slow" } }] },
			{ text: "steered reply" },
			{ text: "follow-up reply" },
		);
		const events: RpcEvent[] = [];
		const off = client.onEvent((event) => events.push(event));
		const toolStarted = nextEvent("tool_execution_start");
		await client.prompt("run the slow tool");
		await toolStarted;
		await client.steer("use tabs");
		await client.followUp("then summarise");
		await client.waitForIdle();
		off();
		const queueUpdates = events.filter((e) => e.type === "queue_update");
		expect(queueUpdates[0]).toEqual({ type: "queue_update", steering: ["use tabs"], followUp: [] });
		expect(queueUpdates[1]).toEqual({ type: "queue_update", steering: ["use tabs"], followUp: ["then summarise"] });
		const { messages } = await client.getMessages();
		expect(roles(messages)).toEqual(["user", "assistant", "toolResult", "user", "assistant", "user", "assistant"]);
		expect(await client.getLastAssistantText()).toEqual({ text: "follow-up reply" });

		cli.server.enqueue({ text: "too late", delayMs: 10_000 });
		const started = nextEvent("agent_start");
		await client.prompt("this will be aborted");
		await started;
		await client.abort();
		expect((await client.getState()).isStreaming).toBe(false);
		const after = (await client.getMessages()).messages;
		expect(after.at(-1)).toMatchObject({ role: "assistant", stopReason: "aborted" });
		cli.server.reset();
	});

	it("switches models and thinking levels", async () => {
		await expect(client.setModel("nope", "missing")).rejects.toThrow(
			new RpcCommandError("set_model", "Model not found: nope/missing"),
		);
		const model = await client.setModel("mock-anthropic", "mock-model");
		expect(model).toMatchObject({ provider: "mock-anthropic", id: "mock-model", reasoning: true });
		const changed = nextEvent("thinking_level_changed");
		const cycled = await client.cycleThinkingLevel();
		expect(cycled).not.toBeNull();
		expect(await changed).toEqual({ type: "thinking_level_changed", level: cycled!.level });
		expect(await client.getState()).toMatchObject({
			model: { provider: "mock-anthropic" },
			thinkingLevel: cycled!.level,
		});
		const { models } = await client.getAvailableModels();
		expect(models.map((m) => m.provider).sort()).toEqual([
			"mock-anthropic",
			"mock-google",
			"mock-openai",
			"mock-responses",
		]);
	});

	it("runs user bash, compacts, reports stats and names the session", async () => {
		const bash = await client.bash("echo hello from bash");
		expect(bash).toMatchObject({ output: "hello from bash", exitCode: 0, cancelled: false, truncated: false });

		cli.server.enqueue({ text: "Summary: the user ran tools and steered." });
		const compaction = await client.compact();
		expect(compaction.summary).toContain("Summary: the user ran tools and steered.");
		expect(typeof compaction.firstKeptEntryId).toBe("string");
		expect(compaction.tokensBefore).toBeGreaterThan(0);

		const stats = await client.getSessionStats();
		expect(stats.sessionId).toBe((await client.getState()).sessionId);
		expect(stats.totalMessages).toBeGreaterThan(0);

		const renamed = nextEvent("session_info_changed");
		await client.setSessionName("  my session  ");
		expect(await renamed).toEqual({ type: "session_info_changed", name: "my session" });
		expect((await client.getState()).sessionName).toBe("my session");
		await expect(client.setSessionName("   ")).rejects.toThrow("Session name cannot be empty");
	});

	it("exports, forks and switches back", async () => {
		const { path } = await client.exportHtml();
		expect(existsSync(path)).toBe(true);
		expect(path).toMatch(/pi-session-.*\.html$/);

		const original = (await client.getState()).sessionFile!;
		const { messages: forkable } = await client.getForkMessages();
		expect(forkable[0]!.text).toBe("run the slow tool");
		const forked = await client.fork(forkable[0]!.entryId);
		expect(forked).toEqual({ text: "run the slow tool", cancelled: false });
		const forkedState = await client.getState();
		expect(forkedState.sessionFile).not.toBe(original);

		expect(await client.switchSession(original)).toEqual({ cancelled: false });
		expect((await client.getState()).sessionFile).toBe(original);
		expect((await client.getMessages()).messages.length).toBeGreaterThan(0);
	});

	it("exits 0 when stdin closes", async () => {
		expect(await client.close()).toBe(0);
		expect(client.getStderr()).not.toMatch(/Error/);
	});
});

describe("RpcClient defaults", () => {
	it("without args it spawns this package's pi, which takes its model from the settings", async () => {
		const defaultsWorld = createWorld(cli.server, { defaultProvider: "mock-openai", defaultModel: "mock-model" });
		const plain = new RpcClient({ cwd: defaultsWorld.cwd, env: childEnv(defaultsWorld) });
		try {
			await plain.start();
			expect((await plain.getState()).model).toMatchObject({ provider: "mock-openai", id: "mock-model" });
			expect(await plain.close()).toBe(0);
		} finally {
			plain.dispose();
			defaultsWorld.cleanup();
		}
	});
});

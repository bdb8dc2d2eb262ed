/**
 * RPC commands over the wire (rpc.md §4.3, §5, §6) that the session test does not drive: model scope cycling,
 * persisted toggles, retry state and cancellation, user bash cancellation, commands listing, new/clone.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RpcClient } from "../../../src/modes/rpc/client.js";
import type { RpcEvent } from "../../../src/modes/rpc/protocol.js";
import { childEnv, MOCK_MODEL, PI_BIN, useCliWorld } from "../../cli/harness.js";

// A retry waits 10 s: long enough to observe and cancel, never waited for in full. Any context can be compacted.
const cli = useCliWorld({
	settings: { retry: { baseDelayMs: 10_000, maxRetries: 1 }, compaction: { keepRecentTokens: 1 } },
});
let client: RpcClient;
let templatePath: string;
let skillPath: string;

beforeAll(async () => {
	const { world } = cli;
	templatePath = join(world.agentDir, "prompts", "review.md");
	mkdirSync(join(world.agentDir, "prompts"));
	writeFileSync(templatePath, "---\ndescription: Review a file\n---\nReview $1.");
	skillPath = join(world.agentDir, "skills", "lint", "SKILL.md");
	mkdirSync(join(world.agentDir, "skills", "lint"), { recursive: true });
	writeFileSync(skillPath, "---\nname: lint\ndescription: Lint the code\n---\nRun the linter.");
	client = new RpcClient({
		args: [PI_BIN, "--model", MOCK_MODEL, "--models", "mock-openai/*,mock-anthropic/mock-model:high"],
		cwd: world.cwd,
		env: childEnv(world),
	});
	await client.start();
});
afterAll(() => {
	client.dispose();
});

function nextEvent(predicate: (event: RpcEvent) => boolean): Promise<RpcEvent> {
	return new Promise((resolve) => {
		const off = client.onEvent((event) => {
			if (predicate(event)) {
				off();
				resolve(event);
			}
		});
	});
}

const globalSettings = () => JSON.parse(readFileSync(join(cli.world.agentDir, "settings.json"), "utf8"));

describe("RPC commands over the wire", () => {
	it("get_commands lists prompt templates and skills (named skill:<name>) with where they were found", async () => {
		const { commands } = await client.getCommands();
		expect(commands).toContainEqual({
			name: "review",
			description: "Review a file",
			source: "prompt",
			sourceInfo: { path: templatePath, scope: "user", source: "auto" },
		});
		expect(commands).toContainEqual({
			name: "skill:lint",
			description: "Lint the code",
			source: "skill",
			sourceInfo: { path: skillPath, scope: "user", source: "auto" },
		});
	});

	it("cycle_model walks the --models scope, applying a scope item's thinking level", async () => {
		const forward = await client.cycleModel();
		expect(forward).toMatchObject({
			model: { provider: "mock-anthropic", id: "mock-model" },
			thinkingLevel: "high",
			isScoped: true,
		});
		expect(await client.getState()).toMatchObject({ model: { provider: "mock-anthropic" }, thinkingLevel: "high" });
		const back = await client.cycleModel("backward");
		// The openai mock model has no reasoning: the level is clamped to off.
		expect(back).toMatchObject({ model: { provider: "mock-openai" }, thinkingLevel: "off", isScoped: true });
	});

	it("set_model saves the default model in global settings; get_available_models lists models with a key", async () => {
		await client.setModel("mock-google", "mock-model");
		expect(globalSettings()).toMatchObject({ defaultProvider: "mock-google", defaultModel: "mock-model" });
		await client.setModel("mock-openai", "mock-model");
		const { models } = await client.getAvailableModels();
		expect(models.map((m) => `${m.provider}/${m.id}`).sort()).toEqual([
			"mock-anthropic/mock-model",
			"mock-google/mock-model",
			"mock-openai/mock-model",
			"mock-responses/mock-model",
		]);
	});

	it("handles lines in order: a set_model written right before a prompt is what the prompt uses", async () => {
		cli.server.reset();
		cli.server.enqueue({ text: "from anthropic" });
		const switched = client.setModel("mock-anthropic", "mock-model");
		const events = client.promptAndWait("which model?");
		await switched;
		await events;
		expect(cli.server.requests[0]!.protocol).toBe("anthropic-messages");
		await client.setModel("mock-openai", "mock-model");
	});

	it("clamps an unsupported thinking level instead of failing; cycle_thinking_level is null without reasoning", async () => {
		await client.setThinkingLevel("high");
		expect((await client.getState()).thinkingLevel).toBe("off");
		expect(await client.cycleThinkingLevel()).toBeNull();
	});

	it("answers the documented errors of compact, bash, export_html, switch_session and fork", async () => {
		await client.newSession();
		await expect(client.compact()).rejects.toThrow("Nothing to compact (session too small)");
		await expect(client.exportHtml()).rejects.toThrow("Nothing to export yet: start a conversation first");
		await expect(client.switchSession("missing.jsonl")).rejects.toThrow(
			`Session file not found: ${join(cli.world.cwd, "missing.jsonl")}`,
		);
		await expect(client.fork("no-such-entry")).rejects.toThrow(/no-such-entry/);
		// abort succeeds when nothing runs.
		await client.abort();
	});

	it("saves queue modes, auto-compaction and auto-retry in global settings; with retry off a 529 is final", async () => {
		await client.setSteeringMode("all");
		await client.setFollowUpMode("all");
		await client.setAutoCompaction(false);
		await client.setAutoRetry(false);
		expect(await client.getState()).toMatchObject({
			steeringMode: "all",
			followUpMode: "all",
			autoCompactionEnabled: false,
		});
		expect(globalSettings()).toMatchObject({
			steeringMode: "all",
			followUpMode: "all",
			compaction: { enabled: false },
			retry: { enabled: false, baseDelayMs: 10_000, maxRetries: 1 },
		});

		cli.server.reset();
		cli.server.enqueue({ httpError: { status: 529, message: "overloaded" } });
		const events = await client.promptAndWait("no retry please");
		expect(events.map((e) => e.type)).not.toContain("auto_retry_start");
		expect((await client.getMessages()).messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "error" });
		expect(cli.server.requests).toHaveLength(1);

		await client.setAutoRetry(true);
		await client.setAutoCompaction(true);
		expect(globalSettings()).toMatchObject({ compaction: { enabled: true }, retry: { enabled: true } });
	});

	it("is busy right after a failed run's agent_end while a retry waits; abort_retry cancels the wait", async () => {
		cli.server.reset();
		// retry-after makes the wait exactly 10 s (the settings' backoff is jittered and may be short).
		cli.server.enqueue({ httpError: { status: 529, message: "overloaded", retryAfter: "10" } });
		const retryStart = nextEvent((e) => e.type === "auto_retry_start");
		const agentEnd = nextEvent((e) => e.type === "agent_end");
		await client.prompt("retry me");
		await agentEnd;
		expect((await client.getState()).isStreaming).toBe(true);
		expect(await retryStart).toMatchObject({ type: "auto_retry_start", attempt: 1, maxAttempts: 1, delayMs: 10_000 });

		const retryEnd = nextEvent((e) => e.type === "auto_retry_end");
		await client.abortRetry();
		expect(await retryEnd).toEqual({
			type: "auto_retry_end",
			success: false,
			attempt: 1,
			finalError: "Retry cancelled",
		});
		expect((await client.getState()).isStreaming).toBe(false);
		expect(cli.server.requests).toHaveLength(1);
		// Cancelling when nothing waits is not an error.
		await client.abortRetry();
	});

	it("runs one bash at a time; abort_bash kills it: its response says cancelled, without an exit code", async () => {
		const running = client.bash("sleep 10; echo never");
		await expect(client.bash("echo second")).rejects.toThrow("A bash command is already running.");
		await client.abortBash();
		const result = await running;
		expect(result).toMatchObject({ cancelled: true });
		expect(result).not.toHaveProperty("exitCode");
		expect(result.output).not.toContain("never");
		// Nothing runs now: still a success.
		await client.abortBash();
	});

	it("get_last_assistant_text skips an aborted reply without content", async () => {
		cli.server.reset();
		cli.server.enqueue({ text: "  the real answer \n" }, { text: "too late", delayMs: 10_000 });
		await client.promptAndWait("answer me");
		expect(await client.getLastAssistantText()).toEqual({ text: "the real answer" });
		const started = nextEvent((e) => e.type === "agent_start");
		await client.prompt("this one is aborted");
		await started;
		await client.abort();
		expect((await client.getMessages()).messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "aborted" });
		expect(await client.getLastAssistantText()).toEqual({ text: "the real answer" });
	});

	it("clone copies the current branch into a new file; new_session starts one written at its first prompt", async () => {
		const before = await client.getState();
		const messages = (await client.getMessages()).messages;
		expect(await client.clone()).toEqual({ cancelled: false });
		const cloned = await client.getState();
		expect(cloned.sessionFile).not.toBe(before.sessionFile);
		expect(cloned.sessionId).not.toBe(before.sessionId);
		const header = JSON.parse(readFileSync(cloned.sessionFile!, "utf8").split("\n")[0]!);
		expect(header).toMatchObject({ type: "session", id: cloned.sessionId, parentSession: before.sessionFile });
		expect((await client.getMessages()).messages).toEqual(messages);

		expect(await client.newSession()).toEqual({ cancelled: false });
		const fresh = await client.getState();
		expect(fresh).toMatchObject({ messageCount: 0, isStreaming: false });
		expect(fresh.sessionId).not.toBe(cloned.sessionId);
		expect(fresh.sessionFile).toBeDefined();
		expect(existsSync(fresh.sessionFile!)).toBe(false);
		// A new session starts with model and thinking-level entries, so it has a leaf to clone; a clone without a
		// message entry is written at its first prompt (session-format.md §6, §10.4).
		expect(await client.clone()).toEqual({ cancelled: false });
		const emptyClone = await client.getState();
		expect(emptyClone.sessionFile).not.toBe(fresh.sessionFile);
		expect(existsSync(emptyClone.sessionFile!)).toBe(false);
	});

	it("abort cancels a running compaction; a prompt sent during a compaction waits for its end", async () => {
		cli.server.reset();
		cli.server.enqueue({ text: "r1" }, { text: "r2" });
		await client.promptAndWait("one");
		await client.promptAndWait("two");

		cli.server.enqueue({ text: "never summarised", delayMs: 10_000 });
		let started = nextEvent((e) => e.type === "compaction_start");
		const cancelledEnd = nextEvent((e) => e.type === "compaction_end");
		const cancelled = client.compact();
		// A failure here (instead of a hang) says why no compaction started.
		await Promise.race([started, cancelled]);
		await client.abort();
		await expect(cancelled).rejects.toThrow("Compaction cancelled");
		expect(await cancelledEnd).toMatchObject({ reason: "manual", aborted: true, willRetry: false });

		cli.server.enqueue({ text: "the summary", delayMs: 800 }, { text: "after compaction" });
		const order: string[] = [];
		let promptAnswered = false;
		let answeredBeforeCompactionEnd: boolean | undefined;
		const off = client.onEvent((e) => {
			order.push(e.type);
			if (e.type === "compaction_end") answeredBeforeCompactionEnd = promptAnswered;
		});
		started = nextEvent((e) => e.type === "compaction_start");
		const compacted = client.compact();
		await started;
		const prompted = client.prompt("three").then(() => {
			promptAnswered = true;
		});
		// Handled while the prompt waits: the line queue was released.
		expect(await client.getState()).toMatchObject({ isCompacting: true });
		expect((await compacted).summary).toContain("the summary");
		await prompted;
		await client.waitForIdle();
		off();
		expect(answeredBeforeCompactionEnd).toBe(false);
		expect(order.filter((type) => type !== "message_update").slice(0, 3)).toEqual([
			"compaction_start",
			"compaction_end",
			"agent_start",
		]);
		expect(await client.getLastAssistantText()).toEqual({ text: "after compaction" });
	});

	it("new_session records parentSession in the header written at the first prompt", async () => {
		const parent = join(cli.world.cwd, "parent.jsonl");
		expect(await client.newSession(parent)).toEqual({ cancelled: false });
		cli.server.reset();
		cli.server.enqueue({ text: "child reply" });
		await client.promptAndWait("hello child");
		const { sessionFile, sessionId } = await client.getState();
		const header = JSON.parse(readFileSync(sessionFile!, "utf8").split("\n")[0]!);
		expect(header).toMatchObject({ type: "session", version: 3, id: sessionId, parentSession: parent });
	});

	it("abort keeps queued follow-up messages queued", async () => {
		cli.server.reset();
		cli.server.enqueue({ text: "too late", delayMs: 10_000 });
		const started = nextEvent((e) => e.type === "agent_start");
		await client.prompt("slow one");
		await started;
		await client.followUp("for later");
		await client.abort();
		expect(await client.getState()).toMatchObject({ isStreaming: false, pendingMessageCount: 1 });
	});

	it("exits 0 when stdin closes", async () => {
		expect(await client.close()).toBe(0);
	});
});

describe("RPC without a session file and with a one-model scope", () => {
	it("omits sessionFile from get_state, answers cycle_model with null and cannot export", async () => {
		const single = new RpcClient({
			args: [PI_BIN, "--model", MOCK_MODEL, "--models", "mock-openai/mock-model", "--no-session"],
			cwd: cli.world.cwd,
			env: childEnv(cli.world),
		});
		await single.start();
		try {
			const state = await single.getState();
			expect(state).not.toHaveProperty("sessionFile");
			expect(typeof state.sessionId).toBe("string");
			expect(await single.cycleModel()).toBeNull();
			await expect(single.exportHtml()).rejects.toThrow("Cannot export an in-memory session");
			expect(await single.close()).toBe(0);
		} finally {
			single.dispose();
		}
	});
});

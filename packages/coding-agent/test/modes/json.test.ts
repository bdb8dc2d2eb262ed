import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
	childEnv,
	createWorld,
	MOCK_MODEL,
	NOISY_FETCH_PRELOAD,
	PI_BIN,
	projectSessionDir,
	runPi,
	startPi,
	until,
	useCliWorld,
} from "../cli/harness.js";

const cli = useCliWorld({ resetServerEachTest: true });

/** Parses every stdout line; fails the test on a line that is not compact JSON. */
function jsonLines(stdout: string): Record<string, any>[] {
	expect(stdout.endsWith("\n")).toBe(true);
	return stdout
		.slice(0, -1)
		.split("\n")
		.map((line) => {
			const value = JSON.parse(line);
			expect(line).toBe(JSON.stringify(value));
			return value;
		});
}

/** Event types without the live-display updates. */
const significantTypes = (events: Record<string, any>[]) =>
	events.filter((e) => e.type !== "message_update").map((e) => e.type as string);

/** What test/cli/fixtures/noisy-fetch.mjs writes per request, in order. */
const STRAY_OUTPUT = [
	"stray console.log",
	"stray console.info",
	"{ stray: 'console.dir' }",
	"stray console.warn",
	"stray stdout.write",
];
const strayOutput = (stderr: string) => stderr.split("\n").filter((line) => line.includes("stray"));

const HEADER_KEYS = ["type", "version", "id", "timestamp", "cwd"];

/** The session files of the test project dir. */
function projectSessionFiles(): string[] {
	const dir = projectSessionDir(cli.world);
	return existsSync(dir)
		? readdirSync(dir)
				.filter((name) => name.endsWith(".jsonl"))
				.map((name) => join(dir, name))
		: [];
}

describe("pi --mode json", () => {
	it("writes the header, then every event of a two-tool-call run in the order of events.md §2.8", async () => {
		cli.server.enqueue(
			{
				toolCalls: [
					{ id: "call_A", name: "bash", arguments: { command: "sleep 0.3; echo A" } },
					{ id: "call_B", name: "bash", arguments: { command: "echo B" } },
				],
			},
			{ text: "Both ran." },
		);
		const result = await runPi(cli.world, ["--mode", "json", "--model", MOCK_MODEL, "run both"]);
		expect(result.code).toBe(0);
		expect(result.stdout.endsWith("\n")).toBe(true);
		const lines = result.stdout.trimEnd().split("\n");
		const events = lines.map((line) => JSON.parse(line));
		for (const line of lines) expect(line).toBe(JSON.stringify(JSON.parse(line)));

		const header = events[0];
		expect(header).toMatchObject({ type: "session", version: 3, cwd: cli.world.cwd });
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
		// Absent optional fields are omitted; null only where a type says so (a running command's exit code).
		const nullKeys = new Set<string>();
		JSON.parse(`[${result.stdout.trimEnd().split("\n").join(",")}]`, (key, value) => {
			if (value === null) nullKeys.add(key);
			return value;
		});
		expect([...nullKeys]).toEqual(["exitCode"]);
	});

	it("reports a failed run in the stream and with exit code 1", async () => {
		cli.server.enqueue({ httpError: { status: 400, message: "invalid request" } });
		const result = await runPi(cli.world, ["--mode", "json", "--model", MOCK_MODEL, "hi"]);
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

describe("pi --mode json: the header line (json-mode.md §3)", () => {
	it("is the session file's header line, byte for byte, with absent optional fields omitted", async () => {
		const before = new Set(projectSessionFiles());
		cli.server.enqueue({ text: "stored" });
		const result = await runPi(cli.world, ["--mode", "json", "--model", MOCK_MODEL, "hi"]);
		expect(result.code).toBe(0);
		const created = projectSessionFiles().filter((file) => !before.has(file));
		expect(created).toHaveLength(1);
		const fileHeader = readFileSync(created[0]!, "utf8").split("\n")[0]!;
		expect(result.stdout.split("\n")[0]).toBe(fileHeader);
		const header = JSON.parse(fileHeader);
		expect(Object.keys(header)).toEqual(HEADER_KEYS);
		expect(header).toMatchObject({ type: "session", version: 3, cwd: cli.world.cwd });
	});

	it("is an in-memory header for --no-session, and no file is written", async () => {
		const before = projectSessionFiles().length;
		cli.server.enqueue({ text: "not stored" });
		const result = await runPi(cli.world, ["--mode", "json", "--model", MOCK_MODEL, "--no-session", "hi"]);
		expect(result.code).toBe(0);
		const [header] = jsonLines(result.stdout);
		expect(Object.keys(header!)).toEqual(HEADER_KEYS);
		expect(header).toMatchObject({ type: "session", version: 3, cwd: cli.world.cwd });
		expect(projectSessionFiles()).toHaveLength(before);
	});

	it("is the loaded session's header after migration for --continue (version 3, same id)", async () => {
		const other = createWorld(cli.server);
		try {
			const dir = projectSessionDir(other);
			mkdirSync(dir, { recursive: true });
			const file = join(dir, "2026-01-05T09-00-00-000Z_legacy-v1.jsonl");
			const v1 = [
				{ type: "session", id: "legacy-v1", timestamp: "2026-01-05T09:00:00.000Z", cwd: other.cwd },
				{
					type: "message",
					timestamp: "2026-01-05T09:00:01.000Z",
					message: { role: "user", content: [{ type: "text", text: "old question" }], timestamp: 1767603601000 },
				},
			];
			writeFileSync(file, `${v1.map((line) => JSON.stringify(line)).join("\n")}\n`);
			cli.server.enqueue({ text: "continued" });
			const result = await runPi(other, ["--mode", "json", "--model", MOCK_MODEL, "-c", "next"]);
			expect(result.code).toBe(0);
			const stored = readFileSync(file, "utf8").split("\n")[0]!;
			expect(result.stdout.split("\n")[0]).toBe(stored);
			expect(JSON.parse(stored)).toEqual({
				type: "session",
				version: 3,
				id: "legacy-v1",
				timestamp: "2026-01-05T09:00:00.000Z",
				cwd: other.cwd,
			});
			// The old exchange went to the model with the new prompt.
			expect(JSON.stringify(cli.server.requests[0]!.body.messages)).toContain("old question");
		} finally {
			other.cleanup();
		}
	});
});

describe("pi --mode json: session events (rpc.md §6)", () => {
	it("reports an automatic retry: auto_retry_start after the failed run's agent_end, auto_retry_end on success", async () => {
		cli.server.enqueue({ httpError: { status: 529, message: "overloaded" } }, { text: "after retry" });
		const result = await runPi(cli.world, ["--mode", "json", "--model", MOCK_MODEL, "--no-session", "hi"]);
		expect(result).toMatchObject({ code: 0, stderr: "" });
		const events = jsonLines(result.stdout).slice(1);
		expect(significantTypes(events)).toEqual([
			"agent_start",
			"turn_start",
			"message_start",
			"message_end",
			"message_start",
			"message_end",
			"turn_end",
			"agent_end",
			"auto_retry_start",
			"agent_start",
			"turn_start",
			"message_start",
			"message_end",
			"auto_retry_end",
			"turn_end",
			"agent_end",
		]);
		const failed = events.find((e) => e.type === "message_end" && e.message.role === "assistant")!;
		expect(failed.message).toMatchObject({ stopReason: "error" });
		// settings.json of the test world: retry.baseDelayMs 1, retry.maxRetries 1; the wait is jittered in [0, 1] ms.
		const retryStart = events.find((e) => e.type === "auto_retry_start");
		expect(retryStart).toEqual({
			type: "auto_retry_start",
			attempt: 1,
			maxAttempts: 1,
			delayMs: expect.any(Number),
			errorMessage: failed.message.errorMessage,
		});
		expect([0, 1]).toContain(retryStart?.delayMs);
		expect(events.find((e) => e.type === "auto_retry_end")).toEqual({
			type: "auto_retry_end",
			success: true,
			attempt: 1,
		});
		expect(cli.server.requests).toHaveLength(2);
	});

	it("ends with auto_retry_end {success: false} and exit 1 when the retries are used up", async () => {
		cli.server.enqueue(
			{ httpError: { status: 529, message: "overloaded" } },
			{ httpError: { status: 529, message: "still overloaded" } },
		);
		const result = await runPi(cli.world, ["--mode", "json", "--model", MOCK_MODEL, "--no-session", "hi"]);
		expect(result.code).toBe(1);
		const events = jsonLines(result.stdout).slice(1);
		const last = events.filter((e) => e.type === "message_end").at(-1)!.message;
		expect(last).toMatchObject({ role: "assistant", stopReason: "error" });
		expect(events.at(-1)).toEqual({
			type: "auto_retry_end",
			success: false,
			attempt: 1,
			finalError: last.errorMessage,
		});
		expect(result.stderr).toBe(`Error: ${last.errorMessage}\n`);
	});

	it("reports a threshold compaction between runs with compaction_start and compaction_end", async () => {
		// Compact as soon as the context passes 128000 - 127000 tokens.
		const compacting = createWorld(cli.server, { compaction: { reserveTokens: 127_000, keepRecentTokens: 1 } });
		try {
			cli.server.enqueue({ text: "big answer", usage: { input: 5000 } }, { text: "the summary" }, { text: "second" });
			const result = await runPi(compacting, ["--mode", "json", "--model", MOCK_MODEL, "--no-session", "one", "two"]);
			expect(result.code).toBe(0);
			const events = jsonLines(result.stdout).slice(1);
			const types = significantTypes(events);
			const firstEnd = types.indexOf("agent_end");
			expect(types.slice(firstEnd, firstEnd + 4)).toEqual([
				"agent_end",
				"compaction_start",
				"compaction_end",
				"agent_start",
			]);
			expect(events.find((e) => e.type === "compaction_start")).toEqual({
				type: "compaction_start",
				reason: "threshold",
			});
			const end = events.find((e) => e.type === "compaction_end")!;
			expect(end).toMatchObject({
				type: "compaction_end",
				reason: "threshold",
				aborted: false,
				willRetry: false,
				result: { summary: "the summary" },
			});
			expect(end.result.tokensBefore).toBeGreaterThanOrEqual(5002);
			expect(end).not.toHaveProperty("errorMessage");
		} finally {
			compacting.cleanup();
		}
	});
});

describe("pi --mode json: context overflow recovery (rpc.md §6)", () => {
	const overflow = { httpError: { status: 400, message: "This model's maximum context length is 128000 tokens" } };

	it("compacts with reason overflow, then re-sends the request once (willRetry: true)", async () => {
		const small = createWorld(cli.server, { compaction: { keepRecentTokens: 1 } });
		try {
			cli.server.enqueue({ text: "r1" }, overflow, { text: "the summary" }, { text: "fits now" });
			const result = await runPi(small, ["--mode", "json", "--model", MOCK_MODEL, "--no-session", "one", "two"]);
			expect(result).toMatchObject({ code: 0, stderr: "" });
			const events = jsonLines(result.stdout).slice(1);
			const types = significantTypes(events);
			const secondEnd = types.indexOf("agent_end", types.indexOf("agent_end") + 1);
			expect(types.slice(secondEnd, secondEnd + 4)).toEqual([
				"agent_end",
				"compaction_start",
				"compaction_end",
				"agent_start",
			]);
			expect(events.find((e) => e.type === "compaction_start")).toEqual({
				type: "compaction_start",
				reason: "overflow",
			});
			expect(events.find((e) => e.type === "compaction_end")).toMatchObject({
				reason: "overflow",
				aborted: false,
				willRetry: true,
				result: { summary: "the summary" },
			});
			expect(events.at(-1)!.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "stop" });
		} finally {
			small.cleanup();
		}
	});

	it("does not retry a second overflow of the same prompt and exits 1", async () => {
		const small = createWorld(cli.server, { compaction: { keepRecentTokens: 1 } });
		try {
			cli.server.enqueue({ text: "r1" }, overflow, { text: "the summary" }, overflow, { text: "never" });
			const result = await runPi(small, ["--mode", "json", "--model", MOCK_MODEL, "--no-session", "one", "two"]);
			expect(result.code).toBe(1);
			const ends = jsonLines(result.stdout).filter((e) => e.type === "compaction_end");
			expect(ends.at(-1)).toMatchObject({
				reason: "overflow",
				willRetry: false,
				errorMessage: "Context overflow persists after compaction; not retrying again.",
			});
			expect(cli.server.requests).toHaveLength(4);
		} finally {
			small.cleanup();
		}
	});
});

describe("pi --mode json: a rejected prompt", () => {
	it("leaves only the header on stdout and exits 1 with the missing-key message", async () => {
		const result = await runPi(cli.world, ["--mode", "json", "--model", "anthropic/claude-sonnet-4-5", "hi"]);
		expect(result.code).toBe(1);
		const lines = jsonLines(result.stdout);
		expect(lines).toHaveLength(1);
		expect(lines[0]).toMatchObject({ type: "session", version: 3 });
		expect(result.stderr).toBe(
			'Error: No API key found for provider "anthropic". Set ANTHROPIC_OAUTH_TOKEN or ANTHROPIC_API_KEY, or add a key to auth.json. With a Claude Pro/Max subscription, sign in instead: /login or `pi auth login anthropic`.\n',
		);
	});
});

describe("pi --mode json: stdout carries only JSON lines", () => {
	it("sends console output and stray stdout writes of libraries to stderr", async () => {
		cli.server.enqueue({ text: "clean" });
		const result = await runPi(cli.world, ["--mode", "json", "--model", MOCK_MODEL, "--no-session", "hi"], {
			env: { NODE_OPTIONS: `--import=${NOISY_FETCH_PRELOAD}` },
		});
		expect(result.code).toBe(0);
		const events = jsonLines(result.stdout);
		expect(events.at(-1)).toMatchObject({ type: "agent_end" });
		expect(strayOutput(result.stderr)).toEqual(STRAY_OUTPUT);
	});
});

describe("pi --mode json: termination signals during a run (json-mode.md §6)", () => {
	it("SIGTERM, SIGINT and SIGHUP abort the run, keep the aborted reply in the session file and exit 143, 130, 129", async () => {
		const signals = [
			["SIGTERM", 143],
			["SIGINT", 130],
			["SIGHUP", 129],
		] as const;
		cli.server.enqueue(...signals.map(() => ({ text: "never sent", delayMs: 10_000 })));
		// Three processes at once, one per signal.
		const runs = signals.map(([signal, code]) => {
			const sessionFile = join(cli.world.cwd, `json-${signal}.jsonl`);
			const pi = startPi(cli.world, ["--mode", "json", "--model", MOCK_MODEL, "--session", sessionFile, "long task"]);
			pi.endInput();
			return { signal, code, sessionFile, pi };
		});
		await until(() => cli.server.requests.length === signals.length);
		for (const run of runs) run.pi.kill(run.signal);
		for (const run of runs) {
			expect(await run.pi.exited).toEqual({ code: run.code, signal: null });
			const events = jsonLines(run.pi.stdout());
			expect(events.at(-1)).toMatchObject({ type: "agent_end" });
			expect(events.at(-1)!.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "aborted" });
			const messages = readFileSync(run.sessionFile, "utf8")
				.trimEnd()
				.split("\n")
				.map((line) => JSON.parse(line))
				.filter((entry) => entry.type === "message")
				.map((entry) => entry.message);
			expect(messages).toEqual([
				expect.objectContaining({ role: "user", content: [{ type: "text", text: "long task" }] }),
				expect.objectContaining({ role: "assistant", stopReason: "aborted" }),
			]);
		}
	});
	it("stops the run when the reader of stdout goes away (EPIPE): exit 141, one stderr line, session saved", async () => {
		// A long answer streamed slowly, so pi is still writing events when its reader closes the pipe.
		cli.server.enqueue({ text: "word ".repeat(2000), chunkSize: 5, eventDelayMs: 2 });
		const sessionFile = join(cli.world.cwd, "epipe.jsonl");
		const child = spawn(
			process.execPath,
			[PI_BIN, "--mode", "json", "--model", MOCK_MODEL, "--session", sessionFile, "talk"],
			{ cwd: cli.world.cwd, env: childEnv(cli.world), stdio: ["ignore", "pipe", "pipe"] },
		);
		let stderr = "";
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		// Like `| head -c 1`: the reader takes the first chunk, then closes its end.
		child.stdout.once("data", () => child.stdout.destroy());
		const code = await new Promise<number | null>((resolve) => child.on("close", (exitCode) => resolve(exitCode)));
		expect(code).toBe(141);
		expect(stderr).toContain("stdout was closed by its reader");
		expect(stderr).not.toContain("EPIPE");
		const messages = readFileSync(sessionFile, "utf8")
			.trimEnd()
			.split("\n")
			.map((line) => JSON.parse(line))
			.filter((entry) => entry.type === "message")
			.map((entry) => entry.message);
		expect(messages).toEqual([
			expect.objectContaining({ role: "user", content: [{ type: "text", text: "talk" }] }),
			expect.objectContaining({ role: "assistant", stopReason: "aborted" }),
		]);
	});
});

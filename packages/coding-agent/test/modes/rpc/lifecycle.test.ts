/**
 * RPC lifecycle over a real process (rpc.md §8): stdin EOF means the client is gone and aborts the work under way
 * (issue 21), signals abort it too, each with its exit code.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { childEnv, createWorld, MOCK_MODEL, PI_BIN, startRawRpc, until, useCliWorld } from "../../cli/harness.js";

const cli = useCliWorld({ resetServerEachTest: true });

/**
 * Pids of the process group `pgid` that still run. Zombies do not count: an exited child of a reparented process
 * stays in the table until init reaps it, which some sandboxes' init does late.
 */
function livingGroupMembers(pgid: number): number[] {
	const living: number[] = [];
	for (const entry of readdirSync("/proc")) {
		if (!/^\d+$/.test(entry)) continue;
		let stat: string;
		try {
			stat = readFileSync(`/proc/${entry}/stat`, "utf8");
		} catch {
			continue; // gone meanwhile
		}
		// "pid (comm) state ppid pgrp ...": comm may contain spaces and parentheses, so split after the last ")".
		const [state, , group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
		if (Number(group) === pgid && state !== "Z") living.push(Number(entry));
	}
	return living;
}

/** The number a command wrote into `file`, once it is there. */
async function readPid(file: string): Promise<number> {
	await until(() => existsSync(file) && /^\d+\n/.test(readFileSync(file, "utf8")));
	return Number(readFileSync(file, "utf8"));
}

function sessionMessages(file: string): Record<string, any>[] {
	return readFileSync(file, "utf8")
		.trimEnd()
		.split("\n")
		.map((line) => JSON.parse(line))
		.filter((entry) => entry.type === "message")
		.map((entry) => entry.message);
}

describe("pi --mode rpc lifecycle", () => {
	it("on stdin EOF during a bash tool call kills the command's process group, saves the run and exits 0", async () => {
		const pidFile = join(cli.world.cwd, "tool-shell.pid");
		const sessionFile = join(cli.world.cwd, "rpc-eof-tool.jsonl");
		cli.server.enqueue(
			// The shell is the leader of the command's process group: its pid is the group id.
			{ toolCalls: [{ id: "call_sleep", name: "bash", arguments: { command: `echo $$ > ${pidFile}; sleep 37` } }] },
			{ text: "never requested" },
		);
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--session", sessionFile]);
		rpc.write('{"id":"p","type":"prompt","message":"run the long command"}\n');
		const pgid = await readPid(pidFile);
		expect(livingGroupMembers(pgid).length).toBeGreaterThan(0);
		const closedAt = Date.now();
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		// The bound (rpc.md §8); without the fix pi stayed for the whole `sleep 37` plus a model call.
		expect(Date.now() - closedAt).toBeLessThan(3000);
		expect(livingGroupMembers(pgid)).toEqual([]);
		expect(cli.server.requests).toHaveLength(1);
		expect(rpc.lines.find((line) => line.id === "p")).toMatchObject({ success: true });
		expect(rpc.lines.at(-1)).toMatchObject({ type: "agent_end" });
		const saved = sessionMessages(sessionFile);
		expect(saved.map((message) => message.role)).toEqual(["user", "assistant", "toolResult"]);
		expect(saved[2]).toMatchObject({ toolCallId: "call_sleep", isError: true });
	});

	it("on stdin EOF also kills what ignores SIGTERM in the command's group before pi exits", async () => {
		const pidFile = join(cli.world.cwd, "stubborn.pid");
		// The shell dies on SIGTERM; the background subshell ignores it and keeps the output pipe open, so the tool
		// ends after its pipe wait, before the 1 s SIGKILL step: pi takes that step as it exits.
		const command = `(trap "" TERM; sleep 37) & echo $! > ${pidFile}; wait`;
		cli.server.enqueue({ toolCalls: [{ id: "call_stubborn", name: "bash", arguments: { command } }] });
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session"]);
		rpc.write('{"id":"p","type":"prompt","message":"start something stubborn"}\n');
		const stubborn = await readPid(pidFile);
		const pgid = Number(readFileSync(`/proc/${stubborn}/stat`, "utf8").split(") ")[1]!.split(" ")[2]);
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		expect(livingGroupMembers(pgid)).toEqual([]);
	});

	it("on stdin EOF kills a running bash command, answers it as cancelled and exits 0", async () => {
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session"]);
		rpc.write('{"id":"b","type":"bash","command":"echo started; sleep 37"}\n');
		// The get_state response proves the bash command was started (lines are handled in order).
		rpc.write('{"id":"s","type":"get_state"}\n');
		await rpc.waitFor((line) => line.id === "s");
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		expect(rpc.lines.find((line) => line.id === "b")).toMatchObject({
			type: "response",
			command: "bash",
			success: true,
			data: { cancelled: true },
		});
	});

	it("on stdin EOF answers every line received before it, each once, then exits 0", async () => {
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session"]);
		rpc.write('{"id":"n","type":"set_session_name","name":"last words"}\n{"id":"s","type":"get_state"}\n');
		rpc.write('{"id":"b","type":"bash","command":"sleep 37"}\n');
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		const responses = rpc.lines.filter((line) => line.type === "response");
		expect(responses.map((line) => line.id)).toEqual(["n", "s", "b"]);
		expect(responses[1]).toMatchObject({ success: true, data: { sessionName: "last words" } });
	});

	it("on stdin EOF while an input hook holds a prompt, the prompt is refused and no model call is made", async () => {
		const marker = join(cli.world.cwd, "input-hook-started");
		const extension = join(cli.world.cwd, "slow-input.mjs");
		writeFileSync(
			extension,
			`import { writeFileSync } from "node:fs";
export default function (pi) {
	pi.on("input", async () => {
		writeFileSync(${JSON.stringify(marker)}, "");
		await new Promise((resolve) => setTimeout(resolve, 400));
		return undefined;
	});
}
`,
		);
		cli.server.enqueue({ text: "must not be requested" });
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session", "-e", extension]);
		rpc.write('{"id":"p","type":"prompt","message":"slow to accept"}\n');
		await until(() => existsSync(marker));
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		expect(rpc.lines.find((line) => line.id === "p")).toEqual({
			id: "p",
			type: "response",
			command: "prompt",
			success: false,
			error: "The session is shutting down; it accepts no new prompts, commands or navigation.",
		});
		expect(cli.server.requests).toHaveLength(0);
	});

	it("when the client stops reading stdout (EPIPE) pi aborts the run, saves it and exits 0 without a crash", async () => {
		cli.server.enqueue({ text: "a long streamed answer ".repeat(40), chunkSize: 3, eventDelayMs: 10 });
		const sessionFile = join(cli.world.cwd, "rpc-epipe.jsonl");
		const child = spawn(process.execPath, [PI_BIN, "--mode", "rpc", "--model", MOCK_MODEL, "--session", sessionFile], {
			cwd: cli.world.cwd,
			env: childEnv(cli.world),
			stdio: ["pipe", "pipe", "pipe"],
		});
		let stderr = "";
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		const exited = new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal })));
		let updates = 0;
		const streaming = new Promise<void>((resolve) => {
			child.stdout.on("data", (chunk: Buffer) => {
				updates += chunk.toString("utf8").split('"type":"message_update"').length - 1;
				if (updates >= 5) resolve();
			});
		});
		child.stdin.write('{"id":"p","type":"prompt","message":"stream please"}\n');
		await streaming;
		child.stdout.destroy();
		expect(await exited).toEqual({ code: 0, signal: null });
		expect(stderr).toBe("");
		expect(sessionMessages(sessionFile).map((message) => `${message.role}:${message.stopReason ?? ""}`)).toEqual([
			"user:",
			"assistant:aborted",
		]);
		child.stdin.destroy();
	});

	it("rejects a prompt whose provider has no key with one failure response, no run and no session file", async () => {
		const rpc = startRawRpc(cli.world, ["--model", "anthropic/claude-sonnet-4-5"]);
		rpc.write('{"id":"p","type":"prompt","message":"hi"}\n{"id":"s","type":"get_state"}\n');
		await rpc.waitFor((line) => line.id === "s");
		rpc.endInput();
		expect(await rpc.exited).toEqual({ code: 0, signal: null });
		expect(rpc.lines[0]).toEqual({
			id: "p",
			type: "response",
			command: "prompt",
			success: false,
			error:
				'No API key found for provider "anthropic". Set ANTHROPIC_OAUTH_TOKEN or ANTHROPIC_API_KEY, or add a key to auth.json. With a Claude Pro/Max subscription, sign in instead: /login or `pi auth login anthropic`.',
		});
		expect(rpc.lines).toHaveLength(2);
		const state = rpc.lines[1]!.data;
		expect(state).toMatchObject({ isStreaming: false, messageCount: 0 });
		expect(existsSync(state.sessionFile)).toBe(false);
	});

	it("SIGINT aborts the run, fsyncs the aborted reply into the session file and exits 130", async () => {
		cli.server.enqueue({ text: "never sent", delayMs: 10_000 });
		const sessionFile = join(cli.world.cwd, "rpc-sigint.jsonl");
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--session", sessionFile]);
		rpc.write('{"id":"p","type":"prompt","message":"long task"}\n');
		await rpc.waitFor((line) => line.type === "message_end" && line.message.role === "user");
		rpc.kill("SIGINT");
		expect(await rpc.exited).toEqual({ code: 130, signal: null });
		expect(rpc.lines.at(-1)).toMatchObject({ type: "agent_end" });
		expect(sessionMessages(sessionFile)).toEqual([
			expect.objectContaining({ role: "user", content: [{ type: "text", text: "long task" }] }),
			expect.objectContaining({ role: "assistant", stopReason: "aborted" }),
		]);
	});

	it("SIGHUP kills a running bash command, answers it as cancelled and exits 129", async () => {
		const rpc = startRawRpc(cli.world, ["--model", MOCK_MODEL, "--no-session"]);
		rpc.write('{"id":"b","type":"bash","command":"echo started; sleep 10"}\n');
		// The get_state response proves the bash command was started (lines are handled in order).
		rpc.write('{"id":"s","type":"get_state"}\n');
		await rpc.waitFor((line) => line.id === "s");
		rpc.kill("SIGHUP");
		expect(await rpc.exited).toEqual({ code: 129, signal: null });
		expect(rpc.lines.find((line) => line.id === "b")).toMatchObject({
			type: "response",
			command: "bash",
			success: true,
			data: { cancelled: true },
		});
		expect(rpc.lines.find((line) => line.id === "b")!.data).not.toHaveProperty("exitCode");
	});

	it("SIGTERM cancels a pending retry wait and exits 143 without sending the retry", async () => {
		const waiting = createWorld(cli.server, { retry: { baseDelayMs: 10_000, maxRetries: 1 } });
		try {
			// retry-after makes the wait exactly 10 s (the settings' backoff is jittered and may be short).
			cli.server.enqueue({ httpError: { status: 529, message: "overloaded", retryAfter: "10" } });
			const rpc = startRawRpc(waiting, ["--model", MOCK_MODEL, "--no-session"]);
			rpc.write('{"id":"p","type":"prompt","message":"retry me"}\n');
			await rpc.waitFor((line) => line.type === "auto_retry_start");
			rpc.kill("SIGTERM");
			expect(await rpc.exited).toEqual({ code: 143, signal: null });
			expect(rpc.lines.at(-1)).toEqual({
				type: "auto_retry_end",
				success: false,
				attempt: 1,
				finalError: "Retry cancelled",
			});
			expect(cli.server.requests).toHaveLength(1);
		} finally {
			waiting.cleanup();
		}
	});
});

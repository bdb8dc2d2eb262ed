import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createBashTool } from "../../src/tools/bash.js";
import { type BashToolDetails, executeBash } from "../../src/tools/index.js";
import { callTool, errorOf, isAlive, tempDir, textOf, waitFor, zombieChildren } from "./helpers.js";

const baseEnv = { PATH: process.env.PATH, HOME: process.env.HOME };

function tool(cwd = tempDir(), options: Parameters<typeof createBashTool>[1] = {}) {
	return createBashTool(cwd, { baseEnv, ...options });
}

describe("bash: results", () => {
	it("returns interleaved stdout and stderr; the script's exit code decides success", async () => {
		const result = await callTool(tool(), { command: "ls nope; echo after" });
		expect(textOf(result)).toBe("ls: cannot access 'nope': No such file or directory\nafter");
		expect(result.details).toMatchObject({ command: "ls nope; echo after", exitCode: 0, truncated: false });
		expect(result.details?.fullOutputPath).toBeUndefined();
	});

	it("keeps arrival order across stdout and stderr", async () => {
		const result = await callTool(tool(), { command: "echo a; sleep 0.05; echo b >&2; sleep 0.05; echo c" });
		expect(textOf(result)).toBe("a\nb\nc");
	});

	it("reports a non-zero exit as an error with output and code", async () => {
		const error = await errorOf(callTool(tool(), { command: "exit 3" }));
		expect(error.message).toBe("(no output)\n\nCommand exited with code 3");
		expect(error.details).toMatchObject({ command: "exit 3", exitCode: 3, truncated: false });
		expect(typeof error.details.durationMs).toBe("number");
		const withOutput = await errorOf(callTool(tool(), { command: "echo oops; false" }));
		expect(withOutput.message).toBe("oops\n\nCommand exited with code 1");
	});

	it("rejects a blank command", async () => {
		expect((await errorOf(callTool(tool(), { command: "  " }))).message).toBe("command must not be empty");
	});

	it("runs in the session cwd and refuses a missing one", async () => {
		const cwd = tempDir();
		expect(textOf(await callTool(tool(cwd), { command: "pwd" }))).toBe(cwd);
		const missing = join(cwd, "gone");
		expect((await errorOf(callTool(tool(missing), { command: "pwd" }))).message).toBe(
			`Working directory does not exist: ${missing}`,
		);
	});

	it("uses shellPath and shellCommandPrefix, and reports a missing shellPath", async () => {
		const result = await callTool(
			tool(undefined, { shellPath: "/bin/sh", shellCommandPrefix: "greet() { echo hi $1; }" }),
			{
				command: "greet there",
			},
		);
		expect(textOf(result)).toBe("hi there");
		const error = await errorOf(callTool(tool(undefined, { shellPath: "/nope/shell" }), { command: "true" }));
		expect(error.message).toBe("Configured shellPath not found: /nope/shell");
	});

	it("reports a start failure", async () => {
		const dir = tempDir();
		const notExecutable = join(dir, "shell");
		writeFileSync(notExecutable, "", { mode: 0o644 });
		const error = await errorOf(callTool(tool(dir, { shellPath: notExecutable }), { command: "true" }));
		expect(error.message).toMatch(new RegExp(`^Failed to start shell ${notExecutable}: `));
	});

	it("reports death by a signal pi did not send", async () => {
		const error = await errorOf(callTool(tool(), { command: "kill -SEGV $$" }));
		expect(error.message).toBe("(no output)\n\nCommand terminated by signal SIGSEGV");
		expect(error.details.exitCode).toBeNull();
	});

	it("gives the command empty stdin and no terminal", async () => {
		const result = await callTool(tool(), { command: "cat; tty; true" });
		expect(textOf(result)).toBe("not a tty");
	});
});

describe("bash: sanitising", () => {
	it("removes ANSI sequences, carriage returns and control characters", async () => {
		const command = String.raw`printf '\033[1;31mred\033[0m \033]8;;http://x\007link\033]8;;\033\\ \033(Bok\r\n\001\tend\n'`;
		expect(textOf(await callTool(tool(), { command }))).toBe("red link ok\n\tend");
	});

	it("keeps a UTF-8 character split across writes whole and replaces invalid bytes", async () => {
		const command = String.raw`printf '\xe2\x82'; sleep 0.1; printf '\xac|\xff|\n'`;
		expect(textOf(await callTool(tool(), { command }))).toBe("€|\uFFFD|");
	});
});

describe("bash: environment", () => {
	it("drops provider credentials and configured names, adds PI_AGENT=1", async () => {
		const env = { ...baseEnv, OPENAI_API_KEY: "sk-1", MY_TOKEN: "t", CUSTOM_KEY: "c", KEEP: "k" };
		const result = await callTool(
			tool(undefined, { baseEnv: env, stripEnv: ["*_TOKEN"], credentialEnvNames: ["CUSTOM_KEY"] }),
			{
				command: "env | grep -E '^(OPENAI_API_KEY|MY_TOKEN|CUSTOM_KEY|KEEP|PI_AGENT)=' | sort",
			},
		);
		expect(textOf(result)).toBe("KEEP=k\nPI_AGENT=1");
	});

	it("passes credentials when passCredentials is set", async () => {
		const env = { ...baseEnv, ANTHROPIC_API_KEY: "sk-ant" };
		const result = await callTool(tool(undefined, { baseEnv: env, passCredentials: true }), {
			command: "echo $ANTHROPIC_API_KEY",
		});
		expect(textOf(result)).toBe("sk-ant");
	});
});

describe("bash: output retention", () => {
	it("keeps the last 2000 lines and spills the whole output to a log file", async () => {
		const result = await callTool(tool(), { command: "seq 1 5000" });
		const details = result.details as BashToolDetails;
		const text = textOf(result);
		const file = details.fullOutputPath!;
		expect(file).toMatch(/pi-bash-[0-9a-f]{16}\.log$/);
		expect(text.startsWith("3001\n")).toBe(true);
		expect(
			text.endsWith(
				`5000\n\n[Output truncated: showing the last 2000 of 5000 lines (9.8KB of 23.3KB). Full output: ${file}]`,
			),
		).toBe(true);
		expect(details.truncated).toBe(true);
		expect(readFileSync(file, "utf8")).toBe(`${Array.from({ length: 5000 }, (_, i) => i + 1).join("\n")}\n`);
	});

	it("keeps the end of one oversized last line", async () => {
		const result = await callTool(tool(), { command: "head -c 100000 /dev/zero | tr '\\0' a" });
		const text = textOf(result);
		const file = (result.details as BashToolDetails).fullOutputPath;
		expect(text).toBe(
			`${"a".repeat(51200)}\n\n[Output truncated: showing the last 50.0KB of line 1 (97.7KB). Full output: ${file}]`,
		);
	});

	it("does not create a log file for short output", async () => {
		const result = await callTool(tool(), { command: "seq 1 2000" });
		expect(result.details?.truncated).toBe(false);
		expect(result.details?.fullOutputPath).toBeUndefined();
		expect(textOf(result).split("\n")).toHaveLength(2000);
	});

	it("keeps memory bounded for 200 MB of output", async () => {
		let peak = process.memoryUsage().rss;
		const before = peak;
		const sampler = setInterval(() => {
			peak = Math.max(peak, process.memoryUsage().rss);
		}, 20);
		try {
			const result = await callTool(
				tool(),
				{ command: "yes 0123456789abcdef | head -c 200000000" },
				undefined,
				() => {},
			);
			peak = Math.max(peak, process.memoryUsage().rss);
			const details = result.details as BashToolDetails;
			expect(details.truncated).toBe(true);
			const notice = textOf(result).slice(textOf(result).lastIndexOf("\n\n"));
			// 2000 lines of "0123456789abcdef" = 33999 bytes.
			expect(notice).toBe(
				`\n\n[Output truncated: showing the last 2000 of 11764706 lines (33.2KB of 190.7MB). Full output: ${details.fullOutputPath}]`,
			);
			expect(statSync(details.fullOutputPath!).size).toBe(200_000_000);
			rmSync(details.fullOutputPath!);
		} finally {
			clearInterval(sampler);
		}
		expect(peak - before).toBeLessThan(50 * 1024 * 1024);
	}, 60_000);
});

describe("bash: streaming updates", () => {
	it("streams the accumulated tail while running, none before output and none after the result", async () => {
		const updates: { text: string; exitCode: number | null }[] = [];
		let resolved = false;
		let lateUpdates = 0;
		const result = await callTool(
			tool(),
			{ command: "sleep 0.2; echo one; sleep 0.3; echo two; sleep 0.3" },
			undefined,
			(u) => {
				if (resolved) lateUpdates++;
				const block = u.content[0];
				updates.push({
					text: block.type === "text" ? block.text : "",
					exitCode: (u.details as BashToolDetails).exitCode,
				});
			},
		);
		resolved = true;
		await new Promise((r) => setTimeout(r, 250));
		expect(lateUpdates).toBe(0);
		expect(updates[0]).toEqual({ text: "one", exitCode: null });
		expect(updates.at(-1)).toEqual({ text: "one\ntwo", exitCode: null });
		expect(textOf(result)).toBe("one\ntwo");
	});

	it("coalesces updates to at most one per 100 ms", async () => {
		const times: number[] = [];
		const started = Date.now();
		await callTool(tool(), { command: "for i in $(seq 1 40); do echo $i; sleep 0.01; done" }, undefined, () =>
			times.push(Date.now()),
		);
		const elapsed = Date.now() - started;
		expect(times.length).toBeGreaterThan(0);
		expect(times.length).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 1);
	});
});

/** Starts `sleep 1000 & wait` plus a background grandchild; reports their pids through a file. */
function treeCommand(pidFile: string): string {
	return `sleep 1000 & echo $! > ${pidFile}; (sleep 1001 & echo $! >> ${pidFile}; wait) & wait`;
}

async function readPids(pidFile: string): Promise<number[]> {
	await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim().split("\n").length >= 2, 5000);
	return readFileSync(pidFile, "utf8").trim().split("\n").map(Number);
}

describe("bash: timeout and abort", () => {
	it("abort kills the whole process group, leaving no process or zombie", async () => {
		const dir = tempDir();
		const pidFile = join(dir, "pids");
		const controller = new AbortController();
		const call = callTool(tool(dir), { command: treeCommand(pidFile) }, controller.signal);
		const pids = await readPids(pidFile);
		expect(pids.every(isAlive)).toBe(true);
		controller.abort();
		const error = await errorOf(call);
		expect(error.message).toBe("(no output)\n\nCommand aborted");
		expect(error.details.exitCode).toBeNull();
		expect(await waitFor(() => !pids.some(isAlive), 1000)).toBe(true);
		expect(zombieChildren()).toEqual([]);
	});

	it("timeout kills the whole process group and reports the timeout", async () => {
		const dir = tempDir();
		const pidFile = join(dir, "pids");
		const call = callTool(tool(dir), { command: `echo started; ${treeCommand(pidFile)}`, timeout: 0.5 });
		const pids = await readPids(pidFile);
		const error = await errorOf(call);
		expect(error.message).toBe("started\n\nCommand timed out after 0.5 seconds");
		expect(await waitFor(() => !pids.some(isAlive), 1000)).toBe(true);
		expect(zombieChildren()).toEqual([]);
	});

	it("uses the configured default timeout", async () => {
		const error = await errorOf(callTool(tool(undefined, { defaultTimeoutSeconds: 0.3 }), { command: "sleep 5" }));
		expect(error.message).toBe("(no output)\n\nCommand timed out after 0.3 seconds");
	});

	it.runIf(process.platform === "linux")(
		"abort also kills a process that left the group but holds the pipes",
		async () => {
			const dir = tempDir();
			const pidFile = join(dir, "pids");
			const controller = new AbortController();
			const command = `setsid sh -c 'echo $$ > ${pidFile}; exec sleep 1000' & wait`;
			const call = callTool(tool(dir), { command }, controller.signal);
			await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "", 5000);
			const pid = Number(readFileSync(pidFile, "utf8").trim());
			expect(isAlive(pid)).toBe(true);
			controller.abort();
			await errorOf(call);
			expect(await waitFor(() => !isAlive(pid), 1500)).toBe(true);
		},
	);

	it("SIGKILLs what ignores SIGTERM after the grace period", async () => {
		const dir = tempDir();
		const pidFile = join(dir, "pids");
		const controller = new AbortController();
		const command = `sh -c 'trap "" TERM; echo $$ > ${pidFile}; while :; do sleep 0.05; done' & wait`;
		const call = callTool(tool(dir), { command }, controller.signal);
		await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "", 5000);
		const pid = Number(readFileSync(pidFile, "utf8").trim());
		controller.abort();
		await errorOf(call);
		expect(await waitFor(() => !isAlive(pid), 2500)).toBe(true);
	});

	it("is complete when the shell exits even if a background process keeps the pipes", async () => {
		const dir = tempDir();
		const pidFile = join(dir, "pid");
		const result = await callTool(tool(dir), { command: `sleep 30 & echo $! > ${pidFile}; echo done` });
		expect(textOf(result)).toBe("done");
		const pid = Number(readFileSync(pidFile, "utf8").trim());
		expect(isAlive(pid)).toBe(true);
		process.kill(pid, "SIGKILL");
	});

	it("refuses to start when already aborted", async () => {
		const controller = new AbortController();
		controller.abort();
		expect((await errorOf(callTool(tool(), { command: "echo x" }, controller.signal))).message).toBe(
			"Operation aborted",
		);
	});
});

describe("executeBash (user commands)", () => {
	it("streams chunks and returns the tail without notices; non-zero exit is not an error", async () => {
		const chunks: string[] = [];
		const result = await executeBash("printf '\\033[32mok\\033[0m\\n'; exit 4", {
			cwd: tempDir(),
			baseEnv,
			onChunk: (c) => chunks.push(c),
		});
		expect(result).toEqual({ output: "ok", exitCode: 4, cancelled: false, truncated: false });
		expect(chunks.join("")).toBe("ok\n");
	});

	it("reports truncation and the full output file without notice text", async () => {
		const result = await executeBash("seq 1 3000", { cwd: tempDir(), baseEnv });
		expect(result.truncated).toBe(true);
		expect(result.output.split("\n")).toHaveLength(2000);
		expect(result.output.endsWith("3000")).toBe(true);
		expect(result.fullOutputPath).toMatch(/pi-bash-[0-9a-f]{16}\.log$/);
	});

	it("reports cancellation without an exit code", async () => {
		const controller = new AbortController();
		const run = executeBash("sleep 1000", { cwd: tempDir(), baseEnv, signal: controller.signal });
		setTimeout(() => controller.abort(), 100);
		const result = await run;
		expect(result.cancelled).toBe(true);
		expect(result.exitCode).toBeUndefined();
	});
});

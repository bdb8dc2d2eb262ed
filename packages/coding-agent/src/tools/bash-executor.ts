/**
 * Runs one shell command the way tools.md §3.2–§3.3 describes: the user's shell in its own session and process
 * group, stdin from /dev/null, stdout and stderr sanitised and interleaved into a bounded {@link OutputBuffer},
 * completion on shell exit plus at most 250 ms for the pipes, timeout and abort killing the whole tree.
 * Used by the bash tool (§3) and by the user's own commands through {@link executeBash} (§8).
 */
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import type { Readable } from "node:stream";
import { OutputBuffer, type OutputTail } from "./output-buffer.js";
import { killProcessTree, outputChannelIds } from "./process-tree.js";
import { OutputSanitizer } from "./sanitize.js";
import { buildScript, buildShellEnv, resolveShell, type ShellSettings } from "./shell.js";
import { ToolError } from "./tool-error.js";

/** How long pi keeps reading after the shell exited (background processes may hold the pipes forever). */
export const PIPE_DRAIN_MS = 250;

/** How a command ended. */
export type ShellOutcome =
	| { kind: "exited"; exitCode: number }
	| { kind: "signaled"; signal: string }
	| { kind: "timeout" }
	| { kind: "aborted" };

export interface ShellRunOptions extends ShellSettings {
	/** Working directory (the session cwd). */
	cwd: string;
	signal?: AbortSignal;
	/** Kill the command after this many milliseconds; undefined or 0 = never. */
	timeoutMs?: number;
	/** Receives sanitised output as it arrives. */
	onData?: (text: string) => void;
	/** Receives the output buffer once created, so a caller can take snapshots of the tail while it runs. */
	onBuffer?: (buffer: OutputBuffer) => void;
}

export interface ShellRun {
	outcome: ShellOutcome;
	tail: OutputTail;
	durationMs: number;
}

function fdOf(stream: Readable | null): number | undefined {
	const handle = (stream as unknown as { _handle?: { fd?: number } } | null)?._handle;
	return typeof handle?.fd === "number" && handle.fd >= 0 ? handle.fd : undefined;
}

function assertDirectory(cwd: string): void {
	let isDir = false;
	try {
		isDir = statSync(cwd).isDirectory();
	} catch {
		isDir = false;
	}
	if (!isDir) throw new ToolError(`Working directory does not exist: ${cwd}`);
}

/** Runs `command`; rejects only when the shell cannot be started (missing cwd or shell, spawn failure). */
export function runShellCommand(command: string, options: ShellRunOptions): Promise<ShellRun> {
	assertDirectory(options.cwd);
	const shell = resolveShell(options);
	const started = Date.now();
	const buffer = new OutputBuffer();
	options.onBuffer?.(buffer);

	return new Promise<ShellRun>((resolve, reject) => {
		let child: ReturnType<typeof spawn>;
		try {
			// `exec 2>&1` joins stderr to stdout inside the shell: one pipe keeps the true order of the two, which
			// two separately read pipes cannot (`ls nope; echo after` must show the error first). It shares the
			// first line so the shell's own "line N" error messages still count from the user's first line.
			child = spawn(shell, ["-c", `exec 2>&1; ${buildScript(command, options)}`], {
				cwd: options.cwd,
				env: buildShellEnv(options),
				// Own session and process group: no controlling terminal, and the whole group can be signalled.
				detached: process.platform !== "win32",
				stdio: ["ignore", "pipe", "pipe"],
				windowsHide: true,
			});
		} catch (error) {
			reject(new ToolError(`Failed to start shell ${shell}: ${(error as Error).message}`));
			return;
		}

		const streams = [child.stdout, child.stderr].filter((s): s is Readable => s !== null);
		const pipes = outputChannelIds(
			child.pid,
			streams.map(fdOf).filter((fd): fd is number => fd !== undefined),
		);
		let outcome: ShellOutcome | undefined;
		let killRequested: "timeout" | "aborted" | undefined;
		let settled = false;
		let timeoutTimer: NodeJS.Timeout | undefined;

		const emit = (text: string) => {
			if (settled || text.length === 0) return;
			buffer.append(text);
			options.onData?.(text);
		};
		for (const stream of streams) {
			const sanitizer = new OutputSanitizer();
			stream.on("data", (chunk: Buffer) => emit(sanitizer.write(chunk)));
			stream.on("end", () => emit(sanitizer.end()));
			stream.on("error", () => {
				// A destroyed pipe after completion; nothing to report.
			});
		}

		const requestKill = (reason: "timeout" | "aborted") => {
			if (killRequested || outcome || child.pid === undefined) return;
			killRequested = reason;
			if (process.platform === "win32") child.kill("SIGKILL");
			else killProcessTree(child.pid, pipes);
		};
		const onAbort = () => requestKill("aborted");
		options.signal?.addEventListener("abort", onAbort, { once: true });
		if (options.timeoutMs && options.timeoutMs > 0) {
			timeoutTimer = setTimeout(() => requestKill("timeout"), options.timeoutMs);
		}

		const cleanup = () => {
			if (timeoutTimer) clearTimeout(timeoutTimer);
			options.signal?.removeEventListener("abort", onAbort);
		};

		const finish = () => {
			if (settled) return;
			settled = true;
			for (const stream of streams) stream.destroy();
			buffer.close();
			resolve({ outcome: outcome!, tail: buffer.tail(), durationMs: Date.now() - started });
		};

		child.once("error", (error) => {
			if (child.pid !== undefined && outcome) return;
			cleanup();
			if (settled) return;
			settled = true;
			for (const stream of streams) stream.destroy();
			buffer.close();
			reject(new ToolError(`Failed to start shell ${shell}: ${error.message}`));
		});

		child.once("exit", (code, signal) => {
			cleanup();
			if (killRequested) outcome = { kind: killRequested };
			else if (code !== null) outcome = { kind: "exited", exitCode: code };
			else outcome = { kind: "signaled", signal: signal ?? "unknown" };
			// Wait for the pipes to close, but not for background processes that keep them open.
			const open = streams.filter((s) => !s.readableEnded && !s.destroyed);
			if (open.length === 0) {
				finish();
				return;
			}
			const drainTimer = setTimeout(finish, PIPE_DRAIN_MS);
			let pending = open.length;
			for (const stream of open) {
				stream.once("close", () => {
					if (--pending === 0) {
						clearTimeout(drainTimer);
						finish();
					}
				});
			}
		});

		if (options.signal?.aborted) onAbort();
	});
}

/** Result of a user shell command (tools.md §8). */
export interface BashResult {
	/** The retained tail of the output, without notice text. */
	output: string;
	/** Exit code; absent when the command was killed (cancelled) or died from a signal. */
	exitCode?: number;
	/** True when the user cancelled the command (Esc, RPC `abort_bash`). */
	cancelled: boolean;
	/** True when `output` is only the tail of what the command printed. */
	truncated: boolean;
	/** The complete output, when it exceeded the tail limits. */
	fullOutputPath?: string;
}

/** Options of {@link executeBash}: working directory, streaming callback, cancellation and shell settings. */
export interface ExecuteBashOptions extends ShellSettings {
	cwd: string;
	/** Receives sanitised output chunks as they arrive. */
	onChunk?: (chunk: string) => void;
	/** Cancels the command (kills its process group). */
	signal?: AbortSignal;
}

/**
 * Runs a user's own shell command (`!cmd`, `!!cmd`, RPC `bash`): no timeout, a non-zero exit is not an error.
 * Rejects with a ToolError only when the command cannot be started (missing cwd, shellPath or shell).
 */
export async function executeBash(command: string, options: ExecuteBashOptions): Promise<BashResult> {
	const { onChunk, ...rest } = options;
	const run = await runShellCommand(command, { ...rest, onData: onChunk, timeoutMs: undefined });
	const result: BashResult = {
		output: run.tail.text,
		cancelled: run.outcome.kind === "aborted",
		truncated: run.tail.truncated,
	};
	if (run.outcome.kind === "exited") result.exitCode = run.outcome.exitCode;
	if (run.tail.fullOutputPath) result.fullOutputPath = run.tail.fullOutputPath;
	return result;
}

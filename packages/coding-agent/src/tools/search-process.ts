/**
 * Running rg or fd for grep and find: collects stdout, kills the child when the call is aborted.
 */
import { spawn } from "node:child_process";
import { ABORTED_MESSAGE, ToolError } from "./tool-error.js";

/** Exit code, stdout and stderr of a finished search process. */
export interface SearchProcessResult {
	code: number | null;
	stdout: Buffer;
	stderr: string;
}

/**
 * Runs `command args` and resolves when it exits; rejects with `Operation aborted` when `signal` fires (the child is
 * killed) and with the spawn error when it could not start.
 */
export function runSearchProcess(
	command: string,
	args: readonly string[],
	options: { signal?: AbortSignal; env?: NodeJS.ProcessEnv } = {},
): Promise<SearchProcessResult> {
	const { signal } = options;
	return new Promise((resolve, reject) => {
		if (signal?.aborted) {
			reject(new ToolError(ABORTED_MESSAGE));
			return;
		}
		const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: options.env, windowsHide: true });
		const out: Buffer[] = [];
		const err: Buffer[] = [];
		const onAbort = () => {
			child.kill("SIGKILL");
			reject(new ToolError(ABORTED_MESSAGE));
		};
		signal?.addEventListener("abort", onAbort, { once: true });
		child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
		child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
		child.on("error", (error) => {
			signal?.removeEventListener("abort", onAbort);
			reject(error);
		});
		child.on("close", (code) => {
			signal?.removeEventListener("abort", onAbort);
			resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString("utf8") });
		});
	});
}

/** Splits NUL-terminated output (`--null`, `--print0`) into strings. */
export function splitNulTerminated(output: Buffer): string[] {
	const text = output.toString("utf8");
	const parts = text.split("\0");
	if (parts[parts.length - 1] === "") parts.pop();
	return parts;
}

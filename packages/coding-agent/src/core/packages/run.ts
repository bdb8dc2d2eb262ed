/**
 * Running the user's own `npm` and `git` with the user's environment (npm config, registries, certificates, SSH
 * keys all apply as in a terminal). Output is captured and handed back in the error when the command fails, so
 * npm's and git's own messages reach the user.
 */
import { spawn } from "node:child_process";
import { packageTexts } from "./texts.js";

/** A command and the arguments that always come before the operation's own (the `npmCommand` setting). */
export interface CommandLine {
	command: string;
	args: string[];
}

/** Runs `command args` in `cwd`; resolves with stdout, rejects with an Error carrying the command's output. */
export function runCommand(
	line: CommandLine,
	args: readonly string[],
	options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
	const all = [...line.args, ...args];
	const display = [line.command, ...all].join(" ");
	return new Promise((resolvePromise, reject) => {
		const child = spawn(line.command, all, {
			cwd: options.cwd,
			env: options.env ?? process.env,
			stdio: ["ignore", "pipe", "pipe"],
			// npm on Windows is a .cmd script.
			shell: process.platform === "win32",
		});
		let stdout = "";
		let output = "";
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString();
			output += chunk.toString();
		});
		child.stderr.on("data", (chunk: Buffer) => {
			output += chunk.toString();
		});
		child.on("error", (error: NodeJS.ErrnoException) => {
			reject(new Error(error.code === "ENOENT" ? packageTexts.commandMissing(line.command) : error.message));
		});
		child.on("close", (code) => {
			if (code === 0) resolvePromise(stdout);
			else reject(new Error(packageTexts.commandFailed(display, code, output.trim())));
		});
	});
}

/**
 * The `ExtensionAPI` object one extension receives: a thin, per-extension view of the host that stamps every
 * registration with the extension's path (so errors and commands name where they came from).
 */
import { spawn } from "node:child_process";
import type { ExtensionHost } from "./host.js";
import type { ExecResult, ExtensionAPI } from "./types.js";

/** Builds the API for the extension at `extensionPath`. */
export function createExtensionApi(host: ExtensionHost, extensionPath: string, cwd: string): ExtensionAPI {
	return {
		extensionPath,
		get ui() {
			return host.ui;
		},
		registerCommand: (name, command) => host.addCommand(extensionPath, name, command),
		registerTool: (tool) => host.addTool(extensionPath, tool),
		on: (event, handler) => host.addHandler(extensionPath, event, handler),
		registerFlag: (name, flag) => host.addFlag(extensionPath, name, flag),
		getFlag: (name) => host.getFlag(name),
		sendUserMessage: (text, options) => host.sendUserMessage(text, options?.deliverAs ?? "followUp"),
		getSession: () => host.sessionInfo(),
		shutdown: () => host.requestShutdown(),
		exec: (command, options) => runShell(command, cwd, options),
	};
}

/** Runs `command` with the platform shell in `cwd`; never rejects for a non-zero exit. */
function runShell(
	command: string,
	cwd: string,
	options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ExecResult> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, {
			cwd,
			shell: true,
			stdio: ["ignore", "pipe", "pipe"],
			signal: options.signal,
			timeout: options.timeoutMs,
		});
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString("utf8");
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		child.on("error", (error) => {
			// An abort or timeout kills the child; report it like a killed process rather than failing.
			if (error.name === "AbortError") return;
			reject(error);
		});
		child.on("close", (code) => resolve({ stdout, stderr, code }));
	});
}

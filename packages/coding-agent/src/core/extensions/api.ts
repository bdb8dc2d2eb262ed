/**
 * The `ExtensionAPI` object one extension receives: a thin, per-extension view of the host that stamps every
 * registration with the extension's path (so errors and commands name where they came from), plus the `pi.*`
 * actions on the session. Session-bound actions throw the "not yet" error while the extension loads.
 */
import { spawn } from "node:child_process";
import { assertModelHasKey } from "../model-control.js";
import type { ExecOptions, ExecResult, ExtensionAPI, SourceInfo } from "./api-types.js";
import type { ExtensionHost } from "./host.js";
import { errorMessage, extensionTexts } from "./texts.js";

/** Builds the API for the extension at `extensionPath`. */
export function createExtensionApi(host: ExtensionHost, extensionPath: string, cwd: string): ExtensionAPI {
	const session = () => host.requireSession();
	/**
	 * The original's methods return nothing, so extensions rarely await them: a failure is reported as this
	 * extension's error (instead of an unhandled rejection ending pi) and still rejects for a caller that awaits.
	 */
	const reported = (method: string, task: Promise<void>): Promise<void> => {
		task.catch((error) => host.report(extensionPath, method, errorMessage(error)));
		return task;
	};
	return {
		extensionPath,
		get ui() {
			return host.ui;
		},
		get events() {
			return host.events;
		},
		on: (event, handler) => host.registry.addHandler(extensionPath, event, handler),
		registerTool: (tool) => host.registry.addTool(extensionPath, tool),
		registerCommand: (name, command) => host.registry.addCommand(extensionPath, name, command),
		registerShortcut: (shortcut, options) => host.registry.addShortcut(extensionPath, shortcut, options),
		registerFlag: (name, flag) => host.registry.addFlag(extensionPath, name, flag),
		getFlag: (name) => host.registry.getFlag(name),
		registerMessageRenderer: (customType, renderer) =>
			host.registry.addMessageRenderer(extensionPath, customType, renderer),
		registerEntryRenderer: (customType, renderer) =>
			host.registry.addEntryRenderer(extensionPath, customType, renderer),
		registerMarkdownTransformer: (transformer) => host.registry.addMarkdownTransformer(extensionPath, transformer),
		sendMessage: (message, options) => reported("sendMessage", host.sendCustomMessage(message, options)),
		sendUserMessage: (content, options) =>
			reported("sendUserMessage", host.sendUserMessage(content, options?.deliverAs ?? "followUp")),
		appendEntry: (customType, data) => void session().sessionManager.appendCustomEntry(customType, data),
		setSessionName: (name) => void reported("setSessionName", session().setSessionName(name)),
		getSessionName: () => session().sessionName,
		setLabel: (entryId, label) => session().setLabel(entryId, label),
		exec: (command, args, options) => runExec(command, args, options, cwd),
		getActiveTools: () => session().toolSet.getActiveTools(),
		getAllTools: () =>
			session()
				.toolSet.getAllTools()
				.map((tool) => ({ ...tool, sourceInfo: withOrigin(tool.sourceInfo) })),
		setActiveTools: (names) => session().toolSet.setActiveTools(names),
		getCommands: () =>
			session()
				.getCommands()
				.map((command) => (command.sourceInfo ? { ...command, sourceInfo: withOrigin(command.sourceInfo) } : command)),
		setModel: async (model) => {
			const current = session();
			try {
				assertModelHasKey(model, current.modelRegistry);
			} catch {
				return false;
			}
			await current.setModel(model);
			return true;
		},
		getThinkingLevel: () => session().thinkingLevel,
		setThinkingLevel: (level) => void reported("setThinkingLevel", session().setThinkingLevel(level)),
		registerProvider: (name, config) => host.registry.changeProvider(extensionPath, name, config),
		unregisterProvider: (name) => host.registry.changeProvider(extensionPath, name),
		getSession: () => host.sessionInfo(),
		shutdown: () => host.requestShutdown(),
	};
}

/** Sources that are not a package name (rpc.md §5 `sourceInfo.source`). */
const TOP_LEVEL_SOURCES = new Set(["builtin", "sdk", "cli", "settings", "auto"]);

/** Adds the original's `origin` field: `package` for a resource a pi package brought, else `top-level`. */
function withOrigin<T extends SourceInfo>(info: T): T & { origin: "package" | "top-level" } {
	return { ...info, origin: TOP_LEVEL_SOURCES.has(info.source) ? "top-level" : "package" };
}

/**
 * `pi.exec(command, args, options)`: runs `command` without a shell. pi's older `exec(commandLine, options)` form
 * (no args array) runs the line through the shell.
 */
function runExec(
	command: string,
	args: string[] | ExecOptions | undefined,
	options: ExecOptions | undefined,
	cwd: string,
): Promise<ExecResult> {
	if (Array.isArray(args)) {
		if (!args.every((arg) => typeof arg === "string"))
			return Promise.reject(new TypeError(extensionTexts.invalidExecArgs));
		return spawnCollect(command, args, false, { cwd, ...options });
	}
	return spawnCollect(command, [], true, { cwd, ...args });
}

/**
 * Runs a process collecting its output; never rejects: a non-zero exit, an abort, a timeout or a program that
 * cannot start (code 1, its error on stderr) all resolve.
 */
function spawnCollect(command: string, args: string[], shell: boolean, options: ExecOptions): Promise<ExecResult> {
	return new Promise((resolve) => {
		const child = spawn(command, args, {
			cwd: options.cwd,
			shell,
			stdio: ["ignore", "pipe", "pipe"],
			signal: options.signal,
			timeout: options.timeout ?? options.timeoutMs,
		});
		let stdout = "";
		let stderr = "";
		let killed = false;
		child.stdout.on("data", (chunk: Buffer) => {
			stdout += chunk.toString("utf8");
		});
		child.stderr.on("data", (chunk: Buffer) => {
			stderr += chunk.toString("utf8");
		});
		child.on("error", (error) => {
			// An abort kills the child; report it like a killed process rather than failing.
			if (error.name === "AbortError") {
				killed = true;
				return;
			}
			resolve({ stdout, stderr: `${stderr}${error.message}\n`, code: 1, killed });
		});
		child.on("close", (code, signal) => {
			killed ||= signal !== null;
			// The older shell form reported a killed process as code null; the original's form reports a number.
			resolve({ stdout, stderr, code: shell ? code : (code ?? 1), killed });
		});
	});
}

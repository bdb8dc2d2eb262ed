/**
 * The user's own shell commands (tools.md §8): one at a time through the tools' executor, cancellable, and
 * turned into `bashExecution` messages for the session.
 */
import { type BashResult, executeBash, type ShellSettings } from "../tools/index.js";
import type { ModelRegistry } from "./config/model-registry.js";
import type { SettingsManager } from "./config/settings.js";
import type { BashExecutionMessage } from "./session/index.js";
import { sessionTexts } from "./session-events.js";

/** Runs user commands one at a time. */
export class UserBashRunner {
	private controller: AbortController | undefined;

	/** `settings` is read for every command, so changed shell settings apply to the next one. */
	constructor(
		private readonly cwd: string,
		private readonly settings: () => ShellSettings,
	) {}

	/** Whether a command is running. */
	get isRunning(): boolean {
		return this.controller !== undefined;
	}

	/**
	 * Runs `command` in the session cwd. Rejects with `A bash command is already running.` while another runs, and
	 * with the executor's error when the shell cannot start.
	 */
	async run(command: string, onChunk?: (chunk: string) => void): Promise<BashResult> {
		if (this.controller) throw new Error(sessionTexts.bashRunning);
		const controller = new AbortController();
		this.controller = controller;
		try {
			return await executeBash(command, { ...this.settings(), cwd: this.cwd, onChunk, signal: controller.signal });
		} finally {
			this.controller = undefined;
		}
	}

	/** Kills the running command, if any (its result then has `cancelled: true`). */
	abort(): void {
		this.controller?.abort();
	}
}

/** The `bashExecution` message recording a finished command. */
export function toBashExecutionMessage(
	command: string,
	result: BashResult,
	excludeFromContext: boolean,
): BashExecutionMessage {
	const message: BashExecutionMessage = {
		role: "bashExecution",
		command,
		output: result.output,
		cancelled: result.cancelled,
		truncated: result.truncated,
		timestamp: Date.now(),
	};
	if (result.exitCode !== undefined) message.exitCode = result.exitCode;
	if (result.fullOutputPath) message.fullOutputPath = result.fullOutputPath;
	if (excludeFromContext) message.excludeFromContext = true;
	return message;
}

/** Shell settings for user commands from settings (`shellPath`, `shellCommandPrefix`, `bash.*`). */
export function shellSettingsFrom(settings: SettingsManager, registry: ModelRegistry): ShellSettings {
	const bash = settings.getBashSettings();
	return {
		shellPath: settings.getShellPath(),
		shellCommandPrefix: settings.getShellCommandPrefix(),
		passCredentials: bash.passCredentials,
		stripEnv: bash.stripEnv,
		credentialEnvNames: registry.getCredentialEnvNames(),
	};
}

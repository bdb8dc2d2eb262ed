/**
 * The user's own shell commands (tools.md §8): one at a time through the tools' executor, cancellable, and
 * turned into `bashExecution` messages for the session.
 */
import { type BashResult, executeBash } from "../tools/bash-executor.js";
import type { ShellSettings } from "../tools/shell.js";
import type { ModelRegistry } from "./config/model-registry.js";
import type { SettingsManager } from "./config/settings.js";
import type { UserBashEventResult } from "./extensions/events.js";
import { normaliseBashResult, runWithOperations } from "./extensions/session-hooks-bash.js";
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
	async run(
		command: string,
		onChunk?: (chunk: string) => void,
		custom?: (signal: AbortSignal) => Promise<BashResult | undefined>,
	): Promise<BashResult> {
		if (this.controller) throw new Error(sessionTexts.bashRunning);
		const controller = new AbortController();
		this.controller = controller;
		try {
			// Extensions (user_bash) decide inside the slot, so their handlers and operations are cancellable too.
			const decided = custom ? await custom(controller.signal) : undefined;
			if (decided) return decided;
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

/** What {@link UserBashController} needs from its session. */
export interface UserBashHost {
	/** Whether a run is under way: results are then held until it ends. */
	isBusy(): boolean;
	/** Appends a message to the context and the session file. */
	record(message: BashExecutionMessage): void;
	/** Extensions' `user_bash` handlers: a full result, or operations to run the command with. */
	intercept?(command: string, excludeFromContext: boolean): Promise<UserBashEventResult | undefined>;
}

/**
 * The session side of user commands (rpc.md §4.3 `bash`): runs them one at a time and records each result as a
 * `bashExecution` message, at once when idle, or right after the current run when busy (so it never lands in the
 * middle of a turn).
 */
export class UserBashController {
	private readonly runner: UserBashRunner;
	private pending: BashExecutionMessage[] = [];
	/** Commands from start until their result is recorded (or held). */
	private readonly tasks = new Set<Promise<unknown>>();

	constructor(
		private readonly cwd: string,
		settings: () => ShellSettings,
		private readonly host: UserBashHost,
	) {
		this.runner = new UserBashRunner(cwd, settings);
	}

	get isRunning(): boolean {
		return this.runner.isRunning;
	}

	/** A command is running or its result is still being recorded. */
	get isBusy(): boolean {
		return this.tasks.size > 0;
	}

	/** Runs `command` and records its result; rejects with `A bash command is already running.` while one runs. */
	execute(command: string, onChunk?: (chunk: string) => void, excludeFromContext = false): Promise<BashResult> {
		const task = this.runAndRecord(command, onChunk, excludeFromContext);
		this.tasks.add(task);
		void task.catch(() => {}).finally(() => this.tasks.delete(task));
		return task;
	}

	private async runAndRecord(
		command: string,
		onChunk: ((chunk: string) => void) | undefined,
		excludeFromContext: boolean,
	): Promise<BashResult> {
		const { intercept } = this.host;
		const byExtension = intercept
			? async (signal: AbortSignal): Promise<BashResult | undefined> => {
					const decision = await intercept(command, excludeFromContext);
					if (decision?.result) return normaliseBashResult(decision.result);
					if (decision?.operations) {
						return runWithOperations(decision.operations, command, this.cwd, { onChunk, signal });
					}
					return undefined;
				}
			: undefined;
		const result = await this.runner.run(command, onChunk, byExtension);
		const message = toBashExecutionMessage(command, result, excludeFromContext);
		if (this.host.isBusy()) this.pending.push(message);
		else this.host.record(message);
		return result;
	}

	/** Kills the running command, if any. */
	abort(): void {
		this.runner.abort();
	}

	/** Resolves once no command is running and every finished one is recorded or held for the run's end. */
	async settled(): Promise<void> {
		while (this.tasks.size > 0) await Promise.allSettled([...this.tasks]);
	}

	/** Records the results held during a run (called when the run ends). */
	flushPending(): void {
		const pending = this.pending;
		this.pending = [];
		for (const message of pending) this.host.record(message);
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

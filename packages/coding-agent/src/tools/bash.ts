/**
 * The `bash` tool (tools.md §3): runs a command in the session cwd with a timeout, streams the output tail
 * through `onUpdate`, and reports the result texts of §3.4.
 */
import type { AgentTool, AgentToolResult, AgentToolUpdateCallback } from "@pi/agent-core";
import { runShellCommand, type ShellOutcome } from "./bash-executor.js";
import { formatSize } from "./format.js";
import type { OutputTail } from "./output-buffer.js";
import { Type } from "./schema.js";
import type { ShellSettings } from "./shell.js";
import { ToolError, throwIfAborted } from "./tool-error.js";

/** Default for settings `bash.defaultTimeoutSeconds`. */
export const DEFAULT_BASH_TIMEOUT_SECONDS = 600;
/** Streaming updates are coalesced to at most one per this many milliseconds. */
export const BASH_UPDATE_INTERVAL_MS = 100;

const bashSchema = Type.Object({
	command: Type.String({ description: "Shell script to run in the working directory (bash -c)." }),
	timeout: Type.Optional(
		Type.Number({
			exclusiveMinimum: 0,
			description: "Timeout in seconds (default 600). The whole process tree is killed when it expires.",
		}),
	),
});

/** `details` of bash results, updates and errors (tools.md §3.4). */
export interface BashToolDetails {
	command: string;
	/** Null while running and when the process was killed. */
	exitCode: number | null;
	durationMs: number;
	truncated: boolean;
	fullOutputPath?: string;
}

export interface BashToolOptions extends ShellSettings {
	/** Settings `bash.defaultTimeoutSeconds` (default 600; 0 = no default timeout). */
	defaultTimeoutSeconds?: number;
}

const DESCRIPTION = `Run a shell command with bash in the working directory and return its combined stdout and stderr.
- The command runs non-interactively: stdin is empty and there is no terminal, so never start interactive programs.
- Only the last 2000 lines / 50KB of output are returned; when output is longer, the full output is saved to a file whose path is given, so you can read or grep it.
- A non-zero exit code is reported as an error together with the output.
- Default timeout: 600 seconds; pass timeout (seconds) for long builds or to fail fast.
- Prefer the read, edit and write tools for files and keep commands focused.`;

function truncationNotice(tail: OutputTail): string {
	if (!tail.truncated) return "";
	const file = tail.fullOutputPath ?? "(not saved)";
	if (tail.partialLine) {
		return `\n\n[Output truncated: showing the last ${formatSize(tail.shownBytes)} of line ${tail.partialLine.lineNumber} (${formatSize(tail.partialLine.bytes)}). Full output: ${file}]`;
	}
	return `\n\n[Output truncated: showing the last ${tail.shownLines} of ${tail.totalLines} lines (${formatSize(tail.shownBytes)} of ${formatSize(tail.totalBytes)}). Full output: ${file}]`;
}

function outcomeNotice(outcome: ShellOutcome, timeoutSeconds: number | undefined): string {
	switch (outcome.kind) {
		case "exited":
			return outcome.exitCode === 0 ? "" : `\n\nCommand exited with code ${outcome.exitCode}`;
		case "timeout":
			return `\n\nCommand timed out after ${timeoutSeconds} seconds`;
		case "aborted":
			return "\n\nCommand aborted";
		case "signaled":
			return `\n\nCommand terminated by signal ${outcome.signal}`;
	}
}

/** Calls `deliver` at most once per interval with the latest value; nothing after `stop()`. */
function createCoalescer(deliver: () => void, intervalMs: number) {
	let last = 0;
	let timer: NodeJS.Timeout | undefined;
	let stopped = false;
	return {
		poke() {
			if (stopped || timer) return;
			const wait = last + intervalMs - Date.now();
			if (wait <= 0) {
				last = Date.now();
				deliver();
				return;
			}
			timer = setTimeout(() => {
				timer = undefined;
				if (stopped) return;
				last = Date.now();
				deliver();
			}, wait);
		},
		stop() {
			stopped = true;
			if (timer) clearTimeout(timer);
		},
	};
}

/** Creates the `bash` tool for a session working directory. */
export function createBashTool(
	cwd: string,
	options: BashToolOptions = {},
): AgentTool<typeof bashSchema, BashToolDetails> {
	return {
		name: "bash",
		label: "Bash",
		description: DESCRIPTION,
		parameters: bashSchema,
		async execute(_toolCallId, params, signal, onUpdate?: AgentToolUpdateCallback<BashToolDetails>) {
			const command = params.command;
			if (typeof command !== "string" || command.trim() === "") throw new ToolError("command must not be empty");
			throwIfAborted(signal);
			const defaultTimeout = options.defaultTimeoutSeconds ?? DEFAULT_BASH_TIMEOUT_SECONDS;
			const timeoutSeconds = params.timeout ?? (defaultTimeout > 0 ? defaultTimeout : undefined);
			const started = Date.now();
			let tailSource: { tail(): OutputTail } | undefined;
			const coalescer = createCoalescer(() => {
				if (!onUpdate || !tailSource) return;
				const tail = tailSource.tail();
				const details: BashToolDetails = {
					command,
					exitCode: null,
					durationMs: Date.now() - started,
					truncated: tail.truncated,
				};
				if (tail.fullOutputPath) details.fullOutputPath = tail.fullOutputPath;
				onUpdate({ content: [{ type: "text", text: tail.text }], details });
			}, BASH_UPDATE_INTERVAL_MS);

			let run: Awaited<ReturnType<typeof runShellCommand>>;
			try {
				run = await runShellCommand(command, {
					...options,
					cwd,
					signal,
					timeoutMs: timeoutSeconds ? timeoutSeconds * 1000 : undefined,
					onData: onUpdate ? () => coalescer.poke() : undefined,
					onBuffer: (buffer) => {
						tailSource = buffer;
					},
				});
			} finally {
				coalescer.stop();
			}

			const { tail, outcome } = run;
			const details: BashToolDetails = {
				command,
				exitCode: outcome.kind === "exited" ? outcome.exitCode : null,
				durationMs: run.durationMs,
				truncated: tail.truncated,
			};
			if (tail.fullOutputPath) details.fullOutputPath = tail.fullOutputPath;
			const text =
				(tail.text.length > 0 ? tail.text : "(no output)") +
				truncationNotice(tail) +
				outcomeNotice(outcome, timeoutSeconds);
			if (outcome.kind !== "exited" || outcome.exitCode !== 0) throw new ToolError(text, details);
			const result: AgentToolResult<BashToolDetails> = { content: [{ type: "text", text }], details };
			return result;
		},
	};
}

/**
 * Print mode (`pi -p`, `--mode text`; json-mode.md §5): runs the prompts, then writes the text blocks of the last
 * assistant message on stdout. Nothing else reaches stdout; failures are one `Error:` line on stderr and exit 1.
 */
import type { AssistantMessage } from "@pi/ai";
import { cliMessages, EXIT, formatErrorLine } from "../cli/errors.js";
import type { PromptInput } from "../cli/prompt-input.js";
import type { AgentSession } from "../core/agent-session.js";
import { startHeadlessExtensions } from "../core/extensions/headless.js";

/** Where a non-interactive mode writes. */
export interface ModeOutput {
	/** The mode's output only (the CLI passes its claimed stdout). */
	stdout: { write(text: string): unknown };
	stderr: NodeJS.WritableStream;
}

/** The last assistant message of the session context. */
export function lastAssistantMessage(session: AgentSession): AssistantMessage | undefined {
	const messages = session.messages;
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]!;
		if (message.role === "assistant") return message as AssistantMessage;
	}
	return undefined;
}

/**
 * The error text of a failed run (`error`/`aborted`), or undefined when the run succeeded. A retryable failure whose
 * server asked for a longer wait than `maxDelayMs` (retry.maxDelayMs, 0 = no limit) says why it was not retried.
 */
export function runFailure(message: AssistantMessage | undefined, maxDelayMs = 0): string | undefined {
	if (!message || (message.stopReason !== "error" && message.stopReason !== "aborted")) return undefined;
	const text = message.errorMessage ?? cliMessages.requestEnded(message.stopReason);
	const requested = message.errorInfo?.retryAfterMs;
	if (message.errorInfo?.retryable && requested !== undefined && maxDelayMs > 0 && requested > maxDelayMs)
		return `${text} ${cliMessages.retryWaitTooLong(requested, maxDelayMs)}`;
	return text;
}

/**
 * Submits each prompt and waits until the session is idle. Stops at the first rejected prompt or failed run,
 * writing its `Error:` line; returns the exit code.
 */
export async function runPrompts(
	session: AgentSession,
	prompts: readonly PromptInput[],
	stderr: NodeJS.WritableStream,
) {
	for (const prompt of prompts) {
		try {
			await session.prompt(prompt.text, prompt.images ? { images: prompt.images } : {});
			await session.waitForIdle();
		} catch (error) {
			stderr.write(`${formatErrorLine((error as Error).message)}\n`);
			return EXIT.failure;
		}
		const failure = runFailure(lastAssistantMessage(session), session.settingsManager.getRetrySettings().maxDelayMs);
		if (failure !== undefined) {
			stderr.write(`${formatErrorLine(failure)}\n`);
			return EXIT.failure;
		}
	}
	return EXIT.ok;
}

/** Print mode's choices beyond the prompts. */
export interface PrintModeOptions {
	/** `--verbose`: say on stderr when an automatic retry waits (print mode is otherwise silent until the end). */
	verbose?: boolean;
}

/** Runs print mode, then shuts the session down (fsync, json-mode.md §2 step 4); resolves with the exit code. */
export async function runPrintMode(
	session: AgentSession,
	prompts: readonly PromptInput[],
	output: ModeOutput,
	options: PrintModeOptions = {},
): Promise<number> {
	const unsubscribe = options.verbose
		? session.subscribe((event) => {
				if (event.type !== "auto_retry_start") return;
				const { attempt, maxAttempts, delayMs, errorMessage } = event;
				output.stderr.write(`${cliMessages.retrying(attempt, maxAttempts, delayMs, errorMessage)}\n`);
			})
		: undefined;
	try {
		await startHeadlessExtensions(session, output.stderr);
		const code = await runPrompts(session, prompts, output.stderr);
		if (code !== EXIT.ok) return code;
		const last = lastAssistantMessage(session);
		if (!last) return code;
		if (last.stopReason === "length") output.stderr.write(`${cliMessages.lengthWarning}\n`);
		for (const block of last.content) {
			if (block.type === "text") output.stdout.write(`${block.text}\n`);
		}
		return code;
	} finally {
		unsubscribe?.();
		await session.shutdown();
	}
}

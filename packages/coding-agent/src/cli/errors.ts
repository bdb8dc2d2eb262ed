/**
 * How the CLI fails (config.md §11, json-mode.md §6): one line `Error: <message>` on stderr and an exit code that
 * tells scripts what kind of failure it was. Every user-visible CLI error text lives in `cliMessages`.
 */

/** Exit codes of the CLI. */
export const EXIT = {
	ok: 0,
	/** A run failed, a prompt was rejected, or start-up failed at runtime (file, session or model not found). */
	failure: 1,
	/** The command line itself is wrong. */
	usage: 2,
	sighup: 129,
	sigint: 130,
	sigterm: 143,
	/** The reader of stdout went away (EPIPE), as a process ended by SIGPIPE reports it. */
	sigpipe: 141,
} as const;

/** An error that ends the CLI with a given exit code. */
export class CliError extends Error {
	constructor(
		message: string,
		readonly exitCode: number = EXIT.failure,
	) {
		super(message);
		this.name = "CliError";
	}
}

/** A command-line usage error (exit 2). */
export function usageError(message: string): CliError {
	return new CliError(message, EXIT.usage);
}

/** Texts of CLI failures, kept together so tests and docs can match them. */
export const cliMessages = {
	outputClosed: "pi: stdout was closed by its reader; the run was stopped and the session saved.",
	unknownOption: (flag: string) => `Unknown option: ${flag}`,
	missingValue: (flag: string, value: string) => `Option ${flag} needs a value ${value}`,
	unexpectedValue: (flag: string) => `Option ${flag} does not take a value`,
	invalidChoice: (flag: string, value: string, choices: readonly string[]) =>
		`Invalid value for ${flag}: "${value}". Use one of: ${choices.join(", ")}`,
	/** parseCliArgs refuses the package command words: main.ts runs them (cli/package-commands.ts) before parsing. */
	subcommandUnsupported: (name: string) =>
		`"pi ${name}" is a package command, not prompt options: run it as pi ${name} <arguments> (see pi ${name} --help)`,
	noPrompt: "no prompt given (pass a message or pipe text on stdin)",
	fileNotFound: (path: string) => `File not found: ${path}`,
	rpcFileArgs: "@file arguments are not supported in RPC mode",
	rpcMessages: "message arguments are not supported in RPC mode; send a prompt command",
	resumeNeedsTerminal: "--resume needs a terminal to pick a session; use --continue or --session <path|id> instead",
	apiKeyNeedsModel: "--api-key requires a model: use --model or --provider",
	interactiveUnavailable:
		"Interactive mode is not available yet. Run a prompt with pi -p <message>, or use --mode json or --mode rpc.",
	exported: (path: string) => `Exported to: ${path}`,
	lengthWarning: "Warning: the reply was cut off at the output token limit.",
	/** `--verbose` in print mode: an automatic retry is about to wait. */
	retrying: (attempt: number, maxAttempts: number, delayMs: number, error: string) =>
		`Retrying in ${Math.round(delayMs / 100) / 10}s (attempt ${attempt}/${maxAttempts}): ${error}`,
	requestEnded: (stopReason: string) => `request ended with ${stopReason}`,
	/** Why a retryable failure was final: the server asked for a longer wait than the settings allow. */
	retryWaitTooLong: (requestedMs: number, maxMs: number) =>
		`(not retried: the server asked to wait ${Math.round(requestedMs / 1000)} s, more than retry.maxDelayMs allows, ${Math.round(maxMs / 1000)} s)`,
} as const;

/**
 * `Error: <message>` as the one line the specs promise (a provider's multi-line message is joined with spaces), not
 * prefixed twice.
 */
export function formatErrorLine(message: string): string {
	const line = message.replace(/\s*[\r\n]+\s*/g, " ").trim();
	return line.startsWith("Error: ") ? line : `Error: ${line}`;
}

/** Writes the error line for `error` to stderr and returns the exit code to use. */
export function reportError(error: unknown, stderr: NodeJS.WritableStream = process.stderr): number {
	const message = error instanceof Error ? error.message : String(error);
	stderr.write(`${formatErrorLine(message)}\n`);
	return error instanceof CliError ? error.exitCode : EXIT.failure;
}

/**
 * `pi` entry: parse the command line, answer the information flags, pick a mode and hand over. Session setup lives
 * in the SDK entry (`createAgentSession`); each mode is imported only when chosen, so `--version`, `--help` and
 * print mode load nothing they do not use.
 */
import { type CliArgs, parseCliArgs } from "./cli/args.js";
import { type EnvOptions, readEnvOptions } from "./cli/env.js";
import { CliError, cliMessages, EXIT, reportError, usageError } from "./cli/errors.js";
import { SUBCOMMANDS } from "./cli/options.js";
import { claimStdout, type StdoutClaim } from "./cli/stdout-guard.js";
import { readVersion } from "./cli/version.js";
import { resolveAgentDir } from "./core/config/paths.js";

/** The standard streams a run uses (injectable for tests). */
export interface MainIo {
	stdin: NodeJS.ReadStream;
	stdout: NodeJS.WriteStream;
	stderr: NodeJS.WriteStream;
}

type RunMode = "interactive" | "text" | "json" | "rpc";

/** Without -p/--mode: the TUI when stdin is a terminal, else print mode (json-mode.md §4). */
function chooseMode(args: CliArgs, stdinIsTty: boolean): RunMode {
	return args.mode ?? (stdinIsTty ? "interactive" : "text");
}

/** Command-line rules that need no files (some depend on the mode); they hold for the TUI too. */
function checkModeArgs(args: CliArgs, mode: RunMode): void {
	if (mode === "rpc") {
		if (args.fileArgs.length > 0) throw usageError(cliMessages.rpcFileArgs);
		// An argument right after an unknown option may be an extension flag's value: judged after start-up.
		const flagValues = new Set(args.extensionFlags.map((flag) => flag.nextMessage));
		if (args.messages.some((_, index) => !flagValues.has(index))) throw usageError(cliMessages.rpcMessages);
	}
	if (args.resume && mode !== "interactive") throw usageError(cliMessages.resumeNeedsTerminal);
	if (args.apiKey !== undefined && args.model === undefined && args.provider === undefined) {
		throw usageError(cliMessages.apiKeyNeedsModel);
	}
}

/** The single place that decides how the interactive mode is reached. */
async function runInteractive(args: CliArgs): Promise<number> {
	const entry = "./modes/interactive/index.js";
	let module: { runInteractiveMode?: (args: CliArgs) => Promise<number> };
	try {
		module = await import(entry);
	} catch {
		throw new CliError(cliMessages.interactiveUnavailable);
	}
	if (!module.runInteractiveMode) throw new CliError(cliMessages.interactiveUnavailable);
	return module.runInteractiveMode(args);
}

async function run(argv: readonly string[], io: MainIo): Promise<number> {
	if ((SUBCOMMANDS as readonly string[]).includes(argv[0] ?? "")) return runPackageCommand(argv, io);
	if (argv[0] === "auth") return runAuthCommand(argv.slice(1), io);
	const args = parseCliArgs(argv);
	// These load no extensions, so no extension can have registered an unknown option.
	const [unknown] = args.extensionFlags;
	if (unknown && (args.help || args.version || args.listModels || args.export)) {
		throw usageError(cliMessages.unknownOption(unknown.rawName));
	}
	if (args.help) {
		const { helpText } = await import("./cli/help.js");
		const { extensionFlagsHelp } = await import("./cli/extension-help.js");
		const cwd = process.cwd();
		const agentDirEnv = readEnvOptions().agentDir;
		const agentDir = resolveAgentDir({ cwd, env: agentDirEnv ? { PI_CODING_AGENT_DIR: agentDirEnv } : {} });
		io.stdout.write(`${helpText(readVersion())}${await extensionFlagsHelp(args, cwd, agentDir)}`);
		return EXIT.ok;
	}
	if (args.version) {
		io.stdout.write(`${readVersion()}\n`);
		return EXIT.ok;
	}
	const env = readEnvOptions();
	const cwd = process.cwd();
	const agentDir = resolveAgentDir({ cwd, env: env.agentDir ? { PI_CODING_AGENT_DIR: env.agentDir } : {} });
	if (args.listModels) {
		const { listModels } = await import("./cli/list-models.js");
		listModels(agentDir, args.listModels, io.stdout, io.stderr);
		return EXIT.ok;
	}
	if (args.export) {
		const { exportSession } = await import("./cli/export.js");
		const path = await exportSession(args.export.session, args.export.output, cwd, io.stderr);
		io.stdout.write(`${cliMessages.exported(path)}\n`);
		return EXIT.ok;
	}

	const mode = args.printSystemPrompt ? "text" : chooseMode(args, io.stdin.isTTY === true);
	checkModeArgs(args, mode);
	if (mode === "interactive") return runInteractive(args);

	if (args.printSystemPrompt) {
		const { createCliSession } = await import("./cli/headless.js");
		const { session } = await createCliSession({ args, env, cwd, agentDir, mode: "text", stderr: io.stderr });
		io.stdout.write(`${session.agent.state.systemPrompt}\n`);
		return EXIT.ok;
	}
	// From here stdout carries only the mode's own output; anything else written to it (console.log of a library or
	// an extension) goes to stderr (rpc.md §1, json-mode.md §3, §5).
	const stdout = claimStdout(io.stdout, io.stderr);
	try {
		return await runMode(args, mode, { env, cwd, agentDir, stdin: io.stdin, stdout, stderr: io.stderr });
	} finally {
		stdout.release();
	}
}

/** What a non-interactive mode runs with. */
interface ModeSetup {
	env: EnvOptions;
	cwd: string;
	agentDir: string;
	stdin: NodeJS.ReadStream;
	/** The claimed stdout: the only way to reach it. */
	stdout: StdoutClaim;
	stderr: NodeJS.WriteStream;
}

/** `pi install | remove | uninstall | update | list | config` (docs/packages.md). */
async function runPackageCommand(argv: readonly string[], io: MainIo): Promise<number> {
	const { runPackageCommand } = await import("./cli/package-commands.js");
	const cwd = process.cwd();
	const agentDirEnv = readEnvOptions().agentDir;
	const agentDir = resolveAgentDir({ cwd, env: agentDirEnv ? { PI_CODING_AGENT_DIR: agentDirEnv } : {} });
	const isTerminal = io.stdin.isTTY === true && io.stdout.isTTY === true;
	return runPackageCommand(argv[0], argv.slice(1), { cwd, agentDir, stdout: io.stdout, stderr: io.stderr, isTerminal });
}

/** `pi auth login | logout | check | print-api-key | print-bearer-token` (docs/auth.md). */
async function runAuthCommand(argv: readonly string[], io: MainIo): Promise<number> {
	const { runAuthCommand } = await import("./cli/auth-commands.js");
	const env = readEnvOptions();
	const agentDir = resolveAgentDir({
		cwd: process.cwd(),
		env: env.agentDir ? { PI_CODING_AGENT_DIR: env.agentDir } : {},
	});
	const { noBrowser, hasDisplay } = env;
	// Secrets and results only: whatever else writes to stdout meanwhile (a chatty library) goes to stderr.
	const stdout = claimStdout(io.stdout, io.stderr);
	try {
		return await runAuthCommand(argv, { agentDir, env: process.env, ...io, stdout, noBrowser, hasDisplay });
	} finally {
		stdout.release();
	}
}

/** Runs RPC, JSON or print mode. */
async function runMode(args: CliArgs, mode: "text" | "json" | "rpc", setup: ModeSetup): Promise<number> {
	const { env, cwd, agentDir, stderr } = setup;
	const headless = await import("./cli/headless.js");
	if (mode === "rpc") {
		const { session, messages } = await headless.createCliSession({ args, env, cwd, agentDir, mode, stderr });
		if (messages.length > 0) throw usageError(cliMessages.rpcMessages);
		return headless.runRpcMode(session, { stdout: setup.stdout });
	}

	// Print and JSON mode: the prompt list is complete (and checked) before anything starts, unless an unknown
	// option may be an extension flag that takes the next argument: then it waits for the extensions.
	const files = await headless.readFileArguments(args.fileArgs, cwd);
	const stdinText = await headless.readPipedStdin(setup.stdin);
	const early =
		args.extensionFlags.length === 0 ? headless.assemblePrompts(files, stdinText, args.messages) : undefined;
	const { session, messages } = await headless.createCliSession({ args, env, cwd, agentDir, mode, stderr });
	const prompts = early ?? headless.assemblePrompts(files, stdinText, messages);
	const removeSignals = headless.onTerminationSignals(session);
	// `pi --mode json … | head`: once the reader of stdout is gone nobody reads the rest, so the run stops; the mode
	// then ends as usual (session saved) and pi exits as a writer ended by SIGPIPE would, without a stack trace.
	let readerGone = false;
	setup.stdout.onClosed?.(() => {
		readerGone = true;
		void session.abort();
	});
	// Both modes end with session.shutdown() (fsync).
	const output = { stdout: setup.stdout, stderr };
	const code =
		mode === "json"
			? await headless.runJsonMode(session, prompts, output)
			: await headless.runPrintMode(session, prompts, output, { verbose: args.verbose });
	removeSignals();
	if (!readerGone) return code;
	stderr.write(`${cliMessages.outputClosed}\n`);
	return EXIT.sigpipe;
}

/** Runs pi with `argv` (arguments after the script) and resolves with the exit code. Never throws. */
export async function main(
	argv: readonly string[],
	io: MainIo = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
	try {
		return await run(argv, io);
	} catch (error) {
		return reportError(error, io.stderr);
	}
}

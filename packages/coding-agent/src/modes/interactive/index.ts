/**
 * Entry of the interactive mode, imported by main.ts only when the TUI is wanted. It draws the first frame as
 * soon as settings, theme and keybindings are read, then builds the session from the command line (through the
 * CLI's createCliSession, the one mapping of flags to createAgentSession) and attaches it, submits the command
 * line's messages in order and resolves with the exit code when the user quits (process-exit.ts covers signals
 * and crashes).
 */
import { homedir } from "node:os";
import { ProcessTerminal } from "@pi/tui";
import type { CliArgs } from "../../cli/args.js";
import { type EnvOptions, readEnvOptions } from "../../cli/env.js";
import { assemblePrompts, type PromptInput, readFileArguments } from "../../cli/prompt-input.js";
import { readVersion } from "../../cli/version.js";
import type { AgentSession } from "../../core/agent-session.js";
import { AuthStorage } from "../../core/config/auth-storage.js";
import { resolveAgentDir } from "../../core/config/paths.js";
import { SettingsManager } from "../../core/config/settings.js";
import { resolvePackageResources } from "../../core/packages/resolve.js";
import { InteractiveMode, QUIT_LIMIT_MS } from "./interactive-mode.js";
import { loadKeybindings, readKeybindingOverrides } from "./keybindings.js";
import { themeSources } from "./loaded-resources.js";
import { installExitHandlers } from "./process-exit.js";
import { detectBackground, loadThemes, selectTheme } from "./theme/index.js";

export { InteractiveMode, type InteractiveModeOptions } from "./interactive-mode.js";

/**
 * Runs the TUI for a parsed command line; resolves with the exit code. Start-up failures throw CliError (the
 * terminal is restored first). `env` is the CLI's reading of the environment (cli/env.ts).
 */
export async function runInteractiveMode(args: CliArgs, env: EnvOptions = readEnvOptions()): Promise<number> {
	const cwd = process.cwd();
	const agentDir = resolveAgentDir({ cwd, env: env.agentDir ? { PI_CODING_AGENT_DIR: env.agentDir } : {} });
	// Warnings before the first frame are kept and shown once it is drawn.
	const early: string[] = [];
	let mode: InteractiveMode | undefined;
	const warn = (message: string) => (mode ? mode.notify("warning", message) : early.push(message));
	const settings = SettingsManager.create({ agentDir, cwd, onWarning: warn });
	const authStorage = AuthStorage.create({ agentDir, onWarning: warn });

	// Files are read before anything is drawn: a missing @file is a start-up error, like in print mode.
	const files = await readFileArguments(args.fileArgs, cwd);
	// Message arguments are final only once extensions have taken the values of the flags they registered.
	let messages = args.messages;

	// Installed packages' themes (docs/packages.md); their problems are reported once, by the session's start-up.
	const packageThemes = args.noThemes ? [] : resolvePackageResources({ cwd, agentDir, settings }).themes;
	const {
		themes,
		warnings: themeWarnings,
		files: themeFiles,
	} = loadThemes({
		agentDir,
		cwd,
		paths: args.themes,
		discover: !args.noThemes,
		packagePaths: packageThemes.map((resource) => resource.path),
	});
	const chosen = selectTheme(themes, settings.getTheme(), detectBackground(env.colorfgbg));
	const { keybindings, warnings: keyWarnings } = loadKeybindings(agentDir);

	const ui = new InteractiveMode({
		settings,
		// process-exit.ts restores the terminal itself, so a signal can shut the session down before pi dies.
		terminal: new ProcessTerminal({ restoreOnExit: false }),
		keybindings,
		themes,
		themeName: chosen.spec.name,
		version: readVersion(),
		cwd,
		home: homedir(),
		agentDir,
		authStorage,
		clipboardCommand: env.clipboardCommand,
		browser: { noBrowser: env.noBrowser, hasDisplay: env.hasDisplay },
		externalEditor: env.externalEditor,
		showHardwareCursor: env.hardwareCursor || settings.getShowHardwareCursor(),
		onReload: reloadResources,
		listedThemes: themeSources(themeFiles, packageThemes, { cwd, agentDir }),
		verbose: args.verbose,
	});
	mode = ui;
	const detachSignals = installExitHandlers(ui);

	ui.start();
	for (const warning of [...early, ...themeWarnings, ...keyWarnings]) ui.notify("warning", warning);
	if (chosen.warning) ui.notify("warning", chosen.warning);

	let session: AgentSession;
	try {
		const sessionDir = args.sessionDir ?? env.sessionDir ?? settings.getSessionDir();
		// Modules the first frame does not need are imported after it is drawn.
		const forked =
			args.session !== undefined && !args.noSession && args.fork === undefined
				? await (await import("./startup-session.js")).resolveStartupSession(
						args.session,
						{ cwd, agentDir, sessionDir },
						(title, message) => ui.dialogs.confirm(title, message),
					)
				: undefined;
		const { createCliSession } = await import("../../cli/session-setup.js");
		const created = await createCliSession({
			args,
			env,
			cwd,
			agentDir,
			mode: "interactive",
			stderr: process.stderr,
			session: forked,
			settingsManager: settings,
			authStorage,
			onWarning: warn,
		});
		session = created.session;
		messages = created.messages;
		if (created.modelFallbackMessage) ui.notify("warning", created.modelFallbackMessage);
	} catch (error) {
		// Restores the terminal at once, so the error is printed to the shell.
		void ui.shutdown(1);
		detachSignals();
		throw error;
	}
	if (!ui.isRunning) {
		// The user quit while the session was being set up: end it without starting it.
		await session.shutdown({ abort: true, timeoutMs: QUIT_LIMIT_MS });
		detachSignals();
		return ui.waitForExit();
	}
	ui.attachSession(session);

	async function reloadResources(): Promise<void> {
		keybindings.setOverrides(readKeybindingOverrides(agentDir).overrides);
	}

	if (args.resume) await (await import("./commands/session.js")).pickSession(ui.modeContext);
	const prompts: PromptInput[] =
		files.text !== "" || files.images.length > 0 || messages.length > 0
			? assemblePrompts(files, undefined, messages)
			: [];
	void submitInOrder(ui, prompts);
	const code = await ui.waitForExit();
	detachSignals();
	return code;
}

async function submitInOrder(mode: InteractiveMode, prompts: readonly PromptInput[]): Promise<void> {
	for (const prompt of prompts) await mode.submitPrompt(prompt.text, prompt.images);
}

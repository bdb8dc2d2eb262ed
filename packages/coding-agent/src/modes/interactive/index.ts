/**
 * Entry of the interactive mode, imported by main.ts only when the TUI is wanted: builds the session from the
 * command line, loads theme and keybindings, starts the TUI, submits the command line's messages in order and
 * resolves with the exit code when the user quits.
 */
import { ProcessTerminal } from "@pi/tui";
import type { CliArgs } from "../../cli/args.js";
import { readEnvOptions } from "../../cli/env.js";
import { CliError } from "../../cli/errors.js";
import { assemblePrompts, type PromptInput, readFileArguments } from "../../cli/prompt-input.js";
import { readVersion } from "../../cli/version.js";
import { AuthStorage } from "../../core/config/auth-storage.js";
import { resolveAgentDir } from "../../core/config/paths.js";
import { loadPromptTemplates } from "../../core/resources/prompt-templates.js";
import { loadSkills } from "../../core/resources/skills.js";
import { createAgentSession, type SessionSelection } from "../../sdk.js";
import { pickSession } from "./commands/session.js";
import { InteractiveMode } from "./interactive-mode.js";
import { loadKeybindings, readKeybindingOverrides } from "./keybindings.js";
import { detectBackground, loadThemes, selectTheme } from "./theme/index.js";

export { InteractiveMode, type InteractiveModeOptions } from "./interactive-mode.js";

/** Environment switches of the interactive mode (mapped to options here, nowhere else in the mode). */
interface InteractiveEnv {
	colorfgbg?: string;
	externalEditor?: string;
	/** `PI_CLIPBOARD_COMMAND`: shell command that receives /copy text on stdin (tests stub the clipboard). */
	clipboardCommand?: string;
}

function readInteractiveEnv(env: NodeJS.ProcessEnv): InteractiveEnv {
	return {
		colorfgbg: env.COLORFGBG,
		externalEditor: env.VISUAL || env.EDITOR || undefined,
		clipboardCommand: env.PI_CLIPBOARD_COMMAND || undefined,
	};
}

function sessionSelection(args: CliArgs): SessionSelection {
	if (args.noSession) return { kind: "memory" };
	if (args.fork !== undefined) return { kind: "fork", target: args.fork };
	if (args.session !== undefined) return { kind: "open", target: args.session };
	if (args.continue) return { kind: "continue" };
	return { kind: "new" };
}

/** Runs the TUI for a parsed command line; resolves with the exit code. Start-up failures throw CliError. */
export async function runInteractiveMode(args: CliArgs): Promise<number> {
	const env = readEnvOptions();
	const ui = readInteractiveEnv(process.env);
	const cwd = process.cwd();
	const agentDir = resolveAgentDir({ cwd, env: env.agentDir ? { PI_CODING_AGENT_DIR: env.agentDir } : {} });
	const warnings: string[] = [];
	const authStorage = AuthStorage.create({ agentDir, onWarning: (message) => warnings.push(message) });

	// Files are read before anything is drawn: a missing @file is a start-up error, like in print mode.
	const files = await readFileArguments(args.fileArgs, cwd);
	const prompts: PromptInput[] =
		files.text !== "" || files.images.length > 0 || args.messages.length > 0
			? assemblePrompts(files, undefined, args.messages)
			: [];

	let created: Awaited<ReturnType<typeof createAgentSession>>;
	try {
		created = await createAgentSession({
			cwd,
			agentDir,
			authStorage,
			sessionDir: args.sessionDir ?? env.sessionDir,
			provider: args.provider,
			model: args.model,
			models: args.models,
			thinkingLevel: args.thinking,
			apiKey: args.apiKey,
			systemPrompt: args.systemPrompt,
			appendSystemPrompt: args.appendSystemPrompt,
			tools: args.tools,
			noTools: args.noTools,
			noBuiltinTools: args.noBuiltinTools,
			skills: args.skills,
			noSkills: args.noSkills,
			promptTemplates: args.promptTemplates,
			noPromptTemplates: args.noPromptTemplates,
			noContextFiles: args.noContextFiles,
			session: sessionSelection(args),
			cacheRetention: env.cacheRetention,
			requireModel: false,
		});
	} catch (error) {
		if (error instanceof CliError) throw error;
		throw new CliError((error as Error).message);
	}
	const { session } = created;
	const settings = session.settingsManager;

	const { themes, warnings: themeWarnings } = loadThemes({
		agentDir,
		cwd,
		paths: args.themes,
		discover: !args.noThemes,
	});
	const chosen = selectTheme(themes, settings.getTheme(), detectBackground(ui.colorfgbg));
	const { keybindings, warnings: keyWarnings } = loadKeybindings(agentDir);

	const reloadResources = () => {
		keybindings.setOverrides(readKeybindingOverrides(agentDir).overrides);
		const templates = loadPromptTemplates({
			cwd,
			agentDir,
			cliPaths: args.promptTemplates,
			settingsEntries: settings.getResourceEntries("prompts"),
			noDiscovery: args.noPromptTemplates,
		});
		const skills = loadSkills({
			cwd,
			agentDir,
			cliPaths: args.skills,
			settingsEntries: settings.getResourceEntries("skills"),
			noDiscovery: args.noSkills,
		});
		session.setResources({ templates, skills });
	};

	const mode = new InteractiveMode({
		session,
		terminal: new ProcessTerminal(),
		keybindings,
		themes,
		themeName: chosen.spec.name,
		version: readVersion(),
		cwd,
		agentDir,
		authStorage,
		copyCommand: ui.clipboardCommand,
		externalEditor: ui.externalEditor,
		showHardwareCursor: env.hardwareCursor || settings.getShowHardwareCursor(),
		onReload: reloadResources,
	});

	// Flush the session before the terminal's own handler restores the screen and re-raises the signal.
	const flushOnSignal = () => session.sessionManager.sync();
	process.once("SIGTERM", flushOnSignal);
	process.once("SIGHUP", flushOnSignal);

	mode.start();
	for (const warning of [...created.warnings, ...warnings, ...themeWarnings, ...keyWarnings]) {
		mode.notify("warning", warning);
	}
	if (chosen.warning) mode.notify("warning", chosen.warning);
	if (created.modelFallbackMessage) mode.notify("warning", created.modelFallbackMessage);
	if (args.resume) await pickSession(mode.modeContext);
	void submitInOrder(mode, prompts);
	const code = await mode.waitForExit();
	process.off("SIGTERM", flushOnSignal);
	process.off("SIGHUP", flushOnSignal);
	return code;
}

async function submitInOrder(mode: InteractiveMode, prompts: readonly PromptInput[]): Promise<void> {
	for (const prompt of prompts) await mode.submitPrompt(prompt.text, prompt.images);
}

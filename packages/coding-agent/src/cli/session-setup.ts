/**
 * Maps the command line and environment onto the SDK entry (`createAgentSession`) and turns its start-up failures
 * into CLI errors. This is the only bridge between flags and session setup.
 */
import type { AgentSession } from "../core/agent-session.js";
import type { AuthStorage } from "../core/config/auth-storage.js";
import type { SettingsManager } from "../core/config/settings.js";
import { createAgentSession, type SessionSelection } from "../sdk.js";
import { type CliArgs, resolveExtensionFlags } from "./args.js";
import type { EnvOptions } from "./env.js";
import { CliError } from "./errors.js";

export interface CliSessionInput {
	args: CliArgs;
	env: EnvOptions;
	cwd: string;
	agentDir: string;
	mode: "text" | "json" | "rpc" | "interactive";
	stderr: NodeJS.WritableStream;
	/** Replaces the selection the flags make (the TUI's accepted fork prompt). */
	session?: SessionSelection;
	/** Shared with the caller (the TUI reads settings and credentials before the session exists). */
	settingsManager?: SettingsManager;
	authStorage?: AuthStorage;
	/** Receives warnings instead of stderr (the TUI shows them as notices). */
	onWarning?: (message: string) => void;
}

/** The session the flags select: --no-session, --fork, --session, --continue, else a new one. */
export function sessionSelectionFromArgs(args: CliArgs): SessionSelection {
	if (args.noSession) return { kind: "memory" };
	if (args.fork !== undefined) return { kind: "fork", target: args.fork };
	if (args.session !== undefined) return { kind: "open", target: args.session };
	if (args.continue) return { kind: "continue" };
	return { kind: "new" };
}

/**
 * Creates the session of a mode from the flags; start-up failures become `CliError` (exit 1). Unknown long options
 * are judged once extensions have registered their flags (usage error when none did); `messages` are the message
 * arguments left after string flags took their values.
 */
export async function createCliSession(input: CliSessionInput) {
	const { args, env, cwd, agentDir, stderr } = input;
	const warn = input.onWarning ?? ((message: string) => stderr.write(`${message}\n`));
	const interactive = input.mode === "interactive";
	let created: Awaited<ReturnType<typeof createAgentSession>>;
	// Filled once extensions have registered their flags; getFlag reads it when called (not during loading).
	const extensionFlagValues: Record<string, boolean | string> = {};
	try {
		// --theme/--no-themes are not passed: the TUI loads theme files itself; print, JSON and RPC mode render nothing.
		created = await createAgentSession({
			cwd,
			agentDir,
			sessionDir: args.sessionDir ?? env.sessionDir,
			installMissingPackages: !(args.offline || env.offline),
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
			extensions: args.extensions,
			noExtensions: args.noExtensions,
			mcpConfig: args.mcpConfig,
			noMcp: args.noMcp,
			extensionFlagValues,
			skills: args.skills,
			noSkills: args.noSkills,
			promptTemplates: args.promptTemplates,
			noPromptTemplates: args.noPromptTemplates,
			noContextFiles: args.noContextFiles,
			session: input.session ?? sessionSelectionFromArgs(args),
			settingsManager: input.settingsManager,
			authStorage: input.authStorage,
			cacheRetention: env.cacheRetention,
			// The TUI starts without a model: the user picks one with /model or adds a key with /login.
			requireModel: !interactive,
			onWarning: warn,
		});
	} catch (error) {
		if (error instanceof CliError) throw error;
		throw new CliError((error as Error).message);
	}
	let messages = args.messages;
	if (args.extensionFlags.length > 0) {
		const resolved = resolveExtensionFlags(args, created.session.extensions.getFlags());
		Object.assign(extensionFlagValues, resolved.values);
		messages = resolved.messages;
	}
	// The TUI shows these itself.
	if (!interactive) {
		if (created.modelFallbackMessage) warn(created.modelFallbackMessage);
		if (args.verbose) for (const line of startupDetails(created.session)) warn(line);
	}
	return { ...created, messages };
}

/** `--verbose`: what the session was set up with (stderr, config.md §11). */
export function startupDetails(session: AgentSession): string[] {
	const model = session.model;
	const tools = session.agent.state.tools.map((tool) => tool.name);
	return [
		`Model: ${model ? `${model.provider}/${model.id}` : "none"} (thinking ${session.thinkingLevel})`,
		`Session: ${session.sessionFile ?? "in memory"}`,
		`Tools: ${tools.length > 0 ? tools.join(", ") : "none"}`,
	];
}

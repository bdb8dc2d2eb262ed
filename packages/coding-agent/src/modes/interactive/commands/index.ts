/**
 * The slash command table: every built-in command with its description (autocomplete and /hotkeys show them),
 * and the dispatcher that runs a typed `/name args` line. Implementations live in the sibling modules and are
 * imported when a command first runs. Prompt templates, skills and extension commands are not here: a `/word` that
 * names no built-in command goes to the session, which runs an extension command or expands a template or skill.
 */
import type { CommandRun, ModeContext, SlashCommand } from "./types.js";

export type { CommandRun, ModeContext, SlashCommand } from "./types.js";

/** A loader of one implementation from a command module's table of runs. */
function from<T extends Record<string, CommandRun>>(table: () => Promise<T>, name: keyof T): () => Promise<CommandRun> {
	return async () => (await table())[name] as CommandRun;
}

const models = () => import("./models.js").then((m) => m.modelCommandRuns);
const session = () => import("./session.js").then((m) => m.sessionCommandRuns);
const tree = () => import("./tree.js").then((m) => m.treeCommandRuns);
const compact = () => import("./compact.js").then((m) => m.compactCommandRuns);
const auth = () => import("./auth.js").then((m) => m.authCommandRuns);
const settings = () => import("./settings.js").then((m) => m.settingsCommandRuns);
const mcp = () => import("./mcp.js").then((m) => m.mcpCommandRuns);

/** Every built-in command, in the order /hotkeys lists them. */
export const BUILTIN_COMMANDS: readonly SlashCommand[] = [
	{
		name: "model",
		description: "Select the model (or /model <pattern>)",
		argumentHint: "[pattern]",
		load: from(models, "model"),
	},
	{
		name: "thinking",
		description: "Set the thinking level (off, minimal, low, medium, high, xhigh)",
		argumentHint: "[level]",
		load: from(models, "thinking"),
	},
	{ name: "new", aliases: ["clear"], description: "Start a new session", load: from(session, "new") },
	{ name: "resume", description: "Resume another session of this project", load: from(session, "resume") },
	{
		name: "session",
		description: "Show the session file, message counts, tokens and cost",
		load: from(session, "session"),
	},
	{ name: "tree", description: "Navigate the session tree (branches, labels, summaries)", load: from(tree, "tree") },
	{ name: "fork", description: "Fork a new session from an earlier message", load: from(tree, "fork") },
	{
		name: "compact",
		description: "Summarise older messages to free context",
		argumentHint: "[instructions]",
		load: from(compact, "compact"),
	},
	{
		name: "autocompact",
		description: "Turn automatic compaction on or off",
		argumentHint: "[on|off]",
		load: from(compact, "autocompact"),
	},
	{ name: "name", description: "Name the session", argumentHint: "<name>", load: from(session, "name") },
	{ name: "export", description: "Export the session as HTML", argumentHint: "[file]", load: from(session, "export") },
	{ name: "copy", description: "Copy the last answer to the clipboard", load: from(session, "copy") },
	{ name: "quit", aliases: ["exit"], description: "Quit pi", load: from(session, "quit") },
	{
		name: "login",
		description: "Store an API key for a provider in auth.json",
		argumentHint: "[provider]",
		load: from(auth, "login"),
	},
	{
		name: "logout",
		description: "Remove a provider's stored credentials from auth.json",
		argumentHint: "[provider]",
		load: from(auth, "logout"),
	},
	{
		name: "settings",
		description: "Change settings (theme, thinking blocks, queues, compaction, retry, editor)",
		load: from(settings, "settings"),
	},
	{ name: "theme", description: "Switch the colour theme", argumentHint: "[name]", load: from(settings, "theme") },
	{
		name: "queue",
		description: "How queued steering and follow-up messages are delivered",
		argumentHint: "[steering|followup one-at-a-time|all]",
		load: from(settings, "queue"),
	},
	{
		name: "mcp",
		description: "Show MCP servers and their tools; reconnect, enable or disable one",
		argumentHint: "[tools|reconnect|enable|disable] [server]",
		load: from(mcp, "mcp"),
	},
	{ name: "hotkeys", description: "Show keys and commands", load: from(settings, "hotkeys") },
	{ name: "changelog", description: "Show what changed in each version", load: from(settings, "changelog") },
	{
		name: "reload",
		description: "Re-read settings, models, keybindings, prompt templates and skills",
		load: from(settings, "reload"),
	},
];

/** The built-in command a typed name (or alias) refers to. */
export function findCommand(name: string): SlashCommand | undefined {
	const lower = name.toLowerCase();
	return BUILTIN_COMMANDS.find((command) => command.name === lower || command.aliases?.includes(lower));
}

/** Splits `/name rest` into the name and the trimmed argument string; undefined when not a command line. */
export function parseCommandLine(text: string): { name: string; args: string } | undefined {
	const match = text.match(/^\/([^\s/]+)(?:\s+([\s\S]*))?$/);
	if (!match) return undefined;
	return { name: match[1]!, args: (match[2] ?? "").trim() };
}

/**
 * Runs `text` when it is a built-in command; resolves true when it was one (handled, even if it failed), false
 * when the text should go to the session (an extension command, a prompt template, a skill or plain text).
 */
export async function runCommandLine(context: ModeContext, text: string): Promise<boolean> {
	const parsed = parseCommandLine(text.trim());
	if (!parsed) return false;
	const command = findCommand(parsed.name);
	if (!command) return false;
	try {
		const run = await command.load();
		await run(context, parsed.args);
	} catch (error) {
		context.notify("error", (error as Error).message);
	}
	return true;
}

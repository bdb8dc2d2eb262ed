/**
 * The slash command table: every built-in command with its description (autocomplete and /hotkeys show them),
 * and the dispatcher that runs a typed `/name args` line. Prompt templates and skills are not here: a `/word`
 * that names no built-in command is sent as a prompt and expanded by the session.
 */
import { authCommands } from "./auth.js";
import { compactCommands } from "./compact.js";
import { modelCommands } from "./models.js";
import { sessionCommands } from "./session.js";
import { settingsCommands } from "./settings.js";
import { treeCommands } from "./tree.js";
import type { ModeContext, SlashCommand } from "./types.js";

export type { ModeContext, SlashCommand } from "./types.js";

/** Every built-in command, in the order /hotkeys lists them. */
export const BUILTIN_COMMANDS: readonly SlashCommand[] = [
	...modelCommands,
	...sessionCommands.slice(0, 3),
	...treeCommands,
	...compactCommands,
	...sessionCommands.slice(3),
	...authCommands,
	...settingsCommands(() => BUILTIN_COMMANDS),
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
 * when the text should go to the model (a prompt template, a skill or plain text).
 */
export async function runCommandLine(context: ModeContext, text: string): Promise<boolean> {
	const parsed = parseCommandLine(text.trim());
	if (!parsed) return false;
	const command = findCommand(parsed.name);
	if (!command) return false;
	try {
		await command.run(context, parsed.args);
	} catch (error) {
		context.notify("error", (error as Error).message);
	}
	return true;
}

/** What a submitted line is: `!cmd` / `!!cmd` shell commands are recognised here (tools.md §8). */

/** A user shell command parsed from the editor text. */
export interface ShellCommandInput {
	command: string;
	/** `!!cmd`: recorded but never sent to the model. */
	excludeFromContext: boolean;
}

/** `!cmd` → run and send the output to the model; `!!cmd` → run only. A lone `!` or `!!` is not a command. */
export function parseShellCommand(text: string): ShellCommandInput | undefined {
	const trimmed = text.trim();
	if (trimmed.startsWith("!!")) {
		const command = trimmed.slice(2).trim();
		return command ? { command, excludeFromContext: true } : undefined;
	}
	if (trimmed.startsWith("!")) {
		const command = trimmed.slice(1).trim();
		return command ? { command, excludeFromContext: false } : undefined;
	}
	return undefined;
}

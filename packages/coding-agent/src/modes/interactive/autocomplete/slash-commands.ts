/**
 * Completion of `/commands` at the start of the prompt: built-in commands, extension commands, prompt templates and
 * (unless turned off by settings enableSkillCommands) `/skill:<name>`, each with its description.
 */
import {
	type AutocompleteItem,
	type AutocompleteProvider,
	type AutocompleteSuggestions,
	type CompletionResult,
	fuzzyFilter,
	replacePrefix,
} from "@pi/tui";

/** A command to offer: its name without the slash and a one-line description. */
export interface SlashCommandInfo {
	name: string;
	description?: string;
}

export interface SlashCommandProviderOptions {
	/** Built-in commands (the orchestrator's command table). */
	commands: readonly SlashCommandInfo[];
	/** Commands registered by extensions. */
	extensions?: readonly SlashCommandInfo[];
	/** Prompt templates (`/name` expands a template). */
	templates?: readonly SlashCommandInfo[];
	/** Skills, offered as `/skill:<name>`. */
	skills?: readonly SlashCommandInfo[];
	/** settings enableSkillCommands (default true). */
	enableSkillCommands?: boolean;
}

export const SLASH_TEXT = {
	extensionTag: "(extension) ",
	templateTag: "(template) ",
	skillTag: "(skill) ",
} as const;

const COMMAND_PREFIX = /^\/(\S*)$/;

/** What the session lists as commands (its `getCommands()`): extension commands, prompt templates, skills. */
interface SessionCommand {
	name: string;
	description?: string;
	source: string;
}

/**
 * The provider's options from the built-in table (names and aliases) and the session's commands, split by source;
 * skills lose their `skill:` prefix (the provider adds it back).
 */
export function completionCommands(
	builtin: readonly { name: string; aliases?: readonly string[]; description: string }[],
	sessionCommands: readonly SessionCommand[],
	options: { enableSkillCommands?: boolean } = {},
): SlashCommandProviderOptions {
	const ofSource = (source: string) =>
		sessionCommands
			.filter((command) => command.source === source)
			.map((command) => ({ name: command.name, description: command.description }));
	return {
		commands: builtin.flatMap((command) => [
			{ name: command.name, description: command.description },
			...(command.aliases ?? []).map((alias) => ({ name: alias, description: command.description })),
		]),
		extensions: ofSource("extension"),
		templates: ofSource("prompt"),
		skills: ofSource("skill").map((skill) => ({ ...skill, name: skill.name.replace(/^skill:/, "") })),
		enableSkillCommands: options.enableSkillCommands,
	};
}

export class SlashCommandProvider implements AutocompleteProvider {
	private items: AutocompleteItem[] = [];

	constructor(options: SlashCommandProviderOptions) {
		this.setCommands(options);
	}

	/** Replaces the offered commands (templates and skills can be reloaded). */
	setCommands(options: SlashCommandProviderOptions): void {
		const item = (name: string, description: string | undefined, tag = ""): AutocompleteItem => ({
			value: `/${name}`,
			label: `/${name}`,
			description: tag + (description ?? "").replace(/\s+/g, " ").trim(),
		});
		this.items = [
			...options.commands.map((command) => item(command.name, command.description)),
			...(options.extensions ?? []).map((command) => item(command.name, command.description, SLASH_TEXT.extensionTag)),
			...(options.templates ?? []).map((template) => item(template.name, template.description, SLASH_TEXT.templateTag)),
			...(options.enableSkillCommands === false ? [] : (options.skills ?? [])).map((skill) =>
				item(`skill:${skill.name}`, skill.description, SLASH_TEXT.skillTag),
			),
		];
	}

	getSuggestions(
		lines: string[],
		cursorLine: number,
		cursorCol: number,
		_options?: { explicit: boolean },
	): AutocompleteSuggestions | null {
		if (cursorLine !== 0) return null;
		const before = (lines[0] ?? "").slice(0, cursorCol);
		const match = COMMAND_PREFIX.exec(before);
		if (!match) return null;
		const items = fuzzyFilter(this.items, match[1]!, (item) => item.value.slice(1));
		return items.length > 0 ? { items, prefix: before } : null;
	}

	applyCompletion(
		lines: string[],
		cursorLine: number,
		cursorCol: number,
		item: AutocompleteItem,
		prefix: string,
	): CompletionResult {
		const line = lines[cursorLine] ?? "";
		// A space after the command so arguments can follow, unless one is already there.
		const value = line[cursorCol] === " " ? item.value : `${item.value} `;
		return replacePrefix(lines, cursorLine, cursorCol, prefix, value);
	}
}

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
	/**
	 * Completions of a command's arguments (extension commands' `getArgumentCompletions`); undefined when the
	 * command has none. A promise is shown once it settles, at the next keystroke or Tab.
	 */
	argumentCompletions?: (
		name: string,
		prefix: string,
	) => AutocompleteItem[] | null | undefined | Promise<AutocompleteItem[] | null>;
}

export const SLASH_TEXT = {
	extensionTag: "(extension) ",
	templateTag: "(template) ",
	skillTag: "(skill) ",
} as const;

const COMMAND_PREFIX = /^\/(\S*)$/;
/** `/name args…` up to the cursor: the command and the argument text typed so far. */
const ARGUMENT_PREFIX = /^\/(\S+) ([\s\S]*)$/;

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
	private argumentCompletions: SlashCommandProviderOptions["argumentCompletions"];
	/** The last asynchronous argument completion: for which line, and its items once settled. */
	private pendingArguments: { line: string; items?: AutocompleteItem[] | null } | undefined;

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
		this.argumentCompletions = options.argumentCompletions;
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
		const argumentsMatch = ARGUMENT_PREFIX.exec(before);
		if (argumentsMatch) return this.argumentSuggestions(before, argumentsMatch[1]!, argumentsMatch[2]!);
		const match = COMMAND_PREFIX.exec(before);
		if (!match) return null;
		const items = fuzzyFilter(this.items, match[1]!, (item) => item.value.slice(1));
		return items.length > 0 ? { items, prefix: before } : null;
	}

	private argumentSuggestions(before: string, name: string, typed: string): AutocompleteSuggestions | null {
		if (!this.argumentCompletions) return null;
		const prefix = before.slice(0, before.length - typed.length);
		const asItems = (items: AutocompleteItem[] | null | undefined) =>
			items && items.length > 0
				? { items: items.map((item) => ({ ...item, value: `${prefix}${item.value}` })), prefix: before }
				: null;
		if (this.pendingArguments?.line === before && this.pendingArguments.items !== undefined)
			return asItems(this.pendingArguments.items);
		let result: ReturnType<NonNullable<SlashCommandProviderOptions["argumentCompletions"]>>;
		try {
			result = this.argumentCompletions(name, typed);
		} catch {
			return null;
		}
		if (!(result instanceof Promise)) return asItems(result);
		const pending: { line: string; items?: AutocompleteItem[] | null } = { line: before };
		this.pendingArguments = pending;
		result.then(
			(items) => {
				pending.items = items;
			},
			() => {
				pending.items = null;
			},
		);
		return null;
	}

	applyCompletion(
		lines: string[],
		cursorLine: number,
		cursorCol: number,
		item: AutocompleteItem,
		prefix: string,
	): CompletionResult {
		if (ARGUMENT_PREFIX.test(prefix)) return replacePrefix(lines, cursorLine, cursorCol, prefix, item.value);
		const line = lines[cursorLine] ?? "";
		// A space after the command so arguments can follow, unless one is already there.
		const value = line[cursorCol] === " " ? item.value : `${item.value} `;
		return replacePrefix(lines, cursorLine, cursorCol, prefix, value);
	}
}

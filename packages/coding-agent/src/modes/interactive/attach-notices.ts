/**
 * What the session's resources put on screen when it is attached and after /reload: the listing of loaded
 * resources (unless settings `quietStartup`; `--verbose` shows it anyway), warnings about extension shortcuts on
 * pi's keys, and the command list behind `/` completion.
 */
import type { KeybindingsManager } from "@pi/tui";
import type { AgentSession } from "../../core/agent-session.js";
import type { SettingsManager } from "../../core/config/settings.js";
import { completionCommands, type SlashCommandProviderOptions } from "./autocomplete/index.js";
import { BUILTIN_COMMANDS } from "./commands/index.js";
import type { TranscriptView } from "./event-rendering.js";
import { shortcutConflicts } from "./hotkeys.js";
import { type ListingPlaces, showLoadedResources, type ThemeSource } from "./loaded-resources.js";

/** What the listing needs from the mode's options. */
export interface ListingOptions extends ListingPlaces {
	/** The themes read from files. */
	listedThemes?: readonly ThemeSource[];
	/** `--verbose`: the listing is shown (expanded) even with settings `quietStartup`. */
	verbose?: boolean;
}

/** The listing of loaded resources (start-up, /reload), unless settings `quietStartup` (`--verbose` shows it). */
export function listLoadedResources(
	transcript: TranscriptView,
	session: AgentSession,
	settings: SettingsManager,
	options: ListingOptions,
): void {
	if (!options.verbose && settings.getQuietStartup()) return;
	showLoadedResources(transcript, session, { ...options, themes: options.listedThemes ?? [] });
}

/** Warns once about extension shortcuts on keys pi uses (skipped on reserved keys, else taking the key over). */
export function reportShortcutConflicts(
	transcript: TranscriptView,
	keybindings: KeybindingsManager,
	session: AgentSession,
): void {
	for (const warning of shortcutConflicts(keybindings, session.extensions.getShortcuts()))
		transcript.addNotice("warning", warning);
}

/** Built-in commands, extension commands, prompt templates and skills for `/` completion (no session: built-ins). */
export function slashCommandInfo(
	session: AgentSession | undefined,
	settings: SettingsManager,
): SlashCommandProviderOptions {
	return {
		...completionCommands(BUILTIN_COMMANDS, session?.getCommands() ?? [], {
			enableSkillCommands: settings.getEnableSkillCommands(),
		}),
		// Extension commands complete their own arguments (pi.registerCommand getArgumentCompletions).
		argumentCompletions: (name, prefix) =>
			session?.extensions.findCommand(`/${name}`)?.command.getArgumentCompletions?.(prefix),
	};
}

/**
 * A session's prompt templates and skills, loaded from the command-line paths, the settings entries and discovery.
 * One place for the start-up load (createAgentSession) and the interactive /reload, so both find the same files.
 */
import type { SettingsManager } from "../config/settings.js";
import type { PackageResources } from "../packages/resolve.js";
import type { PromptResources } from "../prompt-expansion.js";
import { loadPromptTemplates } from "./prompt-templates.js";
import { loadSkills } from "./skills.js";

export interface LoadPromptResourcesOptions {
	cwd: string;
	agentDir: string;
	/** Supplies the settings `prompts` and `skills` entries. */
	settings: SettingsManager;
	/** `--prompt-template` paths (loaded even with `noPromptTemplates`). */
	promptTemplates?: readonly string[];
	/** `-np` / `--no-prompt-templates`. */
	noPromptTemplates?: boolean;
	/** `--skill` paths (loaded even with `noSkills`). */
	skills?: readonly string[];
	/** `-ns` / `--no-skills`. */
	noSkills?: boolean;
	/** Resources of installed packages (docs/packages.md). */
	packages?: Pick<PackageResources, "skills" | "prompts">;
	onWarning?: (message: string) => void;
}

/** Loads the prompt templates and skills a session expands `/name` and `/skill:name` with. */
export function loadPromptResources(options: LoadPromptResourcesOptions): PromptResources {
	const { cwd, agentDir, settings, onWarning } = options;
	const templates = loadPromptTemplates({
		cwd,
		agentDir,
		cliPaths: options.promptTemplates,
		settingsEntries: settings.getResourceEntries("prompts"),
		noDiscovery: options.noPromptTemplates,
		packageFiles: options.packages?.prompts,
		onWarning,
	});
	const skills = loadSkills({
		cwd,
		agentDir,
		cliPaths: options.skills,
		settingsEntries: settings.getResourceEntries("skills"),
		noDiscovery: options.noSkills,
		packageFiles: options.packages?.skills,
		onWarning,
	});
	return { templates, skills };
}

/**
 * `resources_discover` results: skill and prompt-template paths extensions return are loaded like `--skill` and
 * `--prompt-template` paths and added after the session's own (a name already taken keeps its first owner).
 */
import type { PromptResources } from "../prompt-expansion.js";
import { loadPromptTemplates } from "../resources/prompt-templates.js";
import { loadSkills } from "../resources/skills.js";

/** Paths extensions returned for `resources_discover`. */
export interface DiscoveredResourcePaths {
	skillPaths: readonly string[];
	promptPaths: readonly string[];
}

/** `resources` plus the skills and templates found at `paths` (relative paths resolve against `cwd`). */
export function addDiscoveredResources(
	resources: PromptResources,
	paths: DiscoveredResourcePaths,
	cwd: string,
	onWarning?: (message: string) => void,
): PromptResources {
	// agentDir is unused without discovery; cwd stands in for it.
	const templates = paths.promptPaths.length
		? loadPromptTemplates({ cwd, agentDir: cwd, cliPaths: paths.promptPaths, noDiscovery: true, onWarning })
		: [];
	const skills = paths.skillPaths.length
		? loadSkills({ cwd, agentDir: cwd, cliPaths: paths.skillPaths, noDiscovery: true, onWarning })
		: [];
	const templateNames = new Set(resources.templates.map((template) => template.name));
	const skillNames = new Set(resources.skills.map((skill) => skill.name));
	return {
		templates: [...resources.templates, ...templates.filter((template) => !templateNames.has(template.name))],
		skills: [...resources.skills, ...skills.filter((skill) => !skillNames.has(skill.name))],
	};
}

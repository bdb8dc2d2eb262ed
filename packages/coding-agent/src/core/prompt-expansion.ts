/**
 * Prompt expansion (config.md §8, §9) and the command list clients offer (rpc.md §5 CommandInfo): prompt
 * templates as `/<name>`, skills as `/skill:<name>`.
 */
import { expandPromptTemplate, type PromptTemplate } from "./resources/prompt-templates.js";
import { expandSkillCommand, type Skill } from "./resources/skills.js";
import { type CommandInfo, commandSourceInfo } from "./session-events.js";

/** The prompt templates and skills a session offers. */
export interface PromptResources {
	templates: readonly PromptTemplate[];
	skills: readonly Skill[];
}

/** Expands `/skill:<name> [args]` or `/<template> [args]`; any other text (and unknown names) is returned as typed. */
export function expandPromptText(text: string, resources: PromptResources): string {
	if (text.startsWith("/skill:")) return expandSkillCommand(text, resources.skills);
	return expandPromptTemplate(text, resources.templates);
}

/** Prompt templates, then skills (named `skill:<name>`), as CommandInfo. */
export function listPromptCommands(resources: PromptResources): CommandInfo[] {
	const commands: CommandInfo[] = [];
	for (const template of resources.templates) {
		commands.push({
			name: template.name,
			description: template.description || undefined,
			source: "prompt",
			sourceInfo: commandSourceInfo(template.filePath, template.source),
		});
	}
	for (const skill of resources.skills) {
		commands.push({
			name: `skill:${skill.name}`,
			description: skill.description || undefined,
			source: "skill",
			sourceInfo: commandSourceInfo(skill.filePath, skill.source),
		});
	}
	return commands;
}

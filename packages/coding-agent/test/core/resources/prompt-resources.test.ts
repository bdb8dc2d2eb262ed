import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SettingsManager } from "../../../src/core/config/settings.js";
import { loadPromptResources } from "../../../src/core/resources/prompt-resources.js";
import { tempDir, warningSink, writeFile } from "../config/helpers.js";

const skill = (description: string) => `---\ndescription: ${description}\n---\nBody of the skill.\n`;

describe("loadPromptResources", () => {
	it("reads templates from the settings entries and skills from the flags; a discovery switch leaves the flags' paths", () => {
		const root = tempDir();
		const cwd = join(root, "proj");
		const agentDir = join(root, "agent");
		writeFile(join(agentDir, "settings.json"), { prompts: ["extra-prompts"] });
		writeFile(join(agentDir, "extra-prompts", "ask.md"), "Ask about $1");
		writeFile(join(root, "cli", "deploy.md"), skill("Deploy the app"));
		writeFile(join(cwd, ".pi", "skills", "local.md"), skill("Not loaded: discovery is off"));
		const { warnings, onWarning } = warningSink();
		const resources = loadPromptResources({
			cwd,
			agentDir,
			settings: SettingsManager.create({ agentDir, cwd }),
			skills: [join(root, "cli", "deploy.md")],
			noSkills: true,
			onWarning,
		});
		expect(resources.templates.map((t) => [t.name, t.source])).toEqual([["ask", "settings"]]);
		expect(resources.skills.map((s) => [s.description, s.source])).toEqual([["Deploy the app", "cli"]]);
		expect(warnings).toEqual([]);
	});

	it("--no-prompt-templates keeps only the --prompt-template files", () => {
		const root = tempDir();
		const cwd = join(root, "proj");
		const agentDir = join(root, "agent");
		writeFile(join(cwd, ".pi", "prompts", "project.md"), "project");
		writeFile(join(root, "cli", "given.md"), "given");
		const resources = loadPromptResources({
			cwd,
			agentDir,
			settings: SettingsManager.inMemory({}, { agentDir, cwd }),
			promptTemplates: [join(root, "cli", "given.md")],
			noPromptTemplates: true,
			noSkills: true,
		});
		expect(resources.templates.map((t) => t.name)).toEqual(["given"]);
	});
});

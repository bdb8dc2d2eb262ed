import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expandSkillCommand, formatSkillsSection, loadSkills } from "../../../src/core/resources/skills.js";
import { tempDir, warningSink, writeFile } from "../config/helpers.js";

const skill = (description: string, extra = "") =>
	`---\ndescription: ${description}\n${extra}---\nBody of the skill.\n`;

describe("skill discovery (§9)", () => {
	it("finds *.md at the top and SKILL.md dirs below; skips dot dirs, node_modules and .gitignore'd paths", () => {
		const root = tempDir();
		const agentDir = join(root, "agent");
		const dir = join(agentDir, "skills");
		writeFile(join(dir, "top.md"), skill("Top level"));
		writeFile(join(dir, "group", "pdf", "SKILL.md"), skill("PDF"));
		writeFile(join(dir, "group", "pdf", "inner", "SKILL.md"), skill("Not searched"));
		writeFile(join(dir, "group", "notes.md"), skill("Only top-level md files count"));
		writeFile(join(dir, ".hidden", "x", "SKILL.md"), skill("Hidden"));
		writeFile(join(dir, "node_modules", "y", "SKILL.md"), skill("Dependency"));
		writeFile(join(dir, "build", "z", "SKILL.md"), skill("Ignored"));
		writeFile(join(dir, ".gitignore"), "build/\n");
		const skills = loadSkills({ cwd: join(root, "proj"), agentDir, homeDir: root });
		expect(skills.map((s) => [s.name, s.filePath, s.source])).toEqual([
			["top", join(dir, "top.md"), "user"],
			["pdf", join(dir, "group", "pdf", "SKILL.md"), "user"],
		]);
	});

	it("precedence: --skill, project, .agents up to the git root, settings, agent dir, ~/.agents; first name wins", () => {
		const root = tempDir();
		const home = join(root, "home");
		const repo = join(home, "repo");
		const cwd = join(repo, "pkg");
		const agentDir = join(root, "agent");
		writeFile(join(repo, ".git", "HEAD"), "ref");
		writeFile(join(root, "cli-skill", "SKILL.md"), skill("cli", "name: one\n"));
		writeFile(join(cwd, ".pi", "skills", "one.md"), skill("project one"));
		writeFile(join(cwd, ".pi", "skills", "two.md"), skill("project two"));
		writeFile(join(cwd, ".agents", "skills", "three.md"), skill("near three"));
		writeFile(join(repo, ".agents", "skills", "three.md"), skill("repo three"));
		writeFile(join(repo, ".agents", "skills", "four.md"), skill("repo four"));
		writeFile(join(home, ".agents", "skills", "outside.md"), skill("above the git root"));
		writeFile(join(agentDir, "more", "five.md"), skill("settings five"));
		writeFile(join(agentDir, "skills", "five.md"), skill("agent five"));
		writeFile(join(agentDir, "skills", "six.md"), skill("agent six"));
		writeFile(join(home, ".agents", "skills", "seven.md"), skill("home seven"));
		const sink = warningSink();
		const options = {
			cwd,
			agentDir,
			homeDir: home,
			cliPaths: [join(root, "cli-skill")],
			settingsEntries: { patterns: ["more"], baseDir: agentDir },
			onWarning: sink.onWarning,
		};
		const skills = loadSkills(options);
		expect(skills.map((s) => `${s.name}=${s.description}`)).toEqual([
			"one=cli",
			"two=project two",
			"three=near three",
			"four=repo four",
			"five=settings five",
			"six=agent six",
			"outside=above the git root",
			"seven=home seven",
		]);
		expect(sink.warnings.filter((w) => w.includes("already used"))).toEqual([
			`Skill ${join(cwd, ".pi", "skills", "one.md")} skipped: the name "one" is already used by ${join(root, "cli-skill", "SKILL.md")}`,
			`Skill ${join(repo, ".agents", "skills", "three.md")} skipped: the name "three" is already used by ${join(cwd, ".agents", "skills", "three.md")}`,
			`Skill ${join(agentDir, "skills", "five.md")} skipped: the name "five" is already used by ${join(agentDir, "more", "five.md")}`,
		]);
		expect(loadSkills({ ...options, noDiscovery: true }).map((s) => s.name)).toEqual(["one"]);
	});

	it("warns about frontmatter problems; skips only missing descriptions, invalid YAML and duplicates", () => {
		const root = tempDir();
		const dir = join(root, "agent", "skills");
		const files = {
			noDesc: writeFile(join(dir, "nodesc.md"), "---\nname: nodesc\n---\nbody"),
			emptyDesc: writeFile(join(dir, "empty", "SKILL.md"), "---\ndescription: ''\n---\n"),
			badYaml: writeFile(join(dir, "bad.md"), "---\ndescription: [oops\n---\n"),
			renamed: writeFile(join(dir, "dir-name", "SKILL.md"), skill("d", "name: other-name\n")),
			upper: writeFile(join(dir, "Upper_Case.md"), skill("d")),
			hyphens: writeFile(join(dir, "-a--b-.md"), skill("d")),
			long: writeFile(join(dir, `${"a".repeat(65)}.md`), skill("d")),
			longDesc: writeFile(join(dir, "verbose.md"), skill("x".repeat(1025))),
		};
		const sink = warningSink();
		const skills = loadSkills({ cwd: root, agentDir: join(root, "agent"), homeDir: root, onWarning: sink.onWarning });
		expect(skills.map((s) => s.name).sort()).toEqual(
			["-a--b-", "Upper_Case", "a".repeat(65), "other-name", "verbose"].sort(),
		);
		expect(sink.warnings).toContain(`Skill ${files.noDesc} has no description; skipped`);
		expect(sink.warnings).toContain(`Skill ${files.emptyDesc} has no description; skipped`);
		expect(sink.warnings.find((w) => w.startsWith(`Skill ${files.badYaml} has invalid frontmatter (`))).toMatch(
			/; skipped$/,
		);
		expect(sink.warnings).toContain(
			`Skill ${files.renamed}: name "other-name" differs from its directory name "dir-name"`,
		);
		expect(sink.warnings).toContain(`Skill ${files.upper}: name "Upper_Case" should use only a-z, 0-9 and -`);
		expect(sink.warnings).toContain(`Skill ${files.hyphens}: name "-a--b-" has a leading, trailing or doubled "-"`);
		expect(sink.warnings).toContain(`Skill ${files.long}: name "${"a".repeat(65)}" is longer than 64 characters`);
		expect(sink.warnings).toContain(`Skill ${files.longDesc}: description is longer than 1024 characters`);
		expect(sink.warnings).toHaveLength(8);
	});
});

describe("skills in the prompt and invocation", () => {
	it("lists visible skills with escaped values; hidden ones are invocable", () => {
		const root = tempDir();
		const dir = join(root, "agent", "skills");
		const visible = writeFile(join(dir, "pdf-tools", "SKILL.md"), skill('PDF <tables> & "text"'));
		const hidden = writeFile(join(dir, "secret.md"), skill("Hidden", "disable-model-invocation: true\n"));
		const skills = loadSkills({ cwd: root, agentDir: join(root, "agent"), homeDir: root });
		expect(formatSkillsSection(skills)).toBe(
			"The following skills hold instructions for specific tasks. When a task matches a skill's description,\n" +
				"read its file with the read tool before starting.\n\n<available_skills>\n  <skill>\n    <name>pdf-tools</name>\n" +
				`    <description>PDF &lt;tables&gt; &amp; &quot;text&quot;</description>\n    <location>${visible}</location>\n  </skill>\n</available_skills>`,
		);
		expect(formatSkillsSection(skills.filter((s) => s.name === "secret"))).toBeUndefined();
		expect(expandSkillCommand("/skill:secret", skills)).toBe(
			`<skill name="secret" location="${hidden}">\nReferences are relative to ${dir}.\n\nBody of the skill.\n</skill>`,
		);
		expect(expandSkillCommand("/skill:pdf-tools  convert a.pdf ", skills)).toBe(
			`<skill name="pdf-tools" location="${visible}">\nReferences are relative to ${join(dir, "pdf-tools")}.\n\nBody of the skill.\n</skill>\n\nconvert a.pdf`,
		);
		expect(expandSkillCommand("/skill:nope x", skills)).toBe("/skill:nope x");
		expect(expandSkillCommand("please /skill:pdf-tools", skills)).toBe("please /skill:pdf-tools");
	});
});

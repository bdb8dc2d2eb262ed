import { existsSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadContextFiles } from "../../../src/core/resources/context-files.js";
import { loadSkills } from "../../../src/core/resources/skills.js";
import {
	buildDefaultPrompt,
	buildSystemPrompt,
	loadSystemPromptSources,
	PI_DOCS_DIR,
	type ToolSummary,
} from "../../../src/core/resources/system-prompt.js";
import { tempDir, writeFile } from "../config/helpers.js";

/** Built-in tool summaries (tools.md §7). */
const DEFAULT_TOOLS: ToolSummary[] = [
	{ name: "read", summary: "Read a text file with line numbers, or view an image" },
	{ name: "bash", summary: "Run a shell command in the working directory" },
	{ name: "edit", summary: "Replace exact text in a file (one or several edits)" },
	{ name: "write", summary: "Create a file or replace its whole content" },
];

describe("context files (§6)", () => {
	it("agent dir first, then root down to cwd; AGENTS.md over CLAUDE.md; one per directory; real-path dedupe", () => {
		const root = tempDir();
		const agentDir = join(root, "agent");
		const home = join(root, "home");
		const proj = join(home, "proj");
		const cwd = join(proj, "api");
		writeFile(join(agentDir, "AGENTS.md"), "global");
		writeFile(join(home, "AGENTS.md"), "home");
		writeFile(join(proj, "CLAUDE.md"), "proj-claude");
		writeFile(join(cwd, "AGENTS.md"), "api-agents");
		writeFile(join(cwd, "CLAUDE.md"), "api-claude");
		const files = loadContextFiles({ cwd, agentDir });
		expect(files).toEqual([
			{ path: join(agentDir, "AGENTS.md"), content: "global" },
			{ path: join(home, "AGENTS.md"), content: "home" },
			{ path: join(proj, "CLAUDE.md"), content: "proj-claude" },
			{ path: join(cwd, "AGENTS.md"), content: "api-agents" },
		]);
		expect(loadContextFiles({ cwd, agentDir, disabled: true })).toEqual([]);
		// The agent dir is also an ancestor of cwd: the same file appears once.
		expect(loadContextFiles({ cwd: join(agentDir, "x"), agentDir }).filter((f) => f.content === "global")).toHaveLength(
			1,
		);
		symlinkSync(join(agentDir, "AGENTS.md"), join(home, "proj", "AGENTS.md"));
		expect(loadContextFiles({ cwd: proj, agentDir }).map((f) => f.content)).toEqual(["global", "home"]);
	});
});

describe("system prompt (§7)", () => {
	const date = new Date(2026, 0, 5, 12);

	it("default prompt: tools with one line each and tool-dependent guidelines, date and cwd", () => {
		const prompt = buildSystemPrompt({ tools: DEFAULT_TOOLS, cwd: "/work/app", date });
		expect(prompt).toBe(
			[
				"You are pi, a coding agent in the user's terminal. You help with software work: reading code, running",
				"commands, editing and writing files. Act with the tools below, and ask when a request is unclear.",
				"",
				"Available tools:",
				"- read: Read a text file with line numbers, or view an image",
				"- bash: Run a shell command in the working directory",
				"- edit: Replace exact text in a file (one or several edits)",
				"- write: Create a file or replace its whole content",
				"",
				"Guidelines:",
				"- Explore with bash (ls, rg, find) before changing anything.",
				"- Use read to view files, not cat or sed.",
				"- Read a file before you edit it.",
				"- edit replaces exact text: old_string must match the file character for character, whitespace included.",
				"- Use write only for new files or complete rewrites.",
				"- Be concise: do the work, then report briefly what you did.",
				"- Show file paths clearly when you refer to files.",
				"",
				"About pi itself (its settings, models and providers, keys, themes, extensions, skills, SDK): its manual is in",
				`${PI_DOCS_DIR}, one Markdown file per topic (settings.md, models.md, keybindings.md, extensions.md, ...).`,
				"Read the relevant file before answering such questions or changing pi's configuration.",
				"Current date: 2026-01-05",
				"Current working directory: /work/app",
			].join("\n"),
		);
	});

	it("names pi's docs folder, which exists and is shipped with the package", async () => {
		for (const topic of ["settings.md", "models.md", "keybindings.md", "extensions.md"]) {
			expect(existsSync(join(PI_DOCS_DIR, topic)), topic).toBe(true);
		}
		const manifest = (await import("../../../package.json", { with: { type: "json" } })).default as {
			files: string[];
		};
		expect(manifest.files).toContain("docs");
		expect(buildDefaultPrompt([], "/opt/pi/docs/")).toContain("its manual is in\n/opt/pi/docs/, one Markdown file");
	});

	it("lists (none) without tools, grep/find/ls exploration, and extension guidelines", () => {
		expect(buildDefaultPrompt([])).toContain("Available tools:\n(none)\n\nGuidelines:\n- Be concise");
		const prompt = buildDefaultPrompt([
			{ name: "read", summary: "r" },
			{ name: "grep", summary: "g" },
			{ name: "ls", summary: "l" },
			{ name: "deploy", summary: "Deploy the app", guidelines: ["Deploy only when asked."] },
		]);
		expect(prompt).toContain("- deploy: Deploy the app");
		expect(prompt).toContain("- Explore with grep, ls and read before changing anything.");
		// Extension guidelines close the guidelines; the pointer to pi's docs follows them.
		expect(prompt).toContain("- Deploy only when asked.\n\nAbout pi itself");
	});

	it("lists a guideline two extension tools share once", () => {
		const shared = "Use echo tools only when asked to echo.";
		const prompt = buildDefaultPrompt([
			{ name: "echo_one", summary: "Echo one", guidelines: [shared] },
			{ name: "echo_two", summary: "Echo two", guidelines: [shared] },
		]);
		expect(prompt.split(`- ${shared}`)).toHaveLength(2);
	});

	it("assembles SYSTEM.md/APPEND_SYSTEM.md (project over agent dir), context and skills exactly", () => {
		const root = tempDir();
		const agentDir = join(root, "agent");
		const cwd = join(root, "proj");
		writeFile(join(agentDir, "SYSTEM.md"), "agent base");
		writeFile(join(cwd, ".pi", "SYSTEM.md"), "project base\n");
		writeFile(join(agentDir, "APPEND_SYSTEM.md"), "agent append");
		writeFile(join(cwd, "AGENTS.md"), "Use tabs.\n");
		writeFile(
			join(agentDir, "skills", "pdf-tools", "SKILL.md"),
			"---\ndescription: Extract text & tables from PDF files.\n---\nbody",
		);
		const sources = loadSystemPromptSources({ cwd, agentDir });
		expect(sources).toEqual({ base: "project base", append: "agent append" });
		const skills = loadSkills({ cwd, agentDir, homeDir: root });
		const contextFiles = loadContextFiles({ cwd, agentDir });
		const skillPath = join(agentDir, "skills", "pdf-tools", "SKILL.md");
		const prompt = buildSystemPrompt({ ...sources, tools: DEFAULT_TOOLS, contextFiles, skills, cwd, date });
		expect(prompt).toBe(
			`project base\n\nagent append\n\n# Project Context\n\nInstructions from the project's context files follow.\n\n## ${join(cwd, "AGENTS.md")}\n\nUse tabs.\n\n\n` +
				"The following skills hold instructions for specific tasks. When a task matches a skill's description,\n" +
				"read its file with the read tool before starting.\n\n<available_skills>\n  <skill>\n    <name>pdf-tools</name>\n" +
				`    <description>Extract text &amp; tables from PDF files.</description>\n    <location>${skillPath}</location>\n` +
				`  </skill>\n</available_skills>\nCurrent date: 2026-01-05\nCurrent working directory: ${cwd}`,
		);
		// Without the read tool the skills section is left out.
		const noRead = buildSystemPrompt({ ...sources, tools: [], contextFiles: [], skills, cwd, date });
		expect(noRead).toBe(`project base\n\nagent append\nCurrent date: 2026-01-05\nCurrent working directory: ${cwd}`);
	});

	it("--system-prompt and --append-system-prompt win; each is a file's content or the text itself", () => {
		const root = tempDir();
		const agentDir = join(root, "agent");
		writeFile(join(root, ".pi", "SYSTEM.md"), "project base");
		writeFile(join(root, ".pi", "APPEND_SYSTEM.md"), "project append");
		writeFile(join(root, "extra.md"), "from file\n");
		expect(loadSystemPromptSources({ cwd: root, agentDir })).toEqual({
			base: "project base",
			append: "project append",
		});
		expect(
			loadSystemPromptSources({
				cwd: root,
				agentDir,
				systemPrompt: "Be a pirate.",
				appendSystemPrompt: ["extra.md", "two"],
			}),
		).toEqual({ base: "Be a pirate.", append: "from file\n\ntwo" });
		expect(loadSystemPromptSources({ cwd: join(root, "sub"), agentDir })).toEqual({
			base: undefined,
			append: undefined,
		});
	});
});

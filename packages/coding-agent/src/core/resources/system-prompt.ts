/**
 * The system prompt (config.md §7): base (built-in or replaced), appended text, project context files, skills,
 * date and working directory, assembled in that order.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getAgentPaths, getProjectPaths } from "../config/paths.js";
import { type ContextFile, formatContextFilesSection } from "./context-files.js";
import { isFile } from "./resource-paths.js";
import { formatSkillsSection, type Skill } from "./skills.js";

/** An active tool as the system prompt lists it. */
export interface ToolSummary {
	name: string;
	/** One line (tools.md §7 for built-in tools); absent: the tool is active but not listed (an extension tool without `promptSnippet`). */
	summary?: string;
	/** Extra guideline lines an extension tool contributes to the built-in prompt. */
	guidelines?: readonly string[];
}

/**
 * The docs folder the installed package ships (package.json `files`), three levels above this file in src/ and in
 * dist/ (the bundle keeps each module's own URL). Named in the built-in prompt so the model can answer questions
 * about pi itself.
 */
export const PI_DOCS_DIR = fileURLToPath(new URL("../../../docs/", import.meta.url))
	.split("\\")
	.join("/");

const has = (tools: readonly ToolSummary[], name: string) => tools.some((tool) => tool.name === name);

/** Guidelines that depend on which built-in tools are active. */
function toolGuidelines(tools: readonly ToolSummary[]): string[] {
	const lines: string[] = [];
	const explorers = ["grep", "find", "ls"].filter((name) => has(tools, name));
	if (explorers.length > 0) {
		lines.push(
			`Explore with ${explorers.join(", ")}${has(tools, "read") ? " and read" : ""} before changing anything.`,
		);
	} else if (has(tools, "bash")) {
		lines.push("Explore with bash (ls, rg, find) before changing anything.");
	}
	if (has(tools, "read") && has(tools, "bash")) lines.push("Use read to view files, not cat or sed.");
	if (has(tools, "read") && has(tools, "edit")) lines.push("Read a file before you edit it.");
	if (has(tools, "edit")) {
		lines.push(
			"edit replaces exact text: old_string must match the file character for character, whitespace included.",
		);
	}
	if (has(tools, "write")) lines.push("Use write only for new files or complete rewrites.");
	return lines;
}

/** pi's built-in base prompt for the given active tools; `docsDir` is where pi's own documentation lives. */
export function buildDefaultPrompt(tools: readonly ToolSummary[], docsDir = PI_DOCS_DIR): string {
	const listed = tools.filter((tool) => tool.summary);
	const toolLines = listed.length > 0 ? listed.map((tool) => `- ${tool.name}: ${tool.summary}`) : ["(none)"];
	// A Set: tools registered from one template often share a guideline line, which is listed once.
	const guidelines = new Set([
		...toolGuidelines(tools),
		"Be concise: do the work, then report briefly what you did.",
		"Show file paths clearly when you refer to files.",
		...tools.flatMap((tool) => tool.guidelines ?? []),
	]);
	return [
		"You are pi, a coding agent in the user's terminal. You help with software work: reading code, running",
		"commands, editing and writing files. Act with the tools below, and ask when a request is unclear.",
		"",
		"Available tools:",
		...toolLines,
		"",
		"Guidelines:",
		...[...guidelines].map((line) => `- ${line}`),
		"",
		"About pi itself (its settings, models and providers, keys, themes, extensions, skills, SDK): its manual is in",
		`${docsDir}, one Markdown file per topic (settings.md, models.md, keybindings.md, extensions.md, ...).`,
		"Read the relevant file before answering such questions or changing pi's configuration.",
	].join("\n");
}

/** A `--system-prompt` / `--append-system-prompt` value: the content of the file it names, else the value itself. */
export function readPromptValue(value: string, cwd: string): string {
	const path = resolve(cwd, value);
	return isFile(path) ? readFileSync(path, "utf8").trim() : value;
}

function readIfFile(path: string): string | undefined {
	return isFile(path) ? readFileSync(path, "utf8").trim() : undefined;
}

export interface SystemPromptSourceOptions {
	cwd: string;
	agentDir: string;
	/** `--system-prompt` (file or text). */
	systemPrompt?: string;
	/** `--append-system-prompt` values (each a file or text). */
	appendSystemPrompt?: readonly string[];
}

/**
 * The base replacement and the appended text (§7.1). `base` is undefined when pi's built-in prompt applies. File
 * contents are trimmed so the assembly's separators stay exact.
 */
export function loadSystemPromptSources(options: SystemPromptSourceOptions): { base?: string; append?: string } {
	const project = getProjectPaths(options.cwd);
	const agent = getAgentPaths(options.agentDir);
	const base =
		options.systemPrompt !== undefined
			? readPromptValue(options.systemPrompt, options.cwd)
			: (readIfFile(project.systemPrompt) ?? readIfFile(agent.systemPrompt));
	const appendValues = options.appendSystemPrompt ?? [];
	const append =
		appendValues.length > 0
			? appendValues.map((value) => readPromptValue(value, options.cwd)).join("\n\n")
			: (readIfFile(project.appendSystemPrompt) ?? readIfFile(agent.appendSystemPrompt));
	return { base, append };
}

export interface BuildSystemPromptOptions {
	/** Active tools in order; drives the built-in prompt and whether skills are listed (needs `read`). */
	tools: readonly ToolSummary[];
	/** Replacement base (SYSTEM.md or `--system-prompt`); default: the built-in prompt. */
	base?: string;
	append?: string;
	contextFiles?: readonly ContextFile[];
	skills?: readonly Skill[];
	cwd: string;
	/** Default: now. */
	date?: Date;
}

/** `YYYY-MM-DD` in local time. */
export function formatLocalDate(date: Date): string {
	const pad = (n: number) => String(n).padStart(2, "0");
	return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Assembles the system prompt exactly as §7.2 lays it out. */
export function buildSystemPrompt(options: BuildSystemPromptOptions): string {
	let prompt = options.base ?? buildDefaultPrompt(options.tools);
	if (options.append) prompt += `\n\n${options.append}`;
	const context = formatContextFilesSection(options.contextFiles ?? []);
	if (context) prompt += `\n\n${context}`;
	const skills = has(options.tools, "read") ? formatSkillsSection(options.skills ?? []) : undefined;
	if (skills) prompt += `\n\n${skills}`;
	prompt += `\nCurrent date: ${formatLocalDate(options.date ?? new Date())}`;
	prompt += `\nCurrent working directory: ${options.cwd.split("\\").join("/")}`;
	return prompt;
}

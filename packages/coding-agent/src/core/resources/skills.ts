/**
 * Skills (config.md §9): instruction files the model reads on demand. Discovery, frontmatter checks, the system
 * prompt section and `/skill:<name>` expansion.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
import ignore, { type Ignore } from "ignore";
import { getAgentPaths, getProjectPaths } from "../config/paths.js";
import type { PackageOrigin } from "../packages/origin.js";
import { parseFrontmatter } from "./frontmatter.js";
import { expandResourceEntries, isDirectory, type ResourceEntries } from "./resource-paths.js";

/** Where a skill was found; an installed package's skill names its package. */
export type SkillSource = "cli" | "project" | "ancestor" | "settings" | "user" | "home" | PackageOrigin;

export interface Skill {
	name: string;
	description: string;
	/** Absolute path of the skill file. */
	filePath: string;
	/** Absolute directory of the skill file; the skill's references are relative to it. */
	baseDir: string;
	/** `disable-model-invocation: true`: not listed in the system prompt; `/skill:<name>` still works. */
	disableModelInvocation: boolean;
	source: SkillSource;
}

export interface LoadSkillsOptions {
	cwd: string;
	agentDir: string;
	/** Home directory for `~/.agents/skills` and `~` in paths. Default: `os.homedir()`. */
	homeDir?: string;
	/** `--skill` files or directories (loaded even without discovery). */
	cliPaths?: readonly string[];
	/** Settings `skills` entries and their base directory. */
	settingsEntries?: ResourceEntries;
	/** `-ns` / `--no-skills`. */
	noDiscovery?: boolean;
	/** Skill files of installed packages (docs/packages.md), after all others; skipped with `noDiscovery`. */
	packageFiles?: readonly { path: string; origin: PackageOrigin }[];
	onWarning?: (message: string) => void;
}

export const MAX_SKILL_NAME_LENGTH = 64;
export const MAX_SKILL_DESCRIPTION_LENGTH = 1024;
const SKILL_FILE = "SKILL.md";

/** Warning texts, kept together so tests and docs can match them. */
export const skillMessages = {
	noDescription: (path: string) => `Skill ${path} has no description; skipped`,
	invalidFrontmatter: (path: string, error: string) => `Skill ${path} has invalid frontmatter (${error}); skipped`,
	unreadable: (path: string, error: string) => `Skill ${path} could not be read (${error}); skipped`,
	duplicate: (path: string, name: string, other: string) =>
		`Skill ${path} skipped: the name "${name}" is already used by ${other}`,
	nameDiffersFromDirectory: (path: string, name: string, dir: string) =>
		`Skill ${path}: name "${name}" differs from its directory name "${dir}"`,
	nameTooLong: (path: string, name: string) =>
		`Skill ${path}: name "${name}" is longer than ${MAX_SKILL_NAME_LENGTH} characters`,
	nameCharacters: (path: string, name: string) => `Skill ${path}: name "${name}" should use only a-z, 0-9 and -`,
	nameHyphens: (path: string, name: string) => `Skill ${path}: name "${name}" has a leading, trailing or doubled "-"`,
	descriptionTooLong: (path: string) =>
		`Skill ${path}: description is longer than ${MAX_SKILL_DESCRIPTION_LENGTH} characters`,
};

interface IgnoreScope {
	dir: string;
	rules: Ignore;
}

function readGitignore(dir: string, scopes: IgnoreScope[]): IgnoreScope[] {
	const path = join(dir, ".gitignore");
	if (!existsSync(path)) return scopes;
	try {
		return [...scopes, { dir, rules: ignore().add(readFileSync(path, "utf8")) }];
	} catch {
		return scopes;
	}
}

function isIgnored(path: string, isDir: boolean, scopes: readonly IgnoreScope[]): boolean {
	return scopes.some((scope) => {
		const rel = relative(scope.dir, path).split("\\").join("/");
		return rel !== "" && !rel.startsWith("..") && scope.rules.ignores(isDir ? `${rel}/` : rel);
	});
}

/** Subdirectories searched for `SKILL.md`: a directory holding one is a skill and is not searched further. */
function findSkillDirs(dir: string, scopes: IgnoreScope[], out: string[]): void {
	if (existsSync(join(dir, SKILL_FILE))) {
		out.push(join(dir, SKILL_FILE));
		return;
	}
	const inner = readGitignore(dir, scopes);
	for (const entry of safeReadDir(dir)) {
		if (!entry.isDirectory() || entry.name.startsWith(".") || entry.name === "node_modules") continue;
		const path = join(dir, entry.name);
		if (!isIgnored(path, true, inner)) findSkillDirs(path, inner, out);
	}
}

function safeReadDir(dir: string): import("node:fs").Dirent[] {
	try {
		return readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
	} catch {
		return [];
	}
}

/** Skill files in a skills directory: each `*.md` directly inside, then `SKILL.md` files of subdirectories. */
export function findSkillFiles(skillsDir: string): string[] {
	const scopes = readGitignore(skillsDir, []);
	const files: string[] = [];
	const subdirs: string[] = [];
	for (const entry of safeReadDir(skillsDir)) {
		if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
		const path = join(skillsDir, entry.name);
		if (isIgnored(path, entry.isDirectory(), scopes)) continue;
		if (entry.isFile() && entry.name.endsWith(".md")) files.push(path);
		else if (entry.isDirectory()) subdirs.push(path);
	}
	for (const dir of subdirs) findSkillDirs(dir, scopes, files);
	return files;
}

/** A `--skill` / settings path: a file, a directory holding SKILL.md (one skill), or a skills directory. */
function skillFilesForPath(path: string): string[] {
	if (!isDirectory(path)) return [path];
	if (existsSync(join(path, SKILL_FILE))) return [join(path, SKILL_FILE)];
	return findSkillFiles(path);
}

/** `.agents/skills` of the current directory and each ancestor up to the git root, nearest first. */
function ancestorSkillDirs(cwd: string): string[] {
	const dirs: string[] = [];
	let current = resolve(cwd);
	const chain: string[] = [];
	while (true) {
		chain.push(current);
		if (existsSync(join(current, ".git"))) break;
		const parent = dirname(current);
		if (parent === current) return [join(resolve(cwd), ".agents", "skills")];
		current = parent;
	}
	for (const dir of chain) dirs.push(join(dir, ".agents", "skills"));
	return dirs;
}

function checkName(path: string, name: string, isSkillFile: boolean, warn: (message: string) => void): void {
	const dirName = basename(dirname(path));
	if (isSkillFile && name !== dirName) warn(skillMessages.nameDiffersFromDirectory(path, name, dirName));
	if (name.length > MAX_SKILL_NAME_LENGTH) warn(skillMessages.nameTooLong(path, name));
	if (!/^[a-z0-9-]*$/.test(name)) warn(skillMessages.nameCharacters(path, name));
	if (name.startsWith("-") || name.endsWith("-") || name.includes("--")) warn(skillMessages.nameHyphens(path, name));
}

/** Reads one skill file; returns undefined (with a warning) when it must be skipped. */
export function readSkill(filePath: string, source: SkillSource, warn: (message: string) => void): Skill | undefined {
	let text: string;
	try {
		text = readFileSync(filePath, "utf8");
	} catch (error) {
		warn(skillMessages.unreadable(filePath, (error as Error).message));
		return undefined;
	}
	const parsed = parseFrontmatter(text);
	if (!parsed.ok) {
		warn(skillMessages.invalidFrontmatter(filePath, parsed.error));
		return undefined;
	}
	const { frontmatter } = parsed;
	const description = typeof frontmatter.description === "string" ? frontmatter.description.trim() : "";
	if (!description) {
		warn(skillMessages.noDescription(filePath));
		return undefined;
	}
	const isSkillFile = basename(filePath) === SKILL_FILE;
	const defaultName = isSkillFile ? basename(dirname(filePath)) : basename(filePath).replace(/\.md$/, "");
	const name = typeof frontmatter.name === "string" && frontmatter.name.trim() ? frontmatter.name.trim() : defaultName;
	checkName(filePath, name, isSkillFile, warn);
	if (description.length > MAX_SKILL_DESCRIPTION_LENGTH) warn(skillMessages.descriptionTooLong(filePath));
	return {
		name,
		description,
		filePath,
		baseDir: dirname(filePath),
		disableModelInvocation: frontmatter["disable-model-invocation"] === true,
		source,
	};
}

/** Loads skills from all locations in precedence order; the first skill of a name wins. */
export function loadSkills(options: LoadSkillsOptions): Skill[] {
	const warn = options.onWarning ?? (() => {});
	const homeDir = options.homeDir ?? homedir();
	const sources: { files: string[]; source: SkillSource }[] = [];
	const cliPaths = expandResourceEntries({ patterns: options.cliPaths ?? [], baseDir: options.cwd }, homeDir);
	sources.push({ files: cliPaths.flatMap(skillFilesForPath), source: "cli" });
	if (!options.noDiscovery) {
		sources.push({ files: findSkillFiles(getProjectPaths(options.cwd).skills), source: "project" });
		sources.push({ files: ancestorSkillDirs(options.cwd).flatMap(findSkillFiles), source: "ancestor" });
		if (options.settingsEntries) {
			const paths = expandResourceEntries(options.settingsEntries, homeDir);
			sources.push({ files: paths.flatMap(skillFilesForPath), source: "settings" });
		}
		sources.push({ files: findSkillFiles(getAgentPaths(options.agentDir).skills), source: "user" });
		sources.push({ files: findSkillFiles(join(homeDir, ".agents", "skills")), source: "home" });
		for (const { path, origin } of options.packageFiles ?? []) sources.push({ files: [path], source: origin });
	}
	const skills: Skill[] = [];
	const seenFiles = new Set<string>();
	for (const { files, source } of sources) {
		for (const file of files) {
			const real = realPath(file);
			// The same file reached twice (e.g. cwd is the home directory) is one skill, not a duplicate.
			if (seenFiles.has(real)) continue;
			seenFiles.add(real);
			const skill = readSkill(resolve(file), source, warn);
			if (!skill) continue;
			const existing = skills.find((s) => s.name === skill.name);
			if (existing) warn(skillMessages.duplicate(skill.filePath, skill.name, existing.filePath));
			else skills.push(skill);
		}
	}
	return skills;
}

function realPath(path: string): string {
	try {
		return realpathSync(path);
	} catch {
		return resolve(path);
	}
}

/** XML escaping for values placed in the skills section and invocation tags. */
export function escapeXml(value: string): string {
	return value
		.replace(/&/g, "&amp;")
		.replace(/</g, "&lt;")
		.replace(/>/g, "&gt;")
		.replace(/"/g, "&quot;")
		.replace(/'/g, "&apos;");
}

/** The system prompt section listing visible skills, or undefined when none is visible. */
export function formatSkillsSection(skills: readonly Skill[]): string | undefined {
	const visible = skills.filter((skill) => !skill.disableModelInvocation);
	if (visible.length === 0) return undefined;
	const entries = visible.map(
		(skill) =>
			`  <skill>\n    <name>${escapeXml(skill.name)}</name>\n    <description>${escapeXml(skill.description)}</description>\n    <location>${escapeXml(skill.filePath)}</location>\n  </skill>`,
	);
	return [
		"The following skills hold instructions for specific tasks. When a task matches a skill's description,",
		"read its file with the read tool before starting.",
		"",
		"<available_skills>",
		...entries,
		"</available_skills>",
	].join("\n");
}

/**
 * Expands `/skill:<name> [args]` into the skill's instructions (config.md §9). Unknown names, unreadable files
 * and other text are returned unchanged.
 */
export function expandSkillCommand(text: string, skills: readonly Skill[]): string {
	const match = /^\/skill:(\S+)(?:\s+([\s\S]*))?$/.exec(text);
	if (!match) return text;
	const skill = skills.find((s) => s.name === match[1]);
	if (!skill) return text;
	let body: string;
	try {
		body = parseFrontmatter(readFileSync(skill.filePath, "utf8")).body;
	} catch {
		return text;
	}
	const block = `<skill name="${escapeXml(skill.name)}" location="${escapeXml(skill.filePath)}">\nReferences are relative to ${skill.baseDir}.\n\n${body}\n</skill>`;
	const args = match[2]?.trim();
	return args ? `${block}\n\n${args}` : block;
}

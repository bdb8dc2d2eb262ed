/**
 * Prompt templates (config.md §8): markdown files invoked as `/<name> args`, with positional placeholders filled
 * from the arguments in one left-to-right pass.
 */
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { getAgentPaths, getProjectPaths } from "../config/paths.js";
import type { PackageOrigin } from "../packages/origin.js";
import { parseFrontmatter } from "./frontmatter.js";
import { expandResourceEntries, isDirectory, type ResourceEntries } from "./resource-paths.js";

/** Where a template was found; an installed package's template names its package. */
export type PromptTemplateSource = "cli" | "project" | "settings" | "user" | PackageOrigin;

export interface PromptTemplate {
	/** File name without `.md`; invoked as `/<name>`. */
	name: string;
	description: string;
	/** Body after the frontmatter, trimmed. */
	content: string;
	filePath: string;
	source: PromptTemplateSource;
}

export interface LoadPromptTemplatesOptions {
	cwd: string;
	agentDir: string;
	/** `--prompt-template` files or directories (loaded even without discovery). */
	cliPaths?: readonly string[];
	/** Settings `prompts` entries and their base directory. */
	settingsEntries?: ResourceEntries;
	/** `-np` / `--no-prompt-templates`. */
	noDiscovery?: boolean;
	/** Template files of installed packages (docs/packages.md), after all others; skipped with `noDiscovery`. */
	packageFiles?: readonly { path: string; origin: PackageOrigin }[];
	homeDir?: string;
	onWarning?: (message: string) => void;
}

const DESCRIPTION_FALLBACK_LENGTH = 60;

/** The `*.md` files directly inside a directory, sorted by name. */
function markdownFilesIn(dir: string): string[] {
	try {
		return readdirSync(dir, { withFileTypes: true })
			.filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
			.map((entry) => join(dir, entry.name))
			.sort();
	} catch {
		return [];
	}
}

/** A file, or the markdown files of a directory (not recursive). */
function templateFiles(path: string): string[] {
	return isDirectory(path) ? markdownFilesIn(path) : [path];
}

function readTemplate(
	filePath: string,
	source: PromptTemplateSource,
	warn: (message: string) => void,
): PromptTemplate | undefined {
	let text: string;
	try {
		text = readFileSync(filePath, "utf8");
	} catch (error) {
		warn(`Prompt template ${filePath} could not be read: ${(error as Error).message}`);
		return undefined;
	}
	const parsed = parseFrontmatter(text);
	if (!parsed.ok) {
		warn(`Prompt template ${filePath} has invalid frontmatter (${parsed.error}); skipped`);
		return undefined;
	}
	const declared = parsed.frontmatter.description;
	let description = typeof declared === "string" ? declared.trim() : "";
	if (!description) {
		const firstLine =
			parsed.body
				.split("\n")
				.find((line) => line.trim() !== "")
				?.trim() ?? "";
		description =
			firstLine.length > DESCRIPTION_FALLBACK_LENGTH
				? `${firstLine.slice(0, DESCRIPTION_FALLBACK_LENGTH)}...`
				: firstLine;
	}
	return { name: basename(filePath).replace(/\.md$/, ""), description, content: parsed.body, filePath, source };
}

/** Loads templates from all locations; the first template of a name wins. */
export function loadPromptTemplates(options: LoadPromptTemplatesOptions): PromptTemplate[] {
	const warn = options.onWarning ?? (() => {});
	const sources: { files: string[]; source: PromptTemplateSource }[] = [];
	const cliFiles = expandResourceEntries({ patterns: options.cliPaths ?? [], baseDir: options.cwd }, options.homeDir);
	sources.push({ files: cliFiles.flatMap(templateFiles), source: "cli" });
	if (!options.noDiscovery) {
		sources.push({ files: markdownFilesIn(getProjectPaths(options.cwd).prompts), source: "project" });
		if (options.settingsEntries) {
			const files = expandResourceEntries(options.settingsEntries, options.homeDir).flatMap(templateFiles);
			sources.push({ files, source: "settings" });
		}
		sources.push({ files: markdownFilesIn(getAgentPaths(options.agentDir).prompts), source: "user" });
		for (const { path, origin } of options.packageFiles ?? []) sources.push({ files: [path], source: origin });
	}
	const byName = new Map<string, PromptTemplate>();
	for (const { files, source } of sources) {
		for (const file of files) {
			if (!file.endsWith(".md")) continue;
			const template = readTemplate(file, source, warn);
			if (template && !byName.has(template.name)) byName.set(template.name, template);
		}
	}
	return [...byName.values()];
}

/** Splits an argument string on whitespace; `"…"` and `'…'` group words (no escapes; unterminated runs to the end). */
export function parseTemplateArguments(input: string): string[] {
	const args: string[] = [];
	let current = "";
	let inToken = false;
	let quote: string | undefined;
	for (const char of input) {
		if (quote) {
			if (char === quote) quote = undefined;
			else current += char;
		} else if (char === '"' || char === "'") {
			quote = char;
			inToken = true;
		} else if (/\s/.test(char)) {
			if (inToken) args.push(current);
			current = "";
			inToken = false;
		} else {
			current += char;
			inToken = true;
		}
	}
	if (inToken) args.push(current);
	return args;
}

const PLACEHOLDER = /\$\{@:(\d+)(?::(\d+))?\}|\$(ARGUMENTS|@|\d+)/g;

/** Fills `$N`, `$@`, `$ARGUMENTS`, `${@:N}` and `${@:N:L}` in one pass; inserted text is never scanned again. */
export function substituteTemplateArguments(body: string, args: readonly string[]): string {
	return body.replace(PLACEHOLDER, (_match, start?: string, length?: string, simple?: string) => {
		if (start !== undefined) {
			const from = Math.max(Number(start), 1) - 1;
			const to = length === undefined ? undefined : from + Number(length);
			return args.slice(from, to).join(" ");
		}
		if (simple === "@" || simple === "ARGUMENTS") return args.join(" ");
		return args[Number(simple) - 1] ?? "";
	});
}

/**
 * Expands a prompt that invokes a template (`/<name>` alone or followed by whitespace and arguments). Any other
 * text, including a `/word` that names no template, is returned unchanged.
 */
export function expandPromptTemplate(text: string, templates: readonly PromptTemplate[]): string {
	const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(text);
	if (!match) return text;
	const template = templates.find((t) => t.name === match[1]);
	if (!template) return text;
	return substituteTemplateArguments(template.content, parseTemplateArguments(match[2] ?? ""));
}

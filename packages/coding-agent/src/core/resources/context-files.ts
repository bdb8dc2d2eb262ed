/**
 * Context files (config.md §6): one `AGENTS.md` (else `CLAUDE.md`) per directory, from the agent dir, then from
 * the filesystem root down to the current directory. The same real file is included once.
 */
import { readFileSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { isFile } from "./resource-paths.js";

export const CONTEXT_FILE_NAMES = ["AGENTS.md", "CLAUDE.md"] as const;

export interface ContextFile {
	/** Absolute path as found (not the real path). */
	path: string;
	content: string;
}

export interface LoadContextFilesOptions {
	cwd: string;
	agentDir: string;
	/** `-nc` / `--no-context-files`. */
	disabled?: boolean;
}

/** The context file of one directory, if any. */
function findInDirectory(dir: string): string | undefined {
	for (const name of CONTEXT_FILE_NAMES) {
		const path = join(dir, name);
		if (isFile(path)) return path;
	}
	return undefined;
}

/** Directories from the filesystem root down to `dir`, inclusive. */
function rootToDir(dir: string): string[] {
	const chain: string[] = [];
	let current = resolve(dir);
	while (true) {
		chain.unshift(current);
		const parent = dirname(current);
		if (parent === current) return chain;
		current = parent;
	}
}

/** Loads the context files in prompt order. */
export function loadContextFiles(options: LoadContextFilesOptions): ContextFile[] {
	if (options.disabled) return [];
	const files: ContextFile[] = [];
	const seen = new Set<string>();
	for (const dir of [resolve(options.agentDir), ...rootToDir(options.cwd)]) {
		const path = findInDirectory(dir);
		if (!path) continue;
		let real: string;
		try {
			real = realpathSync(path);
		} catch {
			continue;
		}
		if (seen.has(real)) continue;
		seen.add(real);
		try {
			files.push({ path, content: readFileSync(path, "utf8") });
		} catch {
			// Unreadable (permissions, removed meanwhile): a context file is optional, so skip it.
		}
	}
	return files;
}

/** The `# Project Context` section (§7.2), or undefined without files. */
export function formatContextFilesSection(files: readonly ContextFile[]): string | undefined {
	if (files.length === 0) return undefined;
	const parts = files.map((file) => `## ${file.path}\n\n${file.content}`);
	return `# Project Context\n\nInstructions from the project's context files follow.\n\n${parts.join("\n\n")}`;
}

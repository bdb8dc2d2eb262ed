/**
 * The built-in tool set by name: names, defaults, system-prompt summaries, and `loadCodingTools`. The default tools
 * (read, bash, edit, write) are imported with this module, as nearly every session uses them: in the start-up bundle
 * each lazy import is a file of its own to load. grep, find and ls (with ripgrep/fd discovery and gitignore
 * handling) are imported only by a session that asks for them.
 */
import type { AgentTool } from "@pi/agent-core";
import { type BashToolOptions, createBashTool } from "./bash.js";
import { createEditTool } from "./edit.js";
import { createReadTool, type ReadToolOptions } from "./read.js";
import { createWriteTool } from "./write.js";

/** Names of every built-in tool. */
export const BUILTIN_TOOL_NAMES = ["read", "bash", "edit", "write", "grep", "find", "ls"] as const;

export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

/** Tools active when `--tools` is not given. */
export const DEFAULT_TOOL_NAMES: readonly BuiltinToolName[] = ["read", "bash", "edit", "write"];

/** One-line summaries for the system prompt (tools.md §7). */
export const TOOL_SUMMARIES: Readonly<Record<BuiltinToolName, string>> = {
	read: "Read a text file with line numbers, or view an image",
	bash: "Run a shell command in the working directory",
	edit: "Replace exact text in a file (one or several edits)",
	write: "Create a file or replace its whole content",
	grep: "Search file contents by regex (respects .gitignore)",
	find: "Find files by glob pattern (respects .gitignore)",
	ls: "List a directory",
};

/** Settings values the tools need (config.md §2.2), plus the agent dir for `bin/rg` and `bin/fd`. */
export interface CodingToolsOptions {
	/** Settings `read.maxLines`, `read.maxBytes`, `images.autoResize`, `images.blockImages`, model image support. */
	read?: ReadToolOptions;
	/** Settings `bash.*`, `shellPath`, `shellCommandPrefix`, credential names to strip. */
	bash?: BashToolOptions;
	/** Agent dir; `<agentDir>/bin` is searched for `rg` and `fd` before `PATH`. */
	agentDir?: string;
}

/** Returns `true` when `name` is a built-in tool name. */
export function isBuiltinToolName(name: string): name is BuiltinToolName {
	return (BUILTIN_TOOL_NAMES as readonly string[]).includes(name);
}

type ToolLoader = (cwd: string, options: CodingToolsOptions) => Promise<AgentTool<any, any>>;

const TOOL_LOADERS: Record<BuiltinToolName, ToolLoader> = {
	read: async (cwd, options) => createReadTool(cwd, options.read),
	bash: async (cwd, options) => createBashTool(cwd, options.bash),
	edit: async (cwd) => createEditTool(cwd),
	write: async (cwd) => createWriteTool(cwd),
	grep: async (cwd, options) => (await import("./grep.js")).createGrepTool(cwd, { agentDir: options.agentDir }),
	find: async (cwd, options) => (await import("./find.js")).createFindTool(cwd, { agentDir: options.agentDir }),
	ls: async (cwd) => (await import("./ls.js")).createLsTool(cwd),
};

/**
 * `createCodingTools` for the tools named in `names` (default {@link DEFAULT_TOOL_NAMES}), in the order of
 * {@link BUILTIN_TOOL_NAMES}; unknown names are ignored.
 */
export function loadCodingTools(
	cwd: string,
	options: CodingToolsOptions = {},
	names: readonly string[] = DEFAULT_TOOL_NAMES,
): Promise<AgentTool<any, any>[]> {
	const wanted = new Set(names);
	return Promise.all(
		BUILTIN_TOOL_NAMES.filter((name) => wanted.has(name)).map((name) => TOOL_LOADERS[name](cwd, options)),
	);
}

/**
 * pi's built-in tools (tools.md): factories, the registry used to build a session's tool set, and the
 * user-command executor shared with the bash tool.
 */
import type { AgentTool } from "@pi/agent-core";
import { createBashTool } from "./bash.js";
import { BUILTIN_TOOL_NAMES, type BuiltinToolName, type CodingToolsOptions, DEFAULT_TOOL_NAMES } from "./builtin.js";
import { createEditTool } from "./edit.js";
import { createFindTool } from "./find.js";
import { createGrepTool } from "./grep.js";
import { createLsTool } from "./ls.js";
import { createReadTool } from "./read.js";
import { createWriteTool } from "./write.js";

export { type BashToolDetails, type BashToolOptions, createBashTool, DEFAULT_BASH_TIMEOUT_SECONDS } from "./bash.js";
export { type BashResult, type ExecuteBashOptions, executeBash } from "./bash-executor.js";
export {
	BUILTIN_TOOL_NAMES,
	type BuiltinToolName,
	type CodingToolsOptions,
	DEFAULT_TOOL_NAMES,
	isBuiltinToolName,
	loadCodingTools,
	TOOL_SUMMARIES,
} from "./builtin.js";
export { createEditTool, type EditToolDetails } from "./edit.js";
export { createFindTool, type FindToolDetails } from "./find.js";
export { formatSize } from "./format.js";
export { createGrepTool, type GrepToolDetails } from "./grep.js";
export { createLsTool, type LsToolDetails } from "./ls.js";
export { displayPath, resolveToolPath } from "./paths.js";
export {
	createReadTool,
	type ReadImageDetails,
	type ReadTextDetails,
	type ReadToolDetails,
	type ReadToolOptions,
} from "./read.js";
export type { OutputTruncation } from "./search-output.js";
export type { ShellSettings } from "./shell.js";
export { ToolError } from "./tool-error.js";
export { createWriteTool, type WriteToolDetails } from "./write.js";

/** Creates one built-in tool by name. */
export function createBuiltinTool(
	name: BuiltinToolName,
	cwd: string,
	options: CodingToolsOptions = {},
): AgentTool<any, any> {
	switch (name) {
		case "read":
			return createReadTool(cwd, options.read);
		case "bash":
			return createBashTool(cwd, options.bash);
		case "edit":
			return createEditTool(cwd);
		case "write":
			return createWriteTool(cwd);
		case "grep":
			return createGrepTool(cwd, { agentDir: options.agentDir });
		case "find":
			return createFindTool(cwd, { agentDir: options.agentDir });
		case "ls":
			return createLsTool(cwd);
	}
}

/**
 * Creates the session's tool set: the tools named in `names` (default {@link DEFAULT_TOOL_NAMES}), in the order of
 * {@link BUILTIN_TOOL_NAMES}. Unknown names are ignored; callers validate `--tools` themselves.
 */
export function createCodingTools(
	cwd: string,
	options: CodingToolsOptions = {},
	names: readonly string[] = DEFAULT_TOOL_NAMES,
): AgentTool<any, any>[] {
	const wanted = new Set(names);
	return BUILTIN_TOOL_NAMES.filter((name) => wanted.has(name)).map((name) => createBuiltinTool(name, cwd, options));
}

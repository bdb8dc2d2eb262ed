/** The original pi's read-only tool set factory. */
import type { AgentTool } from "@pi/agent-core";
import { type CodingToolsOptions, createCodingTools } from "../tools/index.js";

/** The read-only built-in tools (read, grep, find, ls) for `cwd`. */
export function createReadOnlyTools(cwd: string, options: CodingToolsOptions = {}): AgentTool<any, any>[] {
	return createCodingTools(cwd, options, ["read", "grep", "find", "ls"]);
}

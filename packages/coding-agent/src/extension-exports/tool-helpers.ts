/** Helpers extensions use to write tools: typed definitions, the file mutation queue, read-only tool sets. */
import type { AgentTool } from "@pi/agent-core";
import type { ToolDefinition } from "../core/extensions/api-types.js";
import { runExclusive } from "../tools/file-queue.js";
import { type CodingToolsOptions, createCodingTools } from "../tools/index.js";

/** Returns `tool` unchanged: a typed way to write a tool definition outside `pi.registerTool(...)`. */
export function defineTool<T extends ToolDefinition<any, any>>(tool: T): T {
	return tool;
}

/**
 * Runs `fn` after every earlier edit/write of the same file (ours or an extension's) has finished, so a tool that
 * changes files serialises with pi's edit and write tools. Calls on other files run concurrently.
 */
export function withFileMutationQueue<T>(filePath: string, fn: () => Promise<T>): Promise<T> {
	return runExclusive(filePath, fn);
}

/** The read-only built-in tools (read, grep, find, ls) for `cwd`. */
export function createReadOnlyTools(cwd: string, options: CodingToolsOptions = {}): AgentTool<any, any>[] {
	return createCodingTools(cwd, options, ["read", "grep", "find", "ls"]);
}

/** Helpers extensions use to write tools: typed definitions and the file mutation queue. */
import type { ToolDefinition } from "../core/extensions/api-types.js";
import { runExclusive } from "../tools/file-queue.js";

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

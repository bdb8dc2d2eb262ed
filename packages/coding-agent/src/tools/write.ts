/**
 * The `write` tool (tools.md §5): creates or replaces a whole file atomically, creating parent directories and
 * keeping an existing file's mode.
 */
import { promises as fs } from "node:fs";
import { dirname } from "node:path";
import type { AgentTool } from "@pi/agent-core";
import { renameAlias } from "./args.js";
import { resolveWriteTarget, writeFileAtomic } from "./atomic-write.js";
import { runExclusive } from "./file-queue.js";
import { displayPath, resolveToolPath } from "./paths.js";
import { Type } from "./schema.js";
import { errnoCode, ToolError, throwIfAborted } from "./tool-error.js";

const writeSchema = Type.Object({
	file_path: Type.String({
		description: "File to create or overwrite (relative to the working directory, or absolute).",
	}),
	content: Type.String({ description: "The complete new content of the file." }),
});

/** `details` of a write result (tools.md §5). */
export interface WriteToolDetails {
	filePath: string;
	size: number;
	isNew: boolean;
}

const DESCRIPTION = `Create a file or replace its whole content. Missing parent directories are created; an existing file keeps its permissions. Content is written exactly as given (UTF-8).
Prefer edit for changing part of an existing file.`;

/** Alias normalisation (tools.md §1.2). */
export function prepareWriteArguments(raw: Record<string, unknown>): Record<string, unknown> {
	return renameAlias(raw, "path", "file_path");
}

/** Creates the `write` tool for a session working directory. */
export function createWriteTool(cwd: string): AgentTool<typeof writeSchema, WriteToolDetails> {
	return {
		name: "write",
		label: "Write",
		description: DESCRIPTION,
		parameters: writeSchema,
		prepareArguments: prepareWriteArguments,
		execute(_toolCallId, params, signal) {
			throwIfAborted(signal);
			const absolute = resolveToolPath(cwd, params.file_path);
			return runExclusive(absolute, async () => {
				throwIfAborted(signal);
				const p = displayPath(cwd, absolute);
				let isNew = true;
				try {
					const stat = await fs.stat(absolute);
					if (stat.isDirectory()) throw new ToolError(`${p} is a directory`);
					isNew = false;
				} catch (error) {
					if (error instanceof ToolError) throw error;
					if (errnoCode(error) !== "ENOENT") throw error;
				}
				await fs.mkdir(dirname(await resolveWriteTarget(absolute)), { recursive: true });
				throwIfAborted(signal);
				await writeFileAtomic(absolute, params.content);
				const size = Buffer.byteLength(params.content, "utf8");
				const details: WriteToolDetails = { filePath: absolute, size, isNew };
				const text = `${isNew ? "Created" : "Overwrote"} ${p} (${size} bytes)`;
				return { content: [{ type: "text" as const, text }], details };
			});
		},
	};
}

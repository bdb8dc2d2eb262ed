/**
 * The `ls` tool (tools.md §6.4): a directory's direct entries, gitignored ones left out and counted.
 */
import { promises as fs } from "node:fs";
import { join } from "node:path";
import type { AgentTool } from "@pi/agent-core";
import { compareCodePoints } from "./format.js";
import { Type } from "./schema.js";
import { limitLines, type OutputTruncation, searchToolResult, sizeLimitResultNotice } from "./search-output.js";
import { resolveSearchDirectory } from "./search-root.js";
import { ToolError, throwIfAborted } from "./tool-error.js";
import { IgnoreRules } from "./walk.js";

/** Default of `limit`. */
export const DEFAULT_LS_LIMIT = 500;

const lsSchema = Type.Object({
	path: Type.Optional(Type.String({ description: "Directory to list (default: working directory)." })),
	limit: Type.Optional(Type.Integer({ minimum: 1, description: "Maximum entries (default 500)." })),
});

/** `details` of ls (omitted when empty). */
export interface LsToolDetails {
	entryLimitReached?: number;
	truncation?: OutputTruncation;
	ignoredCount?: number;
}

const DESCRIPTION = `List a directory's entries, including dot-files; directories end in /. Entries ignored by .gitignore are left out (their number is reported). At most 500 entries by default.`;

const messages = {
	empty: "(empty directory)",
	cannotRead: (message: string) => `Cannot read directory: ${message}`,
	limit: (limit: number) => `${limit} entries limit reached. Use limit=${limit * 2} for more`,
	ignored: (n: number) => `${n} gitignored entries not shown`,
};

function compareNames(a: string, b: string): number {
	const x = a.toLowerCase();
	const y = b.toLowerCase();
	return x === y ? compareCodePoints(a, b) : compareCodePoints(x, y);
}

/** Creates the `ls` tool for a session working directory. */
export function createLsTool(cwd: string): AgentTool<typeof lsSchema, LsToolDetails | undefined> {
	return {
		name: "ls",
		label: "List",
		description: DESCRIPTION,
		parameters: lsSchema,
		async execute(_toolCallId, params, signal) {
			throwIfAborted(signal);
			const root = await resolveSearchDirectory(cwd, params.path);
			let names: string[];
			try {
				names = await fs.readdir(root);
			} catch (error) {
				throw new ToolError(messages.cannotRead((error as Error).message));
			}
			throwIfAborted(signal);
			const rules = await (await IgnoreRules.forAncestorsOf(root)).enter(root);
			const shown: string[] = [];
			let ignoredCount = 0;
			for (const name of names.sort(compareNames)) {
				const absolute = join(root, name);
				let isLink: boolean;
				let isDirectory: boolean;
				try {
					const lstat = await fs.lstat(absolute);
					isLink = lstat.isSymbolicLink();
					isDirectory = isLink
						? await fs.stat(absolute).then(
								(target) => target.isDirectory(),
								() => false,
							)
						: lstat.isDirectory();
				} catch {
					continue; // cannot be examined
				}
				// Git matches a link by its own name, never as a directory.
				if (rules.isIgnored(absolute, isDirectory && !isLink)) {
					ignoredCount++;
					continue;
				}
				shown.push(isDirectory ? `${name}/` : name);
			}
			const limit = params.limit ?? DEFAULT_LS_LIMIT;
			const { text, truncation } = limitLines(shown.slice(0, limit));
			return searchToolResult<LsToolDetails>(shown.length === 0 ? messages.empty : text, [
				{ applies: shown.length > limit, notice: messages.limit(limit), details: { entryLimitReached: limit } },
				sizeLimitResultNotice(truncation),
				{ applies: ignoredCount > 0, notice: messages.ignored(ignoredCount), details: { ignoredCount } },
			]);
		},
	};
}

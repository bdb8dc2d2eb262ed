/**
 * The `find` tool (tools.md §6.3): files, directories and links below a directory matching a glob. The entries
 * come from fd when it is available (fd.ts), otherwise from the built-in walk; matching and output are shared.
 */
import type { AgentTool } from "@pi/agent-core";
import { type FdEntry, listEntriesWithFd } from "./fd.js";
import { compileGlob } from "./glob.js";
import { Type } from "./schema.js";
import { findSearchBinary } from "./search-binaries.js";
import type { SearchToolOptions } from "./search-options.js";
import { limitLines, type OutputTruncation, searchToolResult, sizeLimitResultNotice } from "./search-output.js";
import { resolveSearchDirectory } from "./search-root.js";
import { throwIfAborted } from "./tool-error.js";
import { walkTree } from "./walk.js";

/** Default of `limit`. */
export const DEFAULT_FIND_LIMIT = 1000;

const findSchema = Type.Object({
	pattern: Type.String({
		description:
			"Glob: * ? [abc] {a,b} and ** across directories. Without / it matches names, with / paths relative to path.",
	}),
	path: Type.Optional(Type.String({ description: "Directory to search (default: working directory)." })),
	limit: Type.Optional(Type.Integer({ minimum: 1, description: "Maximum results (default 1000)." })),
});

/** `details` of find (omitted when empty). */
export interface FindToolDetails {
	resultLimitReached?: number;
	truncation?: OutputTruncation;
}

const DESCRIPTION = `Find files and directories by glob pattern, e.g. *.ts (names anywhere below path) or src/**/*.test.ts (paths relative to path). Respects .gitignore; hidden files are included. Directories are shown with a trailing /. Results are sorted; at most 1000 by default.`;

const messages = {
	none: "No files found matching pattern",
	limit: (limit: number) => `${limit} results limit reached. Use limit=${limit * 2} for more, or refine pattern`,
};

/** Formats the sorted list of matching display paths into the tool result. */
export function formatFindResult(paths: string[], limit: number) {
	if (paths.length === 0) return { content: [{ type: "text" as const, text: messages.none }], details: undefined };
	const { text, truncation } = limitLines(paths.slice(0, limit));
	return searchToolResult<FindToolDetails>(text, [
		{ applies: paths.length > limit, notice: messages.limit(limit), details: { resultLimitReached: limit } },
		sizeLimitResultNotice(truncation),
	]);
}

/** The entries fd lists below `root`; `undefined` when fd is not installed or cannot serve this call. */
async function listEntriesExternally(
	root: string,
	keep: (path: string) => boolean,
	options: SearchToolOptions,
	signal?: AbortSignal,
): Promise<FdEntry[] | undefined> {
	if (options.useExternalTools === false) return undefined;
	const fd = await findSearchBinary("fd", options.agentDir);
	return fd ? listEntriesWithFd(fd, root, signal, keep) : undefined;
}

/** Every visible entry below `root` from the built-in walk, in path order. */
async function listEntriesBuiltin(root: string, signal?: AbortSignal): Promise<FdEntry[]> {
	const entries = await walkTree(root, signal);
	return entries.map((e) => ({ path: e.path, isDirectory: e.kind === "directory" }));
}

/** Creates the `find` tool for a session working directory. */
export function createFindTool(
	cwd: string,
	options: SearchToolOptions = {},
): AgentTool<typeof findSchema, FindToolDetails | undefined> {
	return {
		name: "find",
		label: "Find",
		description: DESCRIPTION,
		parameters: findSchema,
		async execute(_toolCallId, params, signal) {
			throwIfAborted(signal);
			const root = await resolveSearchDirectory(cwd, params.path);
			const matches = compileGlob(params.pattern);
			const keep = (path: string) => matches(path, path.slice(path.lastIndexOf("/") + 1));
			const external = await listEntriesExternally(root, keep, options, signal);
			options.onBackend?.(external ? "fd" : "builtin");
			const entries = external ?? (await listEntriesBuiltin(root, signal)).filter((e) => keep(e.path));
			const paths = entries.map((e) => (e.isDirectory ? `${e.path}/` : e.path));
			return formatFindResult(paths, params.limit ?? DEFAULT_FIND_LIMIT);
		},
	};
}

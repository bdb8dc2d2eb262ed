/**
 * Which files a stretch of conversation read and modified, taken from the tool calls the model made. Stored in
 * compaction and branch-summary `details` so the next summary can fold them in.
 */
import type { AgentMessage } from "@pi/agent-core";
import type { SummaryFileDetails } from "../session/index.js";

/** Tools whose calls read a file. */
const READ_TOOLS = new Set(["read"]);
/** Tools whose calls change a file. */
const WRITE_TOOLS = new Set(["edit", "write"]);

/** The path argument of a file tool call (`path` is the alias older transcripts use). */
function pathArgument(args: Record<string, unknown>): string | undefined {
	const value = args.file_path ?? args.path;
	return typeof value === "string" && value.length > 0 ? value : undefined;
}

/**
 * Collects the files read and modified by the tool calls in `messages`, merged with `previous` (an earlier
 * summary's details). A file that was modified is listed only as modified. Both lists are sorted.
 */
export function collectFileOperations(
	messages: readonly AgentMessage[],
	previous?: Partial<SummaryFileDetails>,
): SummaryFileDetails {
	const read = new Set(previous?.readFiles ?? []);
	const modified = new Set(previous?.modifiedFiles ?? []);
	for (const message of messages) {
		if (message.role !== "assistant") continue;
		for (const block of message.content) {
			if (block.type !== "toolCall") continue;
			const path = pathArgument(block.arguments);
			if (!path) continue;
			if (READ_TOOLS.has(block.name)) read.add(path);
			else if (WRITE_TOOLS.has(block.name)) modified.add(path);
		}
	}
	for (const path of modified) read.delete(path);
	return { readFiles: [...read].sort(), modifiedFiles: [...modified].sort() };
}

/** Reads `details` of a stored summary entry when it has the expected shape. */
export function readFileDetails(details: unknown): SummaryFileDetails | undefined {
	if (typeof details !== "object" || details === null) return undefined;
	const { readFiles, modifiedFiles } = details as Record<string, unknown>;
	const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === "string") : []);
	return { readFiles: strings(readFiles), modifiedFiles: strings(modifiedFiles) };
}

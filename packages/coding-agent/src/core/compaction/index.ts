/**
 * Compaction: summarise the older part of the current branch with the current model and record a `compaction`
 * entry (the full history stays in the file). The session decides when; this module decides what and how.
 */
import type { Model } from "@pi/ai";
import type { SessionManager } from "../session/index.js";
import type { CompactionResult } from "../session-events.js";
import { planCompaction } from "./cut-point.js";
import { collectFileOperations } from "./file-tracking.js";
import { appendFileLists, generateSummary } from "./summary.js";
import { estimateMessageTokens, getContextTokens } from "./tokens.js";

export { type CompactionPlan, type CompactionPlanResult, entryMessage, planCompaction } from "./cut-point.js";
export { collectFileOperations, readFileDetails } from "./file-tracking.js";
export {
	appendFileLists,
	buildSummaryPrompt,
	generateSummary,
	SummaryAbortedError,
	type SummaryRequest,
	serializeConversation,
} from "./summary.js";
export { estimateMessageTokens, estimateTextTokens, getContextTokens } from "./tokens.js";

/** A compaction that could not start; `message` is final caller-visible text (`Already compacted`, ...). */
export class CompactionPreconditionError extends Error {
	override name = "CompactionPreconditionError";
}

export interface CompactSessionOptions {
	sessionManager: SessionManager;
	model: Model;
	apiKey?: string;
	headers?: Record<string, string>;
	/** Settings `compaction.keepRecentTokens`. */
	keepRecentTokens: number;
	/** Settings `compaction.reserveTokens`: bounds the summary length. */
	reserveTokens: number;
	customInstructions?: string;
	signal?: AbortSignal;
}

/** The summary's token budget: most of the reserve, never more than the model can write. */
export function summaryMaxTokens(model: Model, reserveTokens: number): number {
	return Math.max(256, Math.min(model.maxTokens, Math.floor(reserveTokens * 0.8)));
}

/**
 * Plans, summarises and appends a `compaction` entry to the current branch. Throws
 * {@link CompactionPreconditionError} when there is nothing to do, `SummaryAbortedError` when aborted, and an Error
 * with the provider's message when the summary request fails.
 */
export async function compactSession(options: CompactSessionOptions): Promise<CompactionResult> {
	const { sessionManager } = options;
	const path = sessionManager.getBranch();
	const planned = planCompaction(path, options.keepRecentTokens);
	if (!planned.ok) throw new CompactionPreconditionError(planned.error);
	const { plan } = planned;
	const tokensBefore =
		getContextTokens(path) ??
		sessionManager.buildContext().messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
	const details = collectFileOperations(plan.messagesToSummarize, plan.previousDetails);
	const text = await generateSummary({
		kind: "compaction",
		model: options.model,
		apiKey: options.apiKey,
		headers: options.headers,
		signal: options.signal,
		maxTokens: summaryMaxTokens(options.model, options.reserveTokens),
		messages: plan.messagesToSummarize,
		previousSummary: plan.previousSummary,
		customInstructions: options.customInstructions,
	});
	const summary = appendFileLists(text, details);
	sessionManager.appendCompaction(summary, plan.firstKeptEntryId, tokensBefore, details);
	return { summary, firstKeptEntryId: plan.firstKeptEntryId, tokensBefore, details };
}

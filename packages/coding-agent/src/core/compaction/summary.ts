/**
 * Summaries produced by the current model: the compaction summary (Goal, Progress, Key decisions, Next steps)
 * and the branch summary of an abandoned branch. The conversation is handed to the model as a transcript inside
 * one user message, so the model describes it instead of continuing it.
 */
import type { AgentMessage } from "@pi/agent-core";
import { type AssistantMessage, completeSimple, type Model } from "@pi/ai";
import { bashExecutionToText, type SummaryFileDetails } from "../session/index.js";
import { sessionTexts } from "../session-events.js";

/** Longest tool result text copied into a transcript; summaries need the gist, not whole files. */
const MAX_TOOL_RESULT_CHARS = 2000;

const SUMMARY_SYSTEM_PROMPT =
	"You write handover notes for a coding session. Another assistant will continue the work from your notes " +
	"alone, so keep every fact it needs (paths, names, commands, errors, decisions) and drop chatter. Never " +
	"continue the conversation or answer its questions: only describe it.";

const COMPACTION_FORMAT = `Write the notes in exactly this structure:

## Goal
What the user wants to achieve, with their constraints and preferences.

## Progress
What is done, what is in progress, and what failed or is blocked.

## Key decisions
Choices made and why.

## Next steps
The concrete next actions, in order.`;

const BRANCH_FORMAT = `The user left this branch of the conversation to continue elsewhere. Summarise what was tried on it
and what came out of it, so the conversation can use that knowledge. Use these sections:

## Goal
## Progress
## Key decisions
## Next steps`;

function clip(text: string, max: number): string {
	return text.length <= max ? text : `${text.slice(0, max)}\n[... ${text.length - max} more characters]`;
}

function contentText(content: string | readonly { type: string; text?: string }[]): string {
	if (typeof content === "string") return content;
	return content.map((block) => (block.type === "text" ? (block.text ?? "") : "[image]")).join("\n");
}

/** Renders messages as a plain-text transcript for the summary request. */
export function serializeConversation(messages: readonly AgentMessage[]): string {
	const parts: string[] = [];
	for (const message of messages) {
		switch (message.role) {
			case "user":
				parts.push(`[User]\n${contentText(message.content)}`);
				break;
			case "custom":
				parts.push(`[Extension message: ${message.customType}]\n${contentText(message.content)}`);
				break;
			case "assistant": {
				for (const block of message.content) {
					if (block.type === "text" && block.text.trim()) parts.push(`[Assistant]\n${block.text}`);
					else if (block.type === "thinking" && block.thinking.trim())
						parts.push(`[Assistant thinking]\n${block.thinking}`);
					else if (block.type === "toolCall") {
						parts.push(`[Assistant tool call] ${block.name} ${JSON.stringify(block.arguments)}`);
					}
				}
				if (message.stopReason === "error" && message.errorMessage) parts.push(`[Error] ${message.errorMessage}`);
				break;
			}
			case "toolResult":
				parts.push(
					`[Tool result${message.isError ? " (error)" : ""}: ${message.toolName}]\n${clip(contentText(message.content), MAX_TOOL_RESULT_CHARS)}`,
				);
				break;
			case "bashExecution":
				if (!message.excludeFromContext)
					parts.push(`[User shell]\n${clip(bashExecutionToText(message), MAX_TOOL_RESULT_CHARS)}`);
				break;
			case "branchSummary":
				parts.push(`[Summary of an abandoned branch]\n${message.summary}`);
				break;
			case "compactionSummary":
				parts.push(`[Summary of earlier conversation]\n${message.summary}`);
				break;
		}
	}
	return parts.join("\n\n");
}

/** Appends the tracked file lists to a summary, so they survive in the text the model sees. */
export function appendFileLists(summary: string, files: SummaryFileDetails): string {
	let text = summary.trim();
	if (files.readFiles.length > 0) text += `\n\n## Files read\n${files.readFiles.map((f) => `- ${f}`).join("\n")}`;
	if (files.modifiedFiles.length > 0) {
		text += `\n\n## Files modified\n${files.modifiedFiles.map((f) => `- ${f}`).join("\n")}`;
	}
	return text;
}

/** Options of one summary request. */
export interface SummaryRequest {
	model: Model;
	apiKey?: string;
	headers?: Record<string, string>;
	signal?: AbortSignal;
	/** Upper bound for the summary's length. */
	maxTokens: number;
	messages: readonly AgentMessage[];
	/** A previous summary to fold in (compaction after compaction). */
	previousSummary?: string;
	/** The user's focus for this summary (`/compact <instructions>`). */
	customInstructions?: string;
	/** `customInstructions` replace pi's format instructions instead of adding a focus (extensions' navigateTree). */
	replaceInstructions?: boolean;
	kind: "compaction" | "branch";
}

/** Builds the user message text of a summary request. */
export function buildSummaryPrompt(request: Omit<SummaryRequest, "model" | "apiKey" | "signal" | "maxTokens">): string {
	const sections = [`<conversation>\n${serializeConversation(request.messages)}\n</conversation>`];
	if (request.previousSummary) {
		sections.push(
			`<previous-summary>\n${request.previousSummary}\n</previous-summary>\n\nThe previous summary covers the conversation before the transcript above. Merge it with the transcript into one updated set of notes.`,
		);
	}
	const custom = request.customInstructions?.trim();
	if (custom && request.replaceInstructions) {
		sections.push(custom);
	} else {
		sections.push(request.kind === "compaction" ? COMPACTION_FORMAT : BRANCH_FORMAT);
		if (custom) sections.push(`Pay particular attention to: ${custom}`);
	}
	return sections.join("\n\n");
}

/** Thrown when the summary request was aborted. */
export class SummaryAbortedError extends Error {
	override name = "SummaryAbortedError";
}

/**
 * Asks the model for a summary. Throws {@link SummaryAbortedError} when aborted and an Error with the provider's
 * message when the request fails or returns no text.
 */
export async function generateSummary(request: SummaryRequest): Promise<string> {
	const reply: AssistantMessage = await completeSimple(
		request.model,
		{
			systemPrompt: SUMMARY_SYSTEM_PROMPT,
			messages: [
				{ role: "user", content: [{ type: "text", text: buildSummaryPrompt(request) }], timestamp: Date.now() },
			],
		},
		{ apiKey: request.apiKey, headers: request.headers, signal: request.signal, maxTokens: request.maxTokens },
	);
	if (reply.stopReason === "aborted" || request.signal?.aborted) throw new SummaryAbortedError("aborted");
	if (reply.stopReason === "error") throw new Error(reply.errorMessage ?? "unknown error");
	const text = reply.content
		.filter((block) => block.type === "text")
		.map((block) => (block as { text: string }).text)
		.join("\n")
		.trim();
	if (!text) throw new Error(sessionTexts.emptySummary);
	return text;
}

/**
 * Read-only views over the session: its state snapshot (rpc.md §5 RpcSessionState), statistics over the current
 * context (SessionStats) and the last assistant text.
 */
import type { AgentMessage } from "@pi/agent-core";
import type { Model } from "@pi/ai";
import type { AgentSession } from "./agent-session.js";
import { PLACEHOLDER_MODEL, type SessionStateSnapshot, type SessionStats } from "./session-events.js";

/** The state snapshot of rpc.md §5 (placeholder model when none is selected; absent file and name omitted). */
export function buildStateSnapshot(session: AgentSession): SessionStateSnapshot {
	const queued = session.getQueuedMessages();
	const state: SessionStateSnapshot = {
		model: session.model ?? PLACEHOLDER_MODEL,
		thinkingLevel: session.thinkingLevel,
		isStreaming: session.isStreaming,
		isCompacting: session.isCompacting,
		steeringMode: session.agent.getSteeringMode(),
		followUpMode: session.agent.getFollowUpMode(),
		sessionId: session.sessionId,
		autoCompactionEnabled: session.autoCompactionEnabled,
		messageCount: session.messages.length,
		pendingMessageCount: queued.steering.length + queued.followUp.length,
	};
	const file = session.sessionFile;
	if (file !== undefined) state.sessionFile = file;
	const name = session.sessionName;
	if (name !== undefined) state.sessionName = name;
	if (session.mcp) state.mcpServers = session.mcp.getStatus();
	return state;
}

/** The statistics of rpc.md §5 over the session's current context. */
export function buildSessionStats(session: AgentSession): SessionStats {
	return computeSessionStats({
		messages: session.messages,
		sessionFile: session.sessionFile,
		sessionId: session.sessionId,
		model: session.model,
		contextTokens: session.getContextTokens(),
	});
}

/** Inputs of {@link computeSessionStats}. */
export interface StatsInput {
	messages: readonly AgentMessage[];
	sessionFile?: string;
	sessionId: string;
	model?: Model;
	/** Context tokens of rpc.md §6 (`null` right after a compaction). */
	contextTokens: number | null;
}

/** Counts, token totals and cost over the messages of the current context. */
export function computeSessionStats(input: StatsInput): SessionStats {
	const stats: SessionStats = {
		sessionId: input.sessionId,
		userMessages: 0,
		assistantMessages: 0,
		toolCalls: 0,
		toolResults: 0,
		totalMessages: input.messages.length,
		tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		cost: 0,
	};
	if (input.sessionFile !== undefined) stats.sessionFile = input.sessionFile;
	for (const message of input.messages) {
		if (message.role === "user") stats.userMessages++;
		else if (message.role === "toolResult") stats.toolResults++;
		else if (message.role === "assistant") {
			stats.assistantMessages++;
			stats.toolCalls += message.content.filter((block) => block.type === "toolCall").length;
			stats.tokens.input += message.usage.input;
			stats.tokens.output += message.usage.output;
			stats.tokens.cacheRead += message.usage.cacheRead;
			stats.tokens.cacheWrite += message.usage.cacheWrite;
			stats.tokens.total += message.usage.totalTokens;
			stats.cost += message.usage.cost.total;
		}
	}
	if (input.model) {
		const { contextWindow } = input.model;
		const tokens = input.contextTokens;
		stats.contextUsage = {
			tokens,
			contextWindow,
			percent: tokens === null || contextWindow <= 0 ? null : (tokens / contextWindow) * 100,
		};
	}
	return stats;
}

/**
 * The text of the last assistant message that is not an aborted message with empty content: its text blocks
 * joined with `\n` and trimmed; `null` when there is none (rpc.md §4.3).
 */
export function getLastAssistantText(messages: readonly AgentMessage[]): string | null {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]!;
		if (message.role !== "assistant") continue;
		const hasContent = message.content.some((block) =>
			block.type === "text" ? block.text.length > 0 : block.type === "thinking" ? block.thinking.length > 0 : true,
		);
		if (message.stopReason === "aborted" && !hasContent) continue;
		return message.content
			.filter((block) => block.type === "text")
			.map((block) => (block as { text: string }).text)
			.join("\n")
			.trim();
	}
	return null;
}

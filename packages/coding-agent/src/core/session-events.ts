/**
 * The data types AgentSession speaks (rpc.md §5, §6): its events on top of agent-core's, its state snapshot,
 * compaction and bash results, statistics and command listings. Modes serialise these as they are.
 */
import type { AgentEvent } from "@pi/agent-core";
import type { Model } from "@pi/ai";
import type { BashResult } from "../tools/index.js";
import { THINKING_LEVEL_NAMES } from "./config/model-resolver.js";
import type { QueueMode } from "./config/settings.js";
import type { McpServerStatus } from "./mcp/manager.js";
import type { PackageOrigin } from "./packages/origin.js";
import type { SummaryFileDetails } from "./session/index.js";

export type { BashResult };

/** Why a compaction ran. */
export type CompactionReason = "manual" | "threshold" | "overflow";

/** What a compaction produced (rpc.md §5 CompactionResult). */
export interface CompactionResult {
	summary: string;
	firstKeptEntryId: string;
	tokensBefore: number;
	details?: SummaryFileDetails;
}

/** Events AgentSession adds to the agent's own (rpc.md §6). */
export type SessionOwnEvent =
	| { type: "compaction_start"; reason: CompactionReason }
	| {
			type: "compaction_end";
			reason: CompactionReason;
			result?: CompactionResult;
			aborted: boolean;
			willRetry: boolean;
			errorMessage?: string;
	  }
	| { type: "auto_retry_start"; attempt: number; maxAttempts: number; delayMs: number; errorMessage: string }
	| { type: "auto_retry_end"; success: boolean; attempt: number; finalError?: string }
	| { type: "queue_update"; steering: string[]; followUp: string[] }
	| { type: "session_info_changed"; name: string }
	| { type: "thinking_level_changed"; level: string }
	/** Reserved for the extension host. */
	| { type: "extension_error"; extensionPath: string; event: string; error: string };

/** Every event a session listener receives. */
export type AgentSessionEvent = AgentEvent | SessionOwnEvent;

/** A session listener; the session awaits listeners in subscription order before the next event. */
export type AgentSessionListener = (event: AgentSessionEvent) => void | Promise<void>;

/** The state snapshot of rpc.md §5 RpcSessionState. */
export interface SessionStateSnapshot {
	model: Model;
	thinkingLevel: string;
	isStreaming: boolean;
	isCompacting: boolean;
	steeringMode: QueueMode;
	followUpMode: QueueMode;
	sessionFile?: string;
	sessionId: string;
	sessionName?: string;
	autoCompactionEnabled: boolean;
	messageCount: number;
	pendingMessageCount: number;
	/** Each MCP server's state and tools (docs/mcp.md); present only when MCP servers are configured. */
	mcpServers?: McpServerStatus[];
}

/** Statistics over the current context (rpc.md §5 SessionStats). */
export interface SessionStats {
	sessionFile?: string;
	sessionId: string;
	userMessages: number;
	assistantMessages: number;
	toolCalls: number;
	toolResults: number;
	totalMessages: number;
	tokens: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
	cost: number;
	contextUsage?: { tokens: number | null; contextWindow: number; percent: number | null };
}

/** A command a client can offer (rpc.md §5 CommandInfo). */
export interface CommandInfo {
	name: string;
	description?: string;
	source: "extension" | "prompt" | "skill";
	sourceInfo?: { path: string; scope: "user" | "project" | "path"; source: string };
}

/** Where a command's file was found: an extension's origin, or a prompt template's or skill's source. */
export type CommandOrigin = "cli" | "settings" | "project" | "ancestor" | "user" | "home" | "sdk" | PackageOrigin;

/**
 * The `sourceInfo` of a command (rpc.md §5 CommandInfo): `scope` says where the file was found, `source` is `auto` for
 * discovered files, else how it was given.
 */
export function commandSourceInfo(path: string, origin: CommandOrigin): NonNullable<CommandInfo["sourceInfo"]> {
	// A package's resource: the scope of the settings file listing the package (`path` for `-e`), and its source.
	if (typeof origin === "object") {
		return { path, scope: origin.scope === "cli" ? "path" : origin.scope, source: origin.package };
	}
	switch (origin) {
		case "cli":
		case "settings":
			return { path, scope: "path", source: origin };
		case "project":
		case "ancestor":
			return { path, scope: "project", source: "auto" };
		case "user":
		case "home":
			return { path, scope: "user", source: "auto" };
		case "sdk":
			return { path, scope: "path", source: "sdk" };
	}
}

/** The model reported by `getState()` when none is selected (rpc.md §5). */
export const PLACEHOLDER_MODEL: Model = {
	id: "unknown",
	name: "unknown",
	api: "unknown",
	provider: "unknown",
	baseUrl: "",
	reasoning: false,
	input: ["text"],
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
	contextWindow: 0,
	maxTokens: 0,
};

/**
 * Every caller-visible text of AgentSession, in one place so tests and modes can match them. Texts marked
 * "spec" are fixed by rpc.md / config.md.
 */
export const sessionTexts = {
	/** spec rpc §4.1 */
	busyNeedsBehavior:
		"Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.",
	/** spec rpc §4.1 */
	noModel: "No model selected. Select one with --model, /model or set_model.",
	/** spec rpc §4.3 */
	invalidThinkingLevel: (value: string) =>
		`Invalid thinking level: ${value}. Use one of: ${THINKING_LEVEL_NAMES.join(", ")}`,
	/** spec rpc §4.3 */
	nothingToCompact: "Nothing to compact (session too small)",
	alreadyCompacted: "Already compacted",
	compactionCancelled: "Compaction cancelled",
	compactionFailed: (message: string) => `Compaction failed: ${message}`,
	/** spec rpc §6 */
	autoCompactionFailed: (message: string) => `Auto-compaction failed: ${message}`,
	overflowRecoveryFailed: (message: string) => `Context overflow recovery failed: ${message}`,
	overflowPersists: "Context overflow persists after compaction; not retrying again.",
	/** spec rpc §4.3 */
	retryCancelled: "Retry cancelled",
	bashRunning: "A bash command is already running.",
	/** Work offered after shutdown() began. */
	shutDown: "The session is shutting down; it accepts no new prompts, commands or navigation.",
	sessionNameEmpty: "Session name cannot be empty",
	exportInMemory: "Cannot export an in-memory session",
	/** The summary model returned no text. */
	emptySummary: "the model returned an empty summary",
	branchSummaryCancelled: "Branch summary cancelled",
	branchSummaryFailed: (message: string) => `Branch summary failed: ${message}`,
} as const;

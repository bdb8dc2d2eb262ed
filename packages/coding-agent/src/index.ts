/**
 * @pi/coding-agent as a library: the SDK entry (`createAgentSession`), `AgentSession` and its types, and the
 * session, configuration, resource and tool APIs embedders need.
 */
export {
	AgentSession,
	type AgentSessionConfig,
	type ModelCycleResult,
	type PromptOptions,
	type QueuedTexts,
	type ShutdownOptions,
	type WaitForIdleOptions,
} from "./core/agent-session.js";
export * from "./core/compaction/index.js";
export { missingApiKeyMessage } from "./core/config/api-keys.js";
export * from "./core/config/auth-storage.js";
export * from "./core/config/model-registry.js";
export * from "./core/config/model-resolver.js";
export * from "./core/config/paths.js";
export * from "./core/config/settings.js";
export * from "./core/extensions/index.js";
export type { McpManager, McpServerConfig, McpServerState, McpServerStatus } from "./core/mcp/index.js";
export * from "./core/prompt-expansion.js";
export * from "./core/resources/context-files.js";
export * from "./core/resources/prompt-templates.js";
export * from "./core/resources/skills.js";
export * from "./core/resources/system-prompt.js";
export {
	backoffWindowMs,
	decideRetry,
	isContextOverflowReply,
	isRetryableReply,
	MAX_BACKOFF_WINDOW_MS,
	type RandomSource,
	type RetryDecision,
	type RetrySettings,
	retryDelayMs,
} from "./core/retry.js";
export * from "./core/session/index.js";
export * from "./core/session-events.js";
export { RpcClient, type RpcClientOptions, RpcCommandError } from "./modes/rpc/client.js";
export {
	type ExtensionUiRequest,
	type ExtensionUiResponse,
	type RpcCommand,
	type RpcCommandData,
	type RpcCommandFields,
	type RpcCommandType,
	type RpcEvent,
	type RpcFailureResponse,
	type RpcId,
	type RpcOutputLine,
	type RpcResponse,
	type RpcSessionState,
	type RpcSuccessResponse,
	type RpcThinkingLevel,
	rpcMessages,
} from "./modes/rpc/protocol.js";
export type { DialogOptions, UiContext } from "./modes/rpc/ui.js";
export {
	type CreateAgentSessionOptions,
	type CreateAgentSessionResult,
	createAgentSession,
	type SessionSelection,
	sdkMessages,
} from "./sdk.js";
export * from "./tools/index.js";

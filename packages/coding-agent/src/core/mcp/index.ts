/**
 * MCP client (docs/mcp.md). Only the configuration loader is meant for start-up code: the manager, and with it the
 * MCP SDK, is imported when a session has servers (see `startMcp`).
 */
export {
	expandVariables,
	loadMcpConfig,
	MCP_DEFAULTS,
	type McpConfigOptions,
	type McpServerConfig,
	type McpTransportKind,
	mcpConfigPaths,
} from "./config.js";
export type { McpManager, McpManagerHooks, McpServerState, McpServerStatus } from "./manager.js";
export { isMcpToolName, MCP_TOOL_PREFIX, mcpToolName } from "./names.js";
export { type StartMcpOptions, startMcp } from "./start.js";
export { mcpConfigTexts, mcpTexts } from "./texts.js";

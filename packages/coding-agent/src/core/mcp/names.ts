/** How MCP tools are named for the model: `mcp__<server>__<tool>`. Tiny on purpose: start-up code imports it. */

/** Prefix of every MCP tool name; the rest is `<server>__<tool>`. */
export const MCP_TOOL_PREFIX = "mcp__";

/** The agent-facing name of a server's tool: characters providers refuse become `_`. */
export function mcpToolName(server: string, tool: string): string {
	return `${MCP_TOOL_PREFIX}${server}__${tool.replace(/[^A-Za-z0-9_-]/g, "_")}`;
}

/** Whether a tool name is an MCP tool's. */
export function isMcpToolName(name: string): boolean {
	return name.startsWith(MCP_TOOL_PREFIX);
}

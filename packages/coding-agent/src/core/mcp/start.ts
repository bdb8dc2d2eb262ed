/**
 * Session side of MCP: read the configuration and, only when servers are configured, import the manager (and
 * through it, on the first connection, the MCP SDK) and start them in the background.
 */
import { loadMcpConfig, type McpConfigOptions } from "./config.js";
import type { McpManager } from "./manager.js";

/** Inputs of {@link startMcp}. */
export interface StartMcpOptions extends McpConfigOptions {
	/** Marks a configured env/header value as secret (redacted from session files and exports). */
	recordSecret(value: string): void;
}

/**
 * Loads the MCP configuration and starts its enabled servers without waiting for them. Resolves with undefined
 * when no server is configured (nothing of the MCP client is loaded then).
 */
export async function startMcp(options: StartMcpOptions): Promise<McpManager | undefined> {
	const servers = loadMcpConfig(options);
	if (servers.length === 0) return undefined;
	const [{ McpManager }, { readVersion }] = await Promise.all([import("./manager.js"), import("../../cli/version.js")]);
	const manager = new McpManager(servers, {
		warn: options.warn,
		recordSecret: options.recordSecret,
		client: { version: readVersion(), env: options.env ?? process.env },
	});
	manager.start();
	return manager;
}

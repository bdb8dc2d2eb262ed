/**
 * Session side of MCP: read the configuration and, only when servers are configured, import the manager (and
 * through it, on the first connection, the MCP SDK) for the session to start.
 */
import { loadMcpConfig, type McpConfigOptions } from "./config.js";
import type { McpManager } from "./manager.js";

/** Inputs of {@link startMcp}. */
export interface StartMcpOptions extends McpConfigOptions {
	/** Marks a configured env/header value as secret (redacted from session files and exports). */
	recordSecret(value: string): void;
}

/**
 * Loads the MCP configuration and, when it names servers, the manager for them; the caller starts them
 * (`manager.start()`, which returns at once) when the session set-up can no longer fail, so a failed start-up leaves
 * no server process behind. Resolves with undefined when no server is configured (nothing of the MCP client is
 * loaded then).
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
	return manager;
}

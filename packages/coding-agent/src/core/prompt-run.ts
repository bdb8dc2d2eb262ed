/**
 * The start of an accepted prompt's run (rpc.md §4.1): what the run waits for before the agent is prompted, and
 * the extension messages (`before_agent_start`) that travel with the prompt.
 */
import type { AgentMessage } from "@pi/agent-core";
import type { AgentSession } from "./agent-session.js";

/**
 * The start function of the run for `message`, for RunController.run. `nextTurn` (custom messages held for this
 * prompt) is sent after the user message. The session is busy from the run's start on: extensions'
 * `before_agent_start` runs inside the run, so a prompt sent meanwhile is queued.
 */
export function promptRunStart(
	session: AgentSession,
	message: AgentMessage,
	nextTurn: AgentMessage[],
): (signal: AbortSignal) => Promise<void> {
	const messages = [message, ...nextTurn];
	return async (signal) => {
		// MCP servers still starting get until their start-up timeout, so the run has their tools (docs/mcp.md).
		await session.mcp?.waitForStartup(signal);
		// Built-in tools an extension just activated may still be loading (session-tools.ts).
		await session.toolSet.settled();
		messages.push(...(await session.extensions.beforeAgentStart(message, signal)));
		const run = session.agent.prompt(messages);
		if (signal.aborted) session.agent.abort();
		await run;
	};
}

/**
 * A prompt from its text to its run (rpc.md §4.1): an extension command instead of a prompt, the preflight
 * (prompt-preflight.ts), then the run with what it waits for before the agent is prompted and the extension
 * messages (`before_agent_start`) that travel with the prompt. AgentSession.prompt is this pipeline.
 */
import type { AgentMessage } from "@pi/agent-core";
import type { AgentSession } from "./agent-session.js";
import { runExtensionCommand } from "./extensions/session-port.js";
import { type PromptOptions, preflightPrompt } from "./prompt-preflight.js";
import type { SessionParts } from "./session-parts.js";

/** The collaborators a prompt passes through. */
export type PromptParts = Pick<SessionParts, "lifecycle" | "preflight" | "customMessages" | "runs">;

/**
 * Runs `text` as AgentSession.prompt does: an extension command runs instead; otherwise the preflight yields the
 * user message (or queues it, or an input hook handles it) and the message runs. Resolves when the run (with its
 * retries, recovery and automatic compaction) has ended, or once a queued message's `queue_update` was delivered.
 */
export async function runPrompt(
	session: AgentSession,
	parts: PromptParts,
	text: string,
	options: PromptOptions,
): Promise<void> {
	if (await runExtensionCommand(session.extensions, text, options, () => parts.lifecycle.assertOpen())) return;
	const message = await preflightPrompt(parts.preflight, text, options);
	if (!message) return;
	// A shutdown (RPC stdin EOF, a signal) may have begun while input hooks ran: its abort found no run to stop.
	parts.lifecycle.assertOpen();
	session.refreshSecrets();
	// "nextTurn" custom messages travel with this prompt, after the user message.
	const start = promptRunStart(session, message, parts.customMessages.takeNextTurn());
	await parts.runs.run(start, options.onAccepted);
}

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

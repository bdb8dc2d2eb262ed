/**
 * The footer's figures, read from the session when something changed (a message ended, the model or thinking
 * level changed, the session was switched), never per frame.
 */
import type { AgentSession } from "../../core/agent-session.js";
import type { FooterData } from "./components/footer.js";

/** Where the footer is drawn from before the session exists: just the location. */
export function placeholderFooterData(cwd: string, home: string, gitBranch: string | undefined): FooterData {
	return { cwd, home, gitBranch, tokens: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, cost: 0 };
}

/**
 * Tokens and cost of every assistant message the session has recorded, on every branch and before every
 * compaction: what the session has used so far, so the figures never go down (the context figures of
 * `getSessionStats` shrink when a compaction summarises older messages).
 */
export function sessionUsageTotals(session: AgentSession): { tokens: FooterData["tokens"]; cost: number } {
	const tokens = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
	let cost = 0;
	for (const entry of session.sessionManager.getEntries()) {
		if (entry.type !== "message" || entry.message.role !== "assistant") continue;
		const { usage } = entry.message;
		tokens.input += usage.input;
		tokens.output += usage.output;
		tokens.cacheRead += usage.cacheRead;
		tokens.cacheWrite += usage.cacheWrite;
		cost += usage.cost.total;
	}
	return { tokens, cost };
}

/** The footer figures of `session`: location, session name, model and thinking level, tokens, cost, context use. */
export function collectFooterData(
	session: AgentSession,
	where: { cwd: string; home: string; gitBranch: string | undefined },
): FooterData {
	const stats = session.getSessionStats();
	const model = session.model;
	const usage = stats.contextUsage;
	return {
		...placeholderFooterData(where.cwd, where.home, where.gitBranch),
		sessionName: session.sessionName,
		// provider/id: two providers may offer the same model id.
		modelId: model ? `${model.provider}/${model.id}` : undefined,
		provider: model?.provider,
		thinkingLevel: session.thinkingLevel,
		reasoning: model?.reasoning === true,
		...sessionUsageTotals(session),
		contextTokens: usage ? usage.tokens : undefined,
		contextWindow: model?.contextWindow,
		autoCompact: session.autoCompactionEnabled,
	};
}

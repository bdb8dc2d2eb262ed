/**
 * Token and cost totals over every assistant message of the session (all branches), and their display formats.
 */
import type { AssistantMessage } from "@pi/ai";
import type { SessionEntry } from "../session/index.js";

/** Summed usage of the session's assistant messages. */
export interface UsageTotals {
	assistantMessages: number;
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	totalTokens: number;
	cost: number;
}

function num(value: unknown): number {
	return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** Sums `usage` over every assistant message entry in the file, whichever branch it is on. */
export function computeUsageTotals(entries: readonly SessionEntry[]): UsageTotals {
	const totals: UsageTotals = {
		assistantMessages: 0,
		input: 0,
		output: 0,
		cacheRead: 0,
		cacheWrite: 0,
		totalTokens: 0,
		cost: 0,
	};
	for (const entry of entries) {
		if (entry.type !== "message" || entry.message?.role !== "assistant") continue;
		const usage = (entry.message as AssistantMessage).usage;
		totals.assistantMessages++;
		if (!usage) continue;
		totals.input += num(usage.input);
		totals.output += num(usage.output);
		totals.cacheRead += num(usage.cacheRead);
		totals.cacheWrite += num(usage.cacheWrite);
		totals.totalTokens += num(usage.totalTokens);
		totals.cost += num(usage.cost?.total);
	}
	return totals;
}

/** `$0.0123` below one dollar, `$12.34` above. */
export function formatCost(cost: number): string {
	return `$${cost < 1 ? cost.toFixed(4) : cost.toFixed(2)}`;
}

/** Token counts with thousands separators (`183,000`), independent of the machine's locale. */
export function formatTokens(tokens: number): string {
	return Math.round(tokens)
		.toString()
		.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

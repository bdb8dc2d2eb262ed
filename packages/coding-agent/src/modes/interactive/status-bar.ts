/**
 * The start-up header and the footer. The footer shows where you are (cwd, git branch, session name) and what
 * the session costs (tokens in/out/cache, cost, context use), plus the model and thinking level. Its figures are
 * computed when something changes (a message ends, the model changes), never per frame.
 */
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { type Component, padToWidth, truncateToWidth, visibleWidth } from "@pi/tui";
import type { AgentSession } from "../../core/agent-session.js";
import { formatCost, formatTokens, tildePath } from "./components/format.js";
import { formatKeys } from "./keybindings.js";
import type { Theme } from "./theme/index.js";

/** The current git branch of `cwd` (read from .git/HEAD, no process spawned), or undefined. */
export function readGitBranch(cwd: string): string | undefined {
	let dir = cwd;
	for (;;) {
		try {
			let gitDir = join(dir, ".git");
			let head: string;
			try {
				head = readFileSync(join(gitDir, "HEAD"), "utf8");
			} catch {
				// A worktree or submodule: .git is a file naming the real git dir.
				const pointer = readFileSync(gitDir, "utf8").match(/^gitdir:\s*(.+)$/m)?.[1];
				if (!pointer) throw new Error("no git dir");
				gitDir = pointer.startsWith("/") ? pointer : join(dir, pointer);
				head = readFileSync(join(gitDir, "HEAD"), "utf8");
			}
			const ref = head.match(/^ref:\s*refs\/heads\/(.+)$/m)?.[1];
			return ref ?? head.trim().slice(0, 7);
		} catch {
			const parent = dirname(dir);
			if (parent === dir) return undefined;
			dir = parent;
		}
	}
}

/** The footer's figures at one moment. */
export interface FooterData {
	cwd: string;
	branch?: string;
	sessionName?: string;
	model?: string;
	thinking: string;
	reasoning: boolean;
	tokens: { input: number; output: number; cacheRead: number; cacheWrite: number };
	cost: number;
	contextPercent: number | null;
	contextWindow: number;
}

/** Collects the footer figures from the session. */
export function collectFooterData(session: AgentSession, cwd: string, branch: string | undefined): FooterData {
	const stats = session.getSessionStats();
	const model = session.model;
	return {
		cwd: tildePath(cwd, homedir()),
		branch,
		sessionName: session.sessionManager.getSessionName(),
		model: model ? `${model.provider}/${model.id}` : undefined,
		thinking: session.thinkingLevel,
		reasoning: model?.reasoning === true,
		tokens: stats.tokens,
		cost: stats.cost,
		contextPercent: stats.contextUsage?.percent ?? null,
		contextWindow: model?.contextWindow ?? 0,
	};
}

function spread(left: string, right: string, width: number): string {
	const gap = width - visibleWidth(left) - visibleWidth(right);
	if (gap < 1) return truncateToWidth(`${left} ${right}`, width);
	return `${left}${" ".repeat(gap)}${right}`;
}

/** Two rows: location on the first, usage and model on the second. */
export class Footer implements Component {
	private data: FooterData | undefined;

	constructor(private theme: Theme) {}

	setTheme(theme: Theme): void {
		this.theme = theme;
	}

	update(data: FooterData): void {
		this.data = data;
	}

	render(width: number): string[] {
		const data = this.data;
		if (!data) return [];
		const t = this.theme;
		const where = data.branch ? `${data.cwd} (${data.branch})` : data.cwd;
		const first = spread(t.fg("footer", where), data.sessionName ? t.fg("footer", data.sessionName) : "", width);
		const usage: string[] = [];
		if (data.tokens.input) usage.push(`↑${formatTokens(data.tokens.input)}`);
		if (data.tokens.output) usage.push(`↓${formatTokens(data.tokens.output)}`);
		if (data.tokens.cacheRead) usage.push(`R${formatTokens(data.tokens.cacheRead)}`);
		if (data.tokens.cacheWrite) usage.push(`W${formatTokens(data.tokens.cacheWrite)}`);
		if (data.cost) usage.push(formatCost(data.cost));
		const percent = data.contextPercent === null ? "?" : `${data.contextPercent.toFixed(1)}%`;
		if (data.contextWindow) usage.push(`${percent}/${formatTokens(data.contextWindow)}`);
		const model = data.model
			? `${data.model}${data.reasoning ? ` • ${data.thinking === "off" ? "thinking off" : data.thinking}` : ""}`
			: "no model (/model)";
		const second = spread(t.fg("dim", usage.join(" ")), t.fg("dim", model), width);
		return [padToWidth(first, width), padToWidth(second, width)];
	}
}

/** The start-up header: name, version and (unless quietStartup) the main keys. */
export class Header implements Component {
	constructor(
		private theme: Theme,
		private readonly version: string,
		private readonly hints: [keys: readonly string[], label: string][] | undefined,
	) {}

	setTheme(theme: Theme): void {
		this.theme = theme;
	}

	render(width: number): string[] {
		const t = this.theme;
		const rows = [truncateToWidth(` ${t.bold(t.fg("accent", "pi"))} ${t.fg("dim", `v${this.version}`)}`, width)];
		if (this.hints) {
			const parts = this.hints.map(([keys, label]) => `${t.fg("muted", formatKeys(keys))} ${t.fg("dim", label)}`);
			let line = " ";
			for (const part of parts) {
				const next = line === " " ? ` ${part}` : `${line}${t.fg("dim", " · ")}${part}`;
				if (visibleWidth(next) > width) {
					rows.push(line);
					line = ` ${part}`;
				} else {
					line = next;
				}
			}
			rows.push(line);
		}
		rows.push("");
		return rows;
	}
}

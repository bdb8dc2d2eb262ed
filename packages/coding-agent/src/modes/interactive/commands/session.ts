/** Session commands: /new, /resume, /session, /name, /export, /copy, /quit. */
import { homedir } from "node:os";
import { getSessionsRoot, listAllSessions, listSessions, type SessionInfo } from "../../../core/session/index.js";
import { formatCost, formatTokens } from "../components/format.js";
import { NOTICE_TEXT } from "../notices.js";
import { type SessionListItem, SessionSelector } from "../selectors/session-selector.js";
import type { CommandRun, ModeContext } from "./types.js";

/** The session picker (-r and /resume): this project's sessions, Tab for all projects; switches to the choice. */
export async function pickSession(context: ModeContext): Promise<boolean> {
	const { session } = context;
	const dir = session.sessionDir;
	const others = (list: readonly SessionInfo[]) => list.filter((info) => info.path !== session.sessionFile);
	const sessions = others(dir ? await listSessions(dir) : []);
	const loadAll = async () => others(await listAllSessions(getSessionsRoot(context.agentDir)));
	const all = sessions.length === 0 ? await loadAll() : undefined;
	if (sessions.length === 0 && all?.length === 0) {
		context.notify("info", NOTICE_TEXT.noSessions);
		return false;
	}
	const choice = await context.dialogs.open<SessionListItem>((finish, theme) => {
		const selector = new SessionSelector({
			theme,
			sessions,
			allSessions: all ?? loadAll,
			home: homedir(),
			onSelect: (picked) => finish(picked),
			onCancel: () => finish(undefined),
		});
		// No session of this project yet: start on the all-projects list.
		if (sessions.length === 0) void selector.toggleScope();
		return selector;
	});
	if (!choice) return false;
	const result = await session.switchSession(choice.path);
	if (result.cancelled) return false;
	context.rebuildTranscript();
	context.notify("info", NOTICE_TEXT.resumed(choice.path));
	context.refreshFooter();
	return true;
}

function sessionMarkdown(context: ModeContext): string {
	const stats = context.session.getSessionStats();
	const name = context.session.sessionName;
	const usage = stats.contextUsage;
	const lines = [
		"**Session**",
		"",
		`- File: ${stats.sessionFile ?? "(not saved yet)"}`,
		`- ID: ${stats.sessionId}`,
		...(name ? [`- Name: ${name}`] : []),
		`- Messages: ${stats.userMessages} user, ${stats.assistantMessages} assistant, ${stats.toolCalls} tool calls, ${stats.totalMessages} total`,
		`- Tokens: ${formatTokens(stats.tokens.input)} in, ${formatTokens(stats.tokens.output)} out, ${formatTokens(stats.tokens.cacheRead)} cache read, ${formatTokens(stats.tokens.cacheWrite)} cache write`,
		`- Cost: ${formatCost(stats.cost)}`,
	];
	if (usage) {
		const percent = usage.percent === null ? "unknown" : `${usage.percent.toFixed(1)}%`;
		lines.push(`- Context: ${percent} of ${formatTokens(usage.contextWindow)}`);
	}
	return lines.join("\n");
}

/** The implementations of /new, /resume, /session, /name, /export, /copy and /quit. */
export const sessionCommandRuns = {
	async new(context) {
		const result = await context.session.newSession();
		if (result.cancelled) return;
		context.rebuildTranscript();
		context.notify("info", NOTICE_TEXT.newSession);
		context.refreshFooter();
	},
	async resume(context) {
		await pickSession(context);
	},
	session(context) {
		context.showMarkdown(sessionMarkdown(context));
	},
	async name(context, args) {
		const name = args || (await context.dialogs.input("Session name"));
		if (name === undefined) return;
		try {
			await context.session.setSessionName(name);
			context.notify("success", NOTICE_TEXT.named(name.trim()));
			context.refreshFooter();
		} catch (error) {
			context.notify("error", (error as Error).message);
		}
	},
	async export(context, args) {
		try {
			const path = await context.session.exportToHtml(args || undefined);
			context.notify("success", NOTICE_TEXT.exported(path));
		} catch (error) {
			context.notify("error", (error as Error).message);
		}
	},
	async copy(context) {
		const text = context.session.getLastAssistantText();
		if (!text) {
			context.notify("info", NOTICE_TEXT.copyNothing);
			return;
		}
		const used = await context.copy(text);
		context.notify(
			used.length > 0 ? "success" : "error",
			used.length > 0 ? NOTICE_TEXT.copied : NOTICE_TEXT.copyFailed,
		);
	},
	quit(context) {
		context.quit();
	},
} satisfies Record<string, CommandRun>;

/**
 * The TUI's part of session selection (session-format.md §9): `--session <id>` that matches only a session of
 * another project asks `Fork this session into the current directory? [y/N]` and forks it on yes, where the other
 * modes fail. Every other case is left to the flags' normal selection.
 */
import { CliError } from "../../cli/errors.js";
import {
	getProjectSessionDir,
	getSessionsRoot,
	resolveSessionArgument,
	sessionMessages,
} from "../../core/session/index.js";
import type { SessionSelection } from "../../sdk.js";

export interface StartupSessionScope {
	cwd: string;
	agentDir: string;
	/** `--session-dir`, PI_CODING_AGENT_SESSION_DIR or settings `sessionDir`, in that precedence. */
	sessionDir?: string;
}

/** Texts of the fork question. */
export const STARTUP_SESSION_TEXT = {
	forkDetail: (cwd: string) => `It was recorded in ${cwd}. Forking copies it into a new session here.`,
} as const;

/**
 * For `--session <arg>` naming another project's session: asks `confirm` and returns a fork selection on yes;
 * throws the spec's CliError on no. Returns undefined when the flags' own selection applies (including failures,
 * which the session set-up reports with its own message).
 */
export async function resolveStartupSession(
	target: string | undefined,
	scope: StartupSessionScope,
	confirm: (title: string, message: string) => Promise<boolean>,
): Promise<SessionSelection | undefined> {
	if (target === undefined) return undefined;
	let match: Awaited<ReturnType<typeof resolveSessionArgument>>;
	try {
		match = await resolveSessionArgument(target, {
			cwd: scope.cwd,
			projectDir: scope.sessionDir ?? getProjectSessionDir(scope.agentDir, scope.cwd),
			sessionsRoot: getSessionsRoot(scope.agentDir),
		});
	} catch {
		return undefined;
	}
	if (match.kind !== "id" || !match.otherProject) return undefined;
	const cwd = match.cwd ?? "unknown";
	if (await confirm(sessionMessages.forkPrompt, STARTUP_SESSION_TEXT.forkDetail(cwd))) {
		return { kind: "fork", target: match.path };
	}
	throw new CliError(sessionMessages.otherProject(target, cwd));
}

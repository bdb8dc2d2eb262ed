/**
 * /resume: the sessions of this project (Tab switches to all projects), newest first, with name or first message,
 * age, message count and file size; typing searches names, first messages and directories.
 */
import { statSync } from "node:fs";
import { matchesKey } from "@pi/tui";
import type { SessionInfo } from "../../../core/session/types.js";
import { formatBytes, tildePath } from "../components/format.js";
import type { Theme } from "../theme/theme.js";
import { SearchList, SearchListSelector } from "./search-list.js";

export const SESSION_SELECTOR_TEXT = {
	titleProject: "Resume session (this project)",
	titleAll: "Resume session (all projects)",
	loading: "Resume session (all projects) — loading…",
	hint: "↑↓ move · enter open · tab this project/all · esc cancel",
	messages: (count: number) => `${count} ${count === 1 ? "msg" : "msgs"}`,
} as const;

/** A listed session, optionally with its file size (read from disk when absent). */
export type SessionListItem = SessionInfo & { size?: number };

export interface SessionSelectorOptions {
	theme: Theme;
	/** Sessions of the current project. */
	sessions: readonly SessionListItem[];
	/** Sessions of every project: a list, or a loader called on the first Tab. */
	allSessions?: readonly SessionListItem[] | (() => Promise<readonly SessionListItem[]>);
	/** Shown as `~` in directories. */
	home?: string;
	/** Clock for ages (tests). */
	now?: () => number;
	onSelect: (session: SessionListItem) => void;
	onCancel: () => void;
}

/** `just now`, `5m ago`, `3h ago`, `2d ago`, or the date. */
export function formatAge(date: Date, now: number): string {
	const seconds = Math.max(0, (now - date.getTime()) / 1000);
	if (seconds < 60) return "just now";
	if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
	if (seconds < 86400) return `${Math.floor(seconds / 3600)}h ago`;
	if (seconds < 86400 * 30) return `${Math.floor(seconds / 86400)}d ago`;
	return date.toISOString().slice(0, 10);
}

function sizeOf(session: SessionListItem): number | undefined {
	if (session.size !== undefined) return session.size;
	try {
		return statSync(session.path).size;
	} catch {
		return undefined;
	}
}

export class SessionSelector extends SearchListSelector<SessionListItem> {
	protected readonly list: SearchList<SessionListItem>;
	private scope: "project" | "all" = "project";
	private all: readonly SessionListItem[] | undefined;
	private readonly sizes = new Map<string, number | undefined>();

	constructor(private readonly options: SessionSelectorOptions) {
		super();
		if (Array.isArray(options.allSessions)) this.all = options.allSessions;
		const now = options.now ?? Date.now;
		this.list = new SearchList<SessionListItem>({
			theme: options.theme,
			title: SESSION_SELECTOR_TEXT.titleProject,
			hint: SESSION_SELECTOR_TEXT.hint,
			entries: options.sessions,
			toItem: (session) => {
				const title = (session.name ? `${session.name} — ` : "") + session.firstMessage.replace(/\s+/g, " ");
				const size = this.cachedSize(session);
				const parts = [formatAge(session.modified, now()), SESSION_SELECTOR_TEXT.messages(session.messageCount)];
				if (size !== undefined) parts.push(formatBytes(size));
				if (this.scope === "all") parts.push(tildePath(session.cwd, options.home));
				return { value: session.path, label: title, description: parts.join(" · ") };
			},
			searchText: (session) => `${session.name ?? ""} ${session.firstMessage} ${session.cwd}`,
			onSelect: options.onSelect,
			onCancel: options.onCancel,
		});
	}

	getScope(): "project" | "all" {
		return this.scope;
	}

	/** Switches between this project's sessions and all projects' (Tab). Resolves once the list is shown. */
	async toggleScope(): Promise<void> {
		if (this.scope === "all") {
			this.scope = "project";
			this.list.setTitle(SESSION_SELECTOR_TEXT.titleProject);
			this.list.setEntries(this.options.sessions);
			return;
		}
		this.scope = "all";
		if (!this.all && typeof this.options.allSessions === "function") {
			this.list.setTitle(SESSION_SELECTOR_TEXT.loading);
			this.all = await this.options.allSessions();
			if (this.scope !== "all") return;
		}
		this.list.setTitle(SESSION_SELECTOR_TEXT.titleAll);
		this.list.setEntries(this.all ?? this.options.sessions);
	}

	getVisibleSessions(): SessionListItem[] {
		return this.list.getVisibleEntries();
	}

	override handleInput(data: string): void {
		if (matchesKey(data, "tab")) {
			void this.toggleScope();
			return;
		}
		this.list.handleInput(data);
	}

	private cachedSize(session: SessionListItem): number | undefined {
		if (!this.sizes.has(session.path)) this.sizes.set(session.path, sizeOf(session));
		return this.sizes.get(session.path);
	}
}

/**
 * SessionManager: the in-memory session tree of one conversation and its JSONL file. The only writer of session
 * files; see shared/spec/session-format.md.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { AgentMessage } from "@pi/agent-core";
import type { ImageContent, TextContent } from "@pi/ai";
import { buildBranchedEntries, containsMessage, isUserMessageEntry, userMessageText } from "./branching.js";
import { buildSessionContext } from "./context.js";
import { generateEntryId, isoNow, sessionFileName, uuidv7 } from "./format.js";
import { SessionError, sessionMessages } from "./messages.js";
import { type LoadedSession, loadSessionFile } from "./reader.js";
import { findMostRecentSession } from "./select.js";
import { buildTree, collectLabels, findSessionName, getChildren, getPath } from "./tree.js";
import {
	CURRENT_SESSION_VERSION,
	type SessionContext,
	type SessionEntry,
	type SessionHeader,
	type SessionThinkingLevel,
	type SessionTreeNode,
	type SessionWarningHandler,
	type SummaryFileDetails,
} from "./types.js";
import { SessionFileWriter } from "./writer.js";

/** Options every factory accepts. */
export interface SessionManagerOptions {
	/** Receives load warnings (malformed lines, migration) and write warnings (R5). Default: ignored. */
	onWarning?: SessionWarningHandler;
	/** Secret values to redact from everything written (R6); see {@link SessionManager.setSecrets}. */
	secrets?: readonly string[];
}

/** How a new session starts (§6): a `model_change` for `model`, then a `thinking_level_change`. */
export interface NewSessionOptions {
	/** Header `parentSession`. */
	parentSession?: string;
	model?: { provider: string; modelId: string };
	thinkingLevel?: SessionThinkingLevel;
}

/** Result of {@link SessionManager.fork}. */
export interface ForkResult {
	/** The forked user message's text, to prefill the editor. */
	text: string;
	/** The new session's file (`undefined` for an in-memory session). */
	sessionFile: string | undefined;
}

/** A user message entry offered for forking (RPC `get_fork_messages`). */
export interface ForkMessage {
	entryId: string;
	text: string;
}

interface SessionState {
	header: SessionHeader;
	entries: SessionEntry[];
	leafId: string | null;
	/** Directory new sessions go to; `undefined` for in-memory sessions. */
	sessionDir: string | undefined;
	file?: { path: string; loaded?: LoadedSession };
}

function newHeader(cwd: string, parentSession?: string): SessionHeader {
	const now = Date.now();
	const header: SessionHeader = {
		type: "session",
		version: CURRENT_SESSION_VERSION,
		id: uuidv7(now),
		timestamp: new Date(now).toISOString(),
		cwd,
	};
	if (parentSession) header.parentSession = parentSession;
	return header;
}

/**
 * One session: entries, the current leaf, and (unless in memory) its file. Every `append*` creates a child of
 * the leaf, makes it the leaf, persists it per §11 and returns its id.
 *
 * The file of a new session is created when its first user message is appended (R1): entries made before
 * (model, thinking level, name, labels, bash executions) are held in memory and written with it.
 */
export class SessionManager {
	private header!: SessionHeader;
	private entries: SessionEntry[] = [];
	private byId = new Map<string, SessionEntry>();
	private labels = new Map<string, string>();
	private leafId: string | null = null;
	private sessionDir: string | undefined;
	private writer: SessionFileWriter | undefined;
	private secrets: readonly string[];
	private readonly warn: SessionWarningHandler;

	private constructor(state: SessionState, options: SessionManagerOptions) {
		this.warn = options.onWarning ?? (() => {});
		this.secrets = options.secrets ?? [];
		this.setState(state);
	}

	// ------------------------------------------------------------------------------------------------------------
	// Factories

	/** A new session in `sessionDir` (a project dir or a custom dir); its file is created at the first prompt. */
	static create(
		cwd: string,
		sessionDir: string,
		options: SessionManagerOptions & NewSessionOptions = {},
	): SessionManager {
		const manager = new SessionManager({ header: newHeader(cwd), entries: [], leafId: null, sessionDir }, options);
		manager.newSession(options);
		return manager;
	}

	/** A session that is never written (`--no-session`). */
	static inMemory(cwd: string, options: SessionManagerOptions & NewSessionOptions = {}): SessionManager {
		const manager = new SessionManager(
			{ header: newHeader(cwd), entries: [], leafId: null, sessionDir: undefined },
			options,
		);
		manager.newSession(options);
		return manager;
	}

	/**
	 * Opens an existing session file (R3; v1/v2 files are migrated). Errors: `Session file not found: <path>`,
	 * `Not a pi session file: <path>`. An empty file becomes the file of a new session.
	 */
	static open(path: string, cwd: string, options: SessionManagerOptions = {}): SessionManager {
		const absolute = resolve(cwd, path);
		if (!existsSync(absolute)) throw new SessionError(sessionMessages.fileNotFound(absolute));
		const loaded = loadSessionFile(absolute, { cwd, onWarning: options.onWarning });
		const entries = loaded.entries;
		return new SessionManager(
			{
				header: loaded.header,
				entries,
				leafId: entries.length > 0 ? entries[entries.length - 1].id : null,
				sessionDir: dirname(absolute),
				file: { path: absolute, loaded },
			},
			options,
		);
	}

	/** `--session <path>`: opens the file, or starts a new session written at exactly that path when it is missing. */
	static openOrCreate(
		path: string,
		cwd: string,
		options: SessionManagerOptions & NewSessionOptions = {},
	): SessionManager {
		const absolute = resolve(cwd, path);
		if (existsSync(absolute)) return SessionManager.open(absolute, cwd, options);
		const manager = SessionManager.create(cwd, dirname(absolute), options);
		manager.setState({ ...manager.snapshotState(), file: { path: absolute } });
		return manager;
	}

	/** `--continue`: the newest loadable session in `sessionDir` by file mtime, else a new session. */
	static async continueRecent(
		cwd: string,
		sessionDir: string,
		options: SessionManagerOptions & NewSessionOptions = {},
	): Promise<SessionManager> {
		const recent = await findMostRecentSession(sessionDir);
		if (recent) return SessionManager.open(recent, cwd, options);
		return SessionManager.create(cwd, sessionDir, options);
	}

	/**
	 * Cross-project fork (§10.3): a new session in `sessionDir` for `cwd` holding every entry of the source in file
	 * order; written at once when it contains a message.
	 */
	static forkFrom(
		sourcePath: string,
		cwd: string,
		sessionDir: string,
		options: SessionManagerOptions = {},
	): SessionManager {
		const source = resolve(cwd, sourcePath);
		if (!existsSync(source)) throw new SessionError(sessionMessages.fileNotFound(source));
		const loaded = loadSessionFile(source, { cwd, onWarning: options.onWarning });
		const entries = loaded.entries;
		const manager = new SessionManager(
			{
				header: newHeader(cwd, source),
				entries,
				leafId: entries.length > 0 ? entries[entries.length - 1].id : null,
				sessionDir,
			},
			options,
		);
		if (containsMessage(entries)) manager.writer?.create();
		return manager;
	}

	// ------------------------------------------------------------------------------------------------------------
	// State switching

	private snapshotState(): SessionState {
		return {
			header: this.header,
			entries: this.entries,
			leafId: this.leafId,
			sessionDir: this.sessionDir,
			file: this.writer ? { path: this.writer.path } : undefined,
		};
	}

	private setState(state: SessionState): void {
		this.header = state.header;
		this.entries = state.entries;
		this.byId = new Map(state.entries.map((entry) => [entry.id, entry]));
		this.labels = collectLabels(state.entries);
		this.leafId = state.leafId;
		this.sessionDir = state.sessionDir;
		if (state.sessionDir === undefined) {
			this.writer = undefined;
			return;
		}
		const path = state.file?.path ?? join(state.sessionDir, sessionFileName(state.header));
		const loaded = state.file?.loaded;
		this.writer = new SessionFileWriter({
			path,
			snapshot: () => ({ header: this.header, entries: this.entries }),
			onWarning: (message) => this.warn(message),
			exists: loaded !== undefined && !loaded.empty,
			appendOnCreate: loaded?.empty ?? false,
			missingFinalNewline: loaded?.missingFinalNewline ?? false,
			secrets: this.secrets,
		});
	}

	/**
	 * Starts a new session in the same directory (`/new`, RPC `new_session`): a `model_change` for `model` and a
	 * `thinking_level_change` for `thinkingLevel`, held until the first prompt (§6, R1). Returns the new file path.
	 */
	newSession(options: NewSessionOptions = {}): string | undefined {
		this.setState({
			header: newHeader(this.header.cwd, options.parentSession),
			entries: [],
			leafId: null,
			sessionDir: this.sessionDir,
		});
		if (options.model) this.appendModelChange(options.model.provider, options.model.modelId);
		if (options.thinkingLevel) this.appendThinkingLevelChange(options.thinkingLevel);
		return this.getSessionFile();
	}

	// ------------------------------------------------------------------------------------------------------------
	// Appending

	/** Creates, stores and persists an entry; payload fields that are `undefined` are left out. */
	private appendEntry(type: SessionEntry["type"], payload: Record<string, unknown>): string {
		const entry = { type, id: generateEntryId(this.byId), parentId: this.leafId, timestamp: isoNow() } as Record<
			string,
			unknown
		>;
		for (const [key, value] of Object.entries(payload)) if (value !== undefined) entry[key] = value;
		const stored = entry as unknown as SessionEntry;
		this.entries.push(stored);
		this.byId.set(stored.id, stored);
		this.leafId = stored.id;
		if (this.writer) {
			// R1: the first user message creates the file with everything held so far.
			if (!this.writer.isCreated && isUserMessageEntry(stored)) this.writer.create();
			else this.writer.append(stored);
		}
		return stored.id;
	}

	/** Appends a message (user, assistant, toolResult, bashExecution, custom). A user message may create the file. */
	appendMessage(message: AgentMessage): string {
		return this.appendEntry("message", { message });
	}

	appendModelChange(provider: string, modelId: string): string {
		return this.appendEntry("model_change", { provider, modelId });
	}

	appendThinkingLevelChange(thinkingLevel: SessionThinkingLevel): string {
		return this.appendEntry("thinking_level_change", { thinkingLevel });
	}

	/** `fromHook`: an extension supplied the summary (pi's own summaries are written with `false`). */
	appendCompaction<TDetails = SummaryFileDetails>(
		summary: string,
		firstKeptEntryId: string,
		tokensBefore: number,
		details?: TDetails,
		fromHook = false,
	): string {
		return this.appendEntry("compaction", { summary, firstKeptEntryId, tokensBefore, details, fromHook });
	}

	/** Appends a `branch_summary` as a child of the current leaf; `fromId` is the abandoned leaf id or `"root"`. */
	appendBranchSummary<TDetails = SummaryFileDetails>(
		fromId: string,
		summary: string,
		details?: TDetails,
		fromHook = false,
	): string {
		return this.appendEntry("branch_summary", { fromId, summary, details, fromHook });
	}

	/** Extension state; never part of the LLM context. */
	appendCustomEntry(customType: string, data?: unknown): string {
		return this.appendEntry("custom", { customType, data });
	}

	/** An extension message that becomes a `custom` message in the context. */
	appendCustomMessageEntry<TDetails = unknown>(
		customType: string,
		content: string | (TextContent | ImageContent)[],
		display: boolean,
		details?: TDetails,
	): string {
		return this.appendEntry("custom_message", { customType, content, display, details });
	}

	/** Sets the label of `targetId`; an empty or absent label clears it. Throws when the entry does not exist. */
	appendLabel(targetId: string, label?: string): string {
		if (!this.byId.has(targetId)) throw new SessionError(sessionMessages.entryNotFound(targetId));
		const id = this.appendEntry("label", { targetId, label: label || undefined });
		if (label) this.labels.set(targetId, label);
		else this.labels.delete(targetId);
		return id;
	}

	/** Sets the session's display name (trimmed). */
	appendSessionInfo(name: string): string {
		return this.appendEntry("session_info", { name: name.trim() });
	}

	// ------------------------------------------------------------------------------------------------------------
	// Getters

	getHeader(): SessionHeader {
		return this.header;
	}

	getSessionId(): string {
		return this.header.id;
	}

	/** The file path (reported before the file exists); `undefined` for in-memory sessions. */
	getSessionFile(): string | undefined {
		return this.writer?.path;
	}

	/** The directory new sessions go to; `undefined` for in-memory sessions. */
	getSessionDir(): string | undefined {
		return this.sessionDir;
	}

	getCwd(): string {
		return this.header.cwd;
	}

	/** True when the session has a file on disk (false before the first prompt and for in-memory sessions). */
	isPersisted(): boolean {
		return this.writer?.isCreated ?? false;
	}

	/** All entries in file order. The array is live: do not modify it. */
	getEntries(): readonly SessionEntry[] {
		return this.entries;
	}

	getEntry(id: string): SessionEntry | undefined {
		return this.byId.get(id);
	}

	/** The current leaf; `null` before the first entry. */
	getLeafId(): string | null {
		return this.leafId;
	}

	/** Entries from the root down to `leafId` (default: the current leaf). */
	getBranch(leafId: string | null = this.leafId): SessionEntry[] {
		return getPath(this.byId, leafId);
	}

	/** Children of `id` (`null`: the roots), ordered by timestamp then file order. */
	getChildren(id: string | null): SessionEntry[] {
		return getChildren(this.entries, id);
	}

	getTree(): SessionTreeNode[] {
		return buildTree(this.entries);
	}

	getLabel(id: string): string | undefined {
		return this.labels.get(id);
	}

	getSessionName(): string | undefined {
		return findSessionName(this.entries);
	}

	/** The LLM context at the current leaf (§7). */
	buildContext(): SessionContext {
		return buildSessionContext(this.entries, this.leafId, this.byId);
	}

	/** Every user message entry of the file (all branches) in file order (RPC `get_fork_messages`). */
	getForkMessages(): ForkMessage[] {
		const result: ForkMessage[] = [];
		for (const entry of this.entries) {
			if (isUserMessageEntry(entry)) result.push({ entryId: entry.id, text: userMessageText(entry.message) });
		}
		return result;
	}

	// ------------------------------------------------------------------------------------------------------------
	// Tree operations

	/** Moves the leaf to `entryId` (in memory only); the next append starts a new branch there. */
	branch(entryId: string): void {
		if (!this.byId.has(entryId)) throw new SessionError(sessionMessages.entryNotFound(entryId));
		this.leafId = entryId;
	}

	/** Moves the leaf to "before the first entry": the next append is a new root. */
	resetLeaf(): void {
		this.leafId = null;
	}

	/**
	 * Moves the leaf to `entryId` (`null`: before the first entry) and appends a `branch_summary` of the branch
	 * left behind (`fromId` = the old leaf, or `"root"` without one). Returns the summary entry id.
	 */
	branchWithSummary<TDetails = SummaryFileDetails>(
		entryId: string | null,
		summary: string,
		details?: TDetails,
		fromHook = false,
	): string {
		const fromId = this.leafId ?? "root";
		if (entryId === null) this.resetLeaf();
		else this.branch(entryId);
		return this.appendBranchSummary(fromId, summary, details, fromHook);
	}

	/**
	 * Switches to a new branched session of the path root..`leafId` (§10.2) in the same directory, with header
	 * `parentSession` = the current file. Written at once when it contains a message. Returns the new file path.
	 */
	createBranchedSession(leafId: string): string | undefined {
		if (!this.byId.has(leafId)) throw new SessionError(sessionMessages.entryNotFound(leafId));
		const entries = buildBranchedEntries(this.entries, this.byId, leafId);
		this.setState({
			header: newHeader(this.header.cwd, this.getSessionFile()),
			entries,
			leafId: entries.length > 0 ? entries[entries.length - 1].id : null,
			sessionDir: this.sessionDir,
		});
		if (containsMessage(entries)) this.writer?.create();
		return this.getSessionFile();
	}

	/**
	 * `/fork` (§10.1): switches to a new session holding the path up to the parent of the user message `entryId`
	 * (or, for a root message, a fresh session started with `start`). Returns the message text for the editor.
	 */
	fork(entryId: string, start: Omit<NewSessionOptions, "parentSession"> = {}): ForkResult {
		const entry = this.byId.get(entryId);
		if (!isUserMessageEntry(entry)) throw new SessionError(sessionMessages.notAUserMessage(entryId));
		const text = userMessageText(entry.message);
		if (entry.parentId === null || !this.byId.has(entry.parentId)) {
			this.newSession({ ...start, parentSession: this.getSessionFile() });
		} else {
			this.createBranchedSession(entry.parentId);
		}
		return { text, sessionFile: this.getSessionFile() };
	}

	/** `/clone` (§10.2): a branched session of the path root..current leaf. Returns the new file path. */
	clone(): string | undefined {
		if (this.leafId === null) throw new SessionError(sessionMessages.cannotClone);
		return this.createBranchedSession(this.leafId);
	}

	// ------------------------------------------------------------------------------------------------------------
	// Durability and secrets

	/** Retries failed writes and fsyncs the file. Call at the end of every run (`agent_end`) and before exit (R4). */
	sync(): void {
		this.writer?.sync();
	}

	/** Values to redact from everything written from now on (R6); values shorter than 8 characters are ignored. */
	setSecrets(values: readonly string[]): void {
		this.secrets = [...values];
		this.writer?.setSecrets(this.secrets);
	}
}

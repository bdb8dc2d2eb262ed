/**
 * Session navigation (rpc.md §4.3, session-format.md §6, §10): new session, switching files, fork, clone, moving
 * in the tree with an optional branch summary, and HTML export. Every operation that changes the session first
 * stops the run and waits, then re-syncs the agent's transcript with the new position.
 */
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { AgentMessage } from "@pi/agent-core";
import type { AgentSession } from "./agent-session.js";
import {
	appendFileLists,
	collectFileOperations,
	entryMessage,
	generateSummary,
	SummaryAbortedError,
	summaryMaxTokens,
} from "./compaction/index.js";
import { exportMessages } from "./export-html/messages.js";
import { announceModelChanges } from "./extensions/session-hooks-models.js";
import {
	announceArrival,
	announceLeaving,
	announceTreeMove,
	beforeTree,
	forkCancelled,
	switchCancelled,
	treePreparation,
} from "./extensions/session-hooks-navigation.js";
import { effectiveThinkingLevel } from "./model-control.js";
import {
	isUserMessageEntry,
	SecretRedactor,
	SessionManager,
	sessionMessages,
	userMessageText,
} from "./session/index.js";
import { sessionTexts } from "./session-events.js";

/** Where the leaf moves for a picked entry. */
export interface TreeTarget {
	/** The new leaf (`null`: before the first entry). */
	leafId: string | null;
	/** For a picked user message: its text, to put back in the editor (the message itself is not kept). */
	editorText?: string;
}

/**
 * Picking a user message moves the leaf to its parent and hands its text back for editing, so the message can be
 * re-sent (changed) on a new branch; picking any other entry makes it the leaf.
 */
export function resolveTreeTarget(sessionManager: SessionManager, entryId: string): TreeTarget {
	const entry = sessionManager.getEntry(entryId);
	if (!entry) throw new Error(sessionMessages.entryNotFound(entryId));
	if (isUserMessageEntry(entry)) return { leafId: entry.parentId, editorText: userMessageText(entry.message) };
	return { leafId: entryId };
}

/** Context messages of the entries on the current branch that are not on the path to `newLeafId`. */
export function abandonedBranchMessages(sessionManager: SessionManager, newLeafId: string | null): AgentMessage[] {
	const kept = new Set(newLeafId === null ? [] : sessionManager.getBranch(newLeafId).map((entry) => entry.id));
	const messages: AgentMessage[] = [];
	for (const entry of sessionManager.getBranch()) {
		if (kept.has(entry.id)) continue;
		const message = entryMessage(entry);
		if (message) messages.push(message);
	}
	return messages;
}

/** Whether a `thinking_level_change` entry is on the current path (only then is the level restored, config.md §10.2). */
export function pathHasThinkingLevel(sessionManager: SessionManager): boolean {
	return sessionManager.getBranch().some((entry) => entry.type === "thinking_level_change");
}

/** Carries out navigation for an AgentSession. */
export class SessionNavigator {
	private summaryController: AbortController | undefined;
	private summaryTask: Promise<unknown> | undefined;

	constructor(
		private readonly session: AgentSession,
		private readonly onWarning?: (message: string) => void,
	) {}

	/** A branch summary is being generated. */
	get isSummarizing(): boolean {
		return this.summaryController !== undefined;
	}

	abortSummary(): void {
		this.summaryController?.abort();
	}

	/** Resolves once no branch summary is being generated. */
	async summarySettled(): Promise<void> {
		while (this.summaryTask) await this.summaryTask.catch(() => {});
	}

	/**
	 * Stops the work and waits, then settles the current file: the session moves to another file and nothing will
	 * retry its failed appends or fsync it later (session-format.md §11 R4, R5).
	 */
	private async leaveCurrentFile(): Promise<void> {
		await this.session.abort();
		this.session.flush();
	}

	async newSession(options: { parentSession?: string }): Promise<{ cancelled: boolean }> {
		const { session } = this;
		const { dispatch } = session.extensions;
		if (await switchCancelled(dispatch, "new")) return { cancelled: true };
		await this.leaveCurrentFile();
		const previous = session.sessionFile;
		await announceLeaving(dispatch, "new");
		session.dropQueues();
		const model = session.model;
		session.sessionManager.newSession({
			parentSession: options.parentSession,
			model: model ? { provider: model.provider, modelId: model.id } : undefined,
			thinkingLevel: session.thinkingLevel,
		});
		session.syncAgentWithSession();
		await announceArrival(dispatch, "new", previous);
		return { cancelled: false };
	}

	async switchSession(path: string): Promise<{ cancelled: boolean }> {
		const { session } = this;
		const { dispatch } = session.extensions;
		if (await switchCancelled(dispatch, "resume", resolve(session.cwd, path))) return { cancelled: true };
		await this.leaveCurrentFile();
		const opened = SessionManager.open(path, session.cwd, {
			onWarning: this.onWarning,
			secrets: session.modelRegistry.getSecretValues(),
		});
		const previous = session.sessionFile;
		await announceLeaving(dispatch, "resume", opened.getSessionFile());
		session.dropQueues();
		session.sessionManager = opened;
		session.syncAgentWithSession();
		await this.restoreModelAndThinking();
		await announceArrival(dispatch, "resume", previous);
		return { cancelled: false };
	}

	/**
	 * Restores the session's model (when available) and, when its path records one, its thinking level; the level
	 * is clamped to the resulting model either way (a kept level may not suit the restored model).
	 */
	private async restoreModelAndThinking(): Promise<void> {
		const { session } = this;
		const before = { model: session.model, level: session.thinkingLevel };
		const context = session.sessionManager.buildContext();
		if (context.model) {
			const model = session.modelRegistry.find(context.model.provider, context.model.modelId);
			if (model && session.modelRegistry.isAvailable(model)) session.agent.setModel(model);
		}
		const level = pathHasThinkingLevel(session.sessionManager) ? context.thinkingLevel : session.thinkingLevel;
		session.agent.setThinkingLevel(effectiveThinkingLevel(session.model, level));
		const after = { model: session.model, level: session.thinkingLevel };
		await announceModelChanges(session.extensions.dispatch, before, after, "restore");
	}

	async fork(entryId: string): Promise<{ text: string; cancelled: boolean }> {
		const { session } = this;
		const { dispatch } = session.extensions;
		if (await forkCancelled(dispatch, entryId, "before")) return { text: "", cancelled: true };
		await this.leaveCurrentFile();
		const previous = session.sessionFile;
		await announceLeaving(dispatch, "fork");
		const model = session.model;
		const result = session.sessionManager.fork(entryId, {
			model: model ? { provider: model.provider, modelId: model.id } : undefined,
			thinkingLevel: session.thinkingLevel,
		});
		session.dropQueues();
		session.syncAgentWithSession();
		await announceArrival(dispatch, "fork", previous);
		return { text: result.text, cancelled: false };
	}

	async clone(): Promise<{ cancelled: boolean }> {
		const { session } = this;
		const { dispatch } = session.extensions;
		const leafId = session.sessionManager.getLeafId();
		if (leafId !== null && (await forkCancelled(dispatch, leafId, "at"))) return { cancelled: true };
		await this.leaveCurrentFile();
		const previous = session.sessionFile;
		await announceLeaving(dispatch, "fork");
		session.sessionManager.clone();
		session.dropQueues();
		session.syncAgentWithSession();
		await announceArrival(dispatch, "fork", previous);
		return { cancelled: false };
	}

	/** A branched copy of the path through `entryId` (`ctx.fork(id, {position: "at"})`). */
	async cloneAt(entryId: string): Promise<{ cancelled: boolean }> {
		const manager = this.session.sessionManager;
		if (!manager.getEntry(entryId)) throw new Error(sessionMessages.entryNotFound(entryId));
		manager.branch(entryId);
		return this.clone();
	}

	/** Moves in the tree; with `label`, labels where it arrived once the move was not cancelled (labelNavigation). */
	async navigateTree(
		entryId: string,
		options: { summarize?: boolean; customInstructions?: string; replaceInstructions?: boolean; label?: string },
	): Promise<{ editorText?: string; cancelled: boolean }> {
		const result = await this.moveInTree(entryId, options);
		if (!result.cancelled && options.label) labelNavigation(this.session.sessionManager, entryId, options.label);
		return result;
	}

	private async moveInTree(
		entryId: string,
		options: { summarize?: boolean; customInstructions?: string; replaceInstructions?: boolean },
	): Promise<{ editorText?: string; cancelled: boolean }> {
		const { session } = this;
		const { dispatch } = session.extensions;
		const manager = session.sessionManager;
		const target = resolveTreeTarget(manager, entryId);
		await session.abort();
		const result = { editorText: target.editorText, cancelled: false };
		const oldLeafId = manager.getLeafId();
		if (target.leafId === oldLeafId) return result;
		// Extensions may cancel the move, or supply the summary, instructions and label (session_before_tree).
		const controller = new AbortController();
		this.summaryController = controller;
		const decision = await beforeTree(
			dispatch,
			treePreparation(manager, entryId, target.leafId, options),
			controller.signal,
		).finally(() => {
			if (this.summaryController === controller) this.summaryController = undefined;
		});
		if (decision.cancel || controller.signal.aborted) return { cancelled: true };
		const supplied = decision.result;
		const instructions = supplied?.customInstructions ?? options.customInstructions;
		const replaceInstructions = supplied?.replaceInstructions ?? options.replaceInstructions;
		const abandoned = options.summarize || supplied?.summary ? abandonedBranchMessages(manager, target.leafId) : [];
		let summaryEntryId: string | undefined;
		if (abandoned.length > 0 && supplied?.summary) {
			summaryEntryId = manager.branchWithSummary(
				target.leafId,
				supplied.summary.summary,
				supplied.summary.details,
				true,
			);
		} else if (abandoned.length > 0) {
			const task = this.summarizeBranch(abandoned, instructions, replaceInstructions);
			this.summaryTask = task;
			const summary = await task.finally(() => {
				if (this.summaryTask === task) this.summaryTask = undefined;
			});
			if (summary === undefined) return { cancelled: true };
			summaryEntryId = manager.branchWithSummary(target.leafId, summary.text, summary.details);
		} else if (target.leafId === null) {
			manager.resetLeaf();
		} else {
			manager.branch(target.leafId);
		}
		if (summaryEntryId && supplied?.label) manager.appendLabel(summaryEntryId, supplied.label);
		session.syncAgentWithSession();
		await announceTreeMove(dispatch, manager, {
			oldLeafId,
			summaryEntryId,
			fromExtension: supplied?.summary !== undefined,
		});
		return result;
	}

	/** The model's summary of an abandoned branch; `undefined` when cancelled. */
	private async summarizeBranch(
		messages: AgentMessage[],
		customInstructions?: string,
		replaceInstructions?: boolean,
	): Promise<{ text: string; details: ReturnType<typeof collectFileOperations> } | undefined> {
		const { session } = this;
		const model = session.model;
		if (!model) throw new Error(sessionTexts.noModel);
		const controller = new AbortController();
		this.summaryController = controller;
		try {
			const auth = await session.modelRegistry.getRequestAuth(model);
			const text = await generateSummary({
				kind: "branch",
				model,
				apiKey: auth.apiKey,
				headers: auth.headers,
				signal: controller.signal,
				maxTokens: summaryMaxTokens(model, session.settingsManager.getBranchSummarySettings().reserveTokens),
				messages,
				customInstructions,
				replaceInstructions,
			});
			const details = collectFileOperations(messages);
			return { text: appendFileLists(text, details), details };
		} catch (error) {
			if (error instanceof SummaryAbortedError || controller.signal.aborted) return undefined;
			throw new Error(sessionTexts.branchSummaryFailed((error as Error).message));
		} finally {
			this.summaryController = undefined;
		}
	}

	async exportToHtml(outputPath?: string): Promise<string> {
		const manager = this.session.sessionManager;
		const file = manager.getSessionFile();
		if (file === undefined) throw new Error(sessionTexts.exportInMemory);
		if (!manager.isPersisted()) throw new Error(exportMessages.nothingToExport);
		// Loaded on first export only: the renderer is large and most runs never export.
		const { defaultExportFileName, renderSessionHtml } = await import("./export-html/index.js");
		// The entries in memory still hold secret values (only what is written is redacted, R6): so must an export be.
		const redactor = new SecretRedactor(this.session.modelRegistry.getSecretValues());
		const entries = manager.getEntries();
		const html = renderSessionHtml({
			header: manager.getHeader(),
			entries: redactor.isEmpty
				? entries
				: JSON.parse(
						JSON.stringify(entries, (_key, value) => (typeof value === "string" ? redactor.redact(value) : value)),
					),
			leafId: manager.getLeafId(),
			title: manager.getSessionName(),
		});
		const target = resolve(this.session.cwd, outputPath ?? defaultExportFileName(file));
		await writeFile(target, html);
		return target;
	}
}

/** `navigateTree(…, {label})`: labels the branch summary just written, else the entry navigated to. */
function labelNavigation(manager: SessionManager, entryId: string, label: string): void {
	const leaf = manager.getLeafId();
	const leafEntry = leaf === null ? undefined : manager.getEntry(leaf);
	manager.appendLabel(leafEntry?.type === "branch_summary" ? leafEntry.id : entryId, label);
}

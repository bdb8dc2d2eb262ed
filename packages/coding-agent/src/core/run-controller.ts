/**
 * The life of one accepted prompt (rpc.md §2, §6): the agent run, automatic retries with backoff, overflow
 * recovery (compact, then re-send once), user commands recorded after the run, and threshold compaction once the
 * session is idle again. Also runs manual compaction, since all compactions share one slot.
 */
import type { AgentMessage } from "@pi/agent-core";
import type { AssistantMessage, Model } from "@pi/ai";
import type { AgentSession } from "./agent-session.js";
import {
	CompactionPreconditionError,
	compactSession,
	getContextTokens,
	planCompaction,
	SummaryAbortedError,
} from "./compaction/index.js";
import { isCompletedReply } from "./compaction/tokens.js";
import {
	announceCompaction,
	announceCompactionFailure,
	type CompactionDecision,
	decideCompaction,
	storeExtensionCompaction,
} from "./extensions/session-hooks-compaction.js";
import { decideRetry, isContextOverflowReply, type RandomSource, waitUnlessAborted } from "./retry.js";
import {
	type AgentSessionEvent,
	type CompactionReason,
	type CompactionResult,
	sessionTexts,
} from "./session-events.js";

/** What the run does after the agent stopped. */
type NextStep = { kind: "retry"; delayMs: number } | { kind: "overflow" };

type Emit = (event: AgentSessionEvent) => Promise<void>;

function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

export class RunController {
	private active: Promise<void> | undefined;
	private compaction: { promise: Promise<unknown>; controller: AbortController } | undefined;
	private retryWait: AbortController | undefined;
	private aborted = false;
	/** Aborted with the run: lets a start that awaits before the agent runs (before_agent_start) stop waiting. */
	private startAbort = new AbortController();
	/** Retries made for the current request (0 = none under way). */
	private retryAttempt = 0;
	private overflowRecovered = false;
	private next: NextStep | undefined;

	constructor(
		private readonly session: AgentSession,
		private readonly emit: Emit,
		/** Jitter of retry waits (tests inject a fixed source). */
		private readonly random: RandomSource = Math.random,
	) {}

	get isBusy(): boolean {
		return this.active !== undefined;
	}

	get isCompacting(): boolean {
		return this.compaction !== undefined;
	}

	/** No run, retry wait, recovery or compaction. */
	get isIdle(): boolean {
		return this.active === undefined && this.compaction === undefined;
	}

	/**
	 * Runs an accepted prompt. The session is busy from this call (synchronously) until the agent, its retries and
	 * its recovery are done; `onAccepted` runs before the agent starts.
	 */
	run(start: (signal: AbortSignal) => Promise<void>, onAccepted?: () => void | Promise<void>): Promise<void> {
		this.aborted = false;
		this.startAbort = new AbortController();
		this.retryAttempt = 0;
		this.overflowRecovered = false;
		this.next = undefined;
		this.retryWait = undefined;
		const run = this.execute(start, onAccepted);
		this.active = run;
		return run;
	}

	private async execute(
		start: (signal: AbortSignal) => Promise<void>,
		onAccepted?: () => void | Promise<void>,
	): Promise<void> {
		try {
			if (onAccepted) await Promise.resolve(onAccepted()).catch(() => {});
			// The signal serves a start that awaits something (extensions' before_agent_start) before the agent runs.
			const started = start(this.startAbort.signal);
			// An abort that arrived while the prompt was being accepted found no agent run to stop: stop it now, so
			// the run ends as aborted instead of ignoring the abort.
			if (this.aborted) this.session.agent.abort();
			await started;
			while (this.next) {
				const step = this.next;
				this.next = undefined;
				if (step.kind === "retry") {
					if (!(await this.waitForRetry(step.delayMs))) {
						const attempt = this.retryAttempt;
						this.retryAttempt = 0;
						await this.emit({
							type: "auto_retry_end",
							success: false,
							attempt,
							finalError: sessionTexts.retryCancelled,
						});
						break;
					}
				} else {
					if (this.aborted) break;
					this.overflowRecovered = true;
					if (!(await this.recoverFromOverflow())) break;
				}
				if (this.aborted) break;
				this.dropTrailingFailedReply();
				await this.session.agent.continue();
			}
		} finally {
			this.session.flushPendingBash();
			this.active = undefined;
		}
		// Idle again: a threshold compaction runs in the compaction slot, which prompts wait for.
		if (!this.aborted) await this.compactAtThreshold();
	}

	/**
	 * Called at agent_end, before listeners see it: decides retry or recovery (so the session stays busy) and
	 * returns what to emit right after agent_end has been delivered.
	 */
	decideAfterRun(runMessages: AgentMessage[]): () => Promise<void> {
		const last = [...runMessages].reverse().find((m): m is AssistantMessage => m.role === "assistant");
		const noop = async () => {};
		if (last?.stopReason !== "error" || this.aborted) return this.closeRetries(last);
		if (isContextOverflowReply(last)) {
			if (!this.session.autoCompactionEnabled) return this.closeRetries(last);
			if (!this.overflowRecovered) {
				this.next = { kind: "overflow" };
				return noop;
			}
			return async () => {
				await this.emit({ type: "compaction_start", reason: "overflow" });
				await this.emit({
					type: "compaction_end",
					reason: "overflow",
					aborted: false,
					willRetry: false,
					errorMessage: sessionTexts.overflowPersists,
				});
			};
		}
		const settings = this.session.settingsManager.getRetrySettings();
		const decision = decideRetry(last, this.retryAttempt, settings, this.random);
		if (decision.kind !== "retry") return this.closeRetries(last);
		this.retryAttempt = decision.attempt;
		this.next = { kind: "retry", delayMs: decision.delayMs };
		// The retry is pending from now on: abortRetry() during auto_retry_start must already cancel it.
		this.retryWait = new AbortController();
		return () =>
			this.emit({
				type: "auto_retry_start",
				attempt: decision.attempt,
				maxAttempts: settings.maxRetries,
				delayMs: decision.delayMs,
				errorMessage: last.errorMessage ?? "",
			});
	}

	/** A failed run that is not retried ends any retry sequence under way with `auto_retry_end {success: false}`. */
	private closeRetries(last: AssistantMessage | undefined): () => Promise<void> {
		const attempt = this.retryAttempt;
		if (attempt === 0 || !last || isCompletedReply(last)) return async () => {};
		this.retryAttempt = 0;
		return () =>
			this.emit({ type: "auto_retry_end", success: false, attempt, finalError: last.errorMessage ?? last.stopReason });
	}

	/** The first successful reply after a retry ends the sequence with `auto_retry_end {success: true}`. */
	async onAssistantMessage(message: AssistantMessage): Promise<void> {
		if (this.retryAttempt === 0 || !isCompletedReply(message)) return;
		const attempt = this.retryAttempt;
		this.retryAttempt = 0;
		await this.emit({ type: "auto_retry_end", success: true, attempt });
	}

	private async waitForRetry(delayMs: number): Promise<boolean> {
		const controller = this.retryWait ?? new AbortController();
		this.retryWait = controller;
		try {
			return await waitUnlessAborted(delayMs, controller.signal);
		} finally {
			this.retryWait = undefined;
		}
	}

	/** The failed reply stays in the file; the re-sent context leaves it out (replay drops it anyway). */
	private dropTrailingFailedReply(): void {
		const messages = this.session.agent.state.messages;
		const last = messages.at(-1);
		if (last?.role === "assistant" && (last.stopReason === "error" || last.stopReason === "aborted")) {
			this.session.agent.replaceMessages(messages.slice(0, -1));
		}
	}

	private async recoverFromOverflow(): Promise<boolean> {
		try {
			await this.runCompaction("overflow");
			return !this.aborted;
		} catch {
			return false;
		}
	}

	private async compactAtThreshold(): Promise<void> {
		const model = this.session.model;
		const { enabled, reserveTokens, keepRecentTokens } = this.session.settingsManager.getCompactionSettings();
		if (!enabled || !model) return;
		const path = this.session.sessionManager.getBranch();
		const tokens = getContextTokens(path);
		if (tokens === null || tokens <= model.contextWindow - reserveTokens) return;
		if (!planCompaction(path, keepRecentTokens).ok) return;
		await this.runCompaction("threshold").catch(() => {});
	}

	/**
	 * Manual compaction (rpc.md §4.3); the caller has already stopped any run. When nothing else is compacting, the
	 * compaction occupies the slot synchronously, so a prompt sent right after waits for it.
	 */
	compactManually(customInstructions?: string): Promise<CompactionResult> {
		if (this.compaction) return this.waitForCompaction().then(() => this.compactManually(customInstructions));
		if (!this.session.model) return Promise.reject(new Error(sessionTexts.noModel));
		const { keepRecentTokens } = this.session.settingsManager.getCompactionSettings();
		const planned = planCompaction(this.session.sessionManager.getBranch(), keepRecentTokens);
		if (!planned.ok) return Promise.reject(new Error(planned.error));
		return this.runCompaction("manual", customInstructions);
	}

	/** Runs one compaction in the compaction slot with its start/end events; throws the caller-visible error. */
	private runCompaction(reason: CompactionReason, customInstructions?: string): Promise<CompactionResult> {
		const controller = new AbortController();
		const task = this.compactWithEvents(reason, controller, customInstructions);
		const slot = { promise: task, controller };
		this.compaction = slot;
		return task.finally(() => {
			if (this.compaction === slot) this.compaction = undefined;
		});
	}

	private async compactWithEvents(
		reason: CompactionReason,
		controller: AbortController,
		customInstructions?: string,
	): Promise<CompactionResult> {
		await this.emit({ type: "compaction_start", reason });
		const { dispatch } = this.session.extensions;
		let fromExtension = false;
		try {
			const model = this.session.model;
			if (!model) throw new Error(sessionTexts.noModel);
			const settings = this.session.settingsManager.getCompactionSettings();
			const manager = this.session.sessionManager;
			const planned = planCompaction(manager.getBranch(), settings.keepRecentTokens);
			if (!planned.ok) throw new CompactionPreconditionError(planned.error);
			// Extensions may cancel the compaction or write the summary themselves (session_before_compact).
			const decision = await decideCompaction(dispatch, {
				manager,
				plan: planned.plan,
				settings,
				reason,
				customInstructions,
				signal: controller.signal,
			});
			if (decision.kind === "cancel" || controller.signal.aborted) throw new SummaryAbortedError();
			fromExtension = decision.kind === "extension";
			const result = await this.summarise(decision, model, settings, controller, customInstructions);
			this.session.syncAgentWithSession();
			await this.emit({ type: "compaction_end", reason, result, aborted: false, willRetry: reason === "overflow" });
			await announceCompaction(dispatch, manager, reason, fromExtension);
			return result;
		} catch (error) {
			const aborted = error instanceof SummaryAbortedError || controller.signal.aborted;
			const message = aborted ? sessionTexts.compactionCancelled : failureText(reason, error);
			await this.emit({
				type: "compaction_end",
				reason,
				aborted,
				willRetry: false,
				...(aborted ? {} : { errorMessage: message }),
			});
			await announceCompactionFailure(dispatch, {
				reason,
				aborted,
				fromExtension,
				...(aborted ? {} : { errorMessage: message }),
			});
			throw new Error(message);
		}
	}

	/** The compaction an extension supplied (stored as is), else pi's own summary by the model. */
	private async summarise(
		decision: CompactionDecision,
		model: Model,
		settings: { reserveTokens: number; keepRecentTokens: number },
		controller: AbortController,
		customInstructions?: string,
	): Promise<CompactionResult> {
		const manager = this.session.sessionManager;
		if (decision.kind === "extension") return storeExtensionCompaction(manager, decision.result);
		const auth = await this.session.modelRegistry.getRequestAuth(model);
		return compactSession({
			sessionManager: manager,
			model,
			apiKey: auth.apiKey,
			headers: auth.headers,
			keepRecentTokens: settings.keepRecentTokens,
			reserveTokens: settings.reserveTokens,
			customInstructions,
			signal: controller.signal,
		});
	}

	/** Resolves once no compaction runs (prompts call this before their preflight). */
	async waitForCompaction(): Promise<void> {
		while (this.compaction) await this.compaction.promise.catch(() => {});
	}

	/** Resolves when no run, retry wait, recovery or compaction is under way. */
	async waitForIdle(): Promise<void> {
		while (this.active || this.compaction) {
			await Promise.allSettled([this.active, this.compaction?.promise]);
		}
	}

	/** Stops the run's automatic continuation: retry wait, recovery and compaction. */
	abort(): void {
		this.aborted = true;
		this.startAbort.abort();
		this.retryWait?.abort();
		this.compaction?.controller.abort();
	}

	abortRetry(): void {
		this.retryWait?.abort();
	}

	abortCompaction(): void {
		this.compaction?.controller.abort();
	}
}

/** The caller-visible text of a failed compaction (rpc.md §4.3, §6). */
function failureText(reason: CompactionReason, error: unknown): string {
	const message = errorText(error);
	if (error instanceof CompactionPreconditionError && reason === "manual") return message;
	if (reason === "manual") return sessionTexts.compactionFailed(message);
	if (reason === "threshold") return sessionTexts.autoCompactionFailed(message);
	return sessionTexts.overflowRecoveryFailed(message);
}

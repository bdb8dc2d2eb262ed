/**
 * When the session is idle and how it ends (rpc.md §2, §4.3 `abort`, §8; json-mode.md §2 step 4): aborting the
 * work under way, waiting for idle with or without a running user command, and the shutdown that refuses new work,
 * settles (bounded) and fsyncs the session file. A manual compaction goes through here too: it stops the run first.
 */
import type { Agent } from "@pi/agent-core";
import type { SessionNavigator } from "./navigation.js";
import type { RunController } from "./run-controller.js";
import { type CompactionResult, sessionTexts } from "./session-events.js";
import type { UserBashController } from "./user-bash.js";

/** Options of {@link SessionLifecycle.waitForIdle}. */
export interface WaitForIdleOptions {
	/**
	 * Also wait for a running user command and the recording of its result. Default false: a user command does
	 * not make the session busy (rpc.md §2), so `abort` and navigation never wait for one.
	 */
	includeBash?: boolean;
}

/** Options of {@link SessionLifecycle.shutdown}. */
export interface ShutdownOptions {
	/**
	 * Abort the run, a retry wait, a running compaction or branch summary and a running user command first
	 * (termination signals, RPC stdin EOF). Default false: let them finish (an extension's `shutdown()` in RPC mode).
	 */
	abort?: boolean;
	/** Longest wait for the work to settle, in ms; when it runs out the file is fsynced anyway. Default: no limit. */
	timeoutMs?: number;
	/**
	 * Runs once the work has settled (or the wait ran out), before the fsync: the place for extensions'
	 * `session_shutdown`. Its failure does not skip the fsync.
	 */
	beforeFlush?: () => void | Promise<void>;
}

/** The parts of a session whose work the lifecycle watches. */
export interface LifecycleParts {
	agent: Agent;
	runs: RunController;
	navigator: SessionNavigator;
	bash: UserBashController;
	/** Retries failed appends and fsyncs the session file. */
	flush(): void;
}

/** Resolves once `work` settled, or after `timeoutMs` when that comes first (no limit when undefined). */
function settleWithin(work: Promise<unknown>, timeoutMs: number | undefined): Promise<void> {
	const settled = work.then(
		() => {},
		() => {},
	);
	if (timeoutMs === undefined) return settled;
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<void>((resolve) => {
		timer = setTimeout(resolve, timeoutMs);
	});
	return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
}

/** Aborting, idling and ending one session. */
export class SessionLifecycle {
	/** Set by the first shutdown(): no new work is accepted from then on. */
	private shutdownTask: Promise<void> | undefined;

	constructor(private readonly parts: LifecycleParts) {}

	get isShutDown(): boolean {
		return this.shutdownTask !== undefined;
	}

	/** Throws once shutdown() was called. */
	assertOpen(): void {
		if (this.shutdownTask) throw new Error(sessionTexts.shutDown);
	}

	/** Stops the run, a retry wait, a compaction and a branch summary (not a user command). */
	stopWork(): void {
		this.parts.runs.abort();
		this.parts.navigator.abortSummary();
		this.parts.agent.abort();
	}

	async abort(): Promise<void> {
		this.stopWork();
		await this.waitForIdle();
	}

	/** Compacts now: refused after shutdown, and a run under way is aborted (and waited for) first. */
	async compact(customInstructions?: string): Promise<CompactionResult> {
		this.assertOpen();
		// Idle: the compaction takes its slot within this call, so a prompt sent right after waits for it.
		if (this.parts.runs.isBusy) await this.abort();
		return this.parts.runs.compactManually(customInstructions);
	}

	/** Cancels a running compaction or branch summary, leaving the run alone. */
	abortCompaction(): void {
		this.parts.runs.abortCompaction();
		this.parts.navigator.abortSummary();
	}

	async waitForIdle(options: WaitForIdleOptions = {}): Promise<void> {
		const { runs, navigator, bash } = this.parts;
		for (;;) {
			await runs.waitForIdle();
			await navigator.summarySettled();
			if (options.includeBash) await bash.settled();
			// Each wait may have let new work start (a bash result recorded, a threshold compaction): look again.
			if (runs.isIdle && !navigator.isSummarizing && !(options.includeBash && bash.isBusy)) return;
		}
	}

	shutdown(options: ShutdownOptions = {}): Promise<void> {
		if (options.abort) {
			this.stopWork();
			this.parts.bash.abort();
		}
		if (this.shutdownTask) {
			// A signal during an EOF shutdown: the work was aborted above; bound this caller's wait, then fsync.
			if (!options.abort) return this.shutdownTask;
			return settleWithin(this.shutdownTask, options.timeoutMs).then(() => this.parts.flush());
		}
		this.shutdownTask = this.finishShutdown(options);
		return this.shutdownTask;
	}

	private async finishShutdown(options: ShutdownOptions): Promise<void> {
		await settleWithin(this.waitForIdle({ includeBash: true }), options.timeoutMs);
		try {
			await options.beforeFlush?.();
		} finally {
			this.parts.flush();
		}
	}
}

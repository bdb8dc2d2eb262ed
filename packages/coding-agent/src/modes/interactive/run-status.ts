/**
 * The status row between the transcript and the editor: a spinner while the agent works or compacts, and the
 * retry countdown (RetryNotice) while a failed request waits for its next attempt. It follows session events.
 */
import { type Container, Loader, type TUI } from "@pi/tui";
import type { AgentSession } from "../../core/agent-session.js";
import type { AgentSessionEvent } from "../../core/session-events.js";
import { RetryNotice } from "./components/notices.js";
import { NOTICE_TEXT } from "./notices.js";
import type { Theme } from "./theme/index.js";

/** The working row as extensions set it (ctx.ui.setWorkingMessage/-Visible/-Indicator). */
export interface WorkingRow {
	message?: string;
	visible?: boolean;
	indicator?: { frames?: string[]; intervalMs?: number };
}

export class RunStatus {
	private loader: Loader | undefined;
	private retry: RetryNotice | undefined;
	/** What the loader shows now (so a change of the working row can redraw it). */
	private shownMessage: string | undefined;
	private working: WorkingRow = {};

	constructor(
		private readonly slot: Container,
		private readonly tui: TUI,
		private readonly theme: () => Theme,
	) {}

	/** Updates the row for one session event. */
	handleEvent(event: AgentSessionEvent, session: AgentSession): void {
		switch (event.type) {
			case "agent_start":
				this.showSpinner(NOTICE_TEXT.working);
				break;
			case "agent_end":
				// The session stays busy through retries and automatic compaction after agent_end.
				void session.waitForIdle().then(() => {
					if (!session.isStreaming && !session.isCompacting && !this.retry) this.clear();
				});
				break;
			case "compaction_start":
				this.showSpinner(NOTICE_TEXT.compacting);
				break;
			case "compaction_end":
				if (session.isStreaming) this.showSpinner(NOTICE_TEXT.working);
				else this.clear();
				break;
			case "auto_retry_start":
				this.showRetry(event.attempt, event.maxAttempts, event.delayMs, event.errorMessage);
				break;
			case "auto_retry_end":
				this.stopRetry();
				if (!session.isStreaming) this.clear();
				break;
			default:
				break;
		}
	}

	/** Changes the working row (extensions); `reset` restores pi's message or indicator. */
	changeWorkingRow(change: WorkingRow & { reset?: (keyof WorkingRow)[] }): void {
		const { reset, ...rest } = change;
		this.working = { ...this.working, ...rest };
		for (const key of reset ?? []) delete this.working[key];
		const shown = this.shownMessage;
		if (shown === undefined) return;
		// Rebuilt, so new frames apply and a hidden row disappears or comes back.
		this.loader?.stop();
		this.loader = undefined;
		this.slot.clear();
		this.showSpinner(shown);
		this.tui.requestRender();
	}

	/** A spinner with `message` (replacing a countdown). */
	showSpinner(message: string): void {
		this.stopRetry();
		this.shownMessage = message;
		const isWorking = message === NOTICE_TEXT.working;
		const text = isWorking && this.working.message !== undefined ? this.working.message : message;
		if (isWorking && this.working.visible === false) {
			this.loader?.stop();
			this.loader = undefined;
			this.slot.clear();
			return;
		}
		if (this.loader) {
			this.loader.setMessage(text);
			return;
		}
		const theme = this.theme();
		const frames = isWorking ? this.working.indicator?.frames : undefined;
		this.loader = new Loader({
			requestRender: () => this.tui.requestRender(),
			message: text,
			// An empty frame list hides the spinner; custom frames are drawn as given.
			frames: frames && frames.length === 0 ? [""] : frames,
			intervalMs: isWorking ? this.working.indicator?.intervalMs : undefined,
			spinnerStyle: frames ? (t) => t : theme.fgStyle("accent"),
			messageStyle: theme.fgStyle("muted"),
		});
		this.slot.clear();
		this.slot.addChild(this.loader);
	}

	/** Empties the row and stops its timers. */
	clear(): void {
		this.stopRetry();
		this.shownMessage = undefined;
		this.loader?.stop();
		this.loader = undefined;
		this.slot.clear();
		this.tui.requestRender();
	}

	private showRetry(attempt: number, maxAttempts: number, delayMs: number, errorMessage: string): void {
		this.clear();
		this.retry = new RetryNotice({
			theme: this.theme(),
			attempt,
			maxAttempts,
			delayMs,
			errorMessage,
			requestRender: () => this.tui.requestRender(),
		});
		this.slot.addChild(this.retry);
	}

	private stopRetry(): void {
		if (!this.retry) return;
		this.retry.stop();
		this.slot.removeChild(this.retry);
		this.retry = undefined;
	}
}

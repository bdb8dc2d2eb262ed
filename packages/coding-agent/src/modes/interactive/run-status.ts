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

export class RunStatus {
	private loader: Loader | undefined;
	private retry: RetryNotice | undefined;

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

	/** A spinner with `message` (replacing a countdown). */
	showSpinner(message: string): void {
		this.stopRetry();
		if (this.loader) {
			this.loader.setMessage(message);
			return;
		}
		const theme = this.theme();
		this.loader = new Loader({
			requestRender: () => this.tui.requestRender(),
			message,
			spinnerStyle: theme.fgStyle("accent"),
			messageStyle: theme.fgStyle("muted"),
		});
		this.slot.clear();
		this.slot.addChild(this.loader);
	}

	/** Empties the row and stops its timers. */
	clear(): void {
		this.stopRetry();
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

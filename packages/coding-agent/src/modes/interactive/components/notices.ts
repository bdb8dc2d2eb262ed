/** One-line notices in the transcript: info (muted), warnings and errors, and the retry countdown. */
import { type Component, Text } from "@pi/tui";
import type { Theme, ThemeColorRole } from "../theme/theme.js";

export type NoticeKind = "info" | "warning" | "error" | "success";

const ROLE: Record<NoticeKind, ThemeColorRole> = {
	info: "muted",
	warning: "warning",
	error: "error",
	success: "success",
};

/** A short message in the colour of its kind, word-wrapped. */
export class NoticeComponent implements Component {
	private readonly text: Text;

	constructor(
		private readonly theme: Theme,
		private kind: NoticeKind,
		message: string,
	) {
		this.text = new Text("", { paddingX: 1 });
		this.setMessage(message, kind);
	}

	setMessage(message: string, kind: NoticeKind = this.kind): void {
		this.kind = kind;
		this.text.setText(this.theme.fg(ROLE[kind], message));
	}

	invalidate(): void {
		this.text.invalidate();
	}

	render(width: number): string[] {
		return ["", ...this.text.render(width)];
	}
}

/** User-visible texts of the retry notice. */
export const RETRY_TEXT = {
	countdown: (seconds: number, attempt: number, maxAttempts: number) =>
		`Retrying in ${seconds}s (attempt ${attempt}/${maxAttempts})…`,
	retrying: (attempt: number, maxAttempts: number) => `Retrying now (attempt ${attempt}/${maxAttempts})…`,
} as const;

export interface RetryNoticeOptions {
	theme: Theme;
	/** 1-based attempt about to be made. */
	attempt: number;
	maxAttempts: number;
	/** Wait before the attempt. */
	delayMs: number;
	/** The error that caused the retry, shown after the countdown. */
	errorMessage?: string;
	/** Asked once a second while counting down. */
	requestRender: () => void;
	/** Clock (tests pass a fake). */
	now?: () => number;
}

/** "Retrying in Ns (attempt a/m)…", counting down once a second until {@link RetryNotice.stop}. */
export class RetryNotice implements Component {
	private readonly deadline: number;
	private timer: NodeJS.Timeout | undefined;
	private readonly now: () => number;

	constructor(private readonly options: RetryNoticeOptions) {
		this.now = options.now ?? Date.now;
		this.deadline = this.now() + options.delayMs;
		this.timer = setInterval(() => {
			options.requestRender();
			if (this.secondsLeft() <= 0) this.stop();
		}, 1000);
		this.timer.unref?.();
	}

	/** Whole seconds until the attempt (rounded up). */
	secondsLeft(): number {
		return Math.max(0, Math.ceil((this.deadline - this.now()) / 1000));
	}

	/** Whether the countdown timer is still running. */
	get running(): boolean {
		return this.timer !== undefined;
	}

	/** Stops the timer (retry started, succeeded or was cancelled). */
	stop(): void {
		if (this.timer) clearInterval(this.timer);
		this.timer = undefined;
	}

	render(width: number): string[] {
		const { theme, attempt, maxAttempts, errorMessage } = this.options;
		const left = this.secondsLeft();
		const line =
			left > 0 ? RETRY_TEXT.countdown(left, attempt, maxAttempts) : RETRY_TEXT.retrying(attempt, maxAttempts);
		const text = theme.fg("warning", line) + (errorMessage ? theme.fg("muted", ` ${errorMessage}`) : "");
		return ["", ...new Text(text, { paddingX: 1 }).render(width)];
	}
}

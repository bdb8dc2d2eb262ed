/**
 * Messages typed while the agent works, shown above the prompt until they are delivered: steering messages
 * (delivered after the current tool calls) and follow-ups (delivered when the agent would stop).
 */
import { type Component, truncateToWidth } from "@pi/tui";
import type { Theme } from "../theme/theme.js";

export const PENDING_TEXT = {
	steering: "Steering: ",
	followUp: "Follow-up: ",
	hint: "↳ alt+up puts them back into the editor",
} as const;

export class PendingMessagesComponent implements Component {
	private steering: readonly string[] = [];
	private followUp: readonly string[] = [];

	constructor(
		private theme: Theme,
		private readonly options: { hint?: string | false } = {},
	) {}

	/** Replaces the queued messages (call on every queue_update). */
	setMessages(steering: readonly string[], followUp: readonly string[]): void {
		this.steering = [...steering];
		this.followUp = [...followUp];
	}

	/** Restyles the list (a theme switch); the queued messages stay. */
	setTheme(theme: Theme): void {
		this.theme = theme;
	}

	/** Whether anything is queued. */
	hasMessages(): boolean {
		return this.steering.length + this.followUp.length > 0;
	}

	render(width: number): string[] {
		if (!this.hasMessages()) return [];
		const { theme } = this;
		const line = (label: string, text: string) =>
			truncateToWidth(` ${theme.fg("muted", label)}${text.replace(/\s*\n\s*/g, " ")}`, width);
		const rows = [
			"",
			...this.steering.map((text) => line(PENDING_TEXT.steering, text)),
			...this.followUp.map((text) => line(PENDING_TEXT.followUp, text)),
		];
		const hint = this.options.hint === undefined ? PENDING_TEXT.hint : this.options.hint;
		if (hint) rows.push(truncateToWidth(` ${theme.fg("dim", hint)}`, width));
		return rows;
	}
}

/** A yes/no question: y/n answer directly, ←/→/Tab switch, Enter takes the highlighted answer, Esc cancels. */
import { type Focusable, matchesKey, Text, truncateToWidth } from "@pi/tui";
import type { Theme } from "../theme/theme.js";
import { dialogTitleRows } from "./dialog-title.js";
import { fitMessageRows } from "./fit-message.js";

export const CONFIRM_TEXT = {
	yes: "Yes",
	no: "No",
	hint: "y/n · ←→ switch · enter confirm · esc cancel",
} as const;

export interface ConfirmDialogOptions {
	theme: Theme;
	title: string;
	message?: string;
	/** Highlighted answer at first (default false: "No", the safe choice). */
	defaultYes?: boolean;
	onConfirm: () => void;
	/** Called for "No" and for Escape. */
	onCancel: () => void;
}

export class ConfirmDialog implements Focusable {
	focused = false;
	private yes: boolean;
	private maxRows = Number.POSITIVE_INFINITY;

	constructor(private readonly options: ConfirmDialogOptions) {
		this.yes = options.defaultYes ?? false;
	}

	setMaxRows(rows: number): void {
		this.maxRows = rows;
	}

	/** Whether "Yes" is highlighted. */
	isYesHighlighted(): boolean {
		return this.yes;
	}

	handleInput(data: string): void {
		if (data === "y" || data === "Y") {
			this.options.onConfirm();
			return;
		}
		if (data === "n" || data === "N" || matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) {
			this.options.onCancel();
			return;
		}
		if (matchesKey(data, "left") || matchesKey(data, "right") || matchesKey(data, "tab")) {
			this.yes = !this.yes;
			return;
		}
		if (matchesKey(data, "enter")) {
			if (this.yes) this.options.onConfirm();
			else this.options.onCancel();
		}
	}

	render(width: number): string[] {
		const { theme } = this.options;
		const border = theme.fg("borderAccent", "─".repeat(Math.max(0, width)));
		const button = (text: string, active: boolean) =>
			active ? theme.inverse(theme.bold(` ${text} `)) : theme.fg("muted", ` ${text} `);
		const tail = [
			"",
			truncateToWidth(` ${button(CONFIRM_TEXT.yes, this.yes)}  ${button(CONFIRM_TEXT.no, !this.yes)}`, width),
			"",
			truncateToWidth(` ${theme.fg("dim", CONFIRM_TEXT.hint)}`, width),
			border,
		];
		const ellipsis = ` ${theme.fg("dim", "…")}`;
		const title = dialogTitleRows(theme, this.options.title, width);
		const head = [border, ...fitMessageRows(title, Math.max(1, this.maxRows - 1 - tail.length), ellipsis)];
		const message = this.options.message ? new Text(this.options.message, { paddingX: 1 }).render(width) : [];
		const room = this.maxRows - head.length - tail.length;
		return [...head, ...fitMessageRows(message, room, ellipsis), ...tail];
	}
}

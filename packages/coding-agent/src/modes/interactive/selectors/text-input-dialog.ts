/**
 * A one-line text question (/name, /login key entry, extensions' `ui.input` with its placeholder). With `masked` the value is never echoed: each character is
 * drawn as a bullet, so an API key does not end up on screen or in the scrollback.
 */
import { CURSOR_MARKER, type Focusable, Input, matchesKey, Text, truncateToWidth } from "@pi/tui";
import type { Theme } from "../theme/theme.js";
import { dialogTitleRows } from "./dialog-title.js";
import { fitMessageRows } from "./fit-message.js";

export const TEXT_INPUT_TEXT = {
	hint: "enter confirm · esc cancel",
	bullet: "•",
} as const;

export interface TextInputDialogOptions {
	theme: Theme;
	title: string;
	message?: string;
	initialValue?: string;
	/** Shown dimmed in the empty field. */
	placeholder?: string;
	/** Draw bullets instead of the text (secrets). */
	masked?: boolean;
	onSubmit: (value: string) => void;
	onCancel: () => void;
}

export class TextInputDialog implements Focusable {
	focused = false;
	private readonly input = new Input({ prompt: "> " });
	private maxRows = Number.POSITIVE_INFINITY;

	constructor(private readonly options: TextInputDialogOptions) {
		if (options.initialValue) this.input.setValue(options.initialValue);
	}

	getValue(): string {
		return this.input.getValue();
	}

	setMaxRows(rows: number): void {
		this.maxRows = rows;
	}

	handleInput(data: string): void {
		if (matchesKey(data, "enter")) {
			this.options.onSubmit(this.input.getValue());
			return;
		}
		if (matchesKey(data, "escape") || matchesKey(data, "ctrl+c")) {
			this.options.onCancel();
			return;
		}
		this.input.handleInput(data);
	}

	render(width: number): string[] {
		const { theme } = this.options;
		const border = theme.fg("borderAccent", "─".repeat(Math.max(0, width)));
		const tail = [
			"",
			...this.renderField(width),
			"",
			truncateToWidth(` ${theme.fg("dim", TEXT_INPUT_TEXT.hint)}`, width),
			border,
		];
		const ellipsis = ` ${theme.fg("dim", "…")}`;
		const title = dialogTitleRows(theme, this.options.title, width);
		const head = [border, ...fitMessageRows(title, Math.max(1, this.maxRows - 1 - tail.length), ellipsis)];
		const { message } = this.options;
		const messageRows = message ? new Text(theme.fg("muted", message), { paddingX: 1 }).render(width) : [];
		const room = this.maxRows - head.length - tail.length;
		return [...head, ...fitMessageRows(messageRows, room, ellipsis), ...tail];
	}

	private renderField(width: number): string[] {
		const { placeholder, theme } = this.options;
		if (!this.options.masked && placeholder && this.input.getValue() === "") {
			const cursor = this.focused ? `${CURSOR_MARKER}${theme.inverse(" ")}` : "";
			return [truncateToWidth(` > ${cursor}${theme.fg("dim", placeholder)}`, width)];
		}
		if (!this.options.masked) {
			this.input.focused = this.focused;
			return this.input.render(Math.max(1, width - 1)).map((row) => ` ${row}`);
		}
		const count = [...this.input.getValue()].length;
		const bullets = TEXT_INPUT_TEXT.bullet.repeat(Math.min(count, Math.max(0, width - 5)));
		const cursor = this.focused ? `${CURSOR_MARKER}${this.options.theme.inverse(" ")}` : "";
		return [truncateToWidth(` > ${bullets}${cursor}`, width)];
	}
}

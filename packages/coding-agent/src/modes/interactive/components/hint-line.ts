/**
 * A passing one-row hint ("Press Ctrl+C again to exit."), shown for a moment over the row just above the editor.
 * The mode shows it as an overlay: it moves nothing when it comes and goes, and never enters the transcript or the
 * terminal's scrollback.
 */
import { type Component, truncateToWidth } from "@pi/tui";
import type { Theme } from "../theme/theme.js";

export class HintLine implements Component {
	private text: string | undefined;
	private timer: ReturnType<typeof setTimeout> | undefined;

	constructor(
		private readonly theme: () => Theme,
		private readonly requestRender: () => void,
	) {}

	/** Shows `text` for `ms` milliseconds (replacing a hint still shown). */
	show(text: string, ms: number): void {
		this.clear();
		this.text = text;
		this.timer = setTimeout(() => {
			this.timer = undefined;
			this.text = undefined;
			this.requestRender();
		}, ms);
		this.timer.unref?.();
		this.requestRender();
	}

	/** Hides the hint at once. */
	clear(): void {
		if (this.timer !== undefined) clearTimeout(this.timer);
		this.timer = undefined;
		this.text = undefined;
	}

	render(width: number): string[] {
		if (this.text === undefined) return [];
		return [truncateToWidth(` ${this.theme().fg("muted", this.text)}`, width)];
	}
}

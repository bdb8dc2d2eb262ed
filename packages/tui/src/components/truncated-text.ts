/** One row of text, cut with an ellipsis when it does not fit. */
import type { Component } from "../component.js";
import { truncateToWidth } from "../text/truncate.js";
import { expandTabs } from "./background.js";

export interface TruncatedTextOptions {
	/** Blank columns left and right (default 0). */
	paddingX?: number;
	/** Blank rows above and below (default 0). */
	paddingY?: number;
}

export class TruncatedText implements Component {
	private readonly options: TruncatedTextOptions;

	/** `new TruncatedText(text, options)`, or the original pi-tui's `new TruncatedText(text, paddingX, paddingY)`. */
	constructor(text: string, options?: TruncatedTextOptions);
	constructor(text: string, paddingX?: number, paddingY?: number);
	constructor(
		private text: string,
		options: TruncatedTextOptions | number = {},
		paddingY?: number,
	) {
		this.options =
			typeof options === "number" || paddingY !== undefined
				? { paddingX: typeof options === "number" ? options : 0, paddingY: paddingY ?? 0 }
				: options;
	}

	setText(text: string): void {
		this.text = text;
	}

	/** Only the first line of the text is shown. */
	render(width: number): string[] {
		const paddingX = Math.max(0, Math.min(this.options.paddingX ?? 0, Math.floor((width - 1) / 2)));
		const firstLine = expandTabs(this.text.split(/\r?\n/, 1)[0] ?? "");
		const row = " ".repeat(paddingX) + truncateToWidth(firstLine, Math.max(0, width - paddingX * 2));
		const blank = Array<string>(Math.max(0, this.options.paddingY ?? 0)).fill("");
		return [...blank, row, ...blank];
	}
}

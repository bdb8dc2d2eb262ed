/**
 * A container that draws its children inside padding, an optional background and an optional border
 * (with an optional title in the top edge).
 */
import type { Component } from "../component.js";
import { padToWidth, truncateToWidth } from "../text/truncate.js";
import { visibleWidth } from "../text/width.js";
import { applyBackground, type StyleFn } from "./background.js";

/** Border characters: corners, horizontal and vertical edges. */
export interface BorderChars {
	topLeft: string;
	topRight: string;
	bottomLeft: string;
	bottomRight: string;
	horizontal: string;
	vertical: string;
}

export const BORDERS = {
	single: { topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│" },
	rounded: { topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│" },
	double: { topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║" },
} as const satisfies Record<string, BorderChars>;

export interface BoxOptions {
	/** Blank columns inside the left and right edge (default 1). */
	paddingX?: number;
	/** Blank rows inside the top and bottom edge (default 0). */
	paddingY?: number;
	/** Background of the inside, e.g. `chalk.bgBlackBright`. */
	background?: StyleFn;
	/** Draws a border in this style (default none). */
	border?: keyof typeof BORDERS | BorderChars;
	/** Colours the border. */
	borderColor?: StyleFn;
	/** Shown in the top border. */
	title?: string;
}

export class Box implements Component {
	readonly children: Component[] = [];

	private options: BoxOptions;

	/**
	 * `new Box(children, options)`, or the original pi-tui's positional form `new Box(paddingX, paddingY, bgFn)` (its
	 * defaults: one column and one row of padding), which extensions written for it use.
	 */
	constructor(children?: Component[], options?: BoxOptions);
	constructor(paddingX: number | undefined, paddingY?: number, background?: StyleFn);
	constructor(children?: Component[] | number, options?: BoxOptions | number, background?: StyleFn) {
		const positional = typeof children === "number" || typeof options === "number" || background !== undefined;
		if (!positional) {
			this.children.push(...((children as Component[] | undefined) ?? []));
			this.options = (options as BoxOptions | undefined) ?? {};
			return;
		}
		this.options = {
			paddingX: typeof children === "number" ? children : 1,
			paddingY: typeof options === "number" ? options : 1,
			background,
		};
	}

	addChild(child: Component): void {
		this.children.push(child);
	}

	removeChild(child: Component): void {
		const index = this.children.indexOf(child);
		if (index !== -1) this.children.splice(index, 1);
	}

	clear(): void {
		this.children.length = 0;
	}

	/** The original pi-tui's way to change the background. */
	setBgFn(background?: StyleFn): void {
		this.options = { ...this.options, background };
	}

	setOptions(options: Partial<BoxOptions>): void {
		this.options = { ...this.options, ...options };
	}

	invalidate(): void {
		for (const child of this.children) child.invalidate?.();
	}

	render(width: number): string[] {
		const border = typeof this.options.border === "string" ? BORDERS[this.options.border] : this.options.border;
		const edge = border ? 1 : 0;
		if (width < edge * 2 + 1) return [];
		const innerWidth = width - edge * 2;
		const paddingX = Math.max(0, Math.min(this.options.paddingX ?? 1, Math.floor((innerWidth - 1) / 2)));
		const contentWidth = innerWidth - paddingX * 2;
		const margin = " ".repeat(paddingX);
		const blank = Array<string>(Math.max(0, this.options.paddingY ?? 0)).fill("");
		const content = this.children.flatMap((child) => child.render(contentWidth)).map((row) => margin + row);
		const background = this.options.background;
		const inside = [...blank, ...content, ...blank].map((row) =>
			background ? applyBackground(row, innerWidth, background) : padToWidth(row, innerWidth),
		);
		if (!border) return inside;
		const color = this.options.borderColor ?? ((text: string) => text);
		const side = color(border.vertical);
		return [
			color(this.topEdge(border, width)),
			...inside.map((row) => side + row + side),
			color(border.bottomLeft + border.horizontal.repeat(width - 2) + border.bottomRight),
		];
	}

	private topEdge(border: BorderChars, width: number): string {
		const title = this.options.title ? truncateToWidth(` ${this.options.title} `, Math.max(0, width - 4)) : "";
		const titleWidth = visibleWidth(title);
		const rest = width - 2 - titleWidth - (titleWidth > 0 ? 1 : 0);
		const lead = titleWidth > 0 ? border.horizontal : "";
		return border.topLeft + lead + title + border.horizontal.repeat(Math.max(0, rest)) + border.topRight;
	}
}

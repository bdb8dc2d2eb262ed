/**
 * An inline image. Shown with the Kitty or iTerm2 protocol when the caller says the terminal supports one,
 * otherwise (and for formats the protocol cannot show) as a text placeholder such as `[image: 640x480 image/png]`.
 */
import chalk from "chalk";
import type { Component } from "../../component.js";
import { truncateToWidth } from "../../text/truncate.js";
import type { StyleFn } from "../background.js";
import { getImageDimensions, type ImageDimensions } from "./dimensions.js";
import { encodeITerm2Image, encodeKittyImage, type ImageProtocol } from "./protocols.js";

export interface ImageOptions {
	/** Base64-encoded file contents. */
	data: string;
	mimeType: string;
	/** Protocol to use (see detectImageProtocol); "none" shows the text placeholder. */
	protocol: ImageProtocol;
	/** Widest the image may be, in cells (default 60). */
	maxColumns?: number;
	/** Tallest the image may be, in rows (default 24). */
	maxRows?: number;
	/** Terminal cell size in pixels, for the aspect ratio (default 9x18). */
	cellSize?: { width: number; height: number };
	/** Styles the text placeholder. */
	fallbackStyle?: StyleFn;
}

/** The placeholder text for an image that is not drawn. */
export function imageFallbackText(mimeType: string, dimensions: ImageDimensions | undefined): string {
	return dimensions ? `[image: ${dimensions.width}x${dimensions.height} ${mimeType}]` : `[image: ${mimeType}]`;
}

export class Image implements Component {
	private readonly dimensions: ImageDimensions | undefined;
	private readonly byteLength: number;
	private cache: { width: number; rows: string[] } | undefined;

	constructor(private readonly options: ImageOptions) {
		const bytes = Buffer.from(options.data, "base64");
		this.byteLength = bytes.length;
		this.dimensions = getImageDimensions(bytes);
	}

	getDimensions(): ImageDimensions | undefined {
		return this.dimensions;
	}

	render(width: number): string[] {
		if (this.cache?.width === width) return this.cache.rows;
		const rows = this.renderRows(width);
		this.cache = { width, rows };
		return rows;
	}

	private renderRows(width: number): string[] {
		const { protocol, mimeType } = this.options;
		const drawable =
			this.dimensions !== undefined &&
			width > 0 &&
			(protocol === "iterm2" || (protocol === "kitty" && mimeType === "image/png"));
		if (!drawable) {
			const style = this.options.fallbackStyle ?? chalk.dim;
			return [truncateToWidth(style(imageFallbackText(mimeType, this.dimensions)), width)];
		}
		const { columns, rows } = this.cellSize(width);
		const sequence =
			protocol === "kitty"
				? encodeKittyImage(this.options.data, columns, rows)
				: encodeITerm2Image(this.options.data, columns, this.byteLength);
		// The escape goes on the first row; the remaining rows are blank so the renderer reserves the space.
		return [sequence, ...Array<string>(rows - 1).fill("")];
	}

	private cellSize(width: number): { columns: number; rows: number } {
		const cell = this.options.cellSize ?? { width: 9, height: 18 };
		const { width: pixelWidth, height: pixelHeight } = this.dimensions!;
		let columns = Math.max(1, Math.min(width, this.options.maxColumns ?? 60, Math.ceil(pixelWidth / cell.width)));
		let rows = Math.max(1, Math.ceil((columns * cell.width * pixelHeight) / pixelWidth / cell.height));
		const maxRows = this.options.maxRows ?? 24;
		if (rows > maxRows) {
			columns = Math.max(1, Math.floor((maxRows * cell.height * pixelWidth) / pixelHeight / cell.width));
			rows = maxRows;
		}
		return { columns, rows };
	}
}

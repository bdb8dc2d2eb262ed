/**
 * The original pi's `resizeImage` for extensions: fits a base64 image within a width, height and encoded size, as
 * PNG or JPEG, whichever is smaller; lowers JPEG quality, then the dimensions, until it fits. jimp loads on first use.
 */
import type { ImageContent } from "@pi/ai";
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from "../tools/image.js";

/** Limits of {@link resizeImage}. */
export interface ImageResizeOptions {
	maxWidth?: number;
	maxHeight?: number;
	maxBytes?: number;
	jpegQuality?: number;
}

/** A resized image (base64 `data`). */
export interface ResizedImage {
	data: string;
	mimeType: string;
	originalWidth: number;
	originalHeight: number;
	width: number;
	height: number;
	wasResized: boolean;
}

/** The resized image, or `null` when it cannot be decoded or brought under `maxBytes`. */
export async function resizeImage(img: ImageContent, options: ImageResizeOptions = {}): Promise<ResizedImage | null> {
	const maxWidth = options.maxWidth ?? MAX_IMAGE_SIDE;
	const maxHeight = options.maxHeight ?? MAX_IMAGE_SIDE;
	const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
	const input = Buffer.from(img.data, "base64");
	let image: Awaited<ReturnType<typeof import("jimp")["Jimp"]["read"]>>;
	try {
		const { Jimp } = await import("jimp");
		image = await Jimp.read(input);
	} catch {
		return null;
	}
	const originalWidth = image.width;
	const originalHeight = image.height;
	const unchanged = originalWidth <= maxWidth && originalHeight <= maxHeight && input.length <= maxBytes;
	if (unchanged) {
		return {
			data: img.data,
			mimeType: img.mimeType,
			originalWidth,
			originalHeight,
			width: originalWidth,
			height: originalHeight,
			wasResized: false,
		};
	}
	let scale = Math.min(1, maxWidth / originalWidth, maxHeight / originalHeight);
	const qualities = [options.jpegQuality ?? 80, 60, 40, 20].filter(
		(quality, index, all) => all.indexOf(quality) === index,
	);
	while (true) {
		const width = Math.max(1, Math.round(originalWidth * scale));
		const height = Math.max(1, Math.round(originalHeight * scale));
		const frame = image.clone().resize({ w: width, h: height });
		const candidates: { data: Buffer; mimeType: string }[] = [
			{ data: Buffer.from(await frame.getBuffer("image/png")), mimeType: "image/png" },
		];
		for (const quality of qualities) {
			candidates.push({ data: Buffer.from(await frame.getBuffer("image/jpeg", { quality })), mimeType: "image/jpeg" });
		}
		const fitting = candidates.filter((candidate) => candidate.data.length <= maxBytes);
		const best = fitting.sort((a, b) => a.data.length - b.data.length)[0];
		if (best) {
			return {
				data: best.data.toString("base64"),
				mimeType: best.mimeType,
				originalWidth,
				originalHeight,
				width,
				height,
				wasResized: true,
			};
		}
		if (width === 1 && height === 1) return null;
		scale /= 2;
	}
}

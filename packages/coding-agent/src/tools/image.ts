/**
 * Images for the read tool (tools.md §2.4): recognition by content, dimensions from the header, and downscaling
 * (jimp, loaded on first use) to fit 2000×2000 and 4.5 MiB.
 */

export type ImageMimeType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** Largest side sent to a model. */
export const MAX_IMAGE_SIDE = 2000;
/** Largest encoded image sent to a model (4.5 MiB). */
export const MAX_IMAGE_BYTES = 4_718_592;
const JPEG_QUALITIES = [85, 70, 55, 40];

/** The image type of a file from its first bytes, or undefined when it is not a recognised image. */
export function sniffImageType(head: Uint8Array): ImageMimeType | undefined {
	const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
	if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
		return "image/png";
	}
	if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
	if (b.length >= 6) {
		const sig = b.toString("latin1", 0, 6);
		if (sig === "GIF87a" || sig === "GIF89a") return "image/gif";
	}
	if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP") {
		return "image/webp";
	}
	return undefined;
}

export interface ImageSize {
	width: number;
	height: number;
}

function jpegSize(b: Buffer): ImageSize | undefined {
	let i = 2;
	while (i + 9 < b.length) {
		if (b[i] !== 0xff) {
			i++;
			continue;
		}
		const marker = b[i + 1];
		if (marker === 0xff) {
			i++;
			continue;
		}
		if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
			i += 2;
			continue;
		}
		const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
		if (isStartOfFrame) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
		i += 2 + b.readUInt16BE(i + 2);
	}
	return undefined;
}

function webpSize(b: Buffer): ImageSize | undefined {
	if (b.length < 30) return undefined;
	const chunk = b.toString("latin1", 12, 16);
	if (chunk === "VP8 ") return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
	if (chunk === "VP8L") {
		const bits = b.readUInt32LE(21);
		return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
	}
	if (chunk === "VP8X") return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
	return undefined;
}

/** Width and height from the image header (0×0 when the header cannot be parsed). */
export function readImageSize(data: Buffer, mimeType: ImageMimeType): ImageSize {
	let size: ImageSize | undefined;
	try {
		if (mimeType === "image/png" && data.length >= 24)
			size = { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
		else if (mimeType === "image/gif" && data.length >= 10)
			size = { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
		else if (mimeType === "image/jpeg") size = jpegSize(data);
		else if (mimeType === "image/webp") size = webpSize(data);
	} catch {
		size = undefined;
	}
	return size ?? { width: 0, height: 0 };
}

/** An image ready to send. */
export interface PreparedImage {
	data: Buffer;
	mimeType: ImageMimeType;
	width: number;
	height: number;
	/** Original size when the image was scaled down. */
	resizedFrom?: ImageSize;
}

/** The size that fits `MAX_IMAGE_SIDE`² with the aspect ratio kept. */
export function fitWithin(size: ImageSize, max = MAX_IMAGE_SIDE): ImageSize {
	const scale = Math.min(1, max / size.width, max / size.height);
	if (scale >= 1) return size;
	return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/**
 * Applies tools.md §2.4 auto-resize: an image over 2000 px on a side or over 4.5 MiB is scaled to fit and encoded
 * as PNG, then JPEG at falling qualities until it fits. Formats jimp cannot decode are returned unchanged.
 */
export async function downscaleImage(data: Buffer, mimeType: ImageMimeType): Promise<PreparedImage> {
	const original = readImageSize(data, mimeType);
	const needsWork =
		original.width > MAX_IMAGE_SIDE || original.height > MAX_IMAGE_SIDE || data.length > MAX_IMAGE_BYTES;
	if (!needsWork) return { data, mimeType, ...original };
	let image: Awaited<ReturnType<typeof import("jimp")["Jimp"]["read"]>>;
	try {
		const { Jimp } = await import("jimp");
		image = await Jimp.read(data);
	} catch {
		return { data, mimeType, ...original };
	}
	const source = { width: image.width, height: image.height };
	const target = fitWithin(source);
	if (target.width !== source.width || target.height !== source.height) {
		image.resize({ w: target.width, h: target.height });
	}
	const resizedFrom = target.width !== source.width || target.height !== source.height ? source : undefined;
	let encoded = Buffer.from(await image.getBuffer("image/png"));
	let encodedType: ImageMimeType = "image/png";
	for (const quality of JPEG_QUALITIES) {
		if (encoded.length <= MAX_IMAGE_BYTES) break;
		encoded = Buffer.from(await image.getBuffer("image/jpeg", { quality }));
		encodedType = "image/jpeg";
	}
	return { data: encoded, mimeType: encodedType, ...target, resizedFrom };
}

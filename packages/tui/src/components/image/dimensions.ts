/** Pixel size of PNG, JPEG, GIF and WebP images read from their headers (no decoding). */

export interface ImageDimensions {
	width: number;
	height: number;
}

function png(bytes: Uint8Array, view: DataView): ImageDimensions | undefined {
	if (bytes.length < 24 || bytes[0] !== 0x89 || bytes[1] !== 0x50) return undefined;
	return { width: view.getUint32(16), height: view.getUint32(20) };
}

function gif(bytes: Uint8Array, view: DataView): ImageDimensions | undefined {
	if (bytes.length < 10 || String.fromCharCode(...bytes.subarray(0, 3)) !== "GIF") return undefined;
	return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
}

function jpeg(bytes: Uint8Array, view: DataView): ImageDimensions | undefined {
	if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
	let offset = 2;
	while (offset + 9 < bytes.length) {
		if (bytes[offset] !== 0xff) return undefined;
		const marker = bytes[offset + 1]!;
		const length = view.getUint16(offset + 2);
		// Start-of-frame markers (baseline, progressive, …) carry the size; DHT/JPG/DAC (C4, C8, CC) do not.
		if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
			return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
		}
		offset += 2 + length;
	}
	return undefined;
}

function webp(bytes: Uint8Array, view: DataView): ImageDimensions | undefined {
	if (bytes.length < 30 || String.fromCharCode(...bytes.subarray(8, 12)) !== "WEBP") return undefined;
	const chunk = String.fromCharCode(...bytes.subarray(12, 16));
	if (chunk === "VP8X") {
		const width = 1 + (bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16));
		const height = 1 + (bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16));
		return { width, height };
	}
	if (chunk === "VP8L") {
		const bits = view.getUint32(21, true);
		return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
	}
	if (chunk === "VP8 ") return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
	return undefined;
}

/** The image's pixel size, or undefined when the header is not one of the known formats. */
export function getImageDimensions(data: Uint8Array): ImageDimensions | undefined {
	const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
	try {
		return png(data, view) ?? gif(data, view) ?? jpeg(data, view) ?? webp(data, view);
	} catch {
		return undefined;
	}
}

import { describe, expect, it } from "vitest";
import { getImageDimensions } from "../../src/components/image/dimensions.js";
import { Image } from "../../src/components/image/image.js";
import { detectImageProtocol } from "../../src/components/image/protocols.js";
import { stripAnsi } from "../../src/text/ansi.js";
import { visibleWidth } from "../../src/text/width.js";

/** A PNG header (signature + IHDR) is all the size detection reads. */
function pngHeader(width: number, height: number): Buffer {
	const bytes = Buffer.alloc(33);
	Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
	bytes.writeUInt32BE(13, 8);
	bytes.write("IHDR", 12, "ascii");
	bytes.writeUInt32BE(width, 16);
	bytes.writeUInt32BE(height, 20);
	return bytes;
}

function gifHeader(width: number, height: number): Buffer {
	const bytes = Buffer.alloc(13);
	bytes.write("GIF89a", 0, "ascii");
	bytes.writeUInt16LE(width, 6);
	bytes.writeUInt16LE(height, 8);
	return bytes;
}

function jpegHeader(width: number, height: number): Buffer {
	return Buffer.from([
		0xff,
		0xd8,
		0xff,
		0xe0,
		0x00,
		0x04,
		0x00,
		0x00,
		0xff,
		0xc0,
		0x00,
		0x11,
		0x08,
		height >> 8,
		height & 0xff,
		width >> 8,
		width & 0xff,
		0x03,
		0,
		0,
		0,
		0,
	]);
}

describe("getImageDimensions", () => {
	it("reads PNG, GIF and JPEG sizes from their headers", () => {
		expect(getImageDimensions(pngHeader(640, 480))).toEqual({ width: 640, height: 480 });
		expect(getImageDimensions(gifHeader(32, 16))).toEqual({ width: 32, height: 16 });
		expect(getImageDimensions(jpegHeader(300, 200))).toEqual({ width: 300, height: 200 });
		expect(getImageDimensions(Buffer.from("not an image"))).toBeUndefined();
	});
});

describe("detectImageProtocol", () => {
	it("recognises Kitty, Ghostty, WezTerm and iTerm2, and turns images off in tmux", () => {
		expect(detectImageProtocol({ KITTY_WINDOW_ID: "1" })).toBe("kitty");
		expect(detectImageProtocol({ TERM: "xterm-kitty" })).toBe("kitty");
		expect(detectImageProtocol({ TERM_PROGRAM: "ghostty" })).toBe("kitty");
		expect(detectImageProtocol({ TERM_PROGRAM: "WezTerm" })).toBe("kitty");
		expect(detectImageProtocol({ TERM_PROGRAM: "iTerm.app" })).toBe("iterm2");
		expect(detectImageProtocol({ TERM_PROGRAM: "iTerm.app", TMUX: "/tmp/tmux" })).toBe("none");
		expect(detectImageProtocol({ TERM: "xterm-256color" })).toBe("none");
	});
});

describe("Image", () => {
	const png = pngHeader(900, 450).toString("base64");

	it("falls back to a text placeholder with size and type", () => {
		const rows = new Image({ data: png, mimeType: "image/png", protocol: "none" }).render(80);
		expect(rows.map(stripAnsi)).toEqual(["[image: 900x450 image/png]"]);
	});

	it("uses the Kitty protocol for PNG and reserves rows for the image", () => {
		const rows = new Image({ data: png, mimeType: "image/png", protocol: "kitty", maxColumns: 40 }).render(80);
		expect(rows[0]!.startsWith("\x1b_Ga=T,f=100")).toBe(true);
		expect(rows[0]).toContain("c=40,r=10");
		expect(rows[0]!.endsWith("\x1b\\")).toBe(true);
		expect(rows).toHaveLength(10);
		for (const row of rows) expect(visibleWidth(row)).toBe(0);
	});

	it("splits large Kitty payloads into chunks of at most 4096 bytes", () => {
		const big = Buffer.concat([pngHeader(100, 100), Buffer.alloc(10_000, 7)]).toString("base64");
		const row = new Image({ data: big, mimeType: "image/png", protocol: "kitty" }).render(80)[0]!;
		const chunks = row.split("\x1b\\").filter(Boolean);
		expect(chunks.length).toBe(Math.ceil(big.length / 4096));
		expect(chunks[0]).toContain("m=1");
		expect(chunks.at(-1)).toMatch(/^\x1b_Gm=0;/);
	});

	it("uses the iTerm2 protocol, for any format", () => {
		const gif = gifHeader(90, 90).toString("base64");
		const rows = new Image({ data: gif, mimeType: "image/gif", protocol: "iterm2" }).render(5);
		expect(rows[0]).toMatch(/^\x1b\]1337;File=inline=1;size=13;width=5;/);
		expect(rows).toHaveLength(3);
	});

	it("shows the placeholder for formats Kitty cannot take directly", () => {
		const gif = gifHeader(90, 90).toString("base64");
		const rows = new Image({ data: gif, mimeType: "image/gif", protocol: "kitty" }).render(80);
		expect(rows.map(stripAnsi)).toEqual(["[image: 90x90 image/gif]"]);
	});
});

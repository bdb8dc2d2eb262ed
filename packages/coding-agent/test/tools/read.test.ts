import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Jimp } from "jimp";
import { describe, expect, it } from "vitest";
import { createReadTool } from "../../src/tools/read.js";
import { callTool, errorOf, tempDir, textOf } from "./helpers.js";

function setup(files: Record<string, string | Buffer>, options?: Parameters<typeof createReadTool>[1]) {
	const cwd = tempDir();
	for (const [name, content] of Object.entries(files)) writeFileSync(join(cwd, name), content);
	return { cwd, tool: createReadTool(cwd, options) };
}

const lines = (n: number, make = (i: number) => `line ${i}`) =>
	`${Array.from({ length: n }, (_, i) => make(i + 1)).join("\n")}\n`;

describe("read: text", () => {
	it("numbers lines like cat -n and reports details (spec example)", async () => {
		const { cwd, tool } = setup({ "main.ts": 'import { run } from "./run.js";\n\nrun(process.argv.slice(2));\n' });
		const result = await callTool(tool, { file_path: "main.ts" });
		expect(textOf(result)).toBe(
			'     1\timport { run } from "./run.js";\n     2\t\n     3\trun(process.argv.slice(2));',
		);
		expect(result.details).toEqual({
			filePath: join(cwd, "main.ts"),
			totalLines: 3,
			linesRead: 3,
			offset: 1,
			truncated: false,
		});
	});

	it("stops at the line limit with a continuation notice", async () => {
		const { tool } = setup({ "big.log": lines(5400) });
		const result = await callTool(tool, { file_path: "big.log" });
		const text = textOf(result);
		expect(text.split("\n").slice(0, 2000).at(-1)).toBe("  2000\tline 2000");
		expect(text.endsWith("\n\n[Lines 1-2000 of 5400 shown (line limit 2000). Use offset=2001 to continue.]")).toBe(
			true,
		);
		expect(result.details).toMatchObject({ totalLines: 5400, linesRead: 2000, offset: 1, truncated: true });
	});

	it("names the caller's limit, and shows the rest from an offset", async () => {
		const { tool } = setup({ "f.txt": lines(10) });
		const limited = await callTool(tool, { file_path: "f.txt", offset: 3, limit: 2 });
		expect(textOf(limited)).toBe(
			"     3\tline 3\n     4\tline 4\n\n[Lines 3-4 of 10 shown; 6 more lines. Use offset=5 to continue.]",
		);
		expect(limited.details).toMatchObject({ linesRead: 2, offset: 3, truncated: false });
		const tail = await callTool(tool, { file_path: "f.txt", offset: 9 });
		expect(textOf(tail)).toBe("     9\tline 9\n    10\tline 10");
		const exact = await callTool(tool, { file_path: "f.txt", offset: 9, limit: 2 });
		expect(textOf(exact)).toBe("     9\tline 9\n    10\tline 10");
	});

	it("stops at the byte limit and prefers naming it when limits coincide", async () => {
		const { tool } = setup({ "f.txt": lines(100, () => "x".repeat(90)) }, { maxBytes: 1024, maxLines: 10 });
		const result = await callTool(tool, { file_path: "f.txt" });
		// Each formatted line is 97 bytes; 10 lines + 9 newlines = 979 bytes, the 11th would exceed 1024 too.
		expect(
			textOf(result).endsWith("\n\n[Lines 1-10 of 100 shown (size limit 1.0KB). Use offset=11 to continue.]"),
		).toBe(true);
		expect(result.details).toMatchObject({ linesRead: 10, truncated: true });
		const bySize = await callTool(createReadTool(tempDir(), {}), { file_path: join(tempDir(), "missing") }).catch(
			(e) => e,
		);
		expect(bySize.message).toMatch(/^File not found: /);
	});

	it("always shows the first line of the window even when it alone exceeds the byte limit", async () => {
		const { tool } = setup({ "f.txt": `${"y".repeat(1500)}\nshort\n` }, { maxBytes: 1024 });
		const result = await callTool(tool, { file_path: "f.txt" });
		expect(textOf(result)).toBe(
			`     1\t${"y".repeat(1500)}\n\n[Lines 1-1 of 2 shown (size limit 1.0KB). Use offset=2 to continue.]`,
		);
	});

	it("cuts lines longer than 2000 characters, counting code points", async () => {
		const long = "é".repeat(2500);
		const huge = "z".repeat(200_000);
		const { tool } = setup({ "f.txt": `${long}\n${huge}\n` }, { maxBytes: 1_000_000 });
		const [first, second] = textOf(await callTool(tool, { file_path: "f.txt" })).split("\n");
		expect(first).toBe(`     1\t${"é".repeat(2000)} [... truncated, line has 2500 characters]`);
		expect(second).toBe(`     2\t${"z".repeat(2000)} [... truncated, line has 200000 characters]`);
	});

	it("drops a BOM and CR line endings, replaces invalid UTF-8, and counts a final unterminated line", async () => {
		const content = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("a\r\nb\xff\r\nc", "latin1")]);
		const { tool } = setup({ "f.txt": content });
		const result = await callTool(tool, { file_path: "f.txt" });
		expect(textOf(result)).toBe("     1\ta\n     2\tb\uFFFD\n     3\tc");
		expect(result.details).toMatchObject({ totalLines: 3 });
	});

	it("names the line limit over the caller's limit when both end the window at the same line", async () => {
		const { tool } = setup({ "f.txt": lines(30, (i) => `l${i}`) }, { maxLines: 10 });
		const result = await callTool(tool, { file_path: "f.txt", limit: 10 });
		expect(textOf(result).endsWith("\n\n[Lines 1-10 of 30 shown (line limit 10). Use offset=11 to continue.]")).toBe(
			true,
		);
		expect(result.details).toMatchObject({ linesRead: 10, truncated: true });
		const byCaller = await callTool(tool, { file_path: "f.txt", limit: 9 });
		expect(textOf(byCaller).endsWith("\n\n[Lines 1-9 of 30 shown; 21 more lines. Use offset=10 to continue.]")).toBe(
			true,
		);
		expect(byCaller.details).toMatchObject({ linesRead: 9, truncated: false });
	});

	it("reads an empty file and rejects offsets past the end", async () => {
		const { cwd, tool } = setup({ "empty.txt": "", "f.txt": "one\ntwo\n" });
		const empty = await callTool(tool, { file_path: "empty.txt" });
		expect(textOf(empty)).toBe("(empty file)");
		expect(empty.details).toEqual({
			filePath: join(cwd, "empty.txt"),
			totalLines: 0,
			linesRead: 0,
			offset: 1,
			truncated: false,
		});
		expect((await errorOf(callTool(tool, { file_path: "f.txt", offset: 3 }))).message).toBe(
			"Offset 3 is past the end of f.txt (2 lines).",
		);
		expect((await errorOf(callTool(tool, { file_path: "empty.txt", offset: 2 }))).message).toBe(
			"Offset 2 is past the end of empty.txt (0 lines).",
		);
	});

	it("reports missing files, directories, unreadable and binary files", async () => {
		const { cwd, tool } = setup({ "bin.dat": Buffer.from([0x41, 0x00, 0x42]), "secret.txt": "x" });
		mkdirSync(join(cwd, "dir"));
		chmodSync(join(cwd, "secret.txt"), 0o000);
		const msg = async (file: string) => (await errorOf(callTool(tool, { file_path: file }))).message;
		expect(await msg("nope.txt")).toBe("File not found: nope.txt");
		expect(await msg("dir")).toBe("dir is a directory; use ls or bash to list it.");
		expect(await msg("bin.dat")).toBe(
			"bin.dat is a binary file; read only shows text. Inspect it with bash, e.g. file 'bin.dat' or xxd 'bin.dat' | head -n 40.",
		);
		if (process.getuid?.() !== 0) expect(await msg("secret.txt")).toBe("Permission denied: secret.txt");
	});

	it("accepts the path alias and shows absolute paths outside the cwd", async () => {
		const outside = tempDir();
		writeFileSync(join(outside, "o.txt"), "x");
		const { tool } = setup({});
		await expect(callTool(tool, { path: join(outside, "missing.txt") })).rejects.toThrow(
			`File not found: ${join(outside, "missing.txt")}`,
		);
		expect(textOf(await callTool(tool, { path: join(outside, "o.txt") }))).toBe("     1\tx");
	});

	it("throws Operation aborted when the signal has fired", async () => {
		const { tool } = setup({ "f.txt": "x" });
		const controller = new AbortController();
		controller.abort();
		expect((await errorOf(callTool(tool, { file_path: "f.txt" }, controller.signal))).message).toBe(
			"Operation aborted",
		);
	});
});

async function png(width: number, height: number): Promise<Buffer> {
	const image = new Jimp({ width, height, color: 0x3366ccff });
	return Buffer.from(await image.getBuffer("image/png"));
}

describe("read: images", () => {
	it("recognises images by content and returns an image block", async () => {
		const data = await png(30, 20);
		const { cwd, tool } = setup({ "picture.txt": data });
		const result = await callTool(tool, { file_path: "picture.txt", offset: 5 });
		expect(result.content).toEqual([
			{ type: "text", text: "Image picture.txt [image/png, 30x20]" },
			{ type: "image", data: data.toString("base64"), mimeType: "image/png" },
		]);
		expect(result.details).toEqual({
			filePath: join(cwd, "picture.txt"),
			mimeType: "image/png",
			width: 30,
			height: 20,
			bytes: data.length,
		});
	});

	it("reads dimensions of GIF, JPEG and WebP headers", async () => {
		const gif = Buffer.concat([Buffer.from("GIF89a"), Buffer.from([0x10, 0x00, 0x08, 0x00]), Buffer.alloc(10)]);
		const jpeg = Buffer.from([
			0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x30, 0x00, 0x40, 0, 0, 0,
		]);
		const webp = Buffer.alloc(30);
		webp.write("RIFF", 0, "latin1");
		webp.write("WEBPVP8X", 8, "latin1");
		webp.writeUIntLE(99, 24, 3);
		webp.writeUIntLE(49, 27, 3);
		const { tool } = setup({ "a.gif": gif, "b.jpg": jpeg, "c.webp": webp });
		expect(textOf(await callTool(tool, { file_path: "a.gif" }))).toBe("Image a.gif [image/gif, 16x8]");
		expect(textOf(await callTool(tool, { file_path: "b.jpg" }))).toBe("Image b.jpg [image/jpeg, 64x48]");
		expect(textOf(await callTool(tool, { file_path: "c.webp" }))).toBe("Image c.webp [image/webp, 100x50]");
	});

	it("scales a large image down to fit 2000x2000", async () => {
		const { tool } = setup({ "wide.png": await png(2500, 1000) });
		const result = await callTool(tool, { file_path: "wide.png" });
		expect(textOf(result)).toBe(
			"Image wide.png [image/png, 2000x800]\n[Resized from 2500x1000 to 2000x800; multiply coordinates by 1.25 to map back to the original.]",
		);
		expect(result.details).toMatchObject({ width: 2000, height: 800, resizedFrom: { width: 2500, height: 1000 } });
		const block = result.content[1];
		expect(block.type === "image" && (await Jimp.read(Buffer.from(block.data, "base64"))).width).toBe(2000);
	});

	it("sends the original when autoResize is off", async () => {
		const { tool } = setup({ "wide.png": await png(2100, 10) }, { autoResizeImages: false });
		expect(textOf(await callTool(tool, { file_path: "wide.png" }))).toBe("Image wide.png [image/png, 2100x10]");
	});

	it("returns only a text note when the model cannot view images or images are blocked", async () => {
		const data = await png(4, 4);
		let vision = false;
		const { cwd } = setup({ "p.png": data });
		const tool = createReadTool(cwd, { modelAcceptsImages: () => vision });
		const result = await callTool(tool, { file_path: "p.png" });
		expect(result.content).toEqual([
			{ type: "text", text: "Image p.png [image/png, 4x4]\n(The current model cannot view images.)" },
		]);
		vision = true;
		expect((await callTool(tool, { file_path: "p.png" })).content).toHaveLength(2);
		const blocked = createReadTool(cwd, { blockImages: true });
		expect((await callTool(blocked, { file_path: "p.png" })).content).toEqual([
			{ type: "text", text: "Image p.png [image/png, 4x4]" },
			{ type: "text", text: "Image reading is disabled." },
		]);
	});

	it("sends a WebP over 2000 px unscaled: the image library cannot decode WebP", async () => {
		const webp = Buffer.alloc(64);
		webp.write("RIFF", 0, "latin1");
		webp.write("WEBPVP8X", 8, "latin1");
		webp.writeUIntLE(2999, 24, 3);
		webp.writeUIntLE(99, 27, 3);
		const { tool } = setup({ "big.webp": webp });
		const result = await callTool(tool, { file_path: "big.webp" });
		expect(result.content).toEqual([
			{ type: "text", text: "Image big.webp [image/webp, 3000x100]" },
			{ type: "image", data: webp.toString("base64"), mimeType: "image/webp" },
		]);
		expect(result.details).not.toHaveProperty("resizedFrom");
	});

	it("refuses an image still over 4.5 MiB", async () => {
		// A GIF header with trailing garbage: cannot be decoded, so it cannot be shrunk.
		const gif = Buffer.concat([
			Buffer.from("GIF89a"),
			Buffer.from([0x10, 0x00, 0x08, 0x00]),
			Buffer.alloc(5 * 1024 * 1024, 1),
		]);
		const { tool } = setup({ "big.gif": gif });
		expect((await errorOf(callTool(tool, { file_path: "big.gif" }))).message).toBe(
			"big.gif is too large to send as an image (5.0MB).",
		);
	});
});

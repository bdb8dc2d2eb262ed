/**
 * The `read` tool (tools.md §2): numbered text windows with continuation notices, images by content, refusal of
 * binary files.
 */
import { promises as fs } from "node:fs";
import type { AgentTool, AgentToolResult } from "@pi/agent-core";
import type { ImageContent, TextContent } from "@pi/ai";
import { renameAlias } from "./args.js";
import { formatSize } from "./format.js";
import type { ImageMimeType } from "./image.js";
import { displayPath, resolveToolPath } from "./paths.js";
import type { WindowStop } from "./read-window.js";
import { Type } from "./schema.js";
import { errnoCode, ToolError, throwIfAborted } from "./tool-error.js";

/** Defaults of settings `read.maxLines` and `read.maxBytes`. */
export const DEFAULT_READ_MAX_LINES = 2000;
export const DEFAULT_READ_MAX_BYTES = 51200;
const SNIFF_BYTES = 8192;

const readSchema = Type.Object({
	file_path: Type.String({ description: "File to read (relative to the working directory, or absolute)." }),
	offset: Type.Optional(Type.Integer({ minimum: 1, description: "First line to show (1-based). Default 1." })),
	limit: Type.Optional(Type.Integer({ minimum: 1, description: "Maximum number of lines to show." })),
});

/** `details` of a text read (tools.md §2.3). */
export interface ReadTextDetails {
	filePath: string;
	totalLines: number;
	linesRead: number;
	offset: number;
	truncated: boolean;
}

/** `details` of an image read (tools.md §2.4). */
export interface ReadImageDetails {
	filePath: string;
	mimeType: string;
	width: number;
	height: number;
	bytes: number;
	resizedFrom?: { width: number; height: number };
}

export type ReadToolDetails = ReadTextDetails | ReadImageDetails;

export interface ReadToolOptions {
	/** Settings `read.maxLines` (default 2000). */
	maxLines?: number;
	/** Settings `read.maxBytes` (default 51200). */
	maxBytes?: number;
	/** Settings `images.autoResize` (default true). */
	autoResizeImages?: boolean;
	/** Settings `images.blockImages`: never send image data (default false). */
	blockImages?: boolean;
	/** Whether the current model accepts image input; asked on every call because the model can change. */
	modelAcceptsImages?: () => boolean;
}

const DESCRIPTION = `Read a text file; lines are shown numbered like cat -n (number, tab, text). By default up to 2000 lines or 50KB are shown; when more remain, a notice at the end gives the offset to continue from. Use offset and limit to read a specific range of a large file.
Lines longer than 2000 characters are cut. PNG, JPEG, GIF and WebP images are returned as images. Binary files are refused.`;

/** Model-visible texts of this tool. */
const messages = {
	notFound: (p: string) => `File not found: ${p}`,
	isDirectory: (p: string) => `${p} is a directory; use ls or bash to list it.`,
	permission: (p: string) => `Permission denied: ${p}`,
	binary: (p: string) =>
		`${p} is a binary file; read only shows text. Inspect it with bash, e.g. file '${p}' or xxd '${p}' | head -n 40.`,
	pastEnd: (offset: number, p: string, total: number) => `Offset ${offset} is past the end of ${p} (${total} lines).`,
	empty: "(empty file)",
	notice: (stop: WindowStop, a: number, b: number, total: number, maxLines: number, maxBytes: number) => {
		const range = `Lines ${a}-${b} of ${total} shown`;
		const next = `Use offset=${b + 1} to continue.`;
		if (stop === "size") return `[${range} (size limit ${formatSize(maxBytes)}). ${next}]`;
		if (stop === "lines") return `[${range} (line limit ${maxLines}). ${next}]`;
		return `[${range}; ${total - b} more lines. ${next}]`;
	},
	image: (p: string, mime: string, w: number, h: number) => `Image ${p} [${mime}, ${w}x${h}]`,
	resized: (w0: number, h0: number, w: number, h: number) =>
		`\n[Resized from ${w0}x${h0} to ${w}x${h}; multiply coordinates by ${(w0 / w).toFixed(2)} to map back to the original.]`,
	cannotView: "\n(The current model cannot view images.)",
	/** Settings `images.blockImages`: this text block takes the image block's place (config.md §2.2). */
	imagesBlocked: "Image reading is disabled.",
	tooLarge: (p: string, bytes: number) => `${p} is too large to send as an image (${formatSize(bytes)}).`,
};

/** Alias normalisation (tools.md §1.2). */
export function prepareReadArguments(raw: Record<string, unknown>): Record<string, unknown> {
	return renameAlias(raw, "path", "file_path");
}

async function readHead(path: string, p: string): Promise<Buffer> {
	let handle: fs.FileHandle;
	try {
		handle = await fs.open(path, "r");
	} catch (error) {
		const code = errnoCode(error);
		if (code === "ENOENT" || code === "ENOTDIR") throw new ToolError(messages.notFound(p));
		if (code === "EACCES" || code === "EPERM") throw new ToolError(messages.permission(p));
		if (code === "EISDIR") throw new ToolError(messages.isDirectory(p));
		throw error;
	}
	try {
		if ((await handle.stat()).isDirectory()) throw new ToolError(messages.isDirectory(p));
		const head = Buffer.alloc(SNIFF_BYTES);
		const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
		return head.subarray(0, bytesRead);
	} catch (error) {
		if (errnoCode(error) === "EISDIR") throw new ToolError(messages.isDirectory(p));
		throw error;
	} finally {
		await handle.close();
	}
}

async function readImage(
	absolute: string,
	p: string,
	mimeType: ImageMimeType,
	options: ReadToolOptions,
	signal?: AbortSignal,
): Promise<AgentToolResult<ReadImageDetails>> {
	const { downscaleImage, MAX_IMAGE_BYTES, readImageSize } = await import("./image.js");
	const data = await fs.readFile(absolute);
	throwIfAborted(signal);
	if (options.blockImages || !(options.modelAcceptsImages?.() ?? true)) {
		const size = readImageSize(data, mimeType);
		const text = messages.image(p, mimeType, size.width, size.height);
		const content: TextContent[] = options.blockImages
			? [
					{ type: "text", text },
					{ type: "text", text: messages.imagesBlocked },
				]
			: [{ type: "text", text: text + messages.cannotView }];
		return { content, details: { filePath: absolute, mimeType, ...size, bytes: data.length } };
	}
	const prepared =
		options.autoResizeImages === false
			? { data, mimeType, ...readImageSize(data, mimeType), resizedFrom: undefined }
			: await downscaleImage(data, mimeType);
	throwIfAborted(signal);
	if (prepared.data.length > MAX_IMAGE_BYTES) throw new ToolError(messages.tooLarge(p, prepared.data.length));
	let text = messages.image(p, prepared.mimeType, prepared.width, prepared.height);
	if (prepared.resizedFrom) {
		text += messages.resized(prepared.resizedFrom.width, prepared.resizedFrom.height, prepared.width, prepared.height);
	}
	const details: ReadImageDetails = {
		filePath: absolute,
		mimeType: prepared.mimeType,
		width: prepared.width,
		height: prepared.height,
		bytes: prepared.data.length,
	};
	if (prepared.resizedFrom) details.resizedFrom = prepared.resizedFrom;
	const content: (TextContent | ImageContent)[] = [
		{ type: "text", text },
		{ type: "image", data: prepared.data.toString("base64"), mimeType: prepared.mimeType },
	];
	return { content, details };
}

/** Creates the `read` tool for a session working directory. */
export function createReadTool(
	cwd: string,
	options: ReadToolOptions = {},
): AgentTool<typeof readSchema, ReadToolDetails> {
	const maxLines = options.maxLines ?? DEFAULT_READ_MAX_LINES;
	const maxBytes = options.maxBytes ?? DEFAULT_READ_MAX_BYTES;
	return {
		name: "read",
		label: "Read",
		description: DESCRIPTION,
		parameters: readSchema,
		prepareArguments: prepareReadArguments,
		async execute(_toolCallId, params, signal): Promise<AgentToolResult<ReadToolDetails>> {
			throwIfAborted(signal);
			const absolute = resolveToolPath(cwd, params.file_path);
			const p = displayPath(cwd, absolute);
			// Image and line-window helpers load on the first read, not when the tool is created at start-up.
			const [{ sniffImageType }, { readLineWindow }] = await Promise.all([
				import("./image.js"),
				import("./read-window.js"),
			]);
			const head = await readHead(absolute, p);
			throwIfAborted(signal);
			const imageType = sniffImageType(head);
			if (imageType) return readImage(absolute, p, imageType, options, signal);
			if (head.includes(0)) throw new ToolError(messages.binary(p));

			const offset = params.offset ?? 1;
			const window = await readLineWindow(absolute, { offset, limit: params.limit, maxLines, maxBytes, signal });
			const total = window.totalLines;
			if (total === 0 && offset === 1) {
				return {
					content: [{ type: "text", text: messages.empty }],
					details: { filePath: absolute, totalLines: 0, linesRead: 0, offset: 1, truncated: false },
				};
			}
			if (offset > total) throw new ToolError(messages.pastEnd(offset, p, total));
			const last = offset + window.lines.length - 1;
			let text = window.lines.join("\n");
			if (window.stop && last < total) {
				text += `\n\n${messages.notice(window.stop, offset, last, total, maxLines, maxBytes)}`;
			}
			const truncated = last < total && (window.stop === "size" || window.stop === "lines");
			return {
				content: [{ type: "text", text }],
				details: { filePath: absolute, totalLines: total, linesRead: window.lines.length, offset, truncated },
			};
		},
	};
}

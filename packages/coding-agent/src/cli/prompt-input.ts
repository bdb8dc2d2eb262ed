/**
 * Builds the ordered prompt list of print and JSON mode (json-mode.md §1, §4) from `@file` arguments, piped stdin
 * and message arguments.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { ImageContent } from "@pi/ai";
import { CliError, cliMessages } from "./errors.js";

/** One prompt to submit: text plus the images attached to it. */
export interface PromptInput {
	text: string;
	images?: ImageContent[];
}

/** What `@file` arguments contribute to the first prompt. */
export interface FileAttachments {
	/** `<file name="...">` blocks, in argument order. */
	text: string;
	images: ImageContent[];
}

/**
 * Reads `@file` arguments: text files are inlined as `<file name="<absolute path>">`, images (recognised by their
 * first bytes) are attached with an empty `<file>` marker, empty files are skipped. A missing file is an error.
 */
export async function readFileArguments(
	paths: readonly string[],
	cwd: string,
	options: { autoResizeImages?: boolean } = {},
): Promise<FileAttachments> {
	let text = "";
	const images: ImageContent[] = [];
	for (const path of paths) {
		const absolute = resolve(cwd, path);
		let data: Buffer;
		try {
			data = await readFile(absolute);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === "ENOENT" || code === "ENOTDIR") throw new CliError(cliMessages.fileNotFound(absolute));
			throw new CliError(`Cannot read ${absolute}: ${(error as Error).message}`);
		}
		if (data.length === 0) continue;
		const { downscaleImage, sniffImageType } = await import("../tools/image.js");
		const mimeType = sniffImageType(data.subarray(0, 16));
		if (mimeType) {
			const prepared = options.autoResizeImages === false ? { data, mimeType } : await downscaleImage(data, mimeType);
			images.push({ type: "image", data: prepared.data.toString("base64"), mimeType: prepared.mimeType });
			text += `<file name="${absolute}"></file>\n`;
		} else {
			text += `<file name="${absolute}">\n${data.toString("utf8")}\n</file>\n`;
		}
	}
	return { text, images };
}

/**
 * Reads piped stdin to EOF (json-mode.md §4). Returns undefined for a terminal and for empty or whitespace-only
 * input; trailing CR/LF characters are removed.
 */
export async function readPipedStdin(stdin: NodeJS.ReadStream = process.stdin): Promise<string | undefined> {
	if (stdin.isTTY) return undefined;
	const chunks: Buffer[] = [];
	for await (const chunk of stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
	const text = Buffer.concat(chunks)
		.toString("utf8")
		.replace(/[\r\n]+$/, "");
	return text.trim() === "" ? undefined : text;
}

/**
 * The ordered prompt list: the first prompt is the file blocks, then stdin text, then the first message (stdin and
 * message separated by a blank line), with the file images; every further message is its own prompt. Throws the
 * usage error when there is nothing to send.
 */
export function assemblePrompts(
	files: FileAttachments,
	stdinText: string | undefined,
	messages: readonly string[],
): PromptInput[] {
	const [firstMessage, ...rest] = messages;
	const body = [stdinText, firstMessage].filter((part): part is string => part !== undefined).join("\n\n");
	const firstText = files.text + body;
	if (firstText === "" && files.images.length === 0) {
		if (rest.length === 0) throw new CliError(cliMessages.noPrompt, 2);
	}
	const prompts: PromptInput[] = [];
	if (firstText !== "" || files.images.length > 0) {
		prompts.push(files.images.length > 0 ? { text: firstText, images: files.images } : { text: firstText });
	}
	for (const message of rest) prompts.push({ text: message });
	return prompts;
}

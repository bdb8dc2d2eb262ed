/**
 * Listing sessions (§9). Built for directories with thousands of files: each file is streamed once, and only the
 * lines listing needs are parsed (the header, user/assistant messages, `session_info`); tool results, which make
 * up most of a long session's bytes, are counted from a cheap prefix match without parsing.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { basename, join } from "node:path";
import { userMessageText } from "./branching.js";
import { isoToMs, parseLine, parseSessionFileName } from "./format.js";
import { readLines } from "./lines.js";
import { sessionMessages } from "./messages.js";
import type { SessionInfo } from "./types.js";

/** Files up to this size are read in one call; larger ones are streamed. */
const WHOLE_FILE_LIMIT = 4 << 20;
/** Files scanned at once. */
const CONCURRENCY = 16;

/**
 * A `message` entry as pi writes it: common fields first, then the message with its role first. Matching this
 * prefix gives the role without parsing the rest of the line.
 */
const MESSAGE_PREFIX =
	/^\{"type":"message","id":"[^"\\]*","parentId":(?:null|"[^"\\]*"),"timestamp":"[^"\\]*","message":\{"role":"(\w+)"/;

/** The message's own timestamp when it is the message's last key, as pi writes it: `..."timestamp":123}}`. */
const TRAILING_MESSAGE_TIMESTAMP = /,"timestamp":(\d+)\}\}$/;

type Line = { text: string; terminated: boolean };

async function* fileLines(path: string, size: number): AsyncGenerator<Line> {
	if (size > WHOLE_FILE_LIMIT) {
		for await (const line of readLines(path)) yield line;
		return;
	}
	const text = await readFile(path, "utf8");
	let start = 0;
	for (let nl = text.indexOf("\n"); nl >= 0; nl = text.indexOf("\n", start)) {
		yield { text: text.slice(start, nl), terminated: true };
		start = nl + 1;
	}
	if (start < text.length) yield { text: text.slice(start), terminated: false };
}

/** Accumulates what listing needs from one file. */
class SessionSummary {
	header: Record<string, unknown> | undefined;
	valid = false;
	name: string | undefined;
	messageCount = 0;
	firstMessage: string | undefined;
	latestMessageMs = -1;

	addMessage(entry: Record<string, unknown>): void {
		this.messageCount++;
		const message = entry.message as Record<string, unknown> | undefined;
		if (!message || (message.role !== "user" && message.role !== "assistant")) return;
		const ms = typeof message.timestamp === "number" ? message.timestamp : isoToMs(String(entry.timestamp ?? ""));
		if (ms > this.latestMessageMs) this.latestMessageMs = ms;
		if (message.role === "user" && this.firstMessage === undefined) {
			this.firstMessage = userMessageText(message as never);
		}
	}

	addObject(object: Record<string, unknown>): void {
		if (typeof object.type !== "string") return;
		this.valid = true;
		if (object.type === "session") {
			this.header ??= object;
		} else if (object.type === "message") {
			this.addMessage(object);
		} else if (object.type === "session_info" && typeof object.name === "string" && object.name.trim() !== "") {
			this.name = object.name.trim();
		}
	}
}

/** Reads one file's listing data; `undefined` when the file is not a loadable session. */
export async function readSessionInfo(path: string): Promise<SessionInfo | undefined> {
	let size: number;
	let mtime: Date;
	try {
		const stats = await stat(path);
		if (!stats.isFile()) return undefined;
		size = stats.size;
		mtime = stats.mtime;
	} catch {
		return undefined;
	}
	const summary = new SessionSummary();
	try {
		for await (const line of fileLines(path, size)) {
			const text = line.text.endsWith("\r") ? line.text.slice(0, -1) : line.text;
			const prefix = line.terminated && text.endsWith("}") ? MESSAGE_PREFIX.exec(text) : null;
			if (prefix) {
				const role = prefix[1];
				const trailing = role === "user" || role === "assistant" ? TRAILING_MESSAGE_TIMESTAMP.exec(text) : null;
				const needsParse =
					(role === "user" && summary.firstMessage === undefined) ||
					(trailing === null && (role === "user" || role === "assistant"));
				if (!needsParse) {
					// Counted without parsing; user/assistant lines only contribute their trailing timestamp.
					summary.messageCount++;
					summary.valid = true;
					if (trailing) summary.latestMessageMs = Math.max(summary.latestMessageMs, Number(trailing[1]));
					continue;
				}
			}
			const interesting =
				prefix !== null ||
				!summary.valid ||
				summary.header === undefined ||
				text.includes('"message"') ||
				text.includes('"session_info"');
			if (!interesting) continue;
			const object = parseLine(text);
			if (object) summary.addObject(object);
		}
	} catch {
		return undefined;
	}
	if (!summary.valid) return undefined;
	return toSessionInfo(path, summary, mtime);
}

function toSessionInfo(path: string, summary: SessionSummary, mtime: Date): SessionInfo {
	const header = summary.header ?? {};
	const fromName = parseSessionFileName(basename(path));
	const headerTimestamp = typeof header.timestamp === "string" ? header.timestamp : fromName.timestamp;
	const created = headerTimestamp && isoToMs(headerTimestamp) > 0 ? new Date(headerTimestamp) : mtime;
	const modified = summary.latestMessageMs > 0 ? new Date(summary.latestMessageMs) : created;
	const info: SessionInfo = {
		path,
		id: typeof header.id === "string" ? header.id : (fromName.id ?? ""),
		// A header-less file gets the current directory, as a reconstructed header would (R3.3).
		cwd: typeof header.cwd === "string" ? header.cwd : process.cwd(),
		created,
		modified,
		messageCount: summary.messageCount,
		firstMessage: summary.firstMessage ?? sessionMessages.noMessages,
	};
	if (summary.name !== undefined) info.name = summary.name;
	if (typeof header.parentSession === "string") info.parentSessionPath = header.parentSession;
	return info;
}

/** Runs `task` over `items` with at most `limit` in flight, keeping the order of results. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
	const results = new Array<R>(items.length);
	let next = 0;
	const worker = async () => {
		while (next < items.length) {
			const index = next++;
			results[index] = await task(items[index]);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
	return results;
}

/** The `*.jsonl` files directly in `dir` (absolute paths); empty when the directory does not exist. */
export async function listSessionFiles(dir: string): Promise<string[]> {
	try {
		const dirents = await readdir(dir, { withFileTypes: true });
		return dirents.filter((d) => d.isFile() && d.name.endsWith(".jsonl")).map((d) => join(dir, d.name));
	} catch {
		return [];
	}
}

function sortByModified(infos: (SessionInfo | undefined)[]): SessionInfo[] {
	return infos
		.filter((info): info is SessionInfo => info !== undefined)
		.sort((a, b) => b.modified.getTime() - a.modified.getTime());
}

/** Every loadable session directly in `dir`, newest `modified` first. */
export async function listSessions(dir: string): Promise<SessionInfo[]> {
	const files = await listSessionFiles(dir);
	return sortByModified(await mapLimited(files, CONCURRENCY, readSessionInfo));
}

/** Every loadable session in every project directory under the sessions root, newest `modified` first. */
export async function listAllSessions(sessionsRoot: string): Promise<SessionInfo[]> {
	let dirs: string[] = [];
	try {
		const dirents = await readdir(sessionsRoot, { withFileTypes: true });
		dirs = dirents.filter((d) => d.isDirectory()).map((d) => join(sessionsRoot, d.name));
	} catch {
		return [];
	}
	const files = (await Promise.all(dirs.map(listSessionFiles))).flat();
	return sortByModified(await mapLimited(files, CONCURRENCY, readSessionInfo));
}

/**
 * Line-level format helpers: ids, timestamps, serialisation with redaction, file names and the cwd encoding
 * of session directories (session-format.md §1–§4).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { join } from "node:path";
import { stringifyTotal } from "../total-json.js";
import { sessionMessages } from "./messages.js";
import type { SessionHeader } from "./types.js";

/** After this many collisions a new id falls back to a full UUID (§4). */
const MAX_ID_ATTEMPTS = 100;

/** Secret values shorter than this are ignored by redaction (R6): they would match ordinary text. */
export const MIN_SECRET_LENGTH = 8;

/** A new entry id: 8 random lowercase hex characters not in `taken`, or a UUID after 100 collisions. */
export function generateEntryId(taken: { has(id: string): boolean }): string {
	for (let attempt = 0; attempt < MAX_ID_ATTEMPTS; attempt++) {
		const id = randomBytes(4).toString("hex");
		if (!taken.has(id)) return id;
	}
	return randomUUID();
}

/** A UUID version 7 (RFC 9562): 48-bit millisecond timestamp, then random bits. Sorts by creation time. */
export function uuidv7(now: number = Date.now()): string {
	const bytes = randomBytes(16);
	let ms = BigInt(now);
	for (let i = 5; i >= 0; i--) {
		bytes[i] = Number(ms & 0xffn);
		ms >>= 8n;
	}
	bytes[6] = (bytes[6] & 0x0f) | 0x70;
	bytes[8] = (bytes[8] & 0x3f) | 0x80;
	const hex = bytes.toString("hex");
	return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The entry timestamp format: ISO-8601 UTC with milliseconds. */
export function isoNow(): string {
	return new Date().toISOString();
}

/**
 * Replaces secret values in strings. Built once per secret set; `redact` is the identity when there are none.
 */
export class SecretRedactor {
	private readonly secrets: string[];

	constructor(values: readonly string[] = []) {
		// Longest first, so a secret containing another is replaced whole.
		this.secrets = [...new Set(values.filter((v) => typeof v === "string" && v.length >= MIN_SECRET_LENGTH))].sort(
			(a, b) => b.length - a.length,
		);
	}

	get isEmpty(): boolean {
		return this.secrets.length === 0;
	}

	redact(text: string): string {
		let out = text;
		for (const secret of this.secrets) {
			if (out.includes(secret)) out = out.split(secret).join(sessionMessages.redacted);
		}
		return out;
	}
}

/**
 * Serialises a header or entry as one compact JSON line with its `\n`. String values are redacted on the way
 * out, so the in-memory object is never changed (R6).
 */
export function serializeLine(value: object, redactor?: SecretRedactor): string {
	// Total: an entry that cannot be written (a BigInt in an extension's details) would leave its children with a
	// parentId that is not in the file.
	if (!redactor || redactor.isEmpty) return `${stringifyTotal(value)}\n`;
	return `${stringifyTotal(value, (_key, v) => (typeof v === "string" ? redactor.redact(v) : v))}\n`;
}

/** Parses one line; `undefined` unless it is a JSON object. One trailing `\r` is ignored (§2). */
export function parseLine(line: string): Record<string, unknown> | undefined {
	const text = line.endsWith("\r") ? line.slice(0, -1) : line;
	if (text.trim() === "") return undefined;
	try {
		const value: unknown = JSON.parse(text);
		return value !== null && typeof value === "object" && !Array.isArray(value)
			? (value as Record<string, unknown>)
			: undefined;
	} catch {
		return undefined;
	}
}

/** `<agentDir>/sessions` (§1). */
export function getSessionsRoot(agentDir: string): string {
	return join(agentDir, "sessions");
}

/**
 * The directory name part of a working directory (§1): one leading `/` or `\` removed, every `/`, `\` and `:`
 * replaced by `-`, wrapped in `--`.
 */
export function encodeCwd(cwd: string): string {
	return `--${cwd.replace(/^[/\\]/, "").replace(/[/\\:]/g, "-")}--`;
}

/** `<agentDir>/sessions/--<encoded cwd>--` (§1). */
export function getProjectSessionDir(agentDir: string, cwd: string): string {
	return join(getSessionsRoot(agentDir), encodeCwd(cwd));
}

/** `<stamp>_<sessionId>.jsonl` with every `:` and `.` of the header timestamp replaced by `-` (§1). */
export function sessionFileName(header: Pick<SessionHeader, "id" | "timestamp">): string {
	return `${header.timestamp.replace(/[:.]/g, "-")}_${header.id}.jsonl`;
}

/**
 * Recovers what a file name says about its session: the id after the first `_` and the creation time from the
 * stamp (used to reconstruct a missing header, R3.3).
 */
export function parseSessionFileName(fileName: string): { id?: string; timestamp?: string } {
	const base = fileName.endsWith(".jsonl") ? fileName.slice(0, -".jsonl".length) : fileName;
	const underscore = base.indexOf("_");
	if (underscore < 0) return {};
	const id = base.slice(underscore + 1) || undefined;
	const stamp = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/.exec(base.slice(0, underscore));
	const timestamp = stamp ? `${stamp[1]}T${stamp[2]}:${stamp[3]}:${stamp[4]}.${stamp[5]}Z` : undefined;
	return { id, timestamp };
}

/** Epoch milliseconds of an ISO timestamp, or 0 when it does not parse. */
export function isoToMs(iso: string): number {
	const ms = Date.parse(iso);
	return Number.isNaN(ms) ? 0 : ms;
}

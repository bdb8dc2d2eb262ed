/**
 * Tolerant loading of a session file (R3) with migration of older versions (§8).
 */
import { statSync } from "node:fs";
import { basename } from "node:path";
import { isoNow, parseLine, parseSessionFileName, uuidv7 } from "./format.js";
import { type FileLine, type ReadStats, readLinesSync } from "./lines.js";
import { SessionError, sessionMessages } from "./messages.js";
import { migrateV1ToV2, migrateV2ToV3, rewriteMigratedFile } from "./migrate.js";
import { CURRENT_SESSION_VERSION, type SessionEntry, type SessionHeader } from "./types.js";

type RawObject = Record<string, unknown>;

export interface LoadOptions {
	/** Working directory used when the header has to be reconstructed. */
	cwd: string;
	onWarning?: (message: string) => void;
	/** Rewrite v1/v2 files on disk (default true). Listing and dry reads pass false. */
	rewriteMigrated?: boolean;
}

/** A loaded session file. */
export interface LoadedSession {
	/** Header in version 3 form. */
	header: SessionHeader;
	/** Valid entries in file order. */
	entries: SessionEntry[];
	/** True for a zero-length or whitespace-only file: it becomes the file of a new session (R3.6). */
	empty: boolean;
	/** The file has no session header; one was reconstructed in memory. */
	headerReconstructed: boolean;
	/** The file's last byte is not `\n`: the next append must start with one. */
	missingFinalNewline: boolean;
	/** Version found on disk before migration. */
	originalVersion: number;
}

/** Builds a header with pi's key order; unknown fields are kept after the known ones. */
export function normalizeHeader(raw: RawObject, version: number): SessionHeader {
	const { type: _type, version: _version, id, timestamp, cwd, parentSession, ...extra } = raw;
	const header: SessionHeader = {
		type: "session",
		version,
		id: String(id ?? ""),
		timestamp: String(timestamp ?? ""),
		cwd: String(cwd ?? ""),
	};
	if (typeof parentSession === "string") header.parentSession = parentSession;
	return Object.assign(header, extra);
}

function reconstructHeader(path: string, cwd: string, version: number): SessionHeader {
	const fromName = parseSessionFileName(basename(path));
	let timestamp = fromName.timestamp;
	if (!timestamp) {
		try {
			timestamp = statSync(path).mtime.toISOString();
		} catch {
			timestamp = isoNow();
		}
	}
	return { type: "session", version, id: fromName.id ?? uuidv7(), timestamp, cwd };
}

/**
 * Validates ids and parents of v2/v3 entries (R3.4, R3.5): entries without a string id or with a repeated id are
 * dropped; a parent that does not exist is replaced by the nearest preceding valid entry; parent cycles are
 * broken by making the entry a root.
 */
function validateEntries(
	raw: { object: RawObject; line: number }[],
	path: string,
	warn: (message: string) => void,
): SessionEntry[] {
	const entries: RawObject[] = [];
	const ids = new Set<string>();
	for (const { object, line } of raw) {
		const id = object.id;
		if (typeof id !== "string" || id === "") {
			warn(sessionMessages.entryWithoutId(line, path));
			continue;
		}
		if (ids.has(id)) {
			warn(sessionMessages.duplicateId(id, line, path));
			continue;
		}
		ids.add(id);
		entries.push(object);
	}
	for (let i = 0; i < entries.length; i++) {
		const entry = entries[i];
		const parentId = entry.parentId;
		if (parentId === null) continue;
		if (typeof parentId === "string" && ids.has(parentId)) continue;
		const attachedTo = i > 0 ? (entries[i - 1].id as string) : null;
		if (parentId !== undefined)
			warn(sessionMessages.danglingParent(entry.id as string, String(parentId), path, attachedTo));
		entries[i] = { ...entry, parentId: attachedTo };
	}
	breakParentCycles(entries, path, warn);
	return entries as unknown as SessionEntry[];
}

/** Forward parent references could form a loop, which would make path walks endless. */
function breakParentCycles(entries: RawObject[], path: string, warn: (message: string) => void): void {
	const parentOf = new Map<string, string | null>();
	for (const entry of entries) parentOf.set(entry.id as string, entry.parentId as string | null);
	const safe = new Set<string>();
	for (let i = 0; i < entries.length; i++) {
		const id = entries[i].id as string;
		const seen = new Set<string>();
		let current: string | null | undefined = id;
		while (current != null && !safe.has(current)) {
			if (seen.has(current)) break;
			seen.add(current);
			current = parentOf.get(current);
		}
		if (current != null && !safe.has(current)) {
			warn(sessionMessages.parentCycle(id, path));
			entries[i] = { ...entries[i], parentId: null };
			parentOf.set(id, null);
			// Re-walk so that the members of the (now broken) chain are marked safe.
			i--;
			continue;
		}
		for (const member of seen) safe.add(member);
	}
}

/**
 * Loads a session file. Throws {@link SessionError} `Not a pi session file: <path>` when no line is valid (an
 * empty file is returned with `empty: true` instead), `Cannot read session file <path>: <code>` when the path cannot
 * be read (a directory, no permission). A v1/v2 file is migrated and, unless disabled, rewritten
 * atomically with a backup.
 */
export function loadSessionFile(path: string, options: LoadOptions): LoadedSession {
	const warnings: string[] = [];
	const warn = (message: string) => warnings.push(message);
	const stats: ReadStats = { bytes: 0, missingFinalNewline: false };
	const objects: RawObject[] = [];
	const lineOf: number[] = [];
	let headerIndex = -1;
	let sawContent = false;

	const onLine = (line: FileLine) => {
		const object = parseLine(line.text);
		const blank = line.text.trim() === "";
		if (!blank) sawContent = true;
		if (!object || typeof object.type !== "string") {
			warn(sessionMessages.malformedLine(line.number, path));
			return;
		}
		if (object.type === "session") {
			if (headerIndex < 0) {
				headerIndex = objects.length;
				objects.push(object);
				lineOf.push(line.number);
			} else {
				warn(sessionMessages.malformedLine(line.number, path));
			}
			return;
		}
		objects.push(object);
		lineOf.push(line.number);
	};
	try {
		for (const line of readLinesSync(path, stats)) onLine(line);
	} catch (error) {
		// A directory or a file without read permission: name the path (the system error alone does not).
		const code = (error as NodeJS.ErrnoException).code;
		if (typeof code !== "string") throw error;
		throw new SessionError(sessionMessages.unreadable(path, code));
	}

	if (!sawContent) {
		return {
			header: reconstructHeader(path, options.cwd, CURRENT_SESSION_VERSION),
			entries: [],
			empty: true,
			headerReconstructed: true,
			missingFinalNewline: stats.missingFinalNewline,
			originalVersion: CURRENT_SESSION_VERSION,
		};
	}
	if (objects.length === 0) throw new SessionError(sessionMessages.notASession(path));

	const rawHeader = headerIndex >= 0 ? objects[headerIndex] : undefined;
	const anyEntryHasId = objects.some((o, i) => i !== headerIndex && typeof o.id === "string");
	let version: number;
	if (rawHeader) version = typeof rawHeader.version === "number" ? rawHeader.version : 1;
	else version = anyEntryHasId ? CURRENT_SESSION_VERSION : 1;
	const header = rawHeader
		? normalizeHeader(rawHeader, CURRENT_SESSION_VERSION)
		: reconstructHeader(path, options.cwd, CURRENT_SESSION_VERSION);
	if (!rawHeader) warn(sessionMessages.missingHeader(path));

	let raw: { object: RawObject; line: number }[];
	if (version < 2) {
		// v1 entries carry no ids; the line numbers of the migrated entries are those of the originals.
		const migrated = migrateV1ToV2(objects, headerIndex);
		const lines = lineOf.filter((_, i) => i !== headerIndex);
		raw = migrated.map((object, i) => ({ object, line: lines[i] }));
	} else {
		raw = objects.flatMap((object, i) => (i === headerIndex ? [] : [{ object, line: lineOf[i] }]));
	}
	if (version < 3) {
		const migrated = migrateV2ToV3(raw.map((r) => r.object));
		raw = raw.map((r, i) => ({ object: migrated[i], line: r.line }));
	}
	const entries = validateEntries(raw, path, warn);

	let missingFinalNewline = stats.missingFinalNewline;
	if (version < CURRENT_SESSION_VERSION && options.rewriteMigrated !== false) {
		try {
			const backup = rewriteMigratedFile(path, header, entries, version);
			warn(sessionMessages.migrated(path, version, backup));
			missingFinalNewline = false;
		} catch (error) {
			warn(sessionMessages.migrationWriteFailed(path, (error as Error).message));
		}
	}
	for (const message of warnings) options.onWarning?.(message);
	return {
		header,
		entries,
		empty: false,
		headerReconstructed: !rawHeader,
		missingFinalNewline,
		originalVersion: version,
	};
}

/** Reading and atomically writing the small JSON files pi owns (settings.json, auth.json). */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { FileLockError, withFileLockSync } from "./file-lock.js";
import { isPlainObject } from "./json-path.js";

/** Result of reading a JSON file: missing, parsed, or present but unparseable. */
export type JsonFileRead =
	| { status: "missing" }
	| { status: "ok"; value: unknown }
	| { status: "invalid"; error: string };

/** Reads and parses a JSON file without ever creating anything. */
export function readJsonFile(file: string): JsonFileRead {
	let text: string;
	try {
		text = readFileSync(file, "utf8");
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "ENOENT") return { status: "missing" };
		return { status: "invalid", error: (error as Error).message };
	}
	try {
		return { status: "ok", value: JSON.parse(text) };
	} catch (error) {
		return { status: "invalid", error: (error as Error).message };
	}
}

let tempCounter = 0;

/**
 * Writes `value` as 2-space JSON plus `\n` to a temporary file next to `file`, then renames it over `file`, so a
 * reader never sees a half-written file.
 */
function writeJsonAtomic(file: string, value: unknown, options: { mode?: number } = {}): void {
	const temp = `${file}.${process.pid}.${Date.now()}.${tempCounter++}.tmp`;
	try {
		writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`, { mode: options.mode ?? 0o644 });
		if (options.mode !== undefined) chmodSync(temp, options.mode);
		renameSync(temp, file);
	} catch (error) {
		rmSync(temp, { force: true });
		throw error;
	}
}

/** Outcome of {@link updateJsonObjectFile}. */
export type JsonObjectUpdate =
	| { status: "saved"; value: Record<string, unknown> }
	/** The file on disk is not a JSON object; it was left as it is. */
	| { status: "invalid"; reason: string }
	/** The lock could not be taken or the file not written; `message` is the user-facing warning. */
	| { status: "failed"; message: string };

/**
 * Read-modify-write of a JSON object file that other pi processes change too (config.md §12): creates its directory
 * (mode 0700, like the agent dir), then under the file lock (unless `lockHeld`) re-reads it (missing = `{}`), lets `update` change the
 * object and writes it atomically with `mode`. Never throws.
 */
export function updateJsonObjectFile(
	file: string,
	update: (value: Record<string, unknown>) => void,
	options: { mode?: number; lockHeld?: boolean; staleLockMs?: number } = {},
): JsonObjectUpdate {
	try {
		mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
		// `lockHeld`: this process already holds the file's (async) lock, so taking it again would wait on itself.
		const locked = options.lockHeld
			? <T>(_: string, fn: () => T) => fn()
			: <T>(path: string, fn: () => T) => withFileLockSync(path, fn, options.staleLockMs);
		return locked(file, (): JsonObjectUpdate => {
			const read = readJsonFile(file);
			if (read.status === "invalid") return { status: "invalid", reason: read.error };
			const value = read.status === "ok" ? read.value : {};
			if (!isPlainObject(value)) return { status: "invalid", reason: "not a JSON object" };
			update(value);
			writeJsonAtomic(file, value, options);
			return { status: "saved", value };
		});
	} catch (error) {
		const message =
			error instanceof FileLockError ? error.message : `Could not save ${file}: ${(error as Error).message}`;
		return { status: "failed", message };
	}
}

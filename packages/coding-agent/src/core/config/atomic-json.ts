/** Reading and atomically writing the small JSON files pi owns (settings.json, auth.json). */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";

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

/** Creates a directory (and parents) with the given mode when missing. */
export function ensureDir(dir: string, mode = 0o700): void {
	mkdirSync(dir, { recursive: true, mode });
}

let tempCounter = 0;

/**
 * Writes `value` as 2-space JSON plus `\n` to a temporary file next to `file`, then renames it over `file`, so a
 * reader never sees a half-written file.
 */
export function writeJsonAtomic(file: string, value: unknown, options: { mode?: number } = {}): void {
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

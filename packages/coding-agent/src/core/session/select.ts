/**
 * Choosing a session file (§9): `--continue` and the `--session` / `--fork` argument lookup.
 */
import { readdir, stat } from "node:fs/promises";
import { basename, isAbsolute, join, resolve } from "node:path";
import { parseLine, parseSessionFileName } from "./format.js";
import { readLines } from "./lines.js";
import { listSessionFiles } from "./list.js";
import { SessionError, sessionMessages } from "./messages.js";

/** Header id and cwd of a loadable file (reconstructed from the file name when it has no header). */
export interface SessionFileHeader {
	path: string;
	id: string;
	cwd: string | undefined;
}

/** Reads lines until the header; `undefined` when the file has no valid line (not loadable, R3.6). */
export async function readSessionHeader(path: string): Promise<SessionFileHeader | undefined> {
	let valid = false;
	try {
		for await (const line of readLines(path)) {
			const object = parseLine(line.text);
			if (!object || typeof object.type !== "string") continue;
			valid = true;
			if (object.type === "session") {
				return { path, id: String(object.id ?? ""), cwd: typeof object.cwd === "string" ? object.cwd : undefined };
			}
		}
	} catch {
		return undefined;
	}
	if (!valid) return undefined;
	return { path, id: parseSessionFileName(basename(path)).id ?? "", cwd: undefined };
}

/**
 * `--continue`: the loadable `*.jsonl` file in `dir` with the newest file mtime (ties: greater file name), or
 * `undefined`.
 */
export async function findMostRecentSession(dir: string): Promise<string | undefined> {
	const files = await listSessionFiles(dir);
	const stamped = await Promise.all(
		files.map(async (path) => {
			try {
				return { path, mtime: (await stat(path)).mtimeMs };
			} catch {
				return undefined;
			}
		}),
	);
	const ordered = stamped
		.filter((f): f is { path: string; mtime: number } => f !== undefined)
		.sort((a, b) => b.mtime - a.mtime || (a.path < b.path ? 1 : a.path > b.path ? -1 : 0));
	for (const file of ordered) {
		if (await readSessionHeader(file.path)) return file.path;
	}
	return undefined;
}

/** Outcome of resolving a `--session` / `--fork` argument. */
export type SessionArgumentMatch =
	/** The argument is a path (relative to cwd). `exists` tells whether the file is there. */
	| { kind: "path"; path: string; exists: boolean }
	/** An id prefix matched exactly one session. `otherProject` is set when it was found outside the current scope. */
	| { kind: "id"; path: string; id: string; cwd: string | undefined; otherProject: boolean };

/** True when `--session <arg>` names a path rather than an id prefix. */
export function isSessionPathArgument(arg: string): boolean {
	return arg.includes("/") || arg.includes("\\") || arg.endsWith(".jsonl");
}

async function matchIdPrefix(files: string[], prefix: string): Promise<SessionFileHeader[]> {
	const lower = prefix.toLowerCase();
	const headers = await Promise.all(files.map(readSessionHeader));
	return headers.filter((h): h is SessionFileHeader => h?.id.toLowerCase().startsWith(lower) === true);
}

/**
 * Resolves `--session <arg>` / `--fork <arg>` (§9): a path, or an id prefix searched first in `projectDir` (the
 * current project's dir or the custom dir), then in every project under `sessionsRoot`. Throws
 * {@link SessionError} `No session found matching '<arg>'` or `Session id prefix '<arg>' is ambiguous: <n>
 * sessions match`. For a match in another project the caller asks ({@link sessionMessages}.forkPrompt) or fails
 * with {@link sessionMessages}.otherProject.
 */
export async function resolveSessionArgument(
	arg: string,
	scope: { cwd: string; projectDir: string; sessionsRoot: string },
): Promise<SessionArgumentMatch> {
	if (isSessionPathArgument(arg)) {
		const path = isAbsolute(arg) ? arg : resolve(scope.cwd, arg);
		try {
			return { kind: "path", path, exists: (await stat(path)).isFile() };
		} catch {
			return { kind: "path", path, exists: false };
		}
	}
	const local = await matchIdPrefix(await listSessionFiles(scope.projectDir), arg);
	if (local.length > 1) throw new SessionError(sessionMessages.ambiguous(arg, local.length));
	if (local.length === 1) {
		return { kind: "id", path: local[0].path, id: local[0].id, cwd: local[0].cwd, otherProject: false };
	}
	let dirs: string[] = [];
	try {
		const dirents = await readdir(scope.sessionsRoot, { withFileTypes: true });
		dirs = dirents.filter((d) => d.isDirectory()).map((d) => join(scope.sessionsRoot, d.name));
	} catch {
		// No sessions root yet: nothing to match.
	}
	const files = (await Promise.all(dirs.map(listSessionFiles))).flat();
	const all = await matchIdPrefix(files, arg);
	if (all.length === 0) throw new SessionError(sessionMessages.noMatch(arg));
	if (all.length > 1) throw new SessionError(sessionMessages.ambiguous(arg, all.length));
	return { kind: "id", path: all[0].path, id: all[0].id, cwd: all[0].cwd, otherProject: true };
}

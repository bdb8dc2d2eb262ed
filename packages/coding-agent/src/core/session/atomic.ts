/**
 * Atomic whole-file rewrites (R4): write `<file>.tmp`, fsync, then rename over the file, so a crash leaves
 * either the old file or the complete new one.
 */
import { closeSync, copyFileSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/** Lines are written in batches of about this many characters (one huge string could exceed the limit). */
const BATCH_CHARS = 1 << 20;

/** Writes the whole buffer even when the OS accepts it in parts. */
export function writeAllSync(fd: number, text: string): void {
	const data = Buffer.from(text, "utf8");
	let offset = 0;
	while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset);
}

/**
 * Replaces `path` with `lines` (each already ending in `\n`). With `backupPath`, the current file is first copied
 * there. The directory is created when missing.
 */
export function writeFileAtomic(path: string, lines: Iterable<string>, backupPath?: string): void {
	mkdirSync(dirname(path), { recursive: true });
	const tmp = `${path}.tmp`;
	const fd = openSync(tmp, "w");
	try {
		let batch = "";
		for (const line of lines) {
			batch += line;
			if (batch.length >= BATCH_CHARS) {
				writeAllSync(fd, batch);
				batch = "";
			}
		}
		if (batch) writeAllSync(fd, batch);
		fsyncSync(fd);
	} catch (error) {
		closeSync(fd);
		rmSync(tmp, { force: true });
		throw error;
	}
	closeSync(fd);
	if (backupPath) copyFileSync(path, backupPath);
	renameSync(tmp, path);
}

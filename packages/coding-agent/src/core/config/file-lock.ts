/**
 * Cross-process lock for one file's read-modify-write (config.md §12): a `<file>.lock` directory made with an
 * atomic mkdir. Synchronous on purpose: the critical section is a few milliseconds of small-file I/O, and a sync
 * API lets setters stay simple and ordered.
 */
import { mkdirSync, rmdirSync, statSync } from "node:fs";

export const LOCK_RETRY_DELAY_MS = 20;
export const LOCK_MAX_RETRIES = 10;
export const LOCK_STALE_AFTER_MS = 10_000;

/** Thrown when the lock cannot be taken; the message is the user-facing warning. */
export class FileLockError extends Error {
	constructor(readonly file: string) {
		super(`Could not lock ${file}; change not saved`);
		this.name = "FileLockError";
	}
}

const sleepCell = new Int32Array(new SharedArrayBuffer(4));
function sleepSync(ms: number): void {
	Atomics.wait(sleepCell, 0, 0, ms);
}

/** Removes the lock directory when its mtime is older than the stale limit. Returns whether it was removed. */
function removeIfStale(lockDir: string, now: number): boolean {
	try {
		if (now - statSync(lockDir).mtimeMs <= LOCK_STALE_AFTER_MS) return false;
		rmdirSync(lockDir);
		return true;
	} catch {
		// Released (or removed by another process) between our mkdir and stat: just try again.
		return true;
	}
}

function tryLock(lockDir: string): boolean {
	try {
		mkdirSync(lockDir);
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
		throw error;
	}
}

/**
 * Runs `fn` while holding the lock of `file`. The file's directory must exist. Throws `FileLockError` when the
 * lock is still held after the retries; errors from `fn` propagate after the lock is released.
 */
export function withFileLockSync<T>(file: string, fn: () => T): T {
	const lockDir = `${file}.lock`;
	let acquired = tryLock(lockDir);
	for (let attempt = 0; !acquired && attempt < LOCK_MAX_RETRIES; attempt++) {
		if (!removeIfStale(lockDir, Date.now())) sleepSync(LOCK_RETRY_DELAY_MS);
		acquired = tryLock(lockDir);
	}
	if (!acquired) throw new FileLockError(file);
	try {
		return fn();
	} finally {
		try {
			rmdirSync(lockDir);
		} catch {
			// Already gone (treated as stale by someone else); nothing to release.
		}
	}
}

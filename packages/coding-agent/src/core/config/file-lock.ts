/**
 * Cross-process lock for one file's read-modify-write (config.md §12): a `<file>.lock` directory made with an
 * atomic mkdir. The sync variant is for the few milliseconds of small-file I/O of a setter; the async variant
 * (`withFileLock`) is for critical sections that wait on the network (an OAuth token refresh) and keeps the lock
 * directory's mtime fresh while held, so nobody removes it as stale. Both are compatible with the `proper-lockfile`
 * locks the original pi takes on the same files (same directory name, same mtime-based staleness).
 */
import { mkdirSync, rmdirSync, statSync } from "node:fs";
import { mkdir, rmdir, stat, utimes } from "node:fs/promises";

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

/** Removes the lock directory when its mtime is older than `staleMs`. Returns whether it was removed. */
function removeIfStale(lockDir: string, now: number, staleMs: number): boolean {
	try {
		if (now - statSync(lockDir).mtimeMs <= staleMs) return false;
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
 * lock is still held after the retries; errors from `fn` propagate after the lock is released. A lock untouched for
 * longer than `staleMs` (default {@link LOCK_STALE_AFTER_MS}) is taken over; auth.json passes the async lock's
 * longer limit, because refreshes there hold the lock for a network round trip.
 */
export function withFileLockSync<T>(file: string, fn: () => T, staleMs = LOCK_STALE_AFTER_MS): T {
	const lockDir = `${file}.lock`;
	let acquired = tryLock(lockDir);
	for (let attempt = 0; !acquired && attempt < LOCK_MAX_RETRIES; attempt++) {
		if (!removeIfStale(lockDir, Date.now(), staleMs)) sleepSync(LOCK_RETRY_DELAY_MS);
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

/** How often a held async lock touches its directory: well inside the stale limit, even on a loaded machine. */
export const LOCK_TOUCH_INTERVAL_MS = 2_000;
/**
 * When an async lock counts as stale (its directory's mtime older than this). It must be at least the original
 * pi's: its auth.json refresh holds a `proper-lockfile` lock with `stale: 30000`, which that library touches only
 * every 15 s (half the stale limit). With our sync limit of 10 s we would remove that live lock during a slow
 * refresh and refresh the same token twice. We keep touching our own locks every 2 s.
 */
export const ASYNC_LOCK_STALE_AFTER_MS = 30_000;
/** How long `withFileLock` waits for another holder by default (a refresh by another process takes seconds). */
export const LOCK_WAIT_TIMEOUT_MS = 60_000;

/** Options of {@link withFileLock}. */
export interface AsyncFileLockOptions {
	/** Give up (FileLockError) after waiting this long for another holder. Default {@link LOCK_WAIT_TIMEOUT_MS}. */
	timeoutMs?: number;
	/** Stops waiting for the lock (rejects with the signal's reason); a held lock is released as usual. */
	signal?: AbortSignal;
	/** A lock untouched for longer than this is taken over. Default {@link ASYNC_LOCK_STALE_AFTER_MS}. */
	staleMs?: number;
	/** Called once when the lock has been held by someone else for {@link LOCK_WAIT_NOTICE_MS}: say why pi waits. */
	onWait?: () => void;
}

/** How long a wait for the async lock goes unremarked (a normal refresh by another process takes less). */
export const LOCK_WAIT_NOTICE_MS = 1_000;

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(signal.reason);
		const timer = setTimeout(() => {
			signal?.removeEventListener("abort", onAbort);
			resolve();
		}, ms);
		const onAbort = () => {
			clearTimeout(timer);
			reject(signal?.reason);
		};
		signal?.addEventListener("abort", onAbort, { once: true });
	});
}

async function tryLockAsync(lockDir: string): Promise<boolean> {
	try {
		await mkdir(lockDir);
		return true;
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
		throw error;
	}
}

async function removeIfStaleAsync(lockDir: string, staleMs: number): Promise<boolean> {
	try {
		if (Date.now() - (await stat(lockDir)).mtimeMs <= staleMs) return false;
		await rmdir(lockDir);
		return true;
	} catch {
		return true;
	}
}

/**
 * Runs `fn` while holding the lock of `file`, waiting (polling, with a growing pause up to 250 ms) while another
 * process or another call holds it. The file's directory must exist. While `fn` runs the lock directory's mtime is
 * refreshed every {@link LOCK_TOUCH_INTERVAL_MS}; a holder that died stops touching it and its lock turns stale
 * after {@link ASYNC_LOCK_STALE_AFTER_MS} (the original pi's limit, so its slowly touched locks are respected).
 * Errors from `fn` propagate after the lock is released.
 */
export async function withFileLock<T>(
	file: string,
	fn: () => Promise<T>,
	options: AsyncFileLockOptions = {},
): Promise<T> {
	const lockDir = `${file}.lock`;
	const started = Date.now();
	const deadline = started + (options.timeoutMs ?? LOCK_WAIT_TIMEOUT_MS);
	let pause = LOCK_RETRY_DELAY_MS;
	let told = false;
	while (!(await tryLockAsync(lockDir))) {
		if (await removeIfStaleAsync(lockDir, options.staleMs ?? ASYNC_LOCK_STALE_AFTER_MS)) continue;
		if (Date.now() >= deadline) throw new FileLockError(file);
		if (!told && Date.now() - started >= LOCK_WAIT_NOTICE_MS) {
			told = true;
			options.onWait?.();
		}
		await delay(pause, options.signal);
		pause = Math.min(pause * 2, 250);
	}
	const touch = setInterval(() => {
		const now = new Date();
		utimes(lockDir, now, now).catch(() => {
			// Removed under us (judged stale by someone): nothing to keep fresh; the release below is a no-op.
		});
	}, LOCK_TOUCH_INTERVAL_MS);
	touch.unref();
	try {
		return await fn();
	} finally {
		clearInterval(touch);
		await rmdir(lockDir).catch(() => {});
	}
}

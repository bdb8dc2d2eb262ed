/**
 * Atomic file replacement (tools.md §1.4): the content goes to `.<name>.pi-<8 hex>.tmp` in the target's
 * directory, is fsynced, gets the original file's mode and is renamed over the target, so a crash leaves either
 * the old or the new file, never a partial one. A symbolic link's target file is replaced; the link stays.
 */
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import { basename, dirname, join } from "node:path";
import { errnoCode } from "./tool-error.js";

/**
 * Test seam: called after the temporary file is complete and before the rename. A test can throw here, or kill
 * the process, to simulate a crash at the worst moment. Never set in production code.
 * @internal
 */
export const atomicWriteHooks: { beforeRename?: (tempPath: string, targetPath: string) => void | Promise<void> } = {};

/** The file a write to `path` really changes: the final target when `path` is a symbolic link. */
export async function resolveWriteTarget(path: string): Promise<string> {
	try {
		return await fs.realpath(path);
	} catch (error) {
		if (errnoCode(error) !== "ENOENT") throw error;
	}
	// Missing file, or a dangling link: follow the link text if there is one.
	try {
		const link = await fs.readlink(path);
		return join(dirname(path), link);
	} catch {
		return path;
	}
}

/** The temporary file name used next to `target`. */
export function tempPathFor(target: string): string {
	return join(dirname(target), `.${basename(target)}.pi-${randomBytes(4).toString("hex")}.tmp`);
}

/**
 * Writes `data` to `path` atomically. `mode` (permission bits) defaults to the existing file's mode; a new file
 * gets the process default (0666 minus umask).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode?: number): Promise<void> {
	const target = await resolveWriteTarget(path);
	let targetMode = mode;
	if (targetMode === undefined) {
		try {
			targetMode = (await fs.stat(target)).mode & 0o7777;
		} catch (error) {
			if (errnoCode(error) !== "ENOENT") throw error;
		}
	}
	const tempPath = tempPathFor(target);
	const handle = await fs.open(tempPath, "wx", 0o600);
	try {
		try {
			await handle.writeFile(data);
			await handle.sync();
			if (targetMode !== undefined) await handle.chmod(targetMode);
			else {
				// New file: 0666 minus umask, as a plain create would give.
				const umask = process.umask();
				await handle.chmod(0o666 & ~umask);
			}
		} finally {
			await handle.close();
		}
		await atomicWriteHooks.beforeRename?.(tempPath, target);
		await fs.rename(tempPath, target);
	} catch (error) {
		await fs.rm(tempPath, { force: true });
		throw error;
	}
}

/**
 * Serialises `edit` and `write` calls that target the same real path (tools.md §1.4): they run one after another
 * in call order, even inside a parallel batch; calls on other files run concurrently.
 */
import { realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";

const tails = new Map<string, Promise<unknown>>();

/** The queue key of a path: its real path, or its real parent directory plus name for a file not yet created. */
export function queueKey(path: string): string {
	try {
		return realpathSync(path);
	} catch {
		try {
			return join(realpathSync(dirname(path)), basename(path));
		} catch {
			return path;
		}
	}
}

/**
 * Runs `task` after every earlier task queued for the same path has finished. The key is computed
 * synchronously, so the order of calls is the order of execution.
 */
export function runExclusive<T>(path: string, task: () => Promise<T>): Promise<T> {
	const key = queueKey(path);
	const previous = tails.get(key) ?? Promise.resolve();
	const run = previous.then(task, task);
	const tail = run.catch(() => undefined);
	tails.set(key, tail);
	void tail.then(() => {
		if (tails.get(key) === tail) tails.delete(key);
	});
	return run;
}

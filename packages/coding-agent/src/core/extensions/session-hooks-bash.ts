/**
 * `user_bash`: an extension may answer a user's `!command` itself (a full result) or run it through its own
 * operations (e.g. over SSH). Output from operations is sanitised and kept as a bounded tail like pi's own runs.
 */
import type { BashResult } from "../../tools/bash-executor.js";
import { OutputBuffer } from "../../tools/output-buffer.js";
import { OutputSanitizer } from "../../tools/sanitize.js";
import type { EventDispatcher } from "./dispatch.js";
import type { BashOperations, UserBashEventResult } from "./events.js";

/** Asks the `user_bash` handlers; `undefined` lets pi run the command itself. */
export async function interceptUserBash(
	dispatch: EventDispatcher,
	command: string,
	excludeFromContext: boolean,
	cwd: string,
): Promise<UserBashEventResult | undefined> {
	if (!dispatch.has("user_bash")) return undefined;
	return dispatch.userBash({ type: "user_bash", command, excludeFromContext, cwd });
}

/** A result an extension returned, with the fields pi relies on filled in. */
export function normaliseBashResult(result: BashResult): BashResult {
	const normalised: BashResult = {
		output: String(result.output ?? ""),
		cancelled: result.cancelled === true,
		truncated: result.truncated === true,
	};
	// The original reports a killed command as exitCode undefined; null means the same here.
	if (typeof result.exitCode === "number") normalised.exitCode = result.exitCode;
	if (result.fullOutputPath) normalised.fullOutputPath = result.fullOutputPath;
	return normalised;
}

/** Runs `command` through an extension's operations, streaming clean output to `onChunk`. */
export async function runWithOperations(
	operations: BashOperations,
	command: string,
	cwd: string,
	options: { onChunk?: (chunk: string) => void; signal: AbortSignal },
): Promise<BashResult> {
	const sanitizer = new OutputSanitizer();
	const buffer = new OutputBuffer();
	const take = (text: string) => {
		if (!text) return;
		buffer.append(text);
		options.onChunk?.(text);
	};
	let exitCode: number | null = null;
	try {
		({ exitCode } = await operations.exec(command, cwd, {
			onData: (data) => take(sanitizer.write(data)),
			signal: options.signal,
		}));
	} finally {
		take(sanitizer.end());
		buffer.close();
	}
	const tail = buffer.tail();
	const result: BashResult = { output: tail.text, cancelled: options.signal.aborted, truncated: tail.truncated };
	if (typeof exitCode === "number" && !options.signal.aborted) result.exitCode = exitCode;
	if (tail.fullOutputPath) result.fullOutputPath = tail.fullOutputPath;
	return result;
}

/**
 * The error tools throw: its message is written for the model; `details`, when set, becomes the error result's
 * details (agent-core copies an own `details` property of the thrown value).
 */
export class ToolError<TDetails = unknown> extends Error {
	readonly details?: TDetails;

	constructor(message: string, details?: TDetails) {
		super(message);
		this.name = "ToolError";
		if (details !== undefined) this.details = details;
	}
}

/** Text of the abort error every tool throws (tools.md §1.4). */
export const ABORTED_MESSAGE = "Operation aborted";

/** Throws `Operation aborted` when the signal has fired; tools call it before starting and between I/O steps. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
	if (signal?.aborted) throw new ToolError(ABORTED_MESSAGE);
}

/** The errno code of a Node file-system error, if any. */
export function errnoCode(error: unknown): string | undefined {
	return typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
}

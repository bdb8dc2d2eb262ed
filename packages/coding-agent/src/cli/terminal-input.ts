/**
 * Small terminal conversations of `pi auth login`: answers read line by line from stdin (a terminal or a pipe) and
 * a secret typed without echo.
 */
import { createInterface, type Interface } from "node:readline";

/** Reads stdin one line at a time; a question may be cancelled, and stdin's end answers every question with "". */
export class LineReader {
	private readonly lines: string[] = [];
	private readonly waiters: ((line: string | undefined) => void)[] = [];
	private ended = false;
	private readonly rl: Interface;

	constructor(
		input: NodeJS.ReadableStream,
		private readonly output: NodeJS.WritableStream,
	) {
		// terminal: false keeps the terminal cooked: Ctrl+C stays a signal (the command cancels on it) and pasted
		// text is echoed as typed.
		this.rl = createInterface({ input, terminal: false });
		this.rl.on("line", (line) => {
			const waiter = this.waiters.shift();
			if (waiter) waiter(line);
			else this.lines.push(line);
		});
		this.rl.on("close", () => {
			this.ended = true;
			for (const waiter of this.waiters.splice(0)) waiter(undefined);
		});
	}

	/**
	 * Writes `prompt` and resolves with the next line (trimmed); undefined once stdin ended or when `signal` fires
	 * before an answer came.
	 */
	ask(prompt: string, signal?: AbortSignal): Promise<string | undefined> {
		const queued = this.lines.shift();
		if (queued !== undefined) {
			if (prompt) this.output.write(`${prompt}\n`);
			return Promise.resolve(queued.trim());
		}
		// Nothing more will come (stdin ended): asking would only leave a dangling question on the screen.
		if (this.ended || signal?.aborted) return Promise.resolve(undefined);
		if (prompt) this.output.write(prompt);
		return new Promise((resolve) => {
			const waiter = (line: string | undefined) => {
				signal?.removeEventListener("abort", onAbort);
				resolve(line?.trim());
			};
			const onAbort = () => {
				const index = this.waiters.indexOf(waiter);
				if (index !== -1) this.waiters.splice(index, 1);
				// The question was answered elsewhere (the browser): end its line so the next output starts clean.
				if (prompt) this.output.write("\n");
				resolve(undefined);
			};
			signal?.addEventListener("abort", onAbort, { once: true });
			this.waiters.push(waiter);
		});
	}

	/** Stops reading stdin (lets the process exit). */
	close(): void {
		this.rl.close();
	}
}

/**
 * Reads a secret: from a terminal without echo (Enter ends it, Ctrl+C cancels, Backspace edits), else the first
 * line of piped stdin. Resolves undefined when cancelled or nothing was given.
 */
export async function readSecret(
	stdin: NodeJS.ReadStream,
	output: NodeJS.WritableStream,
	prompt: string,
): Promise<string | undefined> {
	if (!stdin.isTTY) {
		const chunks: Buffer[] = [];
		for await (const chunk of stdin) chunks.push(Buffer.from(chunk as Buffer));
		const first = Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0]?.trim();
		return first || undefined;
	}
	output.write(prompt);
	stdin.setRawMode(true);
	stdin.resume();
	return new Promise((resolve) => {
		let value = "";
		const finish = (result: string | undefined) => {
			stdin.off("data", onData);
			stdin.setRawMode(false);
			stdin.pause();
			output.write("\n");
			resolve(result);
		};
		const onData = (data: Buffer) => {
			for (const char of data.toString("utf8")) {
				if (char === "\r" || char === "\n") return finish(value.trim() || undefined);
				if (char === "\u0003" || char === "\u0004") return finish(undefined);
				if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
				else if (char >= " ") value += char;
			}
		};
		stdin.on("data", onData);
	});
}

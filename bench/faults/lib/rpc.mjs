// `pi --mode rpc` driven with raw stdin bytes: every stdout line parsed, responses counted by id, the exit and the
// peak RSS (VmHWM) recorded.
import { startPi } from "./world.mjs";

/** Starts `pi --mode rpc <args>`; returns helpers to write, wait for lines and judge the responses. */
export async function startRpc(world, args = [], options = {}) {
	const pi = await startPi(world, ["--mode", "rpc", ...args], options);
	const lines = [];
	let buffer = "";
	let unparsed = 0;
	pi.child.stdout.on("data", (chunk) => {
		buffer += chunk;
		let index = buffer.indexOf("\n");
		while (index >= 0) {
			const line = buffer.slice(0, index);
			buffer = buffer.slice(index + 1);
			try {
				lines.push(JSON.parse(line));
			} catch {
				unparsed++;
			}
			index = buffer.indexOf("\n");
		}
	});
	let exit;
	pi.exited.then((result) => {
		exit = result;
	});
	const write = (data) =>
		new Promise((resolve) => {
			if (pi.child.stdin.destroyed || pi.child.stdin.writableEnded) return resolve();
			pi.child.stdin.write(data, () => resolve());
		});
	return {
		pi,
		lines,
		write,
		/** Writes each command as one JSON line, all in one write. */
		send: (commands) => write(commands.map((command) => `${JSON.stringify(command)}\n`).join("")),
		end: () => pi.child.stdin.end(),
		responses: () => lines.filter((line) => line.type === "response"),
		unparsedLines: () => unparsed,
		/** Resolves once `predicate(lines)` holds, or rejects after `timeoutMs`. */
		until: async (predicate, timeoutMs = 15_000, what = "a line") => {
			const deadline = Date.now() + timeoutMs;
			while (!predicate(lines)) {
				if (exit) throw new Error(`pi exited (${exit.code ?? exit.signal}) while waiting for ${what}`);
				if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
		},
		/** Waits for the exit, at most `timeoutMs` (then SIGKILL); `{code, signal, ms, hung}`. */
		exit: async (timeoutMs = 10_000) => {
			let hung = false;
			const timer = setTimeout(() => {
				hung = true;
				pi.child.kill("SIGKILL");
			}, timeoutMs);
			const result = await pi.exited;
			clearTimeout(timer);
			return { ...result, hung };
		},
	};
}

/**
 * How the responses answer the commands sent with ids: `{missing, duplicated}` id lists (each id must be answered
 * exactly once).
 */
export function answeredOnce(responses, ids) {
	const counts = new Map(ids.map((id) => [id, 0]));
	for (const response of responses) if (counts.has(response.id)) counts.set(response.id, counts.get(response.id) + 1);
	const missing = [...counts].filter(([, n]) => n === 0).map(([id]) => id);
	const duplicated = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
	return { missing, duplicated };
}

// The terminal after the interactive UI ends abnormally: `pi` runs in a pseudo-terminal (through `sh`, which prints
// pi's exit code and `stty -a` afterwards) and is ended by SIGTERM, SIGHUP or SIGINT (sent to the process, idle and
// mid-stream), by an extension's status text whose rendering throws (an error inside a frame), and by an extension
// timer that throws (an uncaught exception). Each trial checks: pi exited (within 10 s), raw mode is off (stty shows
// `icanon echo`), the cursor is shown, bracketed paste and the keyboard protocols are switched off again.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { startFaultServer } from "../lib/mock.mjs";
import { startPiInPty, terminalState } from "../lib/pty.mjs";
import { row } from "../lib/table.mjs";
import { createWorld, FAST_SETTINGS, sleep, until } from "../lib/world.mjs";

export const budgetMs = 4 * 60_000;
const EXIT_LIMIT_MS = 10_000;

// Extensions written for the case (plain ESM, loaded with -e).
const RENDER_THROWS = `
export default function (pi) {
	pi.on("session_start", (_event, ctx) => {
		const bomb = { toString() { throw new Error("fault case: status text render failed"); } };
		// A status "text" whose cleaned form only blows up when a frame joins it into the status row.
		setTimeout(() => ctx.ui.setStatus("bomb", { replace: () => ({ trim: () => bomb }) }), 300);
	});
}
`;
const TIMER_THROWS = `
export default function (pi) {
	pi.on("session_start", () => {
		setTimeout(() => { throw new Error("fault case: uncaught extension error"); }, 300);
	});
}
`;

const SCENARIOS = [
	{ name: "SIGTERM, idle", signal: "SIGTERM" },
	{ name: "SIGHUP, idle", signal: "SIGHUP" },
	{ name: "SIGINT, idle", signal: "SIGINT" },
	{ name: "SIGTERM, mid-stream", signal: "SIGTERM", streaming: true },
	{ name: "SIGHUP, mid-stream", signal: "SIGHUP", streaming: true },
	{ name: "SIGINT, mid-stream", signal: "SIGINT", streaming: true },
	{ name: "error while rendering (extension status)", extension: RENDER_THROWS },
	{ name: "uncaught error (extension timer)", extension: TIMER_THROWS },
];

export async function run() {
	const server = await startFaultServer();
	const world = createWorld(server.url, {
		settings: { ...FAST_SETTINGS, defaultProvider: "mock-anthropic", defaultModel: "mock-model" },
	});
	const rows = [];
	try {
		for (const [index, scenario] of SCENARIOS.entries()) {
			server.reset();
			const args = [];
			if (scenario.extension) {
				const file = join(world.root, `extension-${index}.mjs`);
				writeFileSync(file, scenario.extension);
				args.push("-e", file);
			}
			const term = await startPiInPty(world, args);
			const notes = [];
			let exited = false;
			try {
				const pid = await term.piPid();
				await until(() => term.output().includes("\x1b[?2004h"), 20_000, "the UI to start");
				await sleep(500);
				if (scenario.streaming) {
					server.enqueue({ text: "streaming ".repeat(400), chunkSize: 8, eventDelayMs: 20 });
					term.write("tell me\r");
					await until(() => server.requests.length > 0, 10_000, "the prompt's request");
					await sleep(300);
				}
				if (scenario.signal) process.kill(pid, scenario.signal);
				exited = await Promise.race([term.exited.then(() => true), sleep(EXIT_LIMIT_MS).then(() => false)]);
			} catch (error) {
				notes.push(String(error.message ?? error));
			} finally {
				if (!exited) term.kill();
			}
			const state = terminalState(term.output());
			const checks = {
				exited,
				"raw mode off": state.cooked === true,
				"cursor shown": state.cursorShown,
				"bracketed paste off": state.pasteOff,
				"keyboard protocols off": state.keyboardReset,
			};
			const failed = Object.entries(checks).filter(([, ok]) => !ok);
			if (failed.length > 0) notes.push(`output tail: ${JSON.stringify(term.output().slice(-400))}`);
			rows.push(
				row(`interactive: ${scenario.name}`, {
					trials: 1,
					outcomes:
						failed.length === 0
							? `restored, exit ${state.exitCode}`
							: `NOT: ${failed.map(([name]) => name).join(", ")} (exit ${state.exitCode ?? "?"})`,
					goal: "exits, terminal restored",
					met: failed.length === 0,
					notes,
				}),
			);
		}
	} finally {
		await server.close();
		world.cleanup();
	}
	return rows;
}
